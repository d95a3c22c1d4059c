#!/usr/bin/env bash
# Issue 24's GPU figures and tests, one call, from the bundle (unpacked in /tmp/convolab):
#   1. gpu-tagged tests of the paths measured (TESTS, default: the wide separable kernels, the whole-file sample filter,
#      large masks, the plane filter), under TESTS_LIMIT seconds;
#   2. a 4000x3000 16-bit RGB PNG, the same as an LZW TIFF (OpenCV's default) and as an uncompressed TIFF (what
#      libvips, ImageJ and Convolab write; its strips are read straight into pinned memory) with gaussian:2, and a
#      6000x4000 photograph (JPEG) with gaussian:40 (241 taps a side: fast-separable's wide kernels; fft once to
#      compare): `convolab filter --timings --backend cuda`, RUNS runs each (the filter phase is the figure; wall time
#      is the process's), then one run each with -Dconvolab.trace.whole=true, which prints the stages (read into the
#      buffer, filter, write; device events of the packed path: upload, unpack, kernels, pack, download; for gaussian:40
#      the same engine call 4 more times in the process, warm);
#   3. gaussian:40 against SciPy (float64, mirror) on a 600x400 crop, float output.
# Logs to $OUT (or ./gpu-science-out): tests.txt, science.txt, host.txt.
#   sh bench/unpack-bundle.sh target && bash bench/gpu-science.sh
set -uo pipefail
out=${OUT:-gpu-science-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
runs=${RUNS:-3}
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc; date -u +%Y-%m-%dT%H:%MZ; } > "$out/host.txt" 2>&1
if [[ "${TESTS_LIMIT:-200}" -gt 0 ]]; then
  here=/tmp/convolab
  cp="$here/lib/convolab.jar:$here/test/classes"
  for j in "$here"/test/*.jar; do case "$j" in *console-standalone*) ;; *) cp="$cp:$j";; esac; done
  sel=()
  for c in ${TESTS:-WideSeparableGpuTest LargeMaskGpuTest LeasedResultGpuTest PlanLaunchGpuTest CudaSampleFilterGpuTest CudaPlaneFilterGpuTest}; do
    sel+=(--select-class "org.convolab.cuda.$c")
  done
  timeout "${TESTS_LIMIT:-200}" "$here/runtime/bin/java" --add-modules jdk.incubator.vector -jar "$here"/test/junit-platform-console-standalone-*.jar \
    execute --class-path "$cp" "${sel[@]}" --include-tag gpu --details=verbose --disable-ansi-colors \
    --config junit.jupiter.execution.timeout.default=120s > "$out/tests.txt" 2>&1
  echo "gpu tests exit $?" >> "$out/tests.txt"
  grep -E "tests (successful|failed|skipped)|exit" "$out/tests.txt"
  grep -B2 -A10 "✘" "$out/tests.txt" | head -60
fi
python3 - <<'PY'
import cv2
import numpy as np
img = cv2.imread("sample-images/coffee.png", cv2.IMREAD_COLOR)
rng = np.random.default_rng(1)
big = cv2.resize(img, (4000, 3000), interpolation=cv2.INTER_CUBIC).astype(np.float64) * 257
big = np.clip(big + rng.integers(-300, 301, big.shape), 0, 65535).astype(np.uint16)
cv2.imwrite("/tmp/sci16.png", big)
cv2.imwrite("/tmp/sci16.tif", big)
cv2.imwrite("/tmp/sci16-raw.tif", big, [cv2.IMWRITE_TIFF_COMPRESSION, 1])
photo = cv2.resize(img, (6000, 4000), interpolation=cv2.INTER_CUBIC)
cv2.imwrite("/tmp/photo.jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 92])
PY
{
  for f in /tmp/sci16.png /tmp/sci16-raw.tif /tmp/sci16.tif; do
    n=$runs
    [[ "$f" == /tmp/sci16.tif ]] && n=1 # LZW: ImageIO's decoding, 20 s a run
    for r in $(seq 1 "$n"); do
      echo "== $f gaussian:2 run $r"
      /usr/bin/time -f "wall %e s" $cl filter "$f" -o "/tmp/out16.${f##*.}" --mask gaussian:2 --backend cuda --timings -f
    done
    [[ "$f" == /tmp/sci16.tif ]] && continue # the traced run adds nothing to the uncompressed one's
    echo "== $f gaussian:2 traced"
    CONVOLAB_JAVA_OPTS=-Dconvolab.trace.whole=true /usr/bin/time -f "wall %e s" $cl filter "$f" -o "/tmp/out16.${f##*.}" \
      --mask gaussian:2 --backend cuda --timings -f
  done
  for r in $(seq 1 "$runs"); do
    echo "== /tmp/photo.jpg gaussian:40 run $r"
    /usr/bin/time -f "wall %e s" $cl filter /tmp/photo.jpg -o /tmp/photo-g40.png --mask gaussian:40 --backend cuda --timings -f
  done
  echo "== /tmp/photo.jpg gaussian:40 traced, then the same call 4 more times in the same process (warm)"
  CONVOLAB_JAVA_OPTS="-Dconvolab.trace.whole=true -Dconvolab.trace.repeat=4" /usr/bin/time -f "wall %e s" $cl filter /tmp/photo.jpg -o /tmp/photo-g40.png \
    --mask gaussian:40 --backend cuda --timings -f
  # CUDA loads a module's kernels on their first launch by default (lazy loading, CUDA 12.2 on): the first filter of a
  # process pays it inside its filter phase. Eager loading moves it into the engine's start.
  for f in /tmp/sci16-raw.tif /tmp/photo.jpg; do
    m=gaussian:2; [[ "$f" == /tmp/photo.jpg ]] && m=gaussian:40
    for r in 1 2; do
      echo "== $f $m CUDA_MODULE_LOADING=EAGER run $r"
      CUDA_MODULE_LOADING=EAGER /usr/bin/time -f "wall %e s" $cl filter "$f" -o "/tmp/eager.${f##*.}" --mask $m --backend cuda --timings -f
    done
  done
  echo "== /tmp/photo.jpg gaussian:40 --strategy fft traced (the way before)"
  CONVOLAB_JAVA_OPTS=-Dconvolab.trace.whole=true /usr/bin/time -f "wall %e s" $cl filter /tmp/photo.jpg -o /tmp/photo-g40f.png \
    --mask gaussian:40 --backend cuda --strategy fft --timings -f
  echo "== gaussian:40 against the CPU reference (scipy, float64) on a 600x400 crop"
  python3 - <<'PY'
import cv2, subprocess, numpy as np
img = cv2.imread("/tmp/photo.jpg")[:400, :600]
cv2.imwrite("/tmp/crop.png", img)
try:
    import scipy.ndimage as nd
except ImportError as e:
    nd = None
    print("no scipy here:", e)
s = 40.0; n = 2 * int(np.ceil(3 * s)) + 1; x = np.arange(n) - n // 2
g = np.exp(-x * x / (2 * s * s)); g /= g.sum()
# the Gaussian is the outer product of g with itself: rows then columns in float64 is the 2D correlation
ref = None if nd is None else np.stack([nd.correlate1d(nd.correlate1d(img[:, :, c].astype(np.float64), g, axis=0, mode="mirror"),
                                                       g, axis=1, mode="mirror") for c in range(3)], axis=2)
for strategy in ("auto", "fft"):
    subprocess.run(["/tmp/convolab/bin/convolab", "filter", "/tmp/crop.png", "-o", "/tmp/crop-g40.tif", "--mask", "gaussian:40",
                    "--backend", "cuda", "--strategy", strategy, "--depth", "float", "--border", "mirror", "-f"], check=True)
    if nd is not None:
        got = cv2.imread("/tmp/crop-g40.tif", cv2.IMREAD_UNCHANGED).astype(np.float64)
        print(f"gaussian:40 on the GPU ({strategy}) against scipy.ndimage correlate1d x2 mirror: max |diff| {np.abs(got - ref).max():.2e} (0..255 scale)")
PY
} > "$out/science.txt" 2>&1
grep -E "^==|filter|wall|diff|scipy|whole image|packed image|sample filter|Error|convolab:" "$out/science.txt" | head -120
