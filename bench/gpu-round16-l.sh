#!/bin/sh
# Round sixteen, call L (built with -DROUND16_L): sep3yk's column fold by selects with the policy fixed at compile
# time, no branch (YKM 7 with the rows' cp.async, 5 with the rows copied), beside call J's form (3) and all copies (0);
# checked, then r 7 (and r 5, 6 for YKM 7) under mirror at chunk 512 with per-block times, reflect, clamp and zero.
set -x
.carry/yh/sep3yf-l check > $OUT/yk-l-check.txt 2>&1
grep -c BAD $OUT/yk-l-check.txt; grep BAD $OUT/yk-l-check.txt | head -5; tail -1 $OUT/yk-l-check.txt
SEP3_BLOCKS=1 SEP3_REF=1 SEP3_RADII=7,6,5 SEP3_ZCH=512 .carry/yh/sep3yf-l time > $OUT/yk-l-mirror.txt 2>&1
SEP3_POLICY=2 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-l time > $OUT/yk-l-reflect.txt 2>&1
SEP3_POLICY=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-l time > $OUT/yk-l-clamp.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-l time > $OUT/yk-l-zero.txt 2>&1
for f in mirror reflect clamp zero; do echo "== $f"; grep -h "yk\|blocks\|y-first" $OUT/yk-l-$f.txt | cut -c1-96; done
