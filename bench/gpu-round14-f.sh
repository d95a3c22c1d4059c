#!/bin/sh
# Round fourteen, call F (H100): sep3k built with -DROUND14_F: the app's kernel (vol_sep3p at PF 0, the app's code) on
# 64x32 and 32x64 tiles (512 threads, one block an SM: less halo read a voxel than 32x32) with 4-8 slabs, at z chunks up
# to the whole depth. Checks, every kernel against the double reference at 512^3, then the times at r 7 (mirror).
set -x
.carry/k/sep3k check > $OUT/k-check.txt 2>&1
SEP3_RADII=7 SEP3_REF=1 SEP3_ZCH=96,128,171,256,512 .carry/k/sep3k time > $OUT/k-time.txt 2>&1
tail -1 $OUT/k-check.txt
grep -c INPUT $OUT/k-time.txt
cat $OUT/k-time.txt
