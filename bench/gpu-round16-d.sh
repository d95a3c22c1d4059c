#!/bin/sh
# Round sixteen, call D: sep3yh EARLY 2 (built with -DROUND16_D): the warps with no y item copy the halo cells of slab s + 1
# after their x pass of step s (no copy between a slab's arrival and the barrier); 64x16
# and 128x16, checked, then timed at r 5-7 under mirror (chunks 171 and 512) and r 7 with a zero halo.
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > $OUT/host.txt
.carry/yh/sep3yf-d check > $OUT/yh-d-check.txt 2>&1
grep -c BAD $OUT/yh-d-check.txt; tail -1 $OUT/yh-d-check.txt
SEP3_REF=1 SEP3_RADII=7,6,5 SEP3_ZCH=171,512 .carry/yh/sep3yf-d time > $OUT/yh-d-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=171,512 .carry/yh/sep3yf-d time > $OUT/yh-d-zero.txt 2>&1
grep -h "ms\|error" $OUT/yh-d-mirror.txt $OUT/yh-d-zero.txt | grep -v "app r" | sed 's/ (.*vs app/ vs app/'
