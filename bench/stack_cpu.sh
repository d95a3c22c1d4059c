#!/usr/bin/env bash
# Issue 25's CPU target: a 256x256x128 16-bit stack filtered with gaussian3d:2 (13x13x13, mirror) by the CPU
# engine's 3D filter (CpuVolumeFilter, auto: three 1D passes) against SciPy's ndimage.gaussian_filter (sigma 2,
# truncate 3: the same 13 taps an axis, mode mirror; single-threaded, as SciPy is) on the same data, in one run.
# Both timed in a warm process (medians of ROUNDS after a warm-up), filter only; then `convolab filter` on the
# stack as a TIFF, process start to file written, once. Prints the load average before and after (shared VM).
#   bench/stack_cpu.sh [ROUNDS] [THREADS]      (default 7 rounds, all cores; needs python3 with numpy, scipy, tifffile)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${1:-7}
threads=${2:-$(nproc)}
work=${CONVOLAB_BENCH_WORK:-/tmp/convolab-stack-bench}
mkdir -p "$work"
[[ -f "$root/target/convolab.jar" ]] || (cd "$root" && CONVOLAB_SKIP_NVCC=1 mvn -B -q -DskipTests package)
python3 - "$work" <<'PY'
import sys, numpy as np, tifffile
d = sys.argv[1]
v = np.random.default_rng(25).integers(0, 65536, (128, 256, 256), dtype=np.uint16)
v.astype('<u2').tofile(d + '/vol.u16')
tifffile.imwrite(d + '/stack.tif', v, imagej=True, metadata={'axes': 'ZYX'})
PY
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
java --add-modules jdk.incubator.vector -cp "$root/target/convolab.jar" "$root/bench/Stack3dCpu.java" \
  "$work/vol.u16" 256 256 128 gaussian3d:2 auto "$threads" 2 "$rounds" "$work/convolab.f32" 2>/dev/null
python3 - "$work" "$rounds" <<'PY'
import sys, time, numpy as np, scipy, scipy.ndimage as nd
d, rounds = sys.argv[1], int(sys.argv[2])
v = np.fromfile(d + '/vol.u16', '<u2').reshape(128, 256, 256)
f = v.astype(np.float32)
times = []
for r in range(rounds + 1):
    t0 = time.perf_counter()
    out = nd.gaussian_filter(v, 2.0, mode='mirror', truncate=3.0)
    t = (time.perf_counter() - t0) * 1e3
    if r:
        times.append(t)
print(f"scipy {scipy.__version__} ndimage.gaussian_filter(uint16 in and out, sigma 2, mirror), 1 thread: "
      f"median {np.median(times):.1f} ms of {rounds} (min {min(times):.1f}, max {max(times):.1f})")
ref = nd.gaussian_filter(f.astype(np.float64), 2.0, mode='mirror', truncate=3.0)
ours = np.fromfile(d + '/convolab.f32', '<f4').reshape(ref.shape)
print(f"same filter: largest |convolab - scipy float64| = {np.abs(ours - ref).max():.4f} (of values up to 65535)")
PY
start=$(date +%s%N)
java -jar "$root/target/convolab.jar" filter "$work/stack.tif" -o "$work/out.tif" --mask gaussian3d:2 --backend cpu -f --timings 2>/dev/null | head -2
echo "convolab filter, process start to file written: $(( ($(date +%s%N) - start) / 1000000 )) ms"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
