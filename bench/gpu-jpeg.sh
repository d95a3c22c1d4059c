#!/usr/bin/env bash
# Issue 23 on a GPU host, one call: the nvJPEG gpu tests, then `convolab batch` of N copies of a 24 MP JPEG
# (JPEG -> JPEG, 5x5 Gaussian) on GPU 0 with nvJPEG and with it switched off (the CPU codec), and the peers
# of bench/jpeg_peers.py on the same files. Logs to $OUT (or ./gpu-jpeg-out).
#   tar xzf target/convolab-linux-x64.tar.gz -C /tmp && bash bench/gpu-jpeg.sh [N]
set -uo pipefail
n=${1:-100}
out=${OUT:-gpu-jpeg-out}
mkdir -p "$out"
here=/tmp/convolab
cl=$here/bin/convolab
cp="$here/lib/convolab.jar:$here/test/classes"
for j in "$here"/test/*.jar; do case "$j" in *console-standalone*) ;; *) cp="$cp:$j";; esac; done
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
  timeout 300 "$here/runtime/bin/java" -jar "$here"/test/junit-platform-console-standalone-*.jar execute --class-path "$cp" \
    --select-class org.convolab.cuda.NvJpegGpuTest --include-tag gpu --details=verbose --disable-ansi-colors 2>&1 | tail -40
} > "$out/jpeg-tests.txt" 2>&1
photo=/tmp/gpu-batch-photo.jpg
python3 - "$photo" <<'PY'
import sys
import cv2
import numpy as np
img = cv2.imread("sample-images/coffee.png", cv2.IMREAD_COLOR)
big = cv2.resize(img, (6000, 4000), interpolation=cv2.INTER_CUBIC).astype(np.int16)
big += np.random.default_rng(1).integers(-3, 4, big.shape, dtype=np.int16)
cv2.imwrite(sys.argv[1], np.clip(big, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 92])
PY
work=/tmp/gpu-jpeg
rm -rf "$work" && mkdir -p "$work/in"
for i in $(seq -w 1 "$n"); do cp "$photo" "$work/in/p$i.jpg"; done
{
  $cl batch "$work/in/p001.jpg" -o "$work/warm" --mask gaussian:1:5 --backend cuda --quiet
  for run in 1 2 3; do
    echo "== convolab batch of $n, --devices 0, nvJPEG, run $run"
    rm -rf "$work/out"
    /usr/bin/time -f "wall %e s, peak RSS %M KiB, CPU %P" $cl batch "$work/in" -o "$work/out" --mask gaussian:1:5 \
      --backend cuda --devices 0 2>&1 | grep -v '^done '
  done
  echo "outputs: $(ls "$work/out" | grep -c '\.jpg$'), temps left: $(ls -A "$work/out" | grep -c convolab- || true)"
  echo "== convolab batch of $n, --devices 0, nvJPEG off (CPU codec)"
  CONVOLAB_JAVA_OPTS=-Dconvolab.noNvjpeg=true /usr/bin/time -f "wall %e s, peak RSS %M KiB, CPU %P" $cl batch "$work/in" \
    -o "$work/out-cpu" --mask gaussian:1:5 --backend cuda --devices 0 2>&1 | grep -v '^done '
  python3 - "$work/out/p001.jpg" "$work/out-cpu/p001.jpg" <<'PY'
import sys, cv2, numpy as np
a, b = cv2.imread(sys.argv[1]).astype(float), cv2.imread(sys.argv[2]).astype(float)
mse = ((a - b) ** 2).mean()
print(f"PSNR nvJPEG output vs CPU-codec output: {10 * np.log10(255 ** 2 / mse):.1f} dB")
PY
  echo "== peers on the same files"
  PYTHONUNBUFFERED=1 python3 bench/jpeg_peers.py "$work/in" "$work/peer-out" both
} > "$out/jpeg-batch.txt" 2>&1
cat "$out/jpeg-tests.txt" | grep -E "tests (successful|failed|skipped)|PSNR|✘|MethodSource|Exception" | head -30
cat "$out/jpeg-batch.txt"
