#!/usr/bin/env bash
# Round eleven, call S: bench/volumelab/sep3ls.cu (built here into .carry/s/sep3ls; carry .carry/s): check, then r 7
# times at z chunks 64, 80, 96 and 512 (one wave of 256 blocks), or ZCH. Call R: BIN=.carry/r/sep3lr (sep3lr.cu)
# ZCH=96,512,-1,-8,-32,-64,-128 (negative: rotated whole-depth sweeps).
set -uo pipefail
out=${OUT:-round11-s-out}; mkdir -p "$out"
b=${BIN:-.carry/s/sep3ls}
timeout 150 $b check > "$out/sep3ls-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3ls-check.txt"
grep -E "BAD|check" "$out/sep3ls-check.txt" | head -8
SEP3_RADII=7 SEP3_ZCH=${ZCH:-64,80,96,512} timeout 150 $b time > "$out/sep3ls-time.txt" 2>&1; echo "time exit $?" >> "$out/sep3ls-time.txt"
cut -c1-100 "$out/sep3ls-time.txt"
