#!/usr/bin/env bash
# Issue 12 on a GPU host: `convolab batch` of N copies of a 24 MP JPEG (JPEG -> JPEG, 5x5 Gaussian), once
# on GPU 0 and once on every GPU, with the per-stage busy times the batch prints; then checks that the
# outputs are whole and no temp file is left. Logs to $OUT (or ./gpu-batch-out).
#   tar xzf target/convolab-linux-x64.tar.gz -C /tmp && bash bench/gpu-batch.sh [PHOTO.jpg|make] [N]
# "make" (the default) writes a 6000x4000 JPEG at quality 92 with OpenCV, as bench/MakePhotos.java does
# here: sample-images/coffee.png scaled up with mild noise (the GPU host has no Java compiler).
set -uo pipefail
photo=${1:-make}
n=${2:-100}
if [[ "$photo" == make ]]; then
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
fi
out=${OUT:-gpu-batch-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
work=/tmp/gpu-batch
rm -rf "$work" && mkdir -p "$work/in"
for i in $(seq -w 1 "$n"); do cp "$photo" "$work/in/p$i.jpg"; done
{
  echo "host: $(nproc) cores, $(nvidia-smi --query-gpu=name --format=csv,noheader | sort | uniq -c | xargs)"
  $cl devices
  $cl batch "$work/in/p001.jpg" -o "$work/warm" --mask gaussian:1:5 --backend cuda --quiet  # makes the CDS archive
  for devs in 0 all; do
    echo "== batch of $n, --devices $devs"
    /usr/bin/time -f "wall %e s, peak RSS %M KiB, CPU %P" $cl batch "$work/in" -o "$work/out-$devs" --mask gaussian:1:5 \
      --backend cuda --devices "$devs" 2>&1 | grep -v '^done '  # the summary and stage lines, not a line per file
    echo "outputs: $(ls "$work/out-$devs" | grep -c '\.jpg$'), temps left: $(ls -A "$work/out-$devs" | grep -c convolab- || true)"
  done
  # one file's stages in a warm JVM on the GPU (needs a JDK: the bundle's runtime cannot run a source file)
  if command -v javac >/dev/null; then
    echo "== one file's batch stages, warm JVM, one thread (bench/BatchStageTimes.java)"
    java -cp /tmp/convolab/lib/convolab.jar "$(dirname "$0")/BatchStageTimes.java" "$photo" "$work/stages" cuda
  fi
} 2>&1 | tee "$out/batch.txt"
