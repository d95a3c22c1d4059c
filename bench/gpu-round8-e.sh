#!/usr/bin/env bash
# Round eight, after the argbn kernels of E 1-2 went to 3 blocks an SM (bundle in .carry/lead), one call of about 6 min:
#   1. the gpu-tagged TensorGpuTest, PlanLaunchGpuTest, CudaSampleFilterGpuTest, then `convolab selftest --backend cuda`;
#   2. the ARGB board at 4096², zero and mirror, square masks r = 1..31 and the rectangles, fast, tensor and fft, peers
#      torch NCHW / channels_last and the tuned CuPy FFT (as bench/gpu-h28d.sh's board-4096-t2dr), for auto's table.
# Logs to $OUT.   sh bench/unpack-bundle.sh .carry/lead && bash bench/gpu-round8-e.sh
set -uo pipefail
out=${OUT:-round8-e-out}; mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; } > "$out/host.txt"
CONVOLAB_TEST_DETAILS=verbose timeout 150 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
  --include-classname '.*(TensorGpuTest|PlanLaunchGpuTest|CudaSampleFilterGpuTest)' > "$out/gpu-tests.txt" 2>&1
echo "gpu tests exit $?" >> "$out/gpu-tests.txt"; grep -E "tests (successful|failed|skipped)|exit|GpuTest finished" "$out/gpu-tests.txt"
grep -E "✘" "$out/gpu-tests.txt" | head -20
timeout 130 $cl selftest --backend cuda > "$out/selftest.txt" 2>&1; echo "selftest exit $?" >> "$out/selftest.txt"; tail -n 2 "$out/selftest.txt"
timeout 240 env PYTHONUNBUFFERED=1 python3 bench/board.py --out "$out" --repeat 10 --no-interactive --sizes 4096x4096 \
  --policies zero,mirror --no-separable --peers torch-nchw,torch-channels-last,cupy-fft --rects 63x5,5x63,9x31,41x21,3x45 \
  --strategies fast,tensor,fft --name board-4096-t2dr 2> "$out/board-4096-t2dr.log"
echo "board exit $?" >> "$out/board-4096-t2dr.log"; tail -n 2 "$out/board-4096-t2dr.log"
