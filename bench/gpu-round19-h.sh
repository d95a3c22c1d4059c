#!/bin/sh
# Round nineteen, call H (H100, lab probe; NOT yet run, the session's device time ran out): which part of the one fold
# sweep costs every block ~70 us over the plain sweep (call D: 488 against 417 us)? bench/volumelab/sep3wq.cuh is the
# app's sweep (commit 8fa3d08) with FX: bit 0 drops the columns' fold, bit 1 the rows' copies (wrong sums at the sides:
# timing only). Build here first:
#   nvcc -O3 -std=c++17 -arch=sm_90 -DROUND16 -DROUND19_H -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab \
#        bench/volumelab/sep3yf.cu -o .carry/w/sep3yf-h19
# then run with carry [".carry/w"].
set -x
b=.carry/w/sep3yf-h19
timeout 40 $b check > $OUT/h-check.txt 2>&1; tail -1 $OUT/h-check.txt; grep -c BAD $OUT/h-check.txt
SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 timeout 40 $b time > $OUT/h-mirror.txt 2>&1
grep -h "wide\|blocks" $OUT/h-mirror.txt | cut -c1-90
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=512 timeout 30 $b time > $OUT/h-zero.txt 2>&1
grep -h "wide" $OUT/h-zero.txt | cut -c1-90
