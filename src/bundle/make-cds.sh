#!/usr/bin/env bash
# Class-data sharing (AppCDS): lists the classes a single-file filter (JPEG -> JPEG) and a batch (a JPEG and a
# PNG) load on the CPU engine, merged into one class list, and dumps them into an archive, which
#   java -XX:SharedArchiveFile=target/convolab.jsa -jar target/convolab.jar ...
# maps instead of loading and verifying those classes again (on the 2-core machine a small filter took 0.49 s of
# CPU with it, 0.73 s without). Java 17 has no way for a plain `java -jar` to find an archive by itself
# (-XX:+AutoCreateSharedArchive is Java 19). An archive names the jar's path and is refused (silently, with
# -Xshare:auto) once the jar changes: the build makes it again. A failure only warns.
#   make-cds.sh JAVA JAR SAMPLES_DIR CLASSLIST [ARCHIVE]
# Called by `mvn package` (target/convolab.classlist and target/convolab.jsa) and by make-bundle.sh (the class
# list alone: the bundle's launcher makes the archive where the bundle is unpacked).
set -uo pipefail
java=$1 jar=$2 samples=$3 list=$4 archive=${5:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$samples/rocket.jpg" "$samples/coffee.png" "$tmp/"
# the CPU engine's Vector API module, as the bundle's launcher and the README's alias add it
vector=$("$java" --list-modules 2>/dev/null | grep -q '^jdk.incubator.vector' && echo "--add-modules jdk.incubator.vector")
if "$java" $vector -Xshare:off -XX:DumpLoadedClassList="$tmp/filter.lst" -jar "$jar" filter "$tmp/rocket.jpg" -o "$tmp/f.jpg" \
     --mask gaussian:1:5 --backend cpu >/dev/null 2>&1 \
   && "$java" $vector -Xshare:off -XX:DumpLoadedClassList="$tmp/batch.lst" -jar "$jar" batch "$tmp/rocket.jpg" "$tmp/coffee.png" \
     -o "$tmp/out" --mask gaussian:1:5 --backend cpu --format same >/dev/null 2>&1; then
  # one list: each class once, in the order first loaded (comment lines dropped)
  cat "$tmp/filter.lst" "$tmp/batch.lst" | grep -v '^#' | awk '!seen[$0]++' > "$list"
else
  echo "[WARNING] no class list for class-data sharing (see make-cds.sh); the jar runs without an archive" >&2
  exit 0
fi
if [[ -n "$archive" ]]; then
  if "$java" $vector -Xshare:dump -XX:SharedClassListFile="$list" -XX:SharedArchiveFile="$archive" -cp "$jar" >"$tmp/dump.log" 2>&1; then
    echo "[INFO] class-data sharing archive: $archive (java -XX:SharedArchiveFile=$archive -jar $jar)"
  else
    echo "[WARNING] no class-data sharing archive made (see make-cds.sh); the jar runs without one" >&2
    rm -f "$archive"
  fi
fi
exit 0
