#!/usr/bin/env bash
# Round twelve, call T: bench/volumelab/sep3t.cu (built here into .carry/t/sep3t; carry .carry/t): sep3tc.cuh's
# tensor-core sweep beside the app's cp.async kernel at r 4-7; check first, then times, then the SASS.
set -uo pipefail
out=${OUT:-round12-t-out}; mkdir -p "$out"
b=.carry/t/sep3t
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$out/host.txt" 2>&1
timeout 200 $b check > "$out/sep3t-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3t-check.txt"
grep -E "BAD|check" "$out/sep3t-check.txt" | head -12
timeout 240 $b time > "$out/sep3t-time.txt" 2>&1; echo "time exit $?" >> "$out/sep3t-time.txt"
cut -c1-130 "$out/sep3t-time.txt"
cu=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
[ -x "$cu" ] && { $cu -sass $b 2>/dev/null | gzip > "$out/sep3t.sass.gz"; echo "sass $(zcat "$out/sep3t.sass.gz" | wc -l) lines"; }
