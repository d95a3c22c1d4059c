#!/bin/sh
# Round sixteen, call G (built with -DROUND16_G): sep3yk (the side blocks fold their halo with no copy in shared
# memory: rows by a moved tensor copy and bulk row copies, columns in the side warps' registers) checked against the
# double reference (volumes of at least two tiles each way; three of them whole tiles, where the folds run), then
# timed at r 5-7 under mirror, reflect and clamp and r 7 with a zero halo, beside EARLY 4 and the app's kernel.
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > $OUT/host.txt
.carry/yh/sep3yf-g check > $OUT/yk-check.txt 2>&1
grep -c BAD $OUT/yk-check.txt; grep BAD $OUT/yk-check.txt | head -5; tail -1 $OUT/yk-check.txt
SEP3_REF=1 SEP3_RADII=7,6,5 SEP3_ZCH=171,256,512 .carry/yh/sep3yf-g time > $OUT/yk-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=171,512 .carry/yh/sep3yf-g time > $OUT/yk-zero.txt 2>&1
SEP3_POLICY=2 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-g time > $OUT/yk-reflect.txt 2>&1
SEP3_POLICY=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-g time > $OUT/yk-clamp.txt 2>&1
grep -h "ms\|error" $OUT/yk-mirror.txt $OUT/yk-zero.txt $OUT/yk-reflect.txt $OUT/yk-clamp.txt | grep -v "app r" | sed 's/ (.*vs app/ vs app/'
