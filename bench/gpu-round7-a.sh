#!/usr/bin/env bash
# Round seven's first GPU-host check, two calls on one warm machine (bundle of main + h28t-tensor-n in .carry/lead):
#   PART=tensor  h28t's argbn tensor kernels: bench/gpu-tensor-n.sh (lab sweep, convolab bench, TensorGpuTest,
#                PlanLaunchGpuTest)
#   PART=debt    what round six could not run on its final tree: `convolab selftest --backend cuda`,
#                StickyFaultGpuTest and LeasedResultGpuTest; then one traced single-file filter of a 24 MP JPEG
#                (gaussian:40) for the start-up timeline of `filter`.
# Logs to $OUT.   sh bench/unpack-bundle.sh .carry/lead && PART=tensor bash bench/gpu-round7-a.sh
set -uo pipefail
out=${OUT:-gpu-round7-a-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
case "${PART:-tensor}" in
  tensor)
    OUT="$out" bash bench/gpu-tensor-n.sh
    ;;
  debt)
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/host.txt"
    timeout 200 $cl selftest --backend cuda > "$out/selftest.txt" 2>&1
    echo "selftest exit $?" >> "$out/selftest.txt"
    tail -n 4 "$out/selftest.txt"
    OUT="$out" CLASSES="org.convolab.cuda.StickyFaultGpuTest org.convolab.cuda.LeasedResultGpuTest" SCIENCE=0 JPEG=0 \
      TESTS_LIMIT=300 bash bench/gpu-quick.sh
    python3 - <<'PY'
import cv2, numpy as np
img = cv2.imread("sample-images/coffee.png", cv2.IMREAD_COLOR)
cv2.imwrite("/tmp/photo.jpg", cv2.resize(img, (6000, 4000), interpolation=cv2.INTER_CUBIC), [cv2.IMWRITE_JPEG_QUALITY, 92])
PY
    {
      for r in 1 2 3; do
        echo "== gaussian:40 run $r"
        CONVOLAB_JAVA_OPTS="-Dconvolab.nvjpeg.trace=true" /usr/bin/time -f "wall %e s" \
          $cl filter /tmp/photo.jpg -o /tmp/photo-g40.jpg --mask gaussian:40 --backend cuda --timings -f 2>&1
      done
    } > "$out/filter-timeline.txt" 2>&1
    grep -E "^==|^filter|wall|ms" "$out/filter-timeline.txt" | cut -c1-220 | head -60
    ;;
esac
