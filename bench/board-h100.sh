#!/usr/bin/env bash
# The H100 board's runs, in parts that each fit one device call (10 minutes), from the extracted bundle.
# Each part writes board-*.json and a log to $OUT; copy them into bench/results/h100-board/, then
# `python3 bench/board_to_md.py > docs/BENCHMARKS.md` merges every file of that folder (a later file's
# rows add to or replace an earlier one's).
#   tar xzf target/convolab-linux-x64.tar.gz -C /tmp && bash bench/board-h100.sh PART
# Parts: peers-4096 (zero and mirror with every peer, rectangular and Gaussian masks), clamp-4096 (NPP),
# peers-8192 (zero and mirror, the radii 1, 3, 7, 15, 31), fft (Convolab's fft strategy on every 2D workload,
# no peers: added to the rows of the parts before), argb (fast again, with the app's own 8-bit ARGB path timed),
# interactive (the live preview: to pinned memory, lent, copied into int[]), profile (Nsight Compute on the missed radii and the rectangular masks).
set -uo pipefail
out=${OUT:-board-out}
mkdir -p "$out"
b() { PYTHONUNBUFFERED=1 python3 bench/board.py --out "$out" "$@"; }
case "${1:?part}" in
  peers-4096) b --sizes 4096x4096 --policies zero,mirror --no-interactive --name board-4096-a 2> "$out/board-4096-a.log" ;;
  clamp-4096) b --sizes 4096x4096 --policies clamp --no-rect --no-separable --name board-4096-b 2> "$out/board-4096-b.log" ;;
  peers-8192) b --sizes 8192x8192 --policies zero,mirror --radii 1,3,7,15,31 --no-rect --no-interactive \
                --strategies fast,tiled-out,fft --name board-8192-a 2> "$out/board-8192-a.log" ;;
  fft) b --sizes 4096x4096 --policies zero,mirror --no-peers --no-separable --no-interactive --strategies fft \
         --name board-4096-c 2> "$out/board-4096-c.log" ;;
  argb) b --sizes 4096x4096,8192x8192 --policies zero,mirror --radii 1,2,3,4,7 --no-peers --no-rect --no-separable \
          --no-interactive --strategies fast --name board-argb 2> "$out/board-argb.log" ;;
  interactive) b --sizes 4096x4096 --policies zero --radii 1 --no-peers --no-rect --no-separable --strategies fast \
                 --name board-interactive 2> "$out/board-interactive.log" ;;
  profile) b --sizes 4096x4096 --radii "${RADII:-3,7,10,15}" --profile-only --no-interactive --name board-4096-p \
             2> "$out/board-4096-p.log" ;;
  *) echo "unknown part $1" >&2; exit 2 ;;
esac
