#!/bin/sh
# Round thirteen, call A: the multicast copy probe (sep3mc) checked and timed, with round twelve's cp.async copy
# (sep3c, no cluster) beside it. Binaries built here into .carry/mc (see their heads); logs to $OUT.
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv > $OUT/host.txt
.carry/mc/sep3mc check > $OUT/mc-check.txt 2>&1
SEP3_ZCH=64,96,128,171 .carry/mc/sep3mc time > $OUT/mc-time.txt 2>&1
SEP3_ZCH=96,128 .carry/mc/sep3c time > $OUT/c-time.txt 2>&1
tail -3 $OUT/mc-check.txt
