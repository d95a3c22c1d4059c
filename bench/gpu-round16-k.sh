#!/bin/sh
# Round sixteen, call K: sep3yk with the side folds moved to the warps with no y items (the x fold in the last two
# warps, the moved rows' cp.async by the threads past the y items). sep3yf-kg (-DROUND16_G: r 5-7, 128x16 and 64x16)
# checked and timed under mirror (chunks 171, 512) and zero; sep3yf-k (-DROUND16_H: the YKM breakdown) with per-block
# times at chunk 512 under mirror.
set -x
.carry/yh/sep3yf-kg check > $OUT/yk-k-check.txt 2>&1
grep -c BAD $OUT/yk-k-check.txt; grep BAD $OUT/yk-k-check.txt | head -5; tail -1 $OUT/yk-k-check.txt
SEP3_REF=1 SEP3_RADII=7,6,5 SEP3_ZCH=171,512 .carry/yh/sep3yf-kg time > $OUT/yk-k-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-kg time > $OUT/yk-k-zero.txt 2>&1
SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-k time > $OUT/yk-k-blocks.txt 2>&1
for f in mirror zero blocks; do echo "== $f"; grep -h "yk\|blocks\|y-first" $OUT/yk-k-$f.txt | grep -v "^ref" | cut -c1-96; done
