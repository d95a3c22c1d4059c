#!/bin/sh
# Round fifteen, call K (H100): sep3yd, the y-first sweep with mbarrier hand-overs instead of the step's __syncthreads
# (a probe: constant 0 only), checked (zero cases) and timed with a zero halo beside sep3yg and the app's kernel.
set -x
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_POLICY=0 SEP3_REF=1 SEP3_RADII=5,7 SEP3_ZCH=96,171 .carry/yf/sep3yf time > $OUT/yf-time-zero.txt 2>&1
cat $OUT/yf-time-zero.txt
