#!/usr/bin/env bash
# Issue 24's GPU figures, one call: a 4000x3000 16-bit RGB PNG and 16-bit TIFF with gaussian:2, and a 6000x4000
# photograph with gaussian:40 (241 taps, through cuFFT), `convolab filter --timings --backend cuda`, three runs
# each (the filter phase is the figure; wall time is the process's). Logs to $OUT (or ./gpu-science-out).
#   tar xzf target/convolab-linux-x64.tar.gz -C /tmp && bash bench/gpu-science.sh
set -uo pipefail
out=${OUT:-gpu-science-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
python3 - <<'PY'
import cv2
import numpy as np
img = cv2.imread("sample-images/coffee.png", cv2.IMREAD_COLOR)
rng = np.random.default_rng(1)
big = cv2.resize(img, (4000, 3000), interpolation=cv2.INTER_CUBIC).astype(np.float64) * 257
big = np.clip(big + rng.integers(-300, 301, big.shape), 0, 65535).astype(np.uint16)
cv2.imwrite("/tmp/sci16.png", big)
cv2.imwrite("/tmp/sci16.tif", big)
photo = cv2.resize(img, (6000, 4000), interpolation=cv2.INTER_CUBIC)
cv2.imwrite("/tmp/photo.jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 92])
PY
{
  for f in /tmp/sci16.png /tmp/sci16.tif; do
    for r in 1 2 3; do
      echo "== $f gaussian:2 run $r"
      /usr/bin/time -f "wall %e s" $cl filter "$f" -o "/tmp/out16.${f##*.}" --mask gaussian:2 --backend cuda --timings -f
    done
  done
  for r in 1 2 3; do
    echo "== /tmp/photo.jpg gaussian:40 run $r"
    /usr/bin/time -f "wall %e s" $cl filter /tmp/photo.jpg -o /tmp/photo-g40.png --mask gaussian:40 --backend cuda --timings -f
  done
  echo "== gaussian:40 against the CPU reference (scipy, float64) on a 600x400 crop"
  python3 - <<'PY'
import cv2, subprocess, numpy as np
img = cv2.imread("/tmp/photo.jpg")[:400, :600]
cv2.imwrite("/tmp/crop.png", img)
subprocess.run(["/tmp/convolab/bin/convolab", "filter", "/tmp/crop.png", "-o", "/tmp/crop-g40.tif", "--mask", "gaussian:40",
                "--backend", "cuda", "--depth", "float", "--border", "mirror", "-f"], check=True)
try:
    import scipy.ndimage as nd
    got = cv2.imread("/tmp/crop-g40.tif", cv2.IMREAD_UNCHANGED).astype(np.float64)
    s = 40.0; n = 2 * int(np.ceil(3 * s)) + 1; x = np.arange(n) - n // 2
    g = np.exp(-x * x / (2 * s * s)); k = np.outer(g, g); k /= k.sum()
    ref = np.stack([nd.correlate(img[:, :, c].astype(np.float64), k, mode="mirror") for c in range(3)], axis=2)
    print(f"gaussian:40 on the GPU (fft) against scipy.ndimage.correlate mirror: max |diff| {np.abs(got - ref).max():.2e} (0..255 scale)")
except ImportError as e:
    print("no scipy here:", e)
PY
} > "$out/science.txt" 2>&1
grep -E "^==|filter|wall|diff|scipy|Error|convolab:" "$out/science.txt" | head -80
