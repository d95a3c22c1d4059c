#!/usr/bin/env python3
"""One Nsight Compute profile, as `ncu --csv --page raw` wrote it: the kernel's time, instructions, issue rate and
its top warp-stall reasons (warps stalled per issued instruction, selected and not selected included), then any of a
few shared-memory counters present. Used by round twenty's call scripts (bench/gpu-round20-*.sh); the parsing is
bench/ncu_gaps.py's. Usage: python3 bench/ncu_stalls.py RAW.csv"""
import csv
import sys

from ncu_gaps import raw_head, stalls

rows = list(csv.reader(open(sys.argv[1])))
head = raw_head(rows)
m = {n: [u, v] for n, u, v in zip(rows[head], rows[head + 1], rows[head + 2])}
value = lambda k: m[k][1] if k in m else None
print(sys.argv[1].split("/")[-1], "us", value("gpu__time_duration.sum"), "inst", value("smsp__inst_executed.sum"),
      "issue%", value("smsp__issue_active.avg.pct_of_peak_sustained_active"),
      "stalls:", ", ".join(f"{n} {v:.2f}" for v, n in stalls(m, skip=())[:10]))
for k in ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
          "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", "smsp__inst_executed_op_shared_ld.sum"):
    if k in m:
        print("  ", k, m[k][1])
