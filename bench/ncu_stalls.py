#!/usr/bin/env python3
"""One Nsight Compute profile, as `ncu --csv --page raw` wrote it: the kernel's time, instructions, issue rate and
its top warp-stall reasons (warps stalled per issued instruction), then any of a few shared-memory counters present.
Used by round twenty's call scripts (bench/gpu-round20-*.sh). Usage: python3 bench/ncu_stalls.py RAW.csv"""
import csv
import re
import sys

rows = list(csv.reader(open(sys.argv[1])))
head = next(i for i, r in enumerate(rows) if r and r[0] == "ID")
m = dict(zip(rows[head], rows[head + 2]))


def num(v):
    return float(v.replace(",", ""))


stall = re.compile(r"smsp__average_warps?_issue_stalled_(\w+)_per_issue_active\.ratio")
st = sorted(((num(v), stall.fullmatch(n).group(1)) for n, v in m.items() if stall.fullmatch(n)), reverse=True)
print(sys.argv[1].split("/")[-1], "us", m.get("gpu__time_duration.sum"), "inst", m.get("smsp__inst_executed.sum"),
      "issue%", m.get("smsp__issue_active.avg.pct_of_peak_sustained_active"),
      "stalls:", ", ".join(f"{n} {v:.2f}" for v, n in st[:10]))
for k in ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
          "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", "smsp__inst_executed_op_shared_ld.sum"):
    if k in m:
        print("  ", k, m[k])
