#!/bin/sh
# Round fifteen, call O (H100): the app's y-first kernel whose halo groups (one warp) read their columns from the ones they mirror in
# whole tiles (no copy of halo columns into the slab; halo rows still copied; call P: the gathered loads in a branch of
# their own), checked against the double
# lab's form (halo cells copied into the slab each step) and the x-first kernel.
set -x
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_REF=1 SEP3_RADII=5,6,7 SEP3_ZCH=96,171 .carry/yf/sep3yf time > $OUT/yf-time.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=96,171 .carry/yf/sep3yf time > $OUT/yf-time-zero.txt 2>&1
cat $OUT/yf-time.txt $OUT/yf-time-zero.txt
