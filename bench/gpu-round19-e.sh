#!/bin/sh
# Round nineteen, call E (H100): call D found the instruction caches set the pace: the same code in a second function
# (probe 1) took yp4 under zero from 0.42 to 0.56 ms, and one side sweep for every block (probe 2) evened the blocks.
# Here a shorter loop (ZU 2, half the code a turn) with the app's dispatch (PROBE 0) and with one side sweep (PROBE 2).
#   nvcc -O3 -std=c++17 -arch=sm_90 -DROUND16 -DROUND17 -DROUND19_E -Xcompiler -fopenmp \
#        -I cuda-kernels -I bench/volumelab bench/volumelab/sep3yf.cu -o .carry/w/sep3yf-e
# then run with carry [".carry/w"].
set -x
b=.carry/w/sep3yf-e
timeout 120 $b check > $OUT/e-check.txt 2>&1; echo "exit $?"; tail -1 $OUT/e-check.txt; grep -c BAD $OUT/e-check.txt
grep BAD $OUT/e-check.txt | head -5
SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 timeout 120 $b time > $OUT/e-blocks.txt 2>&1
grep -h "wide\|blocks" $OUT/e-blocks.txt | cut -c1-100
SEP3_POLICY=0 SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 timeout 120 $b time > $OUT/e-blocks0.txt 2>&1
grep -h "wide\|blocks" $OUT/e-blocks0.txt | cut -c1-100
for p in 2 1; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 60 $b time > $OUT/e-policy$p.txt 2>&1; done
SEP3_RADII=6 SEP3_ZCH=512 timeout 60 $b time > $OUT/e-r6.txt 2>&1
for f in policy2 policy1 r6; do echo "== $f"; grep -h "wide" $OUT/e-$f.txt | cut -c1-100; done
/usr/local/cuda/bin/cuobjdump -sass $b > /tmp/e.sass 2>&1
python3 - > $OUT/e-sass.txt 2>&1 <<'P'
import re
from collections import Counter
t = open('/tmp/e.sass').read()
for p in re.split(r'\n(?=\s*Function : )', t):
    head = p.strip().split('\n')[0]
    if not re.search(r'Function : _Z\d+(wa|wz)_', head): continue
    ins = re.findall(r'/\*[0-9a-f]{4,6}\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9]*)', p)
    c = Counter(i[1] for i in ins)
    print(head.split('Function : ')[1][:40], len(ins), {k: c[k] for k in ('FFMA', 'LDS', 'STS', 'MOV', 'BAR', 'CALL')})
P
cat $OUT/e-sass.txt | head -20
