#!/usr/bin/env bash
# Issue 23 on a GPU host, one call: NvJpegGpuTest, then `convolab batch` of 100 copies of a 24 MP JPEG (JPEG ->
# JPEG, 5x5 Gaussian) three times on GPU 0 (median by the batch's clock and wall), once traced (each step of the
# CUDA thread), once with batches of 8, once on 300 files (peak RSS against the number of files), one file the
# CPU way (PSNR between the codecs), and the peers of bench/jpeg_peers.py on the same files. With DEVICES=all
# (a host of several GPUs) the batch runs --devices 0 and --devices all three times each instead, and no peers.
#   sh bench/unpack-bundle.sh DIR && bash bench/gpu-files.sh      (run from a checkout with sample-images/)
# Logs to $OUT (or ./gpu-files-out): tests.txt, batch.txt, peers.txt.
set -uo pipefail
out=${OUT:-gpu-files-out}
mkdir -p "$out"
here=/tmp/convolab
cl=$here/bin/convolab
peers=${PEERS:-$(dirname "$0")/jpeg_peers.py}
cp="$here/lib/convolab.jar:$here/test/classes"
for j in "$here"/test/*.jar; do case "$j" in *console-standalone*) ;; *) cp="$cp:$j";; esac; done
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; echo "$(nproc) cores"; date -u; } | tee "$out/host.txt"
if [[ "${TESTS:-1}" == 1 ]]; then
  timeout 240 "$here/runtime/bin/java" --add-modules jdk.incubator.vector -jar "$here"/test/junit-platform-console-standalone-*.jar \
    execute --class-path "$cp" --select-class org.convolab.cuda.NvJpegGpuTest --include-tag gpu --details=verbose \
    --disable-ansi-colors > "$out/tests.txt" 2>&1
  echo "tests exit $?" >> "$out/tests.txt"
  grep -E "tests (successful|failed|skipped)|exit|✘" "$out/tests.txt"
fi
python3 - <<'PY'
import cv2, numpy as np
img = cv2.imread("sample-images/coffee.png", cv2.IMREAD_COLOR)
big = cv2.resize(img, (6000, 4000), interpolation=cv2.INTER_CUBIC).astype(np.int16)
big += np.random.default_rng(1).integers(-3, 4, big.shape, dtype=np.int16)
cv2.imwrite("/tmp/files-photo.jpg", np.clip(big, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 92])
PY
w=/tmp/gpu-files
rm -rf "$w" && mkdir -p "$w/in" "$w/in300"
for i in $(seq -w 1 100); do cp /tmp/files-photo.jpg "$w/in/p$i.jpg"; done
for i in $(seq -w 1 300); do cp /tmp/files-photo.jpg "$w/in300/p$i.jpg"; done
ls -l /tmp/files-photo.jpg
run() { # label, input folder, devices, extra java options
  rm -rf "$w/out"
  echo "== $1"
  CONVOLAB_JAVA_OPTS="${4:-}" /usr/bin/time -f "wall %e s, peak RSS %M KiB, CPU %P" timeout 120 $cl batch "$2" -o "$w/out" \
    --mask gaussian:1:5 --backend cuda --devices "$3" 2>&1 | grep -v '^done '
  echo "outputs: $(ls "$w/out" | grep -c '\.jpg$'), temps left: $(ls -A "$w/out" | grep -c convolab- || true)"
}
{
  $cl batch "$w/in/p001.jpg" -o "$w/warm" --mask gaussian:1:5 --backend cuda --quiet  # the CDS archive, the page cache
  if [[ "${DEVICES:-0}" == all ]]; then
    for r in 1 2 3; do run "100 files, --devices 0, run $r" "$w/in" 0; run "100 files, --devices all, run $r" "$w/in" all; done
    run "300 files, --devices all" "$w/in300" all
    run "100 files, --devices all, traced" "$w/in" all -Dconvolab.nvjpeg.trace=true
  else
    for r in 1 2 3; do run "100 files, --devices 0, run $r" "$w/in" 0; done
    run "100 files, --devices 0, traced" "$w/in" 0 -Dconvolab.nvjpeg.trace=true
    for r in 1 2; do run "100 files, --devices 0, batches of 8, run $r" "$w/in" 0 -Dconvolab.nvjpeg.batch=8; done
    for r in 1 2; do run "100 files, --devices 0, nvJPEG handles one after the other, run $r" "$w/in" 0 -Dconvolab.nvjpeg.parallelOpen=false; done
    run "100 files, --devices 0, handles one after the other, traced" "$w/in" 0 "-Dconvolab.nvjpeg.parallelOpen=false -Dconvolab.nvjpeg.trace=true"
    run "300 files, --devices 0" "$w/in300" 0
    run "100 files, --devices all (one GPU here)" "$w/in" all
    cp "$w/out/p001.jpg" /tmp/files-gpu.jpg
    CONVOLAB_JAVA_OPTS=-Dconvolab.noNvjpeg=true $cl batch "$w/in/p001.jpg" -o "$w/cpu" --mask gaussian:1:5 --backend cuda --quiet
    python3 - /tmp/files-gpu.jpg "$w/cpu/p001.jpg" <<'PY'
import sys, cv2, numpy as np
a, b = cv2.imread(sys.argv[1]).astype(float), cv2.imread(sys.argv[2]).astype(float)
print(f"PSNR nvJPEG output vs CPU-codec output: {10 * np.log10(255 ** 2 / ((a - b) ** 2).mean()):.1f} dB")
PY
  fi
} > "$out/batch.txt" 2>&1
grep -vE '^nvjpeg ' "$out/batch.txt"
grep -E '^nvjpeg ' "$out/batch.txt" | head -60
if [[ "${DEVICES:-0}" != all && "${PEERS_RUN:-1}" == 1 ]]; then
  PYTHONUNBUFFERED=1 timeout 180 python3 "$peers" "$w/in" "$w/peer-out" both > "$out/peers.txt" 2>&1
  cat "$out/peers.txt"
fi
