#!/bin/sh
# Round sixteen, call E: a timing probe (built with -DROUND16_E): sep3yh with its halo list made but never copied
# (EARLY 3: wrong results under clamp, reflect and mirror) beside the same kernel copying it, r 7, mirror and zero halo.
set -x
SEP3_RADII=7 SEP3_ZCH=171,512 .carry/yh/sep3yf-e time > $OUT/yh-e-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=171,512 .carry/yh/sep3yf-e time > $OUT/yh-e-zero.txt 2>&1
grep -h "ms" $OUT/yh-e-mirror.txt $OUT/yh-e-zero.txt | grep -v "app r" | sed 's/ (.*vs app/ vs app/'
