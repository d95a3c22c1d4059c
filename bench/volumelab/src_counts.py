#!/usr/bin/env python3
"""Dynamic instruction counts of one kernel from Nsight Compute's source page (SASS view, CSV):
`ncu --section SourceCounters --page source --print-source sass --csv APP > F.csv`.
Prints the opcodes by instructions executed (warp level) and a voxel's share of each, and the basic blocks (runs of
lines with the same execution count) that execute the most, with their opcodes and stall samples.

usage: python3 bench/volumelab/src_counts.py F.csv[.gz] VOXELS [BLOCKS] [LAUNCH]   (LAUNCH: which profiled launch,
0-based; the last by default)"""
import csv
import gzip
import re
import sys
from collections import Counter


def sections(path):
    """Each profiled launch's lines (the CSV repeats the header a launch)."""
    f = gzip.open(path, "rt") if path.endswith(".gz") else open(path)
    head, out = None, []
    for row in csv.reader(f):
        if row and row[0] == "Address":
            if out:
                yield out
            head, out = row, []
        elif head and len(row) == len(head) and row[0].startswith("0x"):
            out.append(dict(zip(head, row)))
    if out:
        yield out


def num(s):
    return int(s.replace(",", "")) if s and s not in ("-",) else 0


def main():
    path, voxels = sys.argv[1], float(sys.argv[2])
    nblocks = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    launches = list(sections(path))
    which = int(sys.argv[4]) if len(sys.argv) > 4 else len(launches) - 1
    lines = launches[which]
    print(f"{len(launches)} launches in the file; this is launch {which}")
    ops, stalls = Counter(), Counter()
    total = 0
    for d in lines:
        src = d["Source"].strip()
        op = re.sub(r"^@!?U?P\w+\s+", "", src).split(" ")[0].split(".")[0]
        d["op"] = op
        n = num(d["Instructions Executed"])
        d["n"] = n
        ops[op] += n
        stalls[op] += num(d["Warp Stall Sampling (All Samples)"])
        total += n
    print(f"{total:,} warp instructions, {total * 32 / voxels:.1f} a voxel (thread instructions / voxels)")
    st = sum(stalls.values()) or 1
    for op, n in ops.most_common(25):
        print(f"  {op:10s} {n * 32 / voxels:7.2f} a voxel  {100 * n / total:5.1f}%   stall samples {100 * stalls[op] / st:5.1f}%")
    # basic blocks: runs of equal counts
    blocks, cur = [], []
    for d in lines:
        if cur and d["n"] != cur[-1]["n"]:
            blocks.append(cur)
            cur = []
        cur.append(d)
    if cur:
        blocks.append(cur)
    blocks.sort(key=lambda b: -b[0]["n"] * len(b))
    print("\nbasic blocks by instructions executed:")
    for b in blocks[:nblocks]:
        c = Counter(x["op"] for x in b)
        s = sum(num(x["Warp Stall Sampling (All Samples)"]) for x in b)
        print(f"  {b[0]['Address'][-5:]} x{b[0]['n']:>9,} len {len(b):4d} = {b[0]['n'] * len(b) * 32 / voxels:6.2f}/voxel, "
              f"stall {100 * s / st:4.1f}%: " + " ".join(f"{k}{v}" for k, v in c.most_common(8)))


if __name__ == "__main__":
    main()
