#!/bin/sh
# Round nineteen, call B (H100): the wide sweep's y items rebalanced (volume_sep_w.cuh's YP, YPH, HW) beside the app's
# form (YP 2, YPH 2, HW 1). Build here first:
#   nvcc -O3 -std=c++17 -arch=sm_90 -DROUND16 -DROUND17 -DROUND19 -Xcompiler -fopenmp -I cuda-kernels \
#        -I bench/volumelab bench/volumelab/sep3yf.cu -o .carry/w/sep3yf-b
# then run with carry [".carry/w"]: checked against the double reference, per-block times under mirror at r 7, then
# r 7 and 6 under mirror (twice) and r 7 under reflect, clamp and zero.
set -x
.carry/w/sep3yf-b check > $OUT/b-check.txt 2>&1; tail -1 $OUT/b-check.txt; grep -c BAD $OUT/b-check.txt
grep BAD $OUT/b-check.txt | head -5
SEP3_BLOCKS=1 SEP3_REF=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/w/sep3yf-b time > $OUT/b-blocks.txt 2>&1
grep -h "^ref\|wide\|blocks" $OUT/b-blocks.txt | cut -c1-100
SEP3_RADII=7,6 SEP3_ZCH=512 .carry/w/sep3yf-b time > $OUT/b-mirror.txt 2>&1
for p in 2 1 0; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 .carry/w/sep3yf-b time > $OUT/b-policy$p.txt 2>&1; done
for f in mirror policy2 policy1 policy0; do echo "== $f"; grep -h "wide" $OUT/b-$f.txt | cut -c1-100; done
