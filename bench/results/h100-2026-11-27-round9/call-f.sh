# Round nine, call F: per-instruction counts and stall samples of the tensor-core kernel after call D's changes
# (r 7 32x32 mb2 zu4, r 3 64x16 mb2 zu4), and its warp-state and tensor-pipe counters.
set -uo pipefail
c=.carry/tc
NCU=1 SEP3_RADII=7 SEP3_ZCH=128 SEP3_ONLY="tc tx32 ty32 nw8 ng2 st3 mb2 zu4" timeout 120 ncu --clock-control none --section SourceCounters \
   --page source --print-source sass --csv $c/sep3t time 2>&1 | gzip > $OUT/src-t7b.csv.gz
NCU=1 SEP3_RADII=3 SEP3_ZCH=64 SEP3_ONLY="tc tx64 ty16" timeout 120 ncu --clock-control none --section SourceCounters \
   --page source --print-source sass --csv $c/sep3t time 2>&1 | gzip > $OUT/src-t3b.csv.gz
NCU=1 SEP3_RADII=7 SEP3_ZCH=128 SEP3_ONLY="tc tx32 ty32 nw8 ng2 st3 mb2 zu4" timeout 120 ncu --clock-control none \
   --section SpeedOfLight --section WarpStateStats --section ComputeWorkloadAnalysis --metrics \
   smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_not_selected,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_lg_throttle,smsp__pcsamp_warps_issue_stalled_membar,smsp__pcsamp_warps_issue_stalled_sleeping,smsp__pcsamp_warps_issue_stalled_branch_resolving,smsp__pcsamp_warps_issue_stalled_dispatch_stall,smsp__pcsamp_warps_issue_stalled_tex_throttle,smsp__pcsamp_warps_issue_stalled_imc_miss,smsp__pcsamp_warps_issue_stalled_no_instructions,smsp__pcsamp_warps_issue_stalled_drain,smsp__pcsamp_warps_issue_stalled_misc,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active \
   --csv $c/sep3t time > $OUT/ncu-t7b.csv 2>&1
ls -la $OUT
