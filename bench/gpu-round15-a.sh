#!/bin/sh
# Round fifteen, call A (H100): sep3yf (the y pass first on wide tiles, one tensor copy a slab) checked against the
# double reference, every kernel against it at 512^3, then timed at r 7 (mirror) beside the app's kernel; Nsight
# Compute on the app's kernel and two variants at chunk 96 (one launch each).
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > $OUT/host.txt 2>&1
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_REF=1 .carry/yf/sep3yf time > $OUT/yf-time.txt 2>&1
cat $OUT/yf-time.txt
for K in app_r7 yf_7_64_16_8_2_4_2 yf_7_128_16_6_2_4_1; do
  SEP3_ZCH=96 NCU=1 timeout 120 ncu --clock-control none --kernel-name regex:$K --launch-count 1 \
    --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats \
    --metrics smsp__inst_executed.sum,dram__bytes.sum,lts__t_bytes.sum .carry/yf/sep3yf time > $OUT/ncu-$K.txt 2>&1
done
grep -hE "^  [a-z_0-9]+\(|inst_executed|Issue Slots Busy|Duration|dram__bytes|lts__t_bytes|Registers Per|Achieved Occ|Stall|Warp Cycles Per Issued" $OUT/ncu-*.txt | head -80
