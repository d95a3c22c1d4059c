#!/bin/sh
# Round nineteen, calls E and F (H100): one lab binary's check, per-block times (mirror and zero), reflect, clamp and
# r 6 times at chunk 512, and the wide kernels' SASS instruction counts. Usage: sh bench/gpu-round19-lab.sh LETTER
# (runs .carry/w/sep3yf-LETTER, writes $OUT/LETTER-*.txt); bench/gpu-round19-e.sh and -f.sh say how each was built.
set -x
c=$1
b=.carry/w/sep3yf-$c
timeout 120 $b check > $OUT/$c-check.txt 2>&1; echo "exit $?"; tail -1 $OUT/$c-check.txt; grep -c BAD $OUT/$c-check.txt
grep BAD $OUT/$c-check.txt | head -5
SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 timeout 120 $b time > $OUT/$c-blocks.txt 2>&1
grep -h "wide\|blocks" $OUT/$c-blocks.txt | cut -c1-100
SEP3_POLICY=0 SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 timeout 120 $b time > $OUT/$c-blocks0.txt 2>&1
grep -h "wide\|blocks" $OUT/$c-blocks0.txt | cut -c1-100
for p in 2 1; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 60 $b time > $OUT/$c-policy$p.txt 2>&1; done
SEP3_RADII=6 SEP3_ZCH=512 timeout 60 $b time > $OUT/$c-r6.txt 2>&1
for f in policy2 policy1 r6; do echo "== $f"; grep -h "wide" $OUT/$c-$f.txt | cut -c1-100; done
/usr/local/cuda/bin/cuobjdump -sass $b > /tmp/$c.sass 2>&1
python3 - /tmp/$c.sass > $OUT/$c-sass.txt 2>&1 <<'P'
import re
import sys
from collections import Counter
t = open(sys.argv[1]).read()
for p in re.split(r'\n(?=\s*Function : )', t):
    head = p.strip().split('\n')[0]
    if not re.search(r'Function : _Z\d+(wa|wz)_', head): continue
    ins = re.findall(r'/\*[0-9a-f]{4,6}\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9]*)', p)
    c = Counter(i[1] for i in ins)
    print(head.split('Function : ')[1][:40], len(ins), {k: c[k] for k in ('FFMA', 'LDS', 'STS', 'MOV', 'BAR', 'CALL')})
P
head -20 $OUT/$c-sass.txt
