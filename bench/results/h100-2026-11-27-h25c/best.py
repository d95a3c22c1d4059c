"""Summary of a `sep3d time` log: at each radius the fastest z chunk of each variant, fastest first."""
import re
import sys

best = {}
for line in open(sys.argv[1]):
    m = re.match(r"r(\d) (\S+ .*?)\s+zch\s+(\d+)\s+([\d.]+) ms\s+([\d.]+)x floor\s+\((\d+) regs, (\d+) B local, (\d+) B smem, diff (\S+)\)", line)
    if m:
        r, name, zch, t = int(m.group(1)), m.group(2).strip(), int(m.group(3)), float(m.group(4))
        key = (r, name)
        if key not in best or t < best[key][0]:
            best[key] = (t, zch, m.group(5), m.group(6), m.group(7), m.group(8), m.group(9))
for r in sorted({k[0] for k in best}):
    rows = sorted((v, k[1]) for k, v in best.items() if k[0] == r)
    for (t, zch, x, regs, local, smem, diff), name in rows:
        print("r%d %-36s zch %3d %.4f ms %sx floor  %s regs %s B local %s B smem diff %s" % (r, name, zch, t, x, regs, local, smem, diff))
