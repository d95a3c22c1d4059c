#!/bin/sh
# Round thirteen, call F (H100): the committed harnesses after the host-side review (tensor maps from sep3tmap.cuh,
# checks through check_case, sep3tm timed by time_radius): every check again, and sep3tm at r 7 with both policies.
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv > $OUT/host.txt
.carry/mc/sep3mc check > $OUT/mc-check.txt 2>&1
.carry/mc/sep3y2 check > $OUT/y2-check.txt 2>&1
.carry/mc/sep3tm check > $OUT/tm-check.txt 2>&1
SEP3_ZCH=96,256 .carry/mc/sep3tm time > $OUT/tm-time-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_ZCH=96,256 .carry/mc/sep3tm time > $OUT/tm-time-zero.txt 2>&1
tail -qn1 $OUT/*-check.txt
