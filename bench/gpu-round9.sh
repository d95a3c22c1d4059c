#!/usr/bin/env bash
# Round nine's GPU-host check of the final tree (bundle in .carry/lead), two calls on one warm machine:
#   PART=tests  the gpu-tagged classes that run the 3D kernels (CudaVolumeFilterGpuTest, Convolab_ConvolveGpuTest),
#               `convolab selftest --backend cuda`, and the CLI on a 16-bit stack (bench/gpu-round8-cli.sh's part 2);
#   PART=board  the 3D board (bench/gpu-volume.sh: VolumeBench against CuPy, PyTorch conv3d and the tuned CuPy FFT).
# Logs to $OUT.   sh bench/unpack-bundle.sh .carry/lead && PART=tests bash bench/gpu-round9.sh
set -uo pipefail
out=${OUT:-round9-out}; mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
case "${PART:-tests}" in
  tests)
    CONVOLAB_TEST_DETAILS=verbose timeout 240 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
      --include-classname '.*(VolumeFilterGpuTest|Convolab_ConvolveGpuTest)' > "$out/gpu-tests.txt" 2>&1
    echo "gpu tests exit $?" >> "$out/gpu-tests.txt"; grep -E "tests (successful|failed|skipped)|exit" "$out/gpu-tests.txt"
    grep -E "✘" "$out/gpu-tests.txt" | head -20
    timeout 130 $cl selftest --backend cuda > "$out/selftest.txt" 2>&1; echo "selftest exit $?" >> "$out/selftest.txt"
    tail -n 2 "$out/selftest.txt"
    python3 -c "
import cv2, numpy as np
rng = np.random.default_rng(1)
cv2.imwritemulti('/tmp/stack.tif', [(rng.random((256, 256)) * 60000).astype(np.uint16) for _ in range(64)])"
    for m in gaussian3d:1.5 gaussian3d:3.5:15; do
      $cl filter /tmp/stack.tif -o "$out/stack.tif" --mask $m --backend cuda --timings 2>&1 | tee -a "$out/cli-stack.txt"
      python3 -c "
import cv2
ok, pages = cv2.imreadmulti('$out/stack.tif', flags=cv2.IMREAD_UNCHANGED)
print('read back:', ok, len(pages), pages[0].dtype, pages[0].shape)" | tee -a "$out/cli-stack.txt"
      rm -f "$out/stack.tif"
    done
    ;;
  board)
    OUT="$out" SKIP_TESTS=1 RADII="${RADII:-1,2,3,7}" BOARD_LIMIT="${BOARD_LIMIT:-420}" bash bench/gpu-volume.sh
    ;;
esac
