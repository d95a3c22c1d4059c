#!/bin/sh
# Round seventeen, call G (H100): after the wide and y-first sweeps share their y-pass, x/z-pass and loop helpers
# (volume_sep_y.cuh; the generated code differs in 3 instruction words of ~8000 for y-first, 66-201 of ~27000 for
# wide): the 3D GPU tests, the self-test, and the app's kernels timed in the lab beside call E's figures.
#   sh bench/unpack-bundle.sh .carry/lead && sh bench/gpu-round17-g.sh
set -x
CONVOLAB_TEST_DETAILS=verbose timeout 330 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
  --include-classname '.*(VolumeFilterGpuTest|Convolab_ConvolveGpuTest)' > $OUT/gpu-tests.txt 2>&1
echo "gpu tests exit $?" >> $OUT/gpu-tests.txt; grep -E "tests (successful|failed|skipped)|exit" $OUT/gpu-tests.txt
grep -E "✘" $OUT/gpu-tests.txt | head -20
timeout 200 /tmp/convolab/bin/convolab selftest --backend cuda > $OUT/selftest.txt 2>&1; echo "selftest exit $?" >> $OUT/selftest.txt
tail -n 2 $OUT/selftest.txt
SEP3_RADII=7,6,5 SEP3_ZCH=96,171,512 .carry/w/sep3yf-w time > $OUT/w-g-time.txt 2>&1
grep -h "wide 128\|y-first" $OUT/w-g-time.txt | cut -c1-90
