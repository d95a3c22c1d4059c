#!/bin/sh
# Round seventeen, call B (call A's build with the probes): why the wide sweep's side blocks are slow. Per-block times
# (globaltimer) of the app's form and two probes under mirror at 512^3, r 7, whole depth: mode 1, the side blocks'
# columns not folded (no halo warp path); mode 2, the top and bottom rows not folded (no moved copy, no cp.async).
# Then the instruction counts of each sweep (cuobjdump on the host) and the listing of the reflect side sweep.
set -x
.carry/w/sep3yf-w check > $OUT/w-b-check.txt 2>&1; tail -1 $OUT/w-b-check.txt; grep -c BAD $OUT/w-b-check.txt
SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 .carry/w/sep3yf-w time > $OUT/w-b-mirror.txt 2>&1
SEP3_BLOCKS=1 SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=512 .carry/w/sep3yf-w time > $OUT/w-b-zero.txt 2>&1
grep -h "wide\|blocks\|folds7" $OUT/w-b-mirror.txt $OUT/w-b-zero.txt | cut -c1-100
CUOBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
$CUOBJ -sass .carry/w/sep3yf-w > /tmp/all.sass 2>$OUT/cuobjdump-err.txt; ls -la /tmp/all.sass
python3 bench/volumelab/sass_stats.py sep3w_sweepILi7 ILi7ELi128ELi16ELi6ELi2ELi4ELb1ELb0ELi2EE $OUT/w-b-side-reflect.sass < /tmp/all.sass > $OUT/w-b-sass.txt
python3 bench/volumelab/sass_stats.py sep3yk_sweepILi7 >> $OUT/w-b-sass.txt < /tmp/all.sass
python3 bench/volumelab/sass_stats.py ILi7ELi128ELi16ELi6ELi2ELi4ELb0ELb0ELi0EE ILi7 $OUT/w-b-kind0.sass < /tmp/all.sass > /dev/null
cut -c1-250 $OUT/w-b-sass.txt
