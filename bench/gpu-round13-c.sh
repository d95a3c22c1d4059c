#!/bin/sh
# Round thirteen, call C (H100): sep3tc2 with its slabs by tensor copies (sep3tm: checked, then timed at r 7 beside
# the same kernel's cp.async loader and the app's r 7 kernel).
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv > $OUT/host.txt
.carry/mc/sep3tm check > $OUT/tm-check.txt 2>&1
.carry/mc/sep3tm time > $OUT/tm-time.txt 2>&1
tail -2 $OUT/tm-check.txt
