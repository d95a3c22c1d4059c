#!/usr/bin/env bash
# Issue 24's 2-core target: a 4000x3000 16-bit RGB PNG and a 16-bit TIFF (uncompressed, as libvips writes it)
# with gaussian:2 (13x13), `convolab filter --backend cpu` against `vips conv` with the same mask
# (--precision float), same file in, same format out. Whole processes timed by hyperfine (medians of ROUNDS runs
# after a warm-up, user+system CPU time beside them) with the load average before and after: the machine is shared.
#   bench/science_2core.sh [ROUNDS] [JAR]   (default 5, target/convolab.jar; needs hyperfine and libvips-tools)
# Writes bench/results/files/science-2core-STAMP.json and prints a table.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${1:-5}
jar=${2:-$root/target/convolab.jar}
work=${CONVOLAB_BOARD_WORK:-/tmp/convolab-science-2core}
out="$root/bench/results/files"
mkdir -p "$work" "$out"
cd "$work"
if [[ ! -f sci16.tif ]]; then # the coffee photo scaled up to 16 bits with a little noise (libvips, no Python needed)
  vips resize "$root/sample-images/coffee.png" big.v 6.6667 --vscale 7.5
  vips extract_area big.v crop.v 0 0 4000 3000
  vips linear crop.v lin.v 257 0
  vips gaussnoise noise.v 4000 3000 --sigma 100 --mean 0
  vips bandjoin "noise.v noise.v noise.v" noise3.v
  vips add lin.v noise3.v sum.v
  vips cast sum.v sci16.v ushort
  vips copy sci16.v sci16.png --interpretation rgb16
  vips copy sci16.v sci16.tif --interpretation rgb16
  rm -f big.v crop.v lin.v noise.v noise3.v sum.v sci16.v
fi
python3 - gauss2.mat <<'PY'
import math, sys
n = 2 * math.ceil(3 * 2.0) + 1   # gaussian:2 as Convolab builds it: 13 taps, sigma 2
r = n // 2
w = [[math.exp(-(x * x + y * y) / (2 * 2.0 * 2.0)) for x in range(-r, r + 1)] for y in range(-r, r + 1)]
s = sum(map(sum, w))
with open(sys.argv[1], "w") as f:
    f.write("%d %d 1 0\n" % (n, n))
    for row in w:
        f.write(" ".join("%.9f" % (v / s) for v in row) + "\n")
PY
vector=$(java --list-modules 2>/dev/null | grep -q '^jdk.incubator.vector' && echo "--add-modules jdk.incubator.vector" || true)
c="java $vector -jar $jar"
flt="--mask gaussian:2 --backend cpu -f"
stamp=$(date -u +%Y-%m-%dT%H%MZ)
load0=$(cut -d' ' -f1-3 /proc/loadavg)
hyperfine -N -w 1 -r "$rounds" --export-json "$out/science-2core-$stamp.json" \
  -n "convolab filter, 16-bit PNG" "$c filter sci16.png -o c.png $flt" \
  -n "vips conv, 16-bit PNG" "vips conv sci16.png v.png gauss2.mat --precision float" \
  -n "convolab filter, 16-bit TIFF" "$c filter sci16.tif -o c.tif $flt" \
  -n "vips conv, 16-bit TIFF" "vips conv sci16.tif v.tif gauss2.mat --precision float"
load1=$(cut -d' ' -f1-3 /proc/loadavg)
python3 - "$out/science-2core-$stamp.json" "$load0" "$load1" <<'PY'
import json, statistics, sys
path, load0, load1 = sys.argv[1:]
d = json.load(open(path))
d["load_before"], d["load_after"] = load0, load1
json.dump(d, open(path, "w"), indent=1)
print("load average %s before, %s after" % (load0, load1))
rows = {r["command"]: r for r in d["results"]}
for r in d["results"]:
    t = r["times"]
    print("%-30s median %6.2f s (min %.2f, max %.2f), CPU %.2f s" % (r["command"], statistics.median(t), min(t), max(t),
          r["user"] + r["system"]))
for kind in ("PNG", "TIFF"):
    c, v = rows["convolab filter, 16-bit " + kind], rows["vips conv, 16-bit " + kind]
    print("16-bit %s: convolab / vips wall %.2f, CPU %.2f" % (kind, statistics.median(c["times"]) / statistics.median(v["times"]),
          (c["user"] + c["system"]) / (v["user"] + v["system"])))
PY
