#!/bin/sh
# Round thirteen's review, call R1 (H100): the lab checks after the review (checked launches through check_case in
# sep3t, sep3l and sep3c; sep3tc and sep3tc2's per-float chunks through vol_tc_cp_floats). Binaries in .carry/rv13.
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv > $OUT/host.txt
for h in sep3t sep3tm sep3l sep3c; do .carry/rv13/$h check > $OUT/$h-check.txt 2>&1; echo "$h exit $?" >> $OUT/$h-check.txt; done
tail -qn2 $OUT/*-check.txt
