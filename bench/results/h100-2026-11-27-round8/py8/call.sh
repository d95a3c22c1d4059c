set -uo pipefail
c=.carry/h25q
timeout 40 $c/sep3q check > $OUT/check.txt 2>&1; echo "check exit $?" >> $OUT/check.txt; grep -E "BAD|check" $OUT/check.txt | head -5
SEP3_ONLY=new SEP3_RADII=3 SEP3_ZCH=16,20,26,32,48,64 timeout 80 $c/sep3q time > $OUT/time.txt 2>&1
python3 - $OUT/time.txt <<'PY'
import re, sys
best = {}
for line in open(sys.argv[1]):
    m = re.match(r"(r\d) +(.+?) +zch +(\d+) +([\d.]+) ms +([\d.]+)x", line)
    if m and " fast_sep " not in line:
        best.setdefault(m.group(2), []).append((float(m.group(4)), int(m.group(3))))
for n, v in sorted(best.items()): print(f"{n:40s}", "  ".join(f"{z}:{t:.4f}" for t, z in sorted(v)[:4]))
PY
