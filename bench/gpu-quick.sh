#!/usr/bin/env bash
# A short GPU-host call during development: chosen gpu-tagged test classes, issue 24's figures
# (bench/gpu-science.sh) and one traced nvJPEG batch. Logs to $OUT (or ./gpu-quick-out).
#   tar xzf target/convolab-linux-x64.tar.gz -C /tmp && CLASSES="org.convolab.cuda.FooGpuTest ..." bash bench/gpu-quick.sh
set -uo pipefail
out=${OUT:-gpu-quick-out}
mkdir -p "$out"
here=/tmp/convolab
cl=$here/bin/convolab
cp="$here/lib/convolab.jar:$here/test/classes"
for j in "$here"/test/*.jar; do case "$j" in *console-standalone*) ;; *) cp="$cp:$j";; esac; done
sel=()
for c in ${CLASSES:-}; do sel+=(--select-class "$c"); done
if [[ ${#sel[@]} -gt 0 ]]; then
  timeout "${TESTS_LIMIT:-240}" "$here/runtime/bin/java" --add-modules jdk.incubator.vector -jar "$here"/test/junit-platform-console-standalone-*.jar \
    execute --class-path "$cp" "${sel[@]}" --include-tag gpu --details=${DETAILS:-verbose} --disable-ansi-colors \
    --config junit.jupiter.execution.timeout.default=120s > "$out/tests.txt" 2>&1
  echo "tests exit $?" >> "$out/tests.txt"
  grep -E "tests (successful|failed|skipped)|exit" "$out/tests.txt"
  grep -B2 -A12 "✘" "$out/tests.txt" | head -60
fi
if [[ "${SCIENCE:-1}" == 1 ]]; then
  OUT="$out" bash bench/gpu-science.sh
fi
if [[ "${JPEG:-1}" == 1 ]]; then
  python3 - <<'PY'
import cv2, numpy as np
img = cv2.imread("sample-images/coffee.png", cv2.IMREAD_COLOR)
big = cv2.resize(img, (6000, 4000), interpolation=cv2.INTER_CUBIC).astype(np.int16)
big += np.random.default_rng(1).integers(-3, 4, big.shape, dtype=np.int16)
cv2.imwrite("/tmp/q-photo.jpg", np.clip(big, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 92])
PY
  rm -rf /tmp/q && mkdir -p /tmp/q/in
  for i in $(seq -w 1 100); do cp /tmp/q-photo.jpg /tmp/q/in/p$i.jpg; done
  {
    $cl batch /tmp/q/in/p001.jpg -o /tmp/q/warm --mask gaussian:1:5 --backend cuda --quiet
    for run in 1 2; do
      rm -rf /tmp/q/out
      CONVOLAB_JAVA_OPTS=-Dconvolab.nvjpeg.trace=true /usr/bin/time -f "wall %e s, peak RSS %M KiB, CPU %P" \
        $cl batch /tmp/q/in -o /tmp/q/out --mask gaussian:1:5 --backend cuda --devices 0 2>&1 | grep -v '^done '
    done
  } > "$out/jpeg-trace.txt" 2>&1
  grep -vE '^nvjpeg batch' "$out/jpeg-trace.txt" | tail -12
  grep -E '^nvjpeg batch' "$out/jpeg-trace.txt" | head -8
fi
