#!/bin/sh
# Round sixteen, call F (built with -DROUND16_F): sep3yh EARLY 4, where a block with no halo cells to copy runs a sweep
# compiled without the copy (the edge blocks keep the app's copy); checked, then timed at r 5-7 under mirror and r 7
# with a zero halo, chunks 96-512, beside the app's kernel.
set -x
.carry/yh/sep3yf-f check > $OUT/yh-f-check.txt 2>&1
grep -c BAD $OUT/yh-f-check.txt; tail -1 $OUT/yh-f-check.txt
SEP3_REF=1 SEP3_RADII=7,6,5 SEP3_ZCH=96,171,256,512 .carry/yh/sep3yf-f time > $OUT/yh-f-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=171,256,512 .carry/yh/sep3yf-f time > $OUT/yh-f-zero.txt 2>&1
grep -h "ms\|error" $OUT/yh-f-mirror.txt $OUT/yh-f-zero.txt | grep -v "app r" | sed 's/ (.*vs app/ vs app/'
