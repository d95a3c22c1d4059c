#!/bin/sh
# Round fifteen, call C (H100): Nsight Compute's per-instruction counts (SASS, executed instructions and stall samples)
# of sep3yf's 64x16 OPT 2 variant at chunk 96, one launch; and its opcode mix.
set -x
K=yf_7_64_16_8_2_4_2_2
SEP3_ZCH=96 NCU=1 timeout 200 ncu --clock-control none --kernel-name regex:$K --launch-count 1 --section SourceCounters \
  --section WarpStateStats --page source --print-source sass --csv .carry/yf/sep3yf time > $OUT/src-$K.csv 2> $OUT/src-$K.err
SEP3_ZCH=96 NCU=1 timeout 120 ncu --clock-control none --kernel-name regex:$K --launch-count 1 \
  --metrics sass__inst_executed_per_opcode,smsp__inst_executed.sum --print-metric-instances values .carry/yf/sep3yf time > $OUT/op-$K.txt 2>&1
wc -c $OUT/*; head -c 1500 $OUT/src-$K.csv; tail -5 $OUT/src-$K.err; grep -A3 per_opcode $OUT/op-$K.txt | head -20
gzip $OUT/src-$K.csv
