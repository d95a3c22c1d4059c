#!/usr/bin/env bash
# Ready for the next session (written in round ten, not yet run): where the tensor copies' extra DRAM reads at r 7 come
# from (round ten's call W: 768 MB against cp.async's 645 MB; call V: an evict_last hint changes nothing). Nsight
# Compute's memory tables and L2 hit counts for the r 7 and r 3 app shapes, both loaders.
# Build here:  mkdir -p .carry/w && nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels \
#                -I bench/volumelab -lineinfo bench/volumelab/sep3w.cu -o .carry/w/sep3w
# then on the GPU host (carry .carry/w, about a minute):  bash bench/gpu-round11-w.sh
set -uo pipefail
out=${OUT:-round11-w-out}; mkdir -p "$out"
w=.carry/w/sep3w
for r in 7 3; do
  z=$([ $r = 7 ] && echo 96 || echo 26)
  NCU=1 SEP3_RADII=$r SEP3_ZCH=$z timeout 150 ncu --clock-control none --launch-skip 2 --launch-count 2 \
    --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables \
    --metrics lts__t_sector_op_read_hit_rate.pct,lts__t_sectors_op_read.sum,lts__t_sectors_op_read_lookup_miss.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,dram__bytes_read.sum,gpu__time_duration.sum \
    --csv $w time > "$out/mem-r$r.csv" 2> "$out/mem-r$r.err"
  grep -E "hit_rate|lookup_miss|dram__bytes_read|gpu__time" "$out/mem-r$r.csv" | cut -c1-160
done
