set -uo pipefail
c=.carry/h25e
timeout 60 $c/sep3p check > $OUT/sep3p-check.txt 2>&1; echo "check exit $?" >> $OUT/sep3p-check.txt; grep -E "BAD|check" $OUT/sep3p-check.txt | head
SEP3_RADII=1,2,3,7 SEP3_ZCH=12,16,20,26,32,48,64,128 timeout 100 $c/sep3p time > $OUT/sep3p-time.txt 2>&1; echo "time exit $?" >> $OUT/sep3p-time.txt
python3 - $OUT/sep3p-time.txt <<'PY'
import re, sys
best = {}
for line in open(sys.argv[1]):
    m = re.match(r"(r\d) +(.+?) +zch +(\d+) +([\d.]+) ms +([\d.]+)x", line)
    if m and " fast_sep " not in line:
        best.setdefault(m.group(2), []).append((float(m.group(4)), int(m.group(3))))
for n, v in sorted(best.items()): print(f"{n:40s}", "  ".join(f"{z}:{t:.4f}" for t, z in sorted(v)[:4]))
PY
