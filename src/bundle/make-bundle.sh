#!/usr/bin/env bash
# Builds target/convolab-linux-x64.tar.gz: a jlink'd Java runtime, the app jar and launchers, for
# Linux x64 hosts with an NVIDIA driver and no JDK. Also packs what the gpu-tagged JUnit tests need,
# so they run there too (bin/convolab-gpu-tests). Called by `mvn -Pbundle package`.
set -euo pipefail
target=${1:?usage: make-bundle.sh TARGET_DIR}
samples=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../sample-images" && pwd)
scripts=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$target"
rm -rf bundle && mkdir -p bundle/convolab/{bin,lib,test}
# jdk.incubator.vector: the CPU engine's Vector API kernel (the launcher adds it with --add-modules).
jlink --add-modules java.base,java.desktop,java.logging,jdk.unsupported,java.management,jdk.zipfs,java.prefs,jdk.incubator.vector \
      --strip-debug --no-man-pages --no-header-files --compress=0 --output bundle/convolab/runtime
# Debian's JDK links its JPEG and colour-management natives to system libraries; a host without
# them would fail on the first JPEG. They sit beside the natives, which look in $ORIGIN first.
# libturbojpeg.so.0 (where the build host has it) is the native JPEG codec, found there by io.TurboJpegCodec.
for lib in libjpeg.so.62 liblcms2.so.2 libturbojpeg.so.0; do
  src=$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ && !found {print $NF; found = 1}')
  [[ -n "$src" ]] && cp -L "$src" bundle/convolab/runtime/lib/
done
# The runtime's native libraries keep their symbol tables (libjvm.so alone 24 MB); the dynamic symbols that
# linking needs stay. This keeps the bundle under what one GPU-host call carries (see the end).
find bundle/convolab/runtime -name '*.so*' -type f -exec strip --strip-unneeded {} + 2>/dev/null || true
cp convolab.jar bundle/convolab/lib/
# Class-data sharing (AppCDS): the classes a filter and a batch load, listed by the bundled runtime on
# sample runs (src/bundle/make-cds.sh). An archive names the jar's absolute path, so the launcher makes it
# from this list where the bundle is unpacked (once, about a second) rather than shipping one made here.
bash "$scripts/make-cds.sh" bundle/convolab/runtime/bin/java bundle/convolab/lib/convolab.jar "$samples" \
  bundle/convolab/lib/convolab.classlist
cp -r test-classes bundle/convolab/test/classes
cp bundle-deps/*.jar bundle/convolab/test/
cat > bundle/convolab/bin/convolab <<'SH'
#!/usr/bin/env bash
# Convolab launcher: the bundled Java runtime and the app jar.
here=$(cd "$(dirname "$0")/.." && pwd)
# --add-modules jdk.incubator.vector: the CPU engine's Vector API kernel (1.5 to 2 times the scalar loops' speed).
# The JVM then prints "WARNING: Using incubator modules: jdk.incubator.vector" on every start, with no option
# to silence it, so stderr passes through a filter that drops that one line (and only it); exec keeps the
# JVM's pid, exit status and signals. CONVOLAB_JAVA_OPTS=-Dconvolab.cpu.vector=false takes the scalar loops.
vector="--add-modules jdk.incubator.vector"
# Heap: 70% of the machine's memory (the JVM's default is 25%), so images that must be decoded whole
# (JPEG, BMP) fit on big machines; PNG and TIFF are streamed in bands and stay small anyway.
# CONVOLAB_JAVA_OPTS comes after it, so -Xmx there wins.
# Class-data sharing: made once where the bundle lies (the archive names the jar's path), ~0.1 s off each start.
jsa="$here/lib/convolab.jsa"
if [ "$(cat "$jsa.path" 2>/dev/null)" != "$here" ] && [ -w "$here/lib" ]; then
  "$here/runtime/bin/java" $vector -Xshare:dump -XX:SharedClassListFile="$here/lib/convolab.classlist" -XX:SharedArchiveFile="$jsa.$$" \
    -cp "$here/lib/convolab.jar" >/dev/null 2>&1 && mv -f "$jsa.$$" "$jsa" && echo "$here" > "$jsa.path"
  rm -f "$jsa.$$"
fi
# When the launcher started, for the start-up traces (-Dconvolab.nvjpeg.trace): the kernel gives a process's start
# only to the whole second of the boot clock, so the JVM's own idea of it can be off by up to a second.
export CONVOLAB_LAUNCHED_MS=$(date +%s%3N)
exec "$here/runtime/bin/java" $vector -XX:MaxRAMPercentage=70 -Xshare:auto -Xlog:cds*=off -XX:SharedArchiveFile="$jsa" ${CONVOLAB_JAVA_OPTS:-} -jar "$here/lib/convolab.jar" "$@" \
  2> >(grep -v -x --line-buffered 'WARNING: Using incubator modules: jdk.incubator.vector' >&2)
SH
cat > bin-tests.tmp <<'SH'
#!/bin/sh
# Runs the JUnit tests tagged gpu against the app jar with the bundled runtime (CONVOLAB_TEST_DETAILS=verbose
# prints each test as it ends instead of the tree at the end).
here=$(cd "$(dirname "$0")/.." && pwd)
cp="$here/lib/convolab.jar:$here/test/classes"
for j in "$here"/test/*.jar; do case "$j" in *console-standalone*) ;; *) cp="$cp:$j";; esac; done
exec "$here/runtime/bin/java" -jar "$here"/test/junit-platform-console-standalone-*.jar execute \
  --class-path "$cp" --scan-class-path "$here/test/classes" --include-tag gpu --details="${CONVOLAB_TEST_DETAILS:-tree}" "$@"
SH
mv bin-tests.tmp bundle/convolab/bin/convolab-gpu-tests
chmod +x bundle/convolab/bin/*
tar cf - -C bundle convolab | gzip -9 > convolab-linux-x64.tar.gz
size=$(stat -c %s convolab-linux-x64.tar.gz)
echo "[INFO] convolab-linux-x64.tar.gz: $((size / 1024 / 1024)) MiB"
# The device tool carries at most 64 MiB: the bundle plus the repository's tracked files (12 MiB in November 2026).
# The gzip bundle no longer fits beside them, so CONVOLAB_BUNDLE_XZ=1 also writes convolab-linux-x64.tar.xz
# (about 44 MiB, 1.5 min of xz here), which bench/unpack-bundle.sh unpacks there (python3's tarfile, no xz needed).
if [[ "${CONVOLAB_BUNDLE_XZ:-0}" == 1 ]]; then
  tar cf - -C bundle convolab | xz -9 -T0 > convolab-linux-x64.tar.xz
  size=$(stat -c %s convolab-linux-x64.tar.xz)
  echo "[INFO] convolab-linux-x64.tar.xz: $((size / 1024 / 1024)) MiB"
fi
tracked=$(git -C "$(dirname "$0")/../.." ls-files -z 2>/dev/null | (cd "$(dirname "$0")/../.." && xargs -0 du -cb 2>/dev/null) | tail -n 1 | cut -f1)
tracked=${tracked:-0}
if (( size + tracked > 63 * 1024 * 1024 )); then
  echo "[WARNING] bundle $((size / 1024 / 1024)) MiB + tracked files $((tracked / 1024 / 1024)) MiB is past what one GPU-host call" \
       "carries (64 MiB): build it with CONVOLAB_BUNDLE_XZ=1 and carry the .tar.xz, or for one architecture (-Dconvolab.cuda.archs=90)" >&2
fi
