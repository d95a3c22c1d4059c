#!/usr/bin/env bash
# Issue 25's next experiment, ready for the next session's first call (about a minute; no bundle needed): build
# bench/volumelab/sep3q.cu here into .carry/q first,
#   mkdir -p .carry/q && nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab \
#       bench/volumelab/sep3q.cu -o .carry/q/sep3q
# then on the GPU host (carry .carry/q):  bash bench/gpu-round10-q.sh
# It checks the table-driven launch (uniform and guided z chunks) against the double reference, then times the app's
# uniform chunk against guided schedules (long chunks first, short ones at the end of z) at r 3 and 7.
set -uo pipefail
out=${OUT:-round10-q-out}; mkdir -p "$out"
q=.carry/q/sep3q
timeout 120 $q check > "$out/sep3q-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3q-check.txt"
grep -E "BAD|check" "$out/sep3q-check.txt" | head -20
timeout 200 $q time > "$out/sep3q-time.txt" 2>&1; echo "time exit $?" >> "$out/sep3q-time.txt"
cat "$out/sep3q-time.txt"
