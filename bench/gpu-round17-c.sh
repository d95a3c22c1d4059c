#!/bin/sh
# Round seventeen, call C (-DROUND16 -DROUND17): the wide sweep with the halo columns stored by the y items next to the
# side (every warp the same instructions) and the rows' z index without the fold in the middle; checked, then per-block
# times under mirror (r 7, whole depth) beside the probes, and r 7, 6, 5 under each policy.
set -x
.carry/w/sep3yf-w check > $OUT/w-c-check.txt 2>&1; tail -1 $OUT/w-c-check.txt; grep -c BAD $OUT/w-c-check.txt; grep BAD $OUT/w-c-check.txt | head -5
SEP3_BLOCKS=1 SEP3_REF=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/w/sep3yf-w time > $OUT/w-c-blocks.txt 2>&1
SEP3_RADII=7,6,5 SEP3_ZCH=96,171,512 .carry/w/sep3yf-w time > $OUT/w-c-mirror.txt 2>&1
for p in 2 1 0; do SEP3_POLICY=$p SEP3_RADII=7,6 SEP3_ZCH=512 .carry/w/sep3yf-w time > $OUT/w-c-policy$p.txt 2>&1; done
grep -h "^ref\|wide\|blocks\|folds7\|y-first" $OUT/w-c-blocks.txt | cut -c1-100
for f in mirror policy2 policy1 policy0; do echo "== $f"; grep -h "wide 128\|folds7\|y-first" $OUT/w-c-$f.txt | cut -c1-80; done
