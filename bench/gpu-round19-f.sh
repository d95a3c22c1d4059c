#!/bin/sh
# Round nineteen, call F (H100): call E's best under mirror was YP 4 with one side sweep for every block (0.49-0.50 ms
# at r 7), still 0.07 ms over the plain sweep. Here the moved rows are copied, committed and waited for by the last
# nine warps only (no y items at YP 4), so the other warps run no cp.async code.
#   nvcc -O3 -std=c++17 -arch=sm_90 -DROUND16 -DROUND17 -DROUND19_F -Xcompiler -fopenmp \
#        -I cuda-kernels -I bench/volumelab bench/volumelab/sep3yf.cu -o .carry/w/sep3yf-f
# then run with carry [".carry/w"].
set -x
b=.carry/w/sep3yf-f
timeout 120 $b check > $OUT/f-check.txt 2>&1; echo "exit $?"; tail -1 $OUT/f-check.txt; grep -c BAD $OUT/f-check.txt
grep BAD $OUT/f-check.txt | head -5
SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 timeout 120 $b time > $OUT/f-blocks.txt 2>&1
grep -h "wide\|blocks" $OUT/f-blocks.txt | cut -c1-100
SEP3_POLICY=0 SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 timeout 120 $b time > $OUT/f-blocks0.txt 2>&1
grep -h "wide\|blocks" $OUT/f-blocks0.txt | cut -c1-100
for p in 2 1; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 60 $b time > $OUT/f-policy$p.txt 2>&1; done
SEP3_RADII=6 SEP3_ZCH=512 timeout 60 $b time > $OUT/f-r6.txt 2>&1
for f in policy2 policy1 r6; do echo "== $f"; grep -h "wide" $OUT/f-$f.txt | cut -c1-100; done
/usr/local/cuda/bin/cuobjdump -sass $b > /tmp/f.sass 2>&1
python3 - > $OUT/f-sass.txt 2>&1 <<'P'
import re
from collections import Counter
t = open('/tmp/f.sass').read()
for p in re.split(r'\n(?=\s*Function : )', t):
    head = p.strip().split('\n')[0]
    if not re.search(r'Function : _Z\d+(wa|wz)_', head): continue
    ins = re.findall(r'/\*[0-9a-f]{4,6}\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9]*)', p)
    c = Counter(i[1] for i in ins)
    print(head.split('Function : ')[1][:40], len(ins), {k: c[k] for k in ('FFMA', 'LDS', 'STS', 'MOV', 'BAR', 'CALL')})
P
cat $OUT/f-sass.txt | head -20
