#!/usr/bin/env bash
# h25c's first device call: the sep3d harness (check, time, then ncu on three kernels at z chunk 64).
# .carry/h25c/sep3d was built on the x86-64 host with
#   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab bench/volumelab/sep3d.cu -o sep3d
set -uo pipefail
c=.carry/h25c
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $OUT/smi.txt
timeout 110 $c/sep3d check > $OUT/sep3d-check.txt 2>&1; echo "check exit $?" >> $OUT/sep3d-check.txt
tail -3 $OUT/sep3d-check.txt
timeout 200 $c/sep3d time > $OUT/sep3d-time.txt 2>&1; echo "time exit $?" >> $OUT/sep3d-time.txt
grep -E "launch failed|exit" $OUT/sep3d-time.txt
python3 $c/best.py $OUT/sep3d-time.txt | tee $OUT/best.txt
NCU=1 SEP3_RADII=3,7 SEP3_ZCH=64 SEP3_ONLY="old py4 by8 st3 mb1,new tx64 by8 py4 st3 mb1 xp4 zu2" timeout 90 \
  $(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu | head -1) --clock-control none --section SpeedOfLight --section WarpStateStats --section Occupancy \
  --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis $c/sep3d time > $OUT/ncu.txt 2>&1
echo "ncu exit $?"; grep -cE "^\s+(old3|sep3)_" $OUT/ncu.txt
