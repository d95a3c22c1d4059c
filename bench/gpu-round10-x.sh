#!/usr/bin/env bash
# Round ten, call X: the tensor-copy loader of the one-sweep kernel (bench/volumelab/sep3x.cu) — check, then time.
# Build here first (see sep3x.cu's head) into .carry/x/sep3x; run on the GPU host with carry .carry/x.
set -uo pipefail
out=${OUT:-round10-x-out}; mkdir -p "$out"
x=.carry/x/sep3x
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$out/host.txt"
timeout 240 $x check > "$out/sep3x-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3x-check.txt"
grep -E "BAD|check|cuTensor" "$out/sep3x-check.txt" | head -30
timeout 300 $x time > "$out/sep3x-time.txt" 2>&1; echo "time exit $?" >> "$out/sep3x-time.txt"
cat "$out/sep3x-time.txt"
