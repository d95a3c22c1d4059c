#!/bin/sh
# Round nineteen, call F (H100): call E's best under mirror was YP 4 with one side sweep for every block (0.49-0.50 ms
# at r 7), still 0.07 ms over the plain sweep. Here the moved rows are copied, committed and waited for by the last
# nine warps only (no y items at YP 4), so the other warps run no cp.async code.
#   nvcc -O3 -std=c++17 -arch=sm_90 -DROUND16 -DROUND17 -DROUND19_F -Xcompiler -fopenmp \
#        -I cuda-kernels -I bench/volumelab bench/volumelab/sep3yf.cu -o .carry/w/sep3yf-f
# then run with carry [".carry/w"].
exec sh bench/gpu-round19-lab.sh f
