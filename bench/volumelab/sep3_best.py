#!/usr/bin/env python3
"""Summary of a `sep3d time` log (any build of bench/volumelab/sep3d.cu): for each variant, its N fastest z chunks.

usage: python3 bench/volumelab/sep3_best.py LOG [N]   (N: 4 by default)
Prints one line a variant, "NAME  zch:ms  zch:ms ...", fastest first; the fast_sep reference rows are left out.
"""
import re
import sys

times = {}
for line in open(sys.argv[1]):
    m = re.match(r"(r\d) +(.+?) +zch +(\d+) +([\d.]+) ms +([\d.]+)x", line)
    if m and " fast_sep " not in line:
        times.setdefault(m.group(2), []).append((float(m.group(4)), int(m.group(3))))
n = int(sys.argv[2]) if len(sys.argv) > 2 else 4
for name, v in sorted(times.items()):
    print(f"{name:44s}", "  ".join(f"{z}:{t:.4f}" for t, z in sorted(v)[:n]))
