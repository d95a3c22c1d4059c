"""Opcode counts of one kernel's SASS (`cuobjdump -sass -fun NAME binary | python3 sass.py NAME`): the whole
function, then each loop (a backward branch's range) of 40 instructions or more, outermost first."""
import re
import sys
from collections import Counter

ins = []
for line in sys.stdin:
    m = re.match(r"\s+/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)([^;]*);", line)
    if m:
        ins.append((int(m.group(1), 16), m.group(3).split(".")[0], m.group(4)))


def top(rows, n=14):
    c = Counter(op for _, op, _ in rows)
    return "%d instructions: " % len(rows) + ", ".join("%s %d" % kv for kv in c.most_common(n))


print(sys.argv[1] if len(sys.argv) > 1 else "kernel", "-", top(ins))
loops = []
for a, op, rest in ins:
    if op == "BRA":
        t = re.search(r"0x([0-9a-f]+)", rest)
        if t and int(t.group(1), 16) < a:
            loops.append((int(t.group(1), 16), a))
for lo, hi in sorted(loops, key=lambda r: (r[0], -r[1])):
    body = [r for r in ins if lo <= r[0] <= hi]
    if len(body) >= 40:
        print("  loop %05x-%05x %s" % (lo, hi, top(body)))
