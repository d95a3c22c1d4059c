#!/bin/sh
# Round seventeen's next call (not yet run): sep3wp.cuh (the ghost cells fixed a step ahead by the warps with room)
# beside the app's wide sweep. Build here first:
#   nvcc -O3 -std=c++17 -arch=sm_90 -DROUND16 -DROUND17 -DROUND17_H -Xcompiler -fopenmp -I cuda-kernels \
#        -I bench/volumelab bench/volumelab/sep3yf.cu -o .carry/w/sep3yf-h
# then run with carry [".carry/w"]: checked against the double reference (fx 1 and 2 are probes, checked under zero
# only), per-block times under mirror at r 7 whole depth, then r 7, 6, 5 under each policy and r 7 at 384^3, 1024^3.
# (sep3wp.cuh was removed after round nineteen's call A: build the lab binary from commit ad06f2e to run this again.)
set -x
.carry/w/sep3yf-h check > $OUT/w-h-check.txt 2>&1; tail -1 $OUT/w-h-check.txt; grep -c BAD $OUT/w-h-check.txt
grep BAD $OUT/w-h-check.txt | head -5
SEP3_BLOCKS=1 SEP3_REF=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/w/sep3yf-h time > $OUT/w-h-blocks.txt 2>&1
grep -h "^ref\|wide\|blocks" $OUT/w-h-blocks.txt | cut -c1-100
SEP3_RADII=7,6,5 SEP3_ZCH=96,171,512 .carry/w/sep3yf-h time > $OUT/w-h-mirror.txt 2>&1
for p in 2 1 0; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 .carry/w/sep3yf-h time > $OUT/w-h-policy$p.txt 2>&1; done
for n in 384 1024; do SEP3_RADII=7 SEP3_ZCH=96,171,256,512 .carry/w/sep3yf-h time $n > $OUT/w-h-$n.txt 2>&1; done
for f in mirror policy2 policy1 policy0 384 1024; do echo "== $f"; grep -h "wide\|y-first" $OUT/w-h-$f.txt | cut -c1-80; done
