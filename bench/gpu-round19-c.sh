#!/bin/sh
# Round nineteen, call C (H100): are the blocks slowed by drifting apart? The wide sweep with its blocks held in step
# (lab probe, -DCONVOLAB_LAB_LOCK: every LOCK steps, at most SLACK - 1 checkpoints ahead) beside the app's form and
# call B's yp4 form (fastest under zero, slow under folds). Build here first:
#   nvcc -O3 -std=c++17 -arch=sm_90 -DROUND16 -DROUND17 -DROUND19_C -DCONVOLAB_LAB_LOCK -Xcompiler -fopenmp \
#        -I cuda-kernels -I bench/volumelab bench/volumelab/sep3yf.cu -o .carry/w/sep3yf-c
# then run with carry [".carry/w"]. Also the SASS size of each sweep (cuobjdump, where the host has it).
set -x
b=.carry/w/sep3yf-c
timeout 120 $b check > $OUT/c-check.txt 2>&1; echo "exit $?"; tail -1 $OUT/c-check.txt; grep -c BAD $OUT/c-check.txt
grep BAD $OUT/c-check.txt | head -5
SEP3_BLOCKS=1 SEP3_RADII=7 SEP3_ZCH=512 timeout 120 $b time > $OUT/c-blocks.txt 2>&1
grep -h "wide\|blocks" $OUT/c-blocks.txt | cut -c1-100
for p in 2 1 0; do SEP3_POLICY=$p SEP3_RADII=7 SEP3_ZCH=512 timeout 60 $b time > $OUT/c-policy$p.txt 2>&1; done
SEP3_RADII=6 SEP3_ZCH=512 timeout 60 $b time > $OUT/c-r6.txt 2>&1
for f in policy2 policy1 policy0 r6; do echo "== $f"; grep -h "wide" $OUT/c-$f.txt | cut -c1-100; done
cu=$(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2>/dev/null)
if [ -n "$cu" ]; then
  $cu -sass $b > /tmp/c.sass 2>&1
  python3 - <<'P'
import re
t = open('/tmp/c.sass').read()
for p in re.split(r'\n(?=\s*Function : )', t):
    head = p.strip().split('\n')[0]
    if 'vol_sep3w_sweep' not in head: continue
    ins = re.findall(r'/\*[0-9a-f]{4,}\*/\s+([A-Z][A-Z0-9.]*)', p)
    from collections import Counter
    c = Counter(i.split('.')[0] for i in ins)
    print(head.split('Function : ')[1][:90], len(ins), {k: c[k] for k in ('FFMA', 'LDS', 'STS', 'MOV', 'BAR', 'BRA')})
P
fi > $OUT/c-sass.txt 2>&1
head -40 $OUT/c-sass.txt
