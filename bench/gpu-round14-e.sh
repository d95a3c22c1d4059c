#!/bin/sh
# Round fourteen, call E (H100): sep3k built with -DROUND14_E: the app's kernel with a prefetch.global.L2 a line PF
# steps ahead (PM 2; PM 3 evict_last), and its slab copies with an L2 prefetch-size hint (HINT 1: 128B, 2: 256B).
# Checks first, then every kernel against the double reference at 512^3 and the times at r 7 and r 3 (mirror).
set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $OUT/gpu.txt 2>&1
.carry/k/sep3k check > $OUT/k-check.txt 2>&1
SEP3_RADII=7,3 SEP3_REF=1 SEP3_ZCH=64,96,128 .carry/k/sep3k time > $OUT/k-time.txt 2>&1
tail -1 $OUT/k-check.txt
grep -c INPUT $OUT/k-time.txt
grep "zch  96\|^ref\|^#" $OUT/k-time.txt
