#!/usr/bin/env bash
# Round ten, call Y: stages and z chunks of the tensor-copy loader by radius (bench/volumelab/sep3y.cu, built here into
# .carry/y/sep3y; carry .carry/y).
set -uo pipefail
out=${OUT:-round10-y-out}; mkdir -p "$out"
y=.carry/y/sep3y
timeout 200 $y check > "$out/sep3y-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3y-check.txt"
grep -E "BAD|check" "$out/sep3y-check.txt" | head -10
{
  SEP3_RADII=1,2 SEP3_ZCH=12,16,24,32 timeout 120 $y time
  SEP3_RADII=3 SEP3_ZCH=26,32,40,48,56 timeout 120 $y time
  SEP3_RADII=4,5,6,7 SEP3_ZCH=64,80,96,128 timeout 200 $y time
} > "$out/sep3y-time.txt" 2>&1
echo "time exit $?" >> "$out/sep3y-time.txt"
python3 - "$out/sep3y-time.txt" <<'PY'
import sys, re, collections
best = collections.defaultdict(list)
for line in open(sys.argv[1]):
    m = re.match(r"r(\d) (.{22}) (\S+)\s+zch\s+(\d+)\s+([\d.]+) ms", line)
    if m:
        best[(int(m[1]), m[2].strip(), m[3], int(m[4]))].append(float(m[5]))
rows = sorted(best.items(), key=lambda kv: (kv[0][0], min(kv[1])))
last = None
for (r, name, loader, z), ts in rows:
    if r != last:
        print(f"-- r{r}")
        last = r
    print(f"r{r} {name:22s} {loader:8s} zch {z:3d}  {min(ts):.4f} / {max(ts):.4f} ms  {min(ts)/0.3579:.2f}x")
PY
