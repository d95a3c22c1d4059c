#!/usr/bin/env python3
"""Per-function instruction counts of a cuobjdump -sass listing (stdin): the functions whose name holds ARGV[1];
ARGV[2] (optional): write that function's listing (the first whose name holds it) to ARGV[3]."""
import re
import sys

text = sys.stdin.read()
parts = re.split(r'\n\s*Function : ', text)
keys = ['LDL', 'STL', 'LDS', 'STS', 'BRA', 'BSSY', 'BAR', 'FFMA', 'FSEL', 'SEL', 'LDGSTS', 'SYNCS', 'UTMALDG']
for f in parts[1:]:
    name = f.split('\n')[0].strip()
    if sys.argv[1] not in name:
        continue
    ops = re.findall(r'/\*[0-9a-f]{4}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)', f)
    count = {k: sum(1 for o in ops if o == k) for k in keys}
    print(name[:120], 'instructions', len(ops), ' '.join(f'{k} {v}' for k, v in count.items()))
    if len(sys.argv) > 3 and sys.argv[2] in name:
        open(sys.argv[3], 'w').write(f)
        sys.argv[2] = '\0'
