#!/usr/bin/env bash
# Class-data sharing (AppCDS) for `java -jar target/convolab.jar`: lists the classes a single-file filter
# (JPEG -> JPEG on the CPU engine) loads and dumps them into an archive beside the jar, which
#   java -XX:SharedArchiveFile=target/convolab.jsa -jar target/convolab.jar ...
# maps instead of loading and verifying those classes again (about 0.05-0.1 s of CPU a start on the 2-core
# machine; picocli's classes are Java 5 class files, which CDS cannot hold). Java 17 has no way for a plain
# `java -jar` to find an archive by itself (-XX:+AutoCreateSharedArchive is Java 19). An archive names the
# jar's path and is refused (silently, with -Xshare:auto) once the jar changes: the build makes it again.
# Called by `mvn package` (phase package, after the shaded jar); a failure only warns.
#   make-cds.sh JAR ARCHIVE SAMPLE_JPEG
set -uo pipefail
jar=$1 archive=$2 sample=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if java -Xshare:off -XX:DumpLoadedClassList="$tmp/classes.lst" -jar "$jar" filter "$sample" -o "$tmp/out.jpg" \
     --mask gaussian:1:5 --backend cpu >/dev/null 2>&1 \
   && java -Xshare:dump -XX:SharedClassListFile="$tmp/classes.lst" -XX:SharedArchiveFile="$archive" -cp "$jar" \
     >"$tmp/dump.log" 2>&1; then
  echo "[INFO] class-data sharing archive: $archive (java -XX:SharedArchiveFile=$archive -jar $jar)"
else
  echo "[WARNING] no class-data sharing archive made (see make-cds.sh); the jar runs without one" >&2
  rm -f "$archive"
fi
exit 0
