#!/bin/sh
# Round fifteen, call J (H100): the y-first lab kernels (call I's build) with each L2 promotion of the tensor maps
# (SEP3_L2 = 0, 64, 128 (the app's), 256 bytes), r 7 mirror, chunks 96 and 171.
set -x
for L2 in 128 0 64 256; do
  echo "== SEP3_L2=$L2"
  SEP3_L2=$L2 SEP3_RADII=7 SEP3_ZCH=96,171 .carry/yf/sep3yf time
done > $OUT/l2-time.txt 2>&1
grep -E "^==|64x16|128x8" $OUT/l2-time.txt
