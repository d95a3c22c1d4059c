#!/bin/sh
# Round twenty, call H (H200): the wide sweep's y items as float2 column pairs (9 warps of 4-row items, every y warp the
# same code, no halo warp) against call F's form (float4 groups: 4 inner warps and a halo warp), both at ZU 3.
# .carry/w/sep3_cur is bench/volumelab/sep3yf.cu built with -DROUND16 -DROUND19 -DROUND20 at commit 359cc7a,
# .carry/w/sep3_f2 the same from the working tree; the bundle is the working tree's. The lab's check (stop on a bad
# case), the lab's times, then the 3D GPU tests (the 2D self-test runs no kernel this touches; not run: device time).
#   sh bench/unpack-bundle.sh .carry/lead && sh bench/gpu-round20-h.sh     (carry .carry/lead and .carry/w)
timeout 60 .carry/w/sep3_f2 check > $OUT/check.txt 2>&1; tail -1 $OUT/check.txt
if grep -q BAD $OUT/check.txt || ! grep -q ", 0 bad" $OUT/check.txt; then grep BAD $OUT/check.txt | head; exit 1; fi
for p in 3 0; do for b in f2 cur; do
  SEP3_POLICY=$p SEP3_RADII=7,6 SEP3_ZCH=512 timeout 30 .carry/w/sep3_$b time >> $OUT/times-$b.txt 2>&1
done; done
for p in 2 1; do SEP3_POLICY=$p SEP3_RADII=7,6 SEP3_ZCH=512 timeout 30 .carry/w/sep3_f2 time >> $OUT/times-f2.txt 2>&1; done
for b in cur f2; do echo "== $b"; grep -h "^#\|app's" $OUT/times-$b.txt | cut -c1-90; done
sh bench/gpu-volume-tests.sh 120
