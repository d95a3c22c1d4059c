#!/bin/sh
# Round fourteen, call D (H100): after the COPY diagnostic's fix (it stored R slices past its chunk, which ran past the
# output buffer into the input in calls A-C): the checks (the COPY rows now checked too), then r 7 and r 3 timed with
# the device input compared with the host's after every timed row, and every kernel against the double reference.
set -x
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $OUT/gpu.txt 2>&1
.carry/k/sep3k check > $OUT/k-check.txt 2>&1
SEP3_RADII=7,3 SEP3_REF=1 .carry/k/sep3k time > $OUT/k-time.txt 2>&1
tail -2 $OUT/k-check.txt
grep -c INPUT $OUT/k-time.txt
cat $OUT/k-time.txt
