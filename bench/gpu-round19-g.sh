#!/bin/sh
# Round nineteen, call G (H100): the app with call F's form of the wide sweep (YP 4; under a fold one sweep for every
# block, the moved rows copied by the last nine warps): the 3D GPU tests, the self-test, the lab's check and times
# (bench/volumelab/sep3yf.cu built with -DROUND16 -DROUND19 into .carry/w/sep3yf-g), then Convolab's part of the 3D board
# at r 7 and 6 (bench/volume_peers.py --no-peers: the peers were not re-timed in this call).
#   sh bench/unpack-bundle.sh .carry/lead && sh bench/gpu-round19-g.sh     (carry .carry/lead and .carry/w)
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > $OUT/host.txt 2>&1; cat $OUT/host.txt
sh bench/gpu-volume-tests.sh
timeout 150 /tmp/convolab/bin/convolab selftest --backend cuda > $OUT/selftest.txt 2>&1; echo "selftest exit $?" >> $OUT/selftest.txt
tail -n 2 $OUT/selftest.txt
b=.carry/w/sep3yf-g
timeout 60 $b check > $OUT/g-check.txt 2>&1; tail -1 $OUT/g-check.txt; grep -c BAD $OUT/g-check.txt
SEP3_RADII=7,6 SEP3_ZCH=512 timeout 40 $b time > $OUT/g-mirror.txt 2>&1
for p in 2 1 0; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 30 $b time > $OUT/g-policy$p.txt 2>&1; done
for f in mirror policy2 policy1 policy0; do echo "== $f"; grep -h "wide\|y-first" $OUT/g-$f.txt | cut -c1-90; done
PYTHONUNBUFFERED=1 timeout 200 python3 bench/volume_peers.py --out $OUT/board --radii 7,6 --no-peers \
  > $OUT/board-run.txt 2> $OUT/board.log; echo "board exit $?"
tail -30 $OUT/board-run.txt; ls $OUT/board
