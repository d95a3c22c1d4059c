#!/bin/sh
# Round sixteen, call I (built with -DROUND16_H after the rows changed to cp.async): sep3yk with the top and bottom
# blocks' 8 moved rows by 16-byte cp.async (YKM 3 both folds, 1 columns only, 2 rows only, 0 neither), checked, then
# r 7, 128x16, mirror, reflect, clamp and zero halo, chunks 171 and 512.
set -x
.carry/yh/sep3yf-i check > $OUT/yk-i-check.txt 2>&1
grep -c BAD $OUT/yk-i-check.txt; grep BAD $OUT/yk-i-check.txt | head -5; tail -1 $OUT/yk-i-check.txt
SEP3_REF=1 SEP3_RADII=7 SEP3_ZCH=171,512 .carry/yh/sep3yf-i time > $OUT/yk-i-mirror.txt 2>&1
SEP3_POLICY=2 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-i time > $OUT/yk-i-reflect.txt 2>&1
SEP3_POLICY=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-i time > $OUT/yk-i-clamp.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-i time > $OUT/yk-i-zero.txt 2>&1
for f in mirror reflect clamp zero; do echo "== $f"; grep -h "zch\|error" $OUT/yk-i-$f.txt | cut -c1-90; done
