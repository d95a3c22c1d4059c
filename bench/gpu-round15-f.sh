#!/bin/sh
# Round fifteen, call F (H100): sep3yg with the three lines apart (the app's general form) at r 5, 6 and 7, 64x16 and
# 128x16 tiles, checked and timed (mirror) beside the app's kernel of each radius.
set -x
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_RADII=5,6,7 SEP3_ZCH=96,128,171,256,512 .carry/yf/sep3yf time > $OUT/yf-time.txt 2>&1
cat $OUT/yf-time.txt
