#!/bin/sh
# Round twenty, call C (H200): bench/volumelab/sep3ws.cuh (the wide sweep with its warps split by pass: 4 y warps,
# 16 x warps, NB row buffers between them) beside the app's sweep (WA). .carry/w/sep3_ws was sep3yf.cu built with
# -DROUND16 -DROUND19 -DROUND20 at c625253 with bench/results/h200-2026-11-28-round20/call-c-sep3ws.patch and the WS
# rows its README gives ("Rebuilding call C's form"; sep3ws.cuh is no longer in the tree: slower). The lab's check,
# then times at 512^3 (chunk 512) under mirror, zero, reflect, clamp, then Nsight Compute's stall counters for two
# split forms under mirror.
#   sh bench/gpu-round20-c.sh     (carry .carry/w)
b=.carry/w/sep3_ws
timeout 150 $b check > $OUT/check.txt 2>&1; tail -1 $OUT/check.txt; grep BAD $OUT/check.txt | head -5
for p in 3 0; do SEP3_POLICY=$p SEP3_RADII=7,6 SEP3_ZCH=512 timeout 90 $b time >> $OUT/times.txt 2>&1; done
for p in 2 1; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 60 $b time >> $OUT/times.txt 2>&1; done
grep -h "^#\|wide\|split" $OUT/times.txt | cut -c1-110
for k in ws_7_2_3 ws_7_4_3; do
  SEP3_POLICY=3 SEP3_RADII=7 SEP3_ZCH=512 timeout 90 ncu --clock-control none -k regex:$k --launch-skip 1 --launch-count 1 \
    --section WarpStateStats --section SchedulerStats --metrics gpu__time_duration.sum,smsp__inst_executed.sum \
    --csv --page raw $b time > $OUT/raw-$k.csv 2> $OUT/raw-$k.err
  python3 bench/ncu_stalls.py $OUT/raw-$k.csv
done
