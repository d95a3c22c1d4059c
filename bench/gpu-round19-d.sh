#!/bin/sh
# Round nineteen, call D (H100): call C found the blocks held in step slower, so drift is not why the inside blocks slow
# under a fold. Is it the instruction caches (side blocks running other code beside them)? Probes (volume_sep_w.cuh's
# PROBE): 1, under zero the left and right blocks run a copy of the plain sweep; 2, under a fold every block runs one
# side sweep with rows; 3, all but the top and bottom blocks run the side sweep without rows. Build here first:
#   nvcc -O3 -std=c++17 -arch=sm_90 -DROUND16 -DROUND17 -DROUND19_D -Xcompiler -fopenmp \
#        -I cuda-kernels -I bench/volumelab bench/volumelab/sep3yf.cu -o .carry/w/sep3yf-d
# then run with carry [".carry/w"]. Also each kernel's SASS size (cuobjdump).
set -x
b=.carry/w/sep3yf-d
timeout 120 $b check > $OUT/d-check.txt 2>&1; echo "exit $?"; tail -1 $OUT/d-check.txt; grep -c BAD $OUT/d-check.txt
grep BAD $OUT/d-check.txt | head -5
SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 timeout 120 $b time > $OUT/d-blocks.txt 2>&1
grep -h "wide\|blocks" $OUT/d-blocks.txt | cut -c1-100
SEP3_POLICY=0 SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 timeout 120 $b time > $OUT/d-blocks0.txt 2>&1
grep -h "wide\|blocks" $OUT/d-blocks0.txt | cut -c1-100
for p in 2 1; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 60 $b time > $OUT/d-policy$p.txt 2>&1; done
SEP3_RADII=6 SEP3_ZCH=512 timeout 60 $b time > $OUT/d-r6.txt 2>&1
for f in policy2 policy1 r6; do echo "== $f"; grep -h "wide" $OUT/d-$f.txt | cut -c1-100; done
/usr/local/cuda/bin/cuobjdump -sass $b > /tmp/d.sass 2>&1
python3 - > $OUT/d-sass.txt 2>&1 <<'P'
import re
from collections import Counter
t = open('/tmp/d.sass').read()
for p in re.split(r'\n(?=\s*Function : )', t):
    head = p.strip().split('\n')[0]
    if not re.search(r'Function : _Z\d+(wa|wb|wu)_', head): continue
    ins = re.findall(r'/\*[0-9a-f]{4}\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9]*)', p)
    c = Counter(i[1] for i in ins)
    print(head.split('Function : ')[1][:40], len(ins), {k: c[k] for k in ('FFMA', 'LDS', 'STS', 'MOV', 'BAR', 'CALL')})
P
cat $OUT/d-sass.txt | head -20
