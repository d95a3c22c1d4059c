#!/usr/bin/env bash
# Round eleven, call L: bench/volumelab/sep3l.cu (built here into .carry/l/sep3l; carry .carry/l): sep3lean.cuh's
# knobs beside the app's cp.async kernel at r 5-7; check first, then times, then the SASS of the r 7 kernels.
set -uo pipefail
out=${OUT:-round11-l-out}; mkdir -p "$out"
b=.carry/l/sep3l
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$out/host.txt" 2>&1
timeout 200 $b check > "$out/sep3l-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3l-check.txt"
grep -E "BAD|check" "$out/sep3l-check.txt" | head -8
timeout 200 $b time > "$out/sep3l-time.txt" 2>&1; echo "time exit $?" >> "$out/sep3l-time.txt"
cut -c1-120 "$out/sep3l-time.txt"
if command -v cuobjdump >/dev/null || [ -x /usr/local/cuda/bin/cuobjdump ]; then
  cu=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
  $cu -sass $b 2>/dev/null | gzip > "$out/sep3l.sass.gz"; echo "sass $(zcat "$out/sep3l.sass.gz" | wc -l) lines"
fi
