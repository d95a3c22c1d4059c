#!/bin/sh
# Round fifteen, call I (H100): sep3yg on 64x8 and 128x8 tiles (4 and 2 blocks an SM: less of the SM in lockstep), checked
# and timed (mirror) at r 5, 6 and 7 beside the 64x16 form and the app's x-first kernel.
set -x
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_RADII=5,6,7 SEP3_ZCH=96,171,256 .carry/yf/sep3yf time > $OUT/yf-time.txt 2>&1
cat $OUT/yf-time.txt
