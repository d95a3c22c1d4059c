#!/bin/sh
# Round fifteen, call H (H100): sep3yg SPLIT (the y items spread so that each scheduler gets the same y work), checked
# and timed (mirror) at r 5, 6 and 7 beside the unsplit form and the app's x-first kernel.
set -x
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_RADII=5,6,7 SEP3_ZCH=96,171,512 .carry/yf/sep3yf time > $OUT/yf-time.txt 2>&1
cat $OUT/yf-time.txt
