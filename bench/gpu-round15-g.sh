#!/bin/sh
# Round fifteen, call G (H100): the bundle with the y-first sweep (convolab_vol_sep3y_r5..7): the volume GPU tests,
# the self-test and the CLI on 16-bit stacks (round ten's PART=tests), then the y-first kernels' launches named.
#   sh bench/unpack-bundle.sh .carry/lead && bash bench/gpu-round15-g.sh
set -x
PART=tests SELFTEST_LIMIT=240 bash bench/gpu-round10.sh
grep -E "sep3y_r|theTensorCopySweep" $OUT/gpu-tests.txt | head -5
