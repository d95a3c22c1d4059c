#!/usr/bin/env bash
# Issues 23 and 24 on the GPU host, one call (round six), from the bundle unpacked in /tmp/convolab:
#   1. gpu-tagged tests of the paths changed (CLASSES, under TESTS_LIMIT seconds);
#   2. batches of 100, 300 and 600 copies of a 24 MP JPEG (JPEG -> JPEG, 5x5 Gaussian, --devices 0): wall time,
#      peak RSS and, for 100 and 300, the JVM's native memory summary at exit (NMT), so a growth of RSS with the
#      number of files can be put to a part (Java heap or native); 300 again with -Xmx1g; 100 with the nvJPEG trace
#      (where the start-up goes) and 100 on the GPU-Huffman decoder alone; torchvision's nvJPEG pipeline on the same
#      100 files in the same call (bench/jpeg_peers.py: after a warm-up, process start excluded);
#   3. issue 24's filter phases: a 4000x3000 16-bit PNG and uncompressed TIFF with gaussian:2 (RUNS runs each, then
#      traced, then twice with prepare's warm-up launch off), and a 6000x4000 JPEG with gaussian:40 (RUNS runs, then
#      traced with 4 warm repeats).
# Logs to $OUT: tests.txt, batch.txt, science.txt, host.txt.
#   sh bench/unpack-bundle.sh DIR && bash bench/gpu-round6.sh
set -uo pipefail
out=${OUT:-gpu-round6-out}
mkdir -p "$out"
here=/tmp/convolab
cl=$here/bin/convolab
runs=${RUNS:-5}
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc; date -u +%Y-%m-%dT%H:%MZ; } > "$out/host.txt" 2>&1
if [[ -n "${CLASSES:-}" && "${TESTS_LIMIT:-200}" -gt 0 ]]; then # bench/gpu-quick.sh runs the named classes
  OUT="$out" SCIENCE=0 JPEG=0 TESTS_LIMIT="${TESTS_LIMIT:-200}" CLASSES="$(for c in $CLASSES; do printf 'org.convolab.%s ' "$c"; done)" \
    bash bench/gpu-quick.sh
fi
python3 - <<'PY'
import cv2
import numpy as np
img = cv2.imread("sample-images/coffee.png", cv2.IMREAD_COLOR)
big = cv2.resize(img, (6000, 4000), interpolation=cv2.INTER_CUBIC).astype(np.int16)
big += np.random.default_rng(1).integers(-3, 4, big.shape, dtype=np.int16)
cv2.imwrite("/tmp/r6-photo.jpg", np.clip(big, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 92])
rng = np.random.default_rng(1)
s16 = cv2.resize(img, (4000, 3000), interpolation=cv2.INTER_CUBIC).astype(np.float64) * 257
s16 = np.clip(s16 + rng.integers(-300, 301, s16.shape), 0, 65535).astype(np.uint16)
cv2.imwrite("/tmp/sci16.png", s16)
cv2.imwrite("/tmp/sci16-raw.tif", s16, [cv2.IMWRITE_TIFF_COMPRESSION, 1])
cv2.imwrite("/tmp/photo.jpg", cv2.resize(img, (6000, 4000), interpolation=cv2.INTER_CUBIC), [cv2.IMWRITE_JPEG_QUALITY, 92])
PY
w=/tmp/r6
rm -rf $w && mkdir -p $w/in600
for i in $(seq -w 1 600); do cp /tmp/r6-photo.jpg $w/in600/p$i.jpg; done
mkdir -p $w/in100 $w/in300
for i in $(seq -w 1 100); do ln $w/in600/p$i.jpg $w/in100/; done
for i in $(seq -w 1 300); do ln $w/in600/p$i.jpg $w/in300/; done
nmt="-XX:NativeMemoryTracking=summary -XX:+UnlockDiagnosticVMOptions -XX:+PrintNMTStatistics"
batch() { # name, dir, java opts, extra args: the whole output in $out/batch-all.txt, the summary lines in batch.txt
  local name=$1 dir=$2 opts=$3; shift 3
  n=$((n + 1))
  rm -rf $w/out
  echo "== $name (run $n)"; echo "== $name (run $n)" >> "$out/batch-all.txt"
  CONVOLAB_JAVA_OPTS="$opts" /usr/bin/time -f "wall %e s, peak RSS %M KiB, CPU %P" $cl batch $dir -o $w/out --mask gaussian:1:5 \
    --backend cuda --devices 0 "$@" 2>&1 | grep -v '^done ' > $w/one.txt
  cat $w/one.txt >> "$out/batch-all.txt"
  grep -Ev '^\s+\(|^\s*$' $w/one.txt | grep -E '^(-|Total|wall|[0-9]+ done|JPEG)' | head -20
  echo "outputs: $(ls $w/out | grep -c '\.jpg$')"
}
n=0
{
  $cl batch $w/in100/p001.jpg -o $w/warm --mask gaussian:1:5 --backend cuda --quiet # the CDS archive
  if [[ "${BATCHES:-full}" == full ]]; then
    for r in 1 2 3; do batch "100 files, run $r" $w/in100 ""; done
    batch "100 files, nvJPEG and start-up trace" $w/in100 "-Dconvolab.nvjpeg.trace=true"
    batch "100 files, GPU-Huffman decoder only" $w/in100 "-Dconvolab.nvjpeg.noHardware=true"
    batch "100 files, NMT" $w/in100 "$nmt"
    batch "300 files, NMT" $w/in300 "$nmt"
    batch "300 files, -Xmx1g" $w/in300 "-Xmx1g"
    batch "600 files" $w/in600 ""
    batch "600 files, -Xmx1g" $w/in600 "-Xmx1g"
  else
    for r in 1 2 3; do batch "100 files, start-up trace, run $r" $w/in100 "-Dconvolab.nvjpeg.trace=true"; done
    batch "300 files" $w/in300 ""
    batch "600 files" $w/in600 ""
  fi
  echo "== torchvision / OpenCV on the same 100 files"
  timeout 180 python3 bench/jpeg_peers.py $w/in100 $w/peers both 2>&1 | tail -3
} > "$out/batch.txt" 2>&1
{
  for f in /tmp/sci16.png /tmp/sci16-raw.tif; do
    for r in $(seq 1 "$runs"); do
      echo "== $f gaussian:2 run $r"
      $cl filter "$f" -o "/tmp/out16.${f##*.}" --mask gaussian:2 --backend cuda --timings -f 2>&1 | grep -E "^filter"
    done
    echo "== $f gaussian:2 traced"
    CONVOLAB_JAVA_OPTS=-Dconvolab.trace.whole=true $cl filter "$f" -o "/tmp/out16.${f##*.}" --mask gaussian:2 --backend cuda --timings -f
    for r in 1 2 3; do
      echo "== $f gaussian:2, prepare's warm-up launch off, run $r (traced)"
      CONVOLAB_JAVA_OPTS="-Dconvolab.prepare.warmLaunch=false -Dconvolab.trace.whole=true" $cl filter "$f" -o "/tmp/out16.${f##*.}" \
        --mask gaussian:2 --backend cuda --timings -f 2>&1 | grep -E "^filter|sample filter"
    done
  done
  for r in $(seq 1 "$runs"); do
    echo "== /tmp/photo.jpg gaussian:40 run $r"
    $cl filter /tmp/photo.jpg -o /tmp/photo-g40.png --mask gaussian:40 --backend cuda --timings -f 2>&1 | grep -E "^filter"
  done
  echo "== /tmp/photo.jpg gaussian:40 traced, then 4 more calls in the same process (warm)"
  CONVOLAB_JAVA_OPTS="-Dconvolab.trace.whole=true -Dconvolab.trace.repeat=4" $cl filter /tmp/photo.jpg -o /tmp/photo-g40.png \
    --mask gaussian:40 --backend cuda --timings -f
} > "$out/science.txt" 2>&1
grep -E "^==|wall|outputs|images/s|^filter|sample filter|packed image|Total|Java Heap|Thread|Internal|GC|Other" "$out/batch.txt" "$out/science.txt" | cut -c1-200 | head -120
