#!/bin/sh
# Round twenty, call E (H200): the app's wide sweep (four steps a turn of the z ring, ZU 4) beside the same sweep at
# ZU 3 and ZU 2 (wz_R_ZU), r 7 and 6, under mirror, zero, reflect and clamp. .carry/w/sep3_zu is
# bench/volumelab/sep3yf.cu built with -DROUND16 -DROUND19 -DROUND20 (vol_sep3y_walk now takes ZU 3). Its ZU 3 still
# took the y buffer by the phase's parity, wrong for an odd turn: the check found 120 bad cases, mended for call F.
#   sh bench/gpu-round20-e.sh     (carry .carry/w)
b=.carry/w/sep3_zu
timeout 150 $b check > $OUT/check.txt 2>&1; tail -1 $OUT/check.txt; grep BAD $OUT/check.txt | head -5
for p in 3 0 2 1; do SEP3_POLICY=$p SEP3_RADII=7,6 SEP3_ZCH=512 timeout 90 $b time >> $OUT/times.txt 2>&1; done
grep -h "^#\|wide" $OUT/times.txt | cut -c1-100
