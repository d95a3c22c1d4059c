#!/usr/bin/env bash
# Round ten, call V: tensor copies with an L2 eviction priority (bench/volumelab/sep3v.cu built three ways here into
# .carry/v: sep3v-none, sep3v-evict_last, sep3v-evict_first; carry .carry/v). Check, time at chunks 26 and 96, and
# the DRAM bytes the r 7 kernels read.
set -uo pipefail
out=${OUT:-round10-v-out}; mkdir -p "$out"
for h in evict_last evict_first; do
  timeout 100 .carry/v/sep3v-$h check > "$out/check-$h.txt" 2>&1; echo "check exit $?" >> "$out/check-$h.txt"
  echo "$h: $(grep -E '^check' "$out/check-$h.txt")"
done
for h in none evict_last evict_first; do
  echo "## $h"; SEP3_ZCH=26,96 timeout 100 .carry/v/sep3v-$h time
done > "$out/time.txt" 2>&1
grep -E "^##|tma|cp.async" "$out/time.txt" | awk '{print $1, $2, $6, $7, $8, $9, $10}'
for h in none evict_last; do
  NCU=1 SEP3_RADII=7 SEP3_ZCH=96 timeout 60 ncu --clock-control none --launch-skip 2 --launch-count 2 \
    --metrics gpu__time_duration.sum,dram__bytes_read.sum --csv .carry/v/sep3v-$h time > "$out/ncu-$h.csv" 2>&1
  grep -E "dram__bytes_read|gpu__time" "$out/ncu-$h.csv" | awk -F'","' '{print "'$h'", $5, $(NF-2), $NF}' | cut -c1-120
done
