#!/bin/sh
# Round sixteen, call C: sep3yh EARLY (built with -DROUND16_C): an edge block reads the halo cells of slab s + 1 after
# step s's barrier and writes them after its y pass, so no copy waits between a slab's arrival and the barrier; 64x16
# and 128x16, checked, then timed at r 5-7 under mirror (chunks 171 and 512) and r 7 with a zero halo.
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > $OUT/host.txt
.carry/yh/sep3yf-c check > $OUT/yh-c-check.txt 2>&1
grep -c BAD $OUT/yh-c-check.txt; tail -1 $OUT/yh-c-check.txt
SEP3_REF=1 SEP3_RADII=7,6,5 SEP3_ZCH=171,512 .carry/yh/sep3yf-c time > $OUT/yh-c-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=171,512 .carry/yh/sep3yf-c time > $OUT/yh-c-zero.txt 2>&1
grep -h "ms\|error" $OUT/yh-c-mirror.txt $OUT/yh-c-zero.txt | grep -v "app r" | sed 's/ (.*vs app/ vs app/'
