#!/usr/bin/env bash
# Round eleven, call P: Nsight Compute on bench/volumelab/sep3lp.cu (built here with -lineinfo into .carry/p/sep3lp;
# carry .carry/p): the r 7 app kernel and two lean variants at z chunks 96 and 256 (totals, stall samples, memory),
# then the per-instruction counts at chunk 96.
set -uo pipefail
out=${OUT:-round11-p-out}; mkdir -p "$out"
b=.carry/p/sep3lp
# NCU mode: a round is, per variant, one comparison launch at 96 then one launch a chunk; two rounds
NCU=1 SEP3_RADII=7 SEP3_ZCH=96,256 timeout 200 ncu --clock-control none --launch-count 9 \
  --section SpeedOfLight --section SchedulerStats --section WarpStateStats \
  --metrics smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,lts__t_sector_op_read_hit_rate.pct,smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_not_selected,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_branch_resolving,smsp__pcsamp_warps_issue_stalled_no_instructions,smsp__pcsamp_warps_issue_stalled_dispatch_stall,smsp__pcsamp_warps_issue_stalled_lg_throttle \
  --csv $b time > "$out/ncu.csv" 2> "$out/ncu.err"
tail -2 "$out/ncu.err"
python3 - "$out/ncu.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
hi = [i for i, r in enumerate(rows) if r and r[0] == "ID"][0]
h = rows[hi]
k, v, g = h.index("Metric Name"), h.index("Metric Value"), h.index("Grid Size")
want = ["Duration", "smsp__inst_executed.sum", "Issued Warp Per Scheduler", "dram__bytes_read.sum", "lts__t_sector_op_read_hit_rate.pct",
        "smsp__pcsamp_warps_issue_stalled_barrier", "smsp__pcsamp_warps_issue_stalled_wait", "smsp__pcsamp_warps_issue_stalled_short_scoreboard",
        "smsp__pcsamp_warps_issue_stalled_no_instructions", "smsp__pcsamp_warps_issue_stalled_not_selected", "smsp__pcsamp_warps_issue_stalled_selected"]
by = {}
for r in rows[hi + 1:]:
    if len(r) > v and r[k] in want:
        by.setdefault((r[0], r[4][:40], r[g]), {})[r[k]] = r[v]
for key, m in sorted(by.items(), key=lambda x: int(x[0][0])):
    print(key[0], key[1], "grid", key[2], " ".join("%s=%s" % (w.split("_")[-1].split(".")[0], m.get(w, "?")) for w in want))
PY
NCU=1 SEP3_RADII=7 SEP3_ZCH=96 timeout 200 ncu --clock-control none --launch-count 6 --section SourceCounters \
  --page source --print-source sass --csv $b time 2> "$out/src.err" | gzip > "$out/src.csv.gz"
tail -2 "$out/src.err"; ls -la "$out"
