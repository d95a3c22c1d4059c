#!/bin/sh
# Round twenty, call F (H200): the wide sweep at three steps a turn of the z ring (VOL_SEP3W_ZU 3, a y buffer a phase).
# First the lab (bench/volumelab/sep3yf.cu built with -DROUND16 -DROUND19 -DROUND20 into .carry/w/sep3_z3): its check
# (stop if any case is bad), its times (wa: the app's ZU 3; wz_R_4: round nineteen's ZU 4) under mirror, zero, reflect,
# clamp; then the bundle: the 3D GPU tests, the self-test, and the 3D board at r 7 and 6 with the peers.
#   sh bench/unpack-bundle.sh .carry/lead && sh bench/gpu-round20-f.sh     (carry .carry/lead and .carry/w)
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
b=.carry/w/sep3_z3
timeout 150 $b check > $OUT/check.txt 2>&1; tail -1 $OUT/check.txt
if grep -q BAD $OUT/check.txt || ! grep -q ", 0 bad" $OUT/check.txt; then grep BAD $OUT/check.txt | head; exit 1; fi
for p in 3 0 2 1; do SEP3_POLICY=$p SEP3_RADII=7,6 SEP3_ZCH=512 timeout 90 $b time >> $OUT/lab-times.txt 2>&1; done
grep -h "^#\|wide" $OUT/lab-times.txt | cut -c1-100
sh bench/gpu-volume-tests.sh
timeout 150 /tmp/convolab/bin/convolab selftest --backend cuda > $OUT/selftest.txt 2>&1; echo "selftest exit $?" >> $OUT/selftest.txt
tail -n 2 $OUT/selftest.txt
PYTHONUNBUFFERED=1 timeout 240 python3 bench/volume_peers.py --out $OUT/board --radii 7,6 > $OUT/board-run.txt 2> $OUT/board.log
echo "board exit $?"; tail -25 $OUT/board-run.txt; ls $OUT/board
