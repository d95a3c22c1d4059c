#!/bin/sh
# Round fourteen, call A (H100): sep3k (the decoupled one-sweep kernel) checked against the double reference, then
# timed at r 7 (mirror, Gaussian) beside the app's kernel; its COPY rows time the loads and barriers alone.
set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $OUT/gpu.txt 2>&1
.carry/k/sep3k check > $OUT/k-check.txt 2>&1
.carry/k/sep3k time > $OUT/k-time.txt 2>&1
tail -3 $OUT/k-check.txt
cat $OUT/k-time.txt
