#!/bin/sh
# Round seventeen, call E (H100): the bundle with the wide sweep (convolab_vol_sep3w_r6/r7) in the app: the 3D GPU
# tests (CudaVolumeFilterGpuTest with theWideSweepRunsOnWholeTilesAndMatchesTheReference, Convolab_ConvolveGpuTest),
# the self-test and the CLI on 16-bit stacks (round ten's PART=tests), the wide kernels' launches named; then the lab
# build (-DROUND16 -DROUND17): checked, and r 7 / r 6 at 512^3 whole depth with other stages and ZU 2.
#   sh bench/unpack-bundle.sh .carry/lead && sh bench/gpu-round17-e.sh
set -x
CONVOLAB_TEST_DETAILS=verbose timeout 330 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
  --include-classname '.*(VolumeFilterGpuTest|Convolab_ConvolveGpuTest)' > $OUT/gpu-tests.txt 2>&1
echo "gpu tests exit $?" >> $OUT/gpu-tests.txt; grep -E "tests (successful|failed|skipped)|exit" $OUT/gpu-tests.txt
grep -E "✘" $OUT/gpu-tests.txt | head -20
grep -E "theWideSweep|theTensorCopySweep" $OUT/gpu-tests.txt | head -5
PART=tests GPU_TESTS=0 SELFTEST_LIMIT=200 bash bench/gpu-round10.sh
.carry/w/sep3yf-w check > $OUT/w-e-check.txt 2>&1; tail -1 $OUT/w-e-check.txt; grep -c BAD $OUT/w-e-check.txt
SEP3_BLOCKS=1 SEP3_RADII=7,6 SEP3_ZCH=512 .carry/w/sep3yf-w time > $OUT/w-e-time.txt 2>&1
grep -h "wide\|blocks\|folds7\|y-first" $OUT/w-e-time.txt | cut -c1-100
