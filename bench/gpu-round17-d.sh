#!/bin/sh
# Round seventeen, call D (-DROUND16 -DROUND17): the halo columns stored as float4s by the two lanes next to the side
# (a shuffle under mirror), and probes of what the rows cost (LAB 1: no wait, LAB 2: no row copies); checked, per-block
# times under mirror (r 7, whole depth), then r 7, 6, 5 under each policy.
set -x
.carry/w/sep3yf-w check > $OUT/w-d-check.txt 2>&1; tail -1 $OUT/w-d-check.txt; grep -c BAD $OUT/w-d-check.txt; grep BAD $OUT/w-d-check.txt | head -5
SEP3_BLOCKS=1 SEP3_REF=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/w/sep3yf-w time > $OUT/w-d-blocks.txt 2>&1
SEP3_RADII=7,6,5 SEP3_ZCH=96,171,512 .carry/w/sep3yf-w time > $OUT/w-d-mirror.txt 2>&1
for p in 2 1 0; do SEP3_POLICY=$p SEP3_RADII=7,6 SEP3_ZCH=512 .carry/w/sep3yf-w time > $OUT/w-d-policy$p.txt 2>&1; done
grep -h "^ref\|wide\|blocks\|folds7\|y-first" $OUT/w-d-blocks.txt | cut -c1-100
for f in mirror policy2 policy1 policy0; do echo "== $f"; grep -h "wide 128\|folds7\|y-first" $OUT/w-d-$f.txt | cut -c1-80; done
