#!/bin/sh
# Round fifteen, call B (H100): sep3yf with OPT (1: only warp 0 waits on the slab's barrier; 2: no y item loop), checked
# and timed at r 7 (mirror) beside the app's kernel; Nsight Compute's instruction mix of two variants; their SASS.
set -x
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_ZCH=96,171,256,512 .carry/yf/sep3yf time > $OUT/yf-time.txt 2>&1
cat $OUT/yf-time.txt
for K in yf_7_64_16_8_2_4_2_0 yf_7_64_16_8_2_4_2_3; do
  SEP3_ZCH=96 NCU=1 timeout 120 ncu --clock-control none --kernel-name regex:$K --launch-count 1 \
    --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section InstructionStats \
    --metrics smsp__inst_executed.sum,sass__inst_executed_per_opcode .carry/yf/sep3yf time > $OUT/ncu-$K.txt 2>&1
done
cuobjdump -sass .carry/yf/sep3yf | gzip > $OUT/sass.txt.gz
grep -hE "^  [a-z_0-9]+\(|inst_executed|Warp Cycles Per Issued|Issued Warp" $OUT/ncu-*.txt
