#!/usr/bin/env bash
# Round ten, call Z: bench/volumelab/sep3z.cu (built here into .carry/z/sep3z; carry .carry/z): r 7's tile shapes with
# both loaders, and the tensor maps' L2 promotion at r 3, 4 and 7.
set -uo pipefail
out=${OUT:-round10-z-out}; mkdir -p "$out"
z=.carry/z/sep3z
timeout 150 $z check > "$out/sep3z-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3z-check.txt"
grep -E "BAD|check" "$out/sep3z-check.txt" | head -5
for l2 in 256 128 0; do
  echo "## SEP3_L2=$l2"
  SEP3_L2=$l2 SEP3_BOTH=1 SEP3_RADII=3,4,7 SEP3_ZCH=26,96 timeout 150 $z time
done > "$out/sep3z-time.txt" 2>&1
echo "time exit $?" >> "$out/sep3z-time.txt"
grep -E "^##|ms" "$out/sep3z-time.txt" | awk '{print $1, $2, $3, $4, $5, $6, $7, $8, $9, $10}'
