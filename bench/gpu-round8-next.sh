#!/usr/bin/env bash
# What round seven left unmeasured, in ONE GPU-host call of about 7 minutes (bundle unpacked to /tmp/convolab):
#   1. issue 28: Nsight Compute on the misses without a limiting counter yet: planes r = 4 (fast, 1.73x its floor) and
#      the float planes' tensor kernel at r = 23 (0.69 of the fastest peer) (bench/ncu_gaps.py);
#   2. issue 28: 8192², mirror, Convolab alone: Gaussians r = 1..15 (fast-separable) and planes r = 1..4 (board.py);
#   3. issue 25: the 3D board's rows with h25c's separable shapes (bench/gpu-volume.sh, RADII, no tests).
# Logs to $OUT (one tar of the boards).   sh bench/unpack-bundle.sh DIR && bash bench/gpu-round8-next.sh
set -uo pipefail
out=${OUT:-round8-next-out}
work=$(mktemp -d)
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$out/host.txt"
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
timeout 150 env PYTHONUNBUFFERED=1 python3 bench/ncu_gaps.py --out "$work" --ncu "${ncu:-ncu}" \
  --cases planes-r4,planes-tensor-r23 2>&1 | tee "$out/ncu-gaps.txt"
cp "$work/ncu-gaps.json" "$out/" 2>/dev/null
timeout 100 env PYTHONUNBUFFERED=1 python3 bench/board.py --out "$work" --repeat 10 --no-interactive --sizes 8192x8192 \
  --policies mirror --no-rect --no-peers --unfused --radii 1,2,3,4,7,10,15 --strategies fast \
  --separable-strategies fast-separable --name board-8192-r8 2> "$work/board-8192-r8.log"
echo "board exit $?" >> "$work/board-8192-r8.log"; tail -n 3 "$work/board-8192-r8.log"
OUT="$work" SKIP_TESTS=1 RADII="${RADII:-1,2,3,7}" BOARD_LIMIT="${BOARD_LIMIT:-160}" bash bench/gpu-volume.sh
grep -E "^(kind|random|gaussian) " "$work/volume-board.txt" 2>/dev/null | head -20
tar czf "$out/round8-next-logs.tgz" -C "$work" .
