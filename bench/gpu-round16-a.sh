#!/bin/sh
# Round sixteen, call A (H100): sep3yh (the app's y-first kernel with its x halo folded in the x items' windows)
# checked against the double reference beside the app's kernel, then timed at r 5-7 under mirror and with a zero halo.
# Build: nvcc -O3 -std=c++17 -arch=sm_90 -DROUND16 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab \
#        bench/volumelab/sep3yf.cu -o .carry/yh/sep3yf
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > $OUT/host.txt
.carry/yh/sep3yf check > $OUT/yh-check.txt 2>&1
grep -c BAD $OUT/yh-check.txt; tail -1 $OUT/yh-check.txt
SEP3_REF=1 SEP3_RADII=7,6,5 SEP3_ZCH=96,171,512 .carry/yh/sep3yf time > $OUT/yh-time.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=96,171,512 .carry/yh/sep3yf time > $OUT/yh-time-zero.txt 2>&1
SEP3_POLICY=2 SEP3_RADII=7 SEP3_ZCH=171 .carry/yh/sep3yf time > $OUT/yh-time-reflect.txt 2>&1
cat $OUT/yh-time.txt $OUT/yh-time-zero.txt $OUT/yh-time-reflect.txt
