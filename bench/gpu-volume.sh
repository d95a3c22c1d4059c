#!/usr/bin/env bash
# Issue 25's GPU part in one call: the gpu-tagged 3D conformance tests (CudaVolumeFilterGpuTest: every 3D strategy
# x policy against the double reference) and the 3D board (bench/volume_peers.py: Convolab's strategies through
# org.convolab.cuda.VolumeBench against CuPy, PyTorch conv3d and a tuned CuPy FFT on 512x512x512 float32).
# Logs to $OUT (or ./gpu-volume-out).
#   tar xzf target/convolab-linux-x64.tar.gz -C /tmp && bash bench/gpu-volume.sh
# RADII=1,2,3 or RADII=7 splits the board if one call's 10 minutes are not enough; SKIP_TESTS=1 runs the board only.
set -uo pipefail
out=${OUT:-gpu-volume-out}
mkdir -p "$out"
if [[ "${SKIP_TESTS:-0}" != 1 ]]; then
  CONVOLAB_TEST_DETAILS=verbose timeout "${GPU_TESTS_LIMIT:-240}" /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
    --include-classname '.*VolumeFilterGpuTest' > "$out/volume-gpu-tests.txt" 2>&1
  echo "gpu tests exit $?" >> "$out/volume-gpu-tests.txt"
  grep -E "tests (successful|failed|skipped)|exit" "$out/volume-gpu-tests.txt"
fi
PYTHONUNBUFFERED=1 timeout "${BOARD_LIMIT:-500}" python3 bench/volume_peers.py --out "$out" --radii "${RADII:-1,2,3,7}" \
  2> "$out/volume-board.log"
echo "board exit $?"
