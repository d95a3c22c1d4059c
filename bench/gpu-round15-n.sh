#!/bin/sh
# Round fifteen, call N (H100): the app's y-first kernel with each slab's halo copy (edge blocks) moved to the step before, just before
# its output store (the fence then waits on stores a step old), checked against the double
# lab's form (halo cells copied into the slab each step) and the x-first kernel.
set -x
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_REF=1 SEP3_RADII=5,6,7 SEP3_ZCH=96,171 .carry/yf/sep3yf time > $OUT/yf-time.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=96,171 .carry/yf/sep3yf time > $OUT/yf-time-zero.txt 2>&1
cat $OUT/yf-time.txt $OUT/yf-time-zero.txt
