#!/bin/sh
# Round twenty, call A (H200): the wide sweep's halo items one row each over four warps (a warp on each scheduler)
# against round nineteen's one halo warp of YP-row items. .carry/w/sep3_old is bench/volumelab/sep3yf.cu built with
# -DROUND16 -DROUND19 at commit c625253, .carry/w/sep3_new the same with
# bench/results/h200-2026-11-28-round20/call-a-halo-four-warps.patch (not kept: no faster). The lab's check (new), its
# times under mirror, zero, reflect and clamp, and Nsight Compute's issue counters per scheduler at r 7.
#   sh bench/gpu-round20-a.sh     (carry .carry/w)
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,driver_version --format=csv > $OUT/host.txt 2>&1; cat $OUT/host.txt
timeout 120 .carry/w/sep3_new check > $OUT/check.txt 2>&1; tail -1 $OUT/check.txt; grep -c BAD $OUT/check.txt
for b in old new; do
  for p in 3 0; do SEP3_POLICY=$p SEP3_RADII=7,6 SEP3_ZCH=512 timeout 60 .carry/w/sep3_$b time >> $OUT/times.txt 2>&1; done
done
for p in 2 1; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 60 .carry/w/sep3_new time >> $OUT/times.txt 2>&1; done
grep -h "^#\|wide" $OUT/times.txt | cut -c1-110
M=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.max,smsp__inst_executed.avg,smsp__inst_executed.min,smsp__issue_active.max.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__issue_active.min.pct_of_peak_sustained_active
for b in old new; do for p in 3 0; do
  echo "=== $b policy $p" >> $OUT/ncu.txt
  SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 120 ncu --clock-control none -k regex:wa_7 --launch-skip 1 --launch-count 1 \
    --section WarpStateStats --section SchedulerStats --metrics $M .carry/w/sep3_$b time >> $OUT/ncu.txt 2>&1
done; done
grep -E "===|gpu__time|cycles_elapsed|inst_executed|issue_active|Stall|No Eligible|Issued Warp|Active Warps|Warp Cycles" $OUT/ncu.txt | cut -c1-120
