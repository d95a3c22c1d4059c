#!/bin/sh
# Round twenty, call G (H200): Convolab's part of the 3D board at r 7 and 6 (mirror, 512^3) with the bundle of the
# working tree (VOL_SEP3W_ZU 3). Call F's board timed out in the peers (240 s) before it wrote Convolab's rows; the
# peers are not re-timed here (device time).
#   sh bench/unpack-bundle.sh .carry/lead && sh bench/gpu-round20-g.sh     (carry .carry/lead)
PYTHONUNBUFFERED=1 timeout 170 python3 bench/volume_peers.py --out $OUT/board --radii 7,6 --no-peers \
  > $OUT/board-run.txt 2> $OUT/board.log; echo "board exit $?"
tail -25 $OUT/board-run.txt; ls $OUT/board
