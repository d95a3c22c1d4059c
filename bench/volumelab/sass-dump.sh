/usr/local/cuda/bin/cuobjdump -sass .carry/w/sep3yf-w > /tmp/all.sass 2>&1
python3 - <<'P'
import re,os
t=open('/tmp/all.sass').read()
parts=re.split(r'\n(?=\s*Function : )',t)
out=os.environ['OUT']
for p in parts:
    head=p.strip().split('\n')[0]
    if 'wa_7' in head or 'wp_7_1' in head or 'yk_7_128_16_6_1_7' in head:
        open(out+'/'+re.sub(r'\W','_',head)[:60]+'.sass','w').write(p)
        print(head, len(p))
P
