#!/bin/sh
# Round fourteen, call B (H100): sep3k.cu with vol_sep3p (the app's kernel with an L2 prefetch PF steps ahead; sep3p.py):
# the checks, then the times at r 7 and r 3 (mirror, Gaussians), with every kernel's error against the double
# reference at 512^3 first (SEP3_REF).
set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $OUT/gpu.txt 2>&1
.carry/k/sep3k check > $OUT/k-check.txt 2>&1
SEP3_REF=1 SEP3_RADII=7,3 .carry/k/sep3k time > $OUT/k-time.txt 2>&1
tail -3 $OUT/k-check.txt
cat $OUT/k-time.txt
