#!/bin/sh
# Round sixteen, call J (the build of call I plus a per-block probe, SEP3_BLOCKS): each sep3yk block's time at chunk
# 512 by the sweep it ran (kind 0 none, 1 the folds, 2 the copy) and where its tile lies; r 7, 128x16, mirror and zero.
set -x
SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-j time > $OUT/yk-j-mirror.txt 2>&1
SEP3_BLOCKS=1 SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=512 .carry/yh/sep3yf-j time > $OUT/yk-j-zero.txt 2>&1
grep -h "yk\|blocks" $OUT/yk-j-mirror.txt $OUT/yk-j-zero.txt | cut -c1-100 | head -80
