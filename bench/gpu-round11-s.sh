#!/usr/bin/env bash
# Round eleven, call S: bench/volumelab/sep3ls.cu (built here into .carry/s/sep3ls; carry .carry/s): check, then r 7
# times at z chunks 64, 80, 96 and 512 (one wave of 256 blocks), or ZCH. Call R: BIN=.carry/r/sep3lr (sep3lr.cu)
# ZCH=96,512,-1,-8,-32,-64,-128 (negative: rotated whole-depth sweeps); call M: BIN=.carry/m/sep3lm (sep3lm.cu)
# SEP3_RADII=5,6,7 ZCH=80,96.
set -uo pipefail
out=${OUT:-round11-s-out}; mkdir -p "$out"
b=${BIN:-.carry/s/sep3ls}
n=$(basename "$b")
timeout 150 $b check > "$out/$n-check.txt" 2>&1; echo "check exit $?" >> "$out/$n-check.txt"
grep -E "BAD|check" "$out/$n-check.txt" | head -8
SEP3_RADII=${SEP3_RADII:-7} SEP3_ZCH=${ZCH:-64,80,96,512} timeout 150 $b time > "$out/$n-time.txt" 2>&1; echo "time exit $?" >> "$out/$n-time.txt"
cut -c1-100 "$out/$n-time.txt"
