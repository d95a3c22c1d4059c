#!/bin/sh
# Round nineteen, call A (H100): the bundle at this session's start (round seventeen's kernels, the wide GPU test with
# depths 1 and 3 added): the 3D GPU tests, the self-test and the CLI on 16-bit stacks; then round seventeen's
# unrun lab call (bench/gpu-round17-h.sh: sep3wp.cuh beside the app's wide sweep).
#   sh bench/unpack-bundle.sh .carry/lead && sh bench/gpu-round19-a.sh
# (sep3wp.cuh was removed after round nineteen's call A: build the lab binary from commit ad06f2e to run this again.)
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > $OUT/host.txt 2>&1; cat $OUT/host.txt
CONVOLAB_TEST_DETAILS=verbose timeout 330 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
  --include-classname '.*(VolumeFilterGpuTest|Convolab_ConvolveGpuTest)' > $OUT/gpu-tests.txt 2>&1
echo "gpu tests exit $?" >> $OUT/gpu-tests.txt; grep -E "tests (successful|failed|skipped)|exit|finished" $OUT/gpu-tests.txt
grep -E "✘" $OUT/gpu-tests.txt | head -20
grep -E -A2 "theWideSweep" $OUT/gpu-tests.txt | head -8
PART=tests GPU_TESTS=0 SELFTEST_LIMIT=200 bash bench/gpu-round10.sh
sh bench/gpu-round17-h.sh
