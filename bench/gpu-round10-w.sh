#!/usr/bin/env bash
# Round ten, call W: Nsight Compute on bench/volumelab/sep3w.cu (built here into .carry/w; carry .carry/w): the r 7
# and r 3 app shapes, cp.async and tensor-copy loaders, 512^3 mirror Gaussians at their chunks (96, 26).
# PART=mem (ready for the next session, not yet run): instead, where the copies' extra DRAM reads at r 7 come from
# (call W: 768 MB against cp.async's 645 MB; call V: an evict_last hint changes nothing): the memory tables and L2
# hit counts. Build: mkdir -p .carry/w && nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels \
#   -I bench/volumelab -lineinfo bench/volumelab/sep3w.cu -o .carry/w/sep3w
set -uo pipefail
out=${OUT:-round10-w-out}; mkdir -p "$out"
w=.carry/w/sep3w
# NCU mode: 2 comparison launches then one launch per (round, chunk, loader); profile the first round's two
for r in 7 3; do
  z=$([ $r = 7 ] && echo 96 || echo 26)
  if [ "${PART:-}" = mem ]; then
    NCU=1 SEP3_RADII=$r SEP3_ZCH=$z timeout 150 ncu --clock-control none --launch-skip 2 --launch-count 2 \
      --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables \
      --metrics lts__t_sector_op_read_hit_rate.pct,lts__t_sectors_op_read.sum,lts__t_sectors_op_read_lookup_miss.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,dram__bytes_read.sum,gpu__time_duration.sum \
      --csv $w time > "$out/mem-r$r.csv" 2> "$out/mem-r$r.err"
    grep -E "hit_rate|lookup_miss|dram__bytes_read|gpu__time" "$out/mem-r$r.csv" | cut -c1-160
    continue
  fi
  NCU=1 SEP3_RADII=$r SEP3_ZCH=$z timeout 150 ncu --clock-control none --launch-skip 2 --launch-count 2 \
    --section SpeedOfLight --section WarpStateStats --section LaunchStats --section Occupancy --section SchedulerStats \
    --metrics smsp__inst_executed.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_not_selected,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_branch_resolving,smsp__pcsamp_warps_issue_stalled_lg_throttle,smsp__pcsamp_warps_issue_stalled_sleeping,smsp__pcsamp_warps_issue_stalled_dispatch_stall,smsp__pcsamp_warps_issue_stalled_no_instructions,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum \
    --csv $w time > "$out/ncu-r$r.csv" 2> "$out/ncu-r$r.err"
  tail -2 "$out/ncu-r$r.err"
  NCU=1 SEP3_RADII=$r SEP3_ZCH=$z timeout 150 ncu --clock-control none --launch-skip 2 --launch-count 2 --section SourceCounters \
    --page source --print-source sass --csv $w time 2> "$out/src-r$r.err" | gzip > "$out/src-r$r.csv.gz"
  tail -2 "$out/src-r$r.err"
done
ls -la "$out"
