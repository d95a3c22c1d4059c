#!/bin/sh
# Round fifteen, calls L-P (H100), each at the tree of its commit: the app's y-first kernel (cuda-kernels/volume_sep_y.cuh,
# as changed for that call) checked against the double reference, then timed at r 5-7 under mirror and with a zero
# halo beside the lab's form (sep3yg: halo cells copied into the slab each step) and the x-first kernel.
set -x
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_REF=1 SEP3_RADII=5,6,7 SEP3_ZCH=96,171 .carry/yf/sep3yf time > $OUT/yf-time.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=96,171 .carry/yf/sep3yf time > $OUT/yf-time-zero.txt 2>&1
cat $OUT/yf-time.txt $OUT/yf-time-zero.txt
