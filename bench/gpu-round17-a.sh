#!/bin/sh
# Round seventeen, call A (built with -DROUND16 -DROUND17): the app's wide sweep (cuda-kernels/volume_sep_w.cuh: the
# halo warp of a side block reads the columns its cells mirror, so the x pass has no fold; x items a warp a row)
# beside call L's form (sep3yk YKM 7) and the app's y-first kernel: checked against the double reference, then 512^3
# r 7, 6, 5 under mirror (chunks 171, 256, 512), r 7 under reflect, clamp and zero, and r 7 on 384^3 and 1024^3.
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
.carry/w/sep3yf-w check > $OUT/w-a-check.txt 2>&1
grep -c BAD $OUT/w-a-check.txt; grep BAD $OUT/w-a-check.txt | head -5; tail -1 $OUT/w-a-check.txt
SEP3_REF=1 SEP3_RADII=7,6,5 SEP3_ZCH=96,171,512 .carry/w/sep3yf-w time > $OUT/w-a-mirror.txt 2>&1
for p in 2 1 0; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=171,512 .carry/w/sep3yf-w time > $OUT/w-a-policy$p.txt 2>&1; done
for n in 384 1024; do SEP3_RADII=7 SEP3_ZCH=96,171,256,512 .carry/w/sep3yf-w time $n > $OUT/w-a-$n.txt 2>&1; done
for f in mirror policy2 policy1 policy0 384 1024; do echo "== $f"; grep -h "^#\|^ref\|wide\|folds7\|y-first" $OUT/w-a-$f.txt | cut -c1-100; done
