#!/bin/sh
# Round nineteen, call E (H100): call D found the instruction caches set the pace: the same code in a second function
# (probe 1) took yp4 under zero from 0.42 to 0.56 ms, and one side sweep for every block (probe 2) evened the blocks.
# Here a shorter loop (ZU 2, half the code a turn) with the app's dispatch (PROBE 0) and with one side sweep (PROBE 2).
#   nvcc -O3 -std=c++17 -arch=sm_90 -DROUND16 -DROUND17 -DROUND19_E -Xcompiler -fopenmp \
#        -I cuda-kernels -I bench/volumelab bench/volumelab/sep3yf.cu -o .carry/w/sep3yf-e
# then run with carry [".carry/w"].
exec sh bench/gpu-round19-lab.sh e
