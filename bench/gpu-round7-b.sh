#!/usr/bin/env bash
# Issue 24's last target on the GPU host, one call (bundle in .carry/lead): gaussian:40 on a 6000x4000 JPEG,
# `convolab filter --timings`, the staged way (the JPEG decoded straight into the page-locked upload buffer) and the
# ordinary way (-Dconvolab.stagedInput=false) in alternating runs, wall time by /usr/bin/time; one traced run of each
# with 4 more calls in the process (-Dconvolab.trace.whole=true -Dconvolab.trace.repeat=4); then the gpu-tagged
# classes in CLASSES (default LeasedResultGpuTest). Logs to $OUT: staged.txt, tests.txt.
#   sh bench/unpack-bundle.sh .carry/lead && bash bench/gpu-round7-b.sh
set -uo pipefail
out=${OUT:-gpu-round7-b-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
python3 - <<'PY'
import cv2
img = cv2.imread("sample-images/coffee.png", cv2.IMREAD_COLOR)
cv2.imwrite("/tmp/photo.jpg", cv2.resize(img, (6000, 4000), interpolation=cv2.INTER_CUBIC), [cv2.IMWRITE_JPEG_QUALITY, 92])
PY
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  $cl filter /tmp/photo.jpg -o /tmp/warm.jpg --mask box:3 --backend cuda -f > /dev/null 2>&1 # page cache, driver
  for r in 1 2 3 4 5; do
    for way in staged ordinary; do
      opt=""; [[ $way == ordinary ]] && opt="-Dconvolab.stagedInput=false"
      echo "== $way run $r"
      CONVOLAB_JAVA_OPTS="$opt" /usr/bin/time -f "wall %e s" $cl filter /tmp/photo.jpg -o /tmp/photo-g40.jpg \
        --mask gaussian:40 --backend cuda --timings -f 2>&1 | grep -E "^filter|^wall"
    done
  done
  for way in staged ordinary; do
    opt=""; [[ $way == ordinary ]] && opt="-Dconvolab.stagedInput=false"
    echo "== $way traced, then 4 more calls in the same process"
    CONVOLAB_JAVA_OPTS="$opt -Dconvolab.trace.whole=true -Dconvolab.trace.repeat=4" $cl filter /tmp/photo.jpg \
      -o /tmp/photo-g40.jpg --mask gaussian:40 --backend cuda --timings -f 2>&1 | grep -E "image|^filter"
  done
  CONVOLAB_JAVA_OPTS="-Dconvolab.stagedInput=false" $cl filter /tmp/photo.jpg -o /tmp/o.png --mask gaussian:40 --backend cuda -f && \
    $cl filter /tmp/photo.jpg -o /tmp/s.png --mask gaussian:40 --backend cuda -f && cmp /tmp/o.png /tmp/s.png && echo "staged and ordinary PNG outputs identical"
} > "$out/staged.txt" 2>&1
python3 - "$out/staged.txt" <<'PY'
import re, sys, statistics as st
d = {}
way = None
for line in open(sys.argv[1]):
    m = re.match(r"== (\w+) run", line)
    if m: way = m.group(1); continue
    m = re.match(r"filter ([\d.]+) ms", line)
    if m and way: d.setdefault((way, "filter"), []).append(float(m.group(1)))
    m = re.match(r"wall ([\d.]+) s", line)
    if m and way: d.setdefault((way, "wall"), []).append(float(m.group(1)))
for k, v in sorted(d.items()): print(k, "median", st.median(v), "all", v)
PY
grep -E "traced|image|identical" "$out/staged.txt" | cut -c1-200
[[ "${CLASSES:-}" == none ]] || OUT="$out" CLASSES="${CLASSES:-org.convolab.cuda.LeasedResultGpuTest}" SCIENCE=0 JPEG=0 TESTS_LIMIT="${TESTS_LIMIT:-200}" bash bench/gpu-quick.sh
