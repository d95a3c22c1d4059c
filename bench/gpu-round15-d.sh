#!/bin/sh
# Round fifteen, call D (H100): sep3yg (sep3yf with a lean steady state; ISO: one line for the three passes) checked
# against the double reference and timed at r 7 (mirror) beside sep3yf and the app's kernel; Nsight Compute's
# per-instruction counts of the 64x16 ISO variant at chunk 96.
set -x
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_REF=1 SEP3_ZCH=96,171,256,512 .carry/yf/sep3yf time > $OUT/yf-time.txt 2>&1
cat $OUT/yf-time.txt
K=yg_7_64_16_8_2_4_2_true
SEP3_ZCH=96 NCU=1 timeout 200 ncu --clock-control none --kernel-name regex:$K --launch-count 1 --section SourceCounters \
  --section WarpStateStats --page source --print-source sass --csv .carry/yf/sep3yf time > $OUT/src-$K.csv 2> $OUT/src-$K.err
gzip $OUT/src-$K.csv
