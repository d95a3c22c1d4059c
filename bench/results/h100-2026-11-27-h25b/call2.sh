#!/usr/bin/env bash
# h25b's second device call: the sep3d harness (check + time), then the bundle's 3D gpu tests and the 3D board.
set -uo pipefail
c=.carry/h25b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/smi.txt
timeout 60 $c/sep3d check > $OUT/sep3d-check.txt 2>&1; echo "check exit $?" >> $OUT/sep3d-check.txt
tail -3 $OUT/sep3d-check.txt
timeout 150 $c/sep3d time > $OUT/sep3d-time.txt 2>&1; echo "time exit $?" >> $OUT/sep3d-time.txt
grep -E "old|cube|launch failed" $OUT/sep3d-time.txt
python3 - <<'PY'
import re, os
best = {}
for line in open(os.environ["OUT"] + "/sep3d-time.txt"):
    m = re.match(r"r(\d) (r\d .*?)\s+zch\s+(\d+)\s+([\d.]+) ms\s+([\d.]+)x", line)
    if m:
        r = int(m.group(1)); t = float(m.group(4))
        if r not in best or t < best[r][0]: best[r] = (t, m.group(2), m.group(3), m.group(5))
for r in sorted(best): print("best r%d: %s zch %s %.4f ms %sx floor" % (r, best[r][1], best[r][2], best[r][0], best[r][3]))
PY
python3 -c 'import tarfile;tarfile.open(".carry/h25b/convolab-linux-x64.tar.xz").extractall("/tmp")' || exit 1
GPU_TESTS_LIMIT=150 BOARD_LIMIT=250 RADII=${RADII:-1,2,3,7} bash bench/gpu-volume.sh
grep -E "^(kind|random|gaussian) " $OUT/volume-board.txt
grep -E "convolab gaussian .*(separable|fast|auto) ->" $OUT/volume-board.txt
