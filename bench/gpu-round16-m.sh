#!/bin/sh
# Round sixteen, call M (call L's build): does the wide sweep (sep3yk YKM 7, 128x16, one block an SM) hold at other
# volume sizes? r 7 under mirror, cubes of 384 (72 tiles: half the SMs at whole depth), 768 (288 tiles) and 1024 (512
# tiles), chunks 171 to whole depth, beside the app's y-first kernel at the same chunks.
set -x
for n in 384 768 1024; do
  SEP3_RADII=7 SEP3_ZCH=96,171,256,512,1024 .carry/yh/sep3yf-l time $n > $OUT/yk-m-$n.txt 2>&1
done
for n in 384 768 1024; do echo "== $n"; grep -h "^#\|folds7\|folds3\|y-first" $OUT/yk-m-$n.txt | cut -c1-90; done
