#!/usr/bin/env bash
# Issue 23's targets for the CPU engine on this machine: one 24 MP JPEG -> JPEG with a 5x5 Gaussian,
# `convolab filter` (process start to file written) against `vips conv` with the same mask, and `batch` of
# six against a shell loop of `vips conv`; Convolab with libjpeg-turbo and with ImageIO (-Dconvolab.jpeg=imageio),
# and the JVM start alone (`--version`). Whole processes timed by hyperfine (medians of ROUNDS runs after a
# warm-up); the load average before and after, since this VM is shared. Then each stage in a warm JVM
# (bench/StageTimes.java) for both codecs. Writes bench/results/files/jpeg-2core-*.json and prints them.
#   bench/jpeg_2core.sh [ROUNDS]     (default 7; needs hyperfine and libvips-tools: apt-get install -y hyperfine libvips-tools)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${1:-7}
work=${CONVOLAB_BOARD_WORK:-/tmp/convolab-files-board}
out="$root/bench/results/files"
mkdir -p "$work/in6" "$work/out" "$out"
[[ -f "$root/target/convolab.jar" ]] || (cd "$root" && CONVOLAB_SKIP_NVCC=1 mvn -B -q -DskipTests package)
[[ -f "$work/photo.jpg" ]] || java "$root/bench/MakePhotos.java" "$root/sample-images/coffee.png" "$work"
for i in 1 2 3 4 5 6; do cp -n "$work/photo.jpg" "$work/in6/p$i.jpg"; done
python3 - "$work/gauss5.mat" <<'PY'
import math, sys
w = [[math.exp(-(x * x + y * y) / 2.0) for x in range(-2, 3)] for y in range(-2, 3)]
s = sum(map(sum, w))
with open(sys.argv[1], "w") as f:
    f.write("5 5 1 0\n")
    for row in w:
        f.write(" ".join("%.9f" % (v / s) for v in row) + "\n")
PY
jsa="$root/target/convolab.jsa"
[[ -f "$jsa" ]] || bash "$root/src/bundle/make-cds.sh" "$root/target/convolab.jar" "$jsa" "$root/sample-images/rocket.jpg"
c="java -Xshare:auto -Xlog:cds=off -XX:SharedArchiveFile=$jsa -jar $root/target/convolab.jar"
ci="java -Dconvolab.jpeg=imageio -Xshare:auto -Xlog:cds=off -XX:SharedArchiveFile=$jsa -jar $root/target/convolab.jar"
flt="--mask gaussian:1:5 --backend cpu -f"
vq="[Q=92,subsample_mode=off]"   # 4:4:4 at quality 92, as Convolab writes from quality 90
stamp=$(date -u +%Y-%m-%dT%H%MZ)
load0=$(cut -d' ' -f1-3 /proc/loadavg)
hyperfine -N -w 1 -r "$rounds" --export-json "$out/jpeg-2core-single-$stamp.json" \
  -n "convolab filter, libjpeg-turbo" "$c filter $work/photo.jpg -o $work/out/c.jpg $flt" \
  -n "convolab filter, ImageIO" "$ci filter $work/photo.jpg -o $work/out/ci.jpg $flt" \
  -n "vips conv" "vips conv $work/photo.jpg $work/out/v.jpg$vq $work/gauss5.mat --precision float" \
  -n "convolab --version (JVM start)" "$c --version"
hyperfine -N -w 1 -r "$rounds" --export-json "$out/jpeg-2core-batch-$stamp.json" \
  -n "convolab batch of 6, libjpeg-turbo" "$c batch $work/in6 -o $work/bc --quiet $flt" \
  -n "convolab batch of 6, ImageIO" "$ci batch $work/in6 -o $work/bci --quiet $flt" \
  -n "vips conv, shell loop of 6" "sh -c 'for f in $work/in6/*.jpg; do vips conv \$f $work/bv-\$(basename \$f)$vq $work/gauss5.mat --precision float || exit 1; done'"
load1=$(cut -d' ' -f1-3 /proc/loadavg)
turbo=$(java -cp "$root/target/convolab.jar" "$root/bench/StageTimes.java" "$work/photo.jpg" "$work/photo.png" "$work")
imageio=$(java -Dconvolab.jpeg=imageio -cp "$root/target/convolab.jar" "$root/bench/StageTimes.java" "$work/photo.jpg" "$work/photo.png" "$work")
python3 - "$out" "$stamp" "$load0" "$load1" "$turbo" "$imageio" "$rounds" <<'PY'
import json, os, statistics, sys
out, stamp, load0, load1, turbo, imageio, rounds = sys.argv[1:]
rows = []
for part in ("single", "batch"):
    for r in json.load(open(os.path.join(out, "jpeg-2core-%s-%s.json" % (part, stamp))))["results"]:
        rows.append((r["command"], statistics.median(r["times"]), min(r["times"]), max(r["times"]),
                     r["user"] + r["system"]))
cpu = open("/proc/cpuinfo").read().split("model name")[1].split(":")[1].split("\n")[0].strip()
summary = {"date": stamp, "cores": os.cpu_count(), "cpu": cpu, "rounds": int(rounds), "load_before": load0,
           "load_after": load1, "rows": [dict(zip(("case", "median_s", "min_s", "max_s", "cpu_s"), r)) for r in rows],
           "stages_ms_libjpeg_turbo": json.loads(turbo), "stages_ms_imageio": json.loads(imageio)}
json.dump(summary, open(os.path.join(out, "jpeg-2core-%s.json" % stamp), "w"), indent=1)
print("%s, %d cores (%s), load average %s before, %s after; medians of %s runs" % (stamp, os.cpu_count(), cpu, load0, load1, rounds))
print("| case | median s | min–max s | CPU s (user+sys, mean) |\n|---|---:|---:|---:|")
for c, m, lo, hi, u in rows:
    print("| %s | %.2f | %.2f–%.2f | %.2f |" % (c, m, lo, hi, u))
print("stages in a warm JVM, ms (libjpeg-turbo):", turbo)
print("stages in a warm JVM, ms (ImageIO):      ", imageio)
PY
