#!/bin/sh
# Round twenty, call D (H200): the app's wide sweep with one copy of the y pass for every step (the x pass's phase by
# a branch), ZU 4 (wa) and ZU 2 (wz), against round nineteen's (four steps unrolled a turn). .carry/w/sep3_sw was
# bench/volumelab/sep3yf.cu built with -DROUND16 -DROUND19 -DROUND20 from c625253 with
# bench/results/h200-2026-11-28-round20/call-d-one-y-pass.patch (not kept: slower), .carry/w/sep3_old from c625253.
#   sh bench/gpu-round20-d.sh     (carry .carry/w)
timeout 150 .carry/w/sep3_sw check > $OUT/check.txt 2>&1; tail -1 $OUT/check.txt; grep BAD $OUT/check.txt | head -5
for b in old sw; do
  for p in 3 0; do SEP3_POLICY=$p SEP3_RADII=7,6 SEP3_ZCH=512 timeout 60 .carry/w/sep3_$b time >> $OUT/times.txt 2>&1; done
done
SEP3_POLICY=2 SEP3_RADII=7 SEP3_ZCH=512 timeout 60 .carry/w/sep3_sw time >> $OUT/times.txt 2>&1
grep -h "^#\|wide" $OUT/times.txt | cut -c1-110
SEP3_POLICY=3 SEP3_RADII=7 SEP3_ZCH=512 timeout 90 ncu --clock-control none -k regex:wa_7 --launch-skip 1 --launch-count 1 \
  --section WarpStateStats --section SchedulerStats --metrics gpu__time_duration.sum,smsp__inst_executed.sum \
  --csv --page raw .carry/w/sep3_sw time > $OUT/raw.csv 2> $OUT/raw.err
python3 bench/ncu_stalls.py $OUT/raw.csv
