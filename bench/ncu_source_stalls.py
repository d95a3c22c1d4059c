#!/usr/bin/env python3
"""Where one kernel's warps stall, by SASS line, from `ncu --section SourceCounters --page source --print-source sass --csv`
(gzipped): the stall reasons over all samples, the share of samples of each stretch of code between barriers (with
the warp instructions it executed), and the 25 lines with most samples. Round twenty's call B (bench/gpu-round20-b.sh).
Usage: python3 bench/ncu_source_stalls.py SRC.csv.gz"""
import csv, gzip, sys, collections
rows = list(csv.reader(gzip.open(sys.argv[1], 'rt')))
h = next(i for i, r in enumerate(rows) if r and r[0] == "Address")
H = rows[h]; data = [r for r in rows[h+1:] if len(r) == len(H) and r[0].startswith('0x')]
ix = {n: i for i, n in enumerate(H)}
reasons = [n for n in H if n.startswith('stall_') and '(Not' not in n]
base = int(data[0][0], 16)
tot = collections.Counter()
ins = []
for r in data:
    a = int(r[0], 16) - base; src = r[1].strip()
    s = {n: int(r[ix[n]] or 0) for n in reasons}
    ex = int(r[ix['Instructions Executed']] or 0)
    tot.update(s); ins.append((a, src, s, ex))
T = sum(tot.values())
print("total samples", T, " ".join(f"{k[6:]} {v/T*100:.1f}%" for k, v in tot.most_common(10)))
# segments split at BAR.SYNC
seg = []; cur = collections.Counter(); start = 0; n = 0; exsum = 0
for a, src, s, ex in ins:
    cur.update(s); n += 1; exsum += ex
    if 'BAR.SYNC' in src or 'EXIT' in src or 'RET' in src:
        seg.append((start, a, n, exsum, cur)); cur = collections.Counter(); start = a + 16; n = 0; exsum = 0
seg.append((start, ins[-1][0], n, exsum, cur))
print("segments with >1% of samples: start end ins executed-warp-instr samples% top reasons")
for st, en, n, exs, c in seg:
    t = sum(c.values())
    if t > T * 0.01:
        print(f"{st:6x}-{en:6x} {n:5d} ins {exs:10d} {t/T*100:5.1f}%  " + ", ".join(f"{k[6:]} {v/T*100:.1f}" for k, v in c.most_common(5)))
print("top instructions")
for a, src, s, ex in sorted(ins, key=lambda x: -sum(x[2].values()))[:25]:
    t = sum(s.values())
    print(f"{a:6x} {t/T*100:5.2f}% ex {ex:8d} {src[:45]:45} " + ", ".join(f"{k[6:]} {v}" for k, v in collections.Counter(s).most_common(3)))
