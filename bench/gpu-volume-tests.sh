#!/bin/sh
# On the GPU host, after bench/unpack-bundle.sh: the 3D GPU tests (CudaVolumeFilterGpuTest, Convolab_ConvolveGpuTest)
# into $OUT/gpu-tests.txt; prints the counts, the exit status and any failed test. Usage: sh bench/gpu-volume-tests.sh
# [TIMEOUT_S, default 200]
CONVOLAB_TEST_DETAILS=verbose timeout "${1:-200}" /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
  --include-classname '.*(VolumeFilterGpuTest|Convolab_ConvolveGpuTest)' > $OUT/gpu-tests.txt 2>&1
echo "gpu tests exit $?" >> $OUT/gpu-tests.txt
grep -E "tests (successful|failed|skipped)|exit|finished after" $OUT/gpu-tests.txt | tail -5
grep -E "✘" $OUT/gpu-tests.txt | head -20
