#!/bin/sh
# Round thirteen, call D (H100): sep3tm after call C (column fix-up on the 2L end columns only): checked, timed at
# r 7 with mirror and with a zero halo (SEP3_POLICY=0: no fix-up), then Nsight Compute on the 64x16 4-slab variant
# with each loader (one launch each, zero halo and mirror).
set -x
.carry/mc/sep3tm check > $OUT/tm-check.txt 2>&1
SEP3_ZCH=96,171,256 .carry/mc/sep3tm time > $OUT/tm-time-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_ZCH=96,171,256 .carry/mc/sep3tm time > $OUT/tm-time-zero.txt 2>&1
for P in 0 3; do
  SEP3_POLICY=$P SEP3_ZCH=171 NCU=1 ncu --kernel-name regex:'tm_7_64_16_4_2_true_2_' --launch-count 2 \
    --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section LaunchStats --section Occupancy \
    .carry/mc/sep3tm time > $OUT/ncu-p$P.txt 2>&1
done
tail -1 $OUT/tm-check.txt
