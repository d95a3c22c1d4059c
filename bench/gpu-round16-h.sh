#!/bin/sh
# Round sixteen, call H (built with -DROUND16_H): which of sep3yk's folds is slow: YKM 3 (both), 1 (columns only: top
# and bottom blocks copy), 2 (rows only: left and right blocks copy), 0 (neither); r 7, 128x16, mirror and clamp,
# whole depth; the SASS of the KIND 1 sweep.
set -x
SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-h time > $OUT/yk-h-mirror.txt 2>&1
SEP3_POLICY=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-h time > $OUT/yk-h-clamp.txt 2>&1
cuobjdump -sass .carry/yh/sep3yf-h > $OUT/sass.txt 2>&1; gzip $OUT/sass.txt
grep -h "zch" $OUT/yk-h-mirror.txt $OUT/yk-h-clamp.txt | cut -c1-90
