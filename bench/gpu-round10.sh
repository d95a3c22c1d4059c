#!/usr/bin/env bash
# Round ten's GPU-host check of a tree (bundle in .carry/lead); PART=all runs both parts in one call:
#   PART=tests  the gpu-tagged classes that run the 3D kernels (CudaVolumeFilterGpuTest, Convolab_ConvolveGpuTest),
#               `convolab selftest --backend cuda`, and the CLI on a 16-bit stack (bench/gpu-round8-cli.sh's part 2);
#   PART=board  the 3D board (bench/gpu-volume.sh: VolumeBench against CuPy, PyTorch conv3d and the tuned CuPy FFT).
# Logs to $OUT.   sh bench/unpack-bundle.sh .carry/lead && PART=all bash bench/gpu-round10.sh
set -uo pipefail
out=${OUT:-round10-out}; mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$out/host.txt"
part=${PART:-all}
case "$part" in tests|all)
  if [ "${GPU_TESTS:-1}" = 1 ]; then
    CONVOLAB_TEST_DETAILS=verbose timeout 240 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
      --include-classname '.*(VolumeFilterGpuTest|Convolab_ConvolveGpuTest)' > "$out/gpu-tests.txt" 2>&1
    echo "gpu tests exit $?" >> "$out/gpu-tests.txt"; grep -E "tests (successful|failed|skipped)|exit" "$out/gpu-tests.txt"
    grep -E "✘" "$out/gpu-tests.txt" | head -20
  fi
    timeout "${SELFTEST_LIMIT:-200}" $cl selftest --backend cuda > "$out/selftest.txt" 2>&1; echo "selftest exit $?" >> "$out/selftest.txt"
    tail -n 2 "$out/selftest.txt"
    python3 -c "
import cv2, numpy as np
rng = np.random.default_rng(1)
cv2.imwritemulti('/tmp/stack.tif', [(rng.random((256, 256)) * 60000).astype(np.uint16) for _ in range(64)])
cv2.imwritemulti('/tmp/stack250.tif', [(rng.random((250, 250)) * 60000).astype(np.uint16) for _ in range(40)])"
    # radius 3 (tensor copies on sm_90: width 256), 5 and 7 (cp.async); then radius 3 on a 250-wide stack (cp.async)
    for run in "stack gaussian3d:1" "stack gaussian3d:1.5" "stack gaussian3d:3.5:15" "stack250 gaussian3d:1"; do
      set -- $run; in=/tmp/$1.tif; m=$2
      $cl filter $in -o "$out/stack.tif" --mask $m --backend cuda --timings 2>&1 | tee -a "$out/cli-stack.txt"
      python3 -c "
import cv2
ok, pages = cv2.imreadmulti('$out/stack.tif', flags=cv2.IMREAD_UNCHANGED)
print('read back:', ok, len(pages), pages[0].dtype, pages[0].shape)" | tee -a "$out/cli-stack.txt"
      # the same on the CPU engine: the 16-bit outputs should agree within one count
      $cl filter $in -o "$out/stack-cpu.tif" --mask $m --backend cpu > /dev/null 2>&1
      python3 -c "
import cv2, numpy as np
a = np.array(cv2.imreadmulti('$out/stack.tif', flags=cv2.IMREAD_UNCHANGED)[1], dtype=np.int64)
b = np.array(cv2.imreadmulti('$out/stack-cpu.tif', flags=cv2.IMREAD_UNCHANGED)[1], dtype=np.int64)
print('cuda against cpu engine: $1 $m, max |diff|', int(np.abs(a - b).max()), 'of', a.size, 'samples')" | tee -a "$out/cli-stack.txt"
      rm -f "$out/stack.tif" "$out/stack-cpu.tif"
    done
    ;;
esac
case "$part" in board|all)
    OUT="$out" SKIP_TESTS=1 RADII="${RADII:-1,2,3,4,7}" BOARD_LIMIT="${BOARD_LIMIT:-420}" bash bench/gpu-volume.sh
    ;;
esac
