#!/usr/bin/env bash
# Round twelve, call U: bench/volumelab/sep3t.cu (built here with -lineinfo into .carry/t/sep3t; carry .carry/t) with
# sep3tc.cuh's knobs (TRUNC split, FUSE peeled loop with x and y interleaved, slow loader out of line): check, times,
# then Nsight Compute on the r 7 tensor-core kernel K (default the first form with both knobs) (stall samples, per-instruction counts).
set -uo pipefail
out=${OUT:-round12-u-out}; mkdir -p "$out"
b=.carry/t/sep3t
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$out/host.txt" 2>&1
timeout 150 $b check > "$out/sep3t-check.txt" 2>&1; echo "check exit $?" >> "$out/sep3t-check.txt"
grep -E "BAD|check" "$out/sep3t-check.txt" | head -12
SEP3_ZCH=64,96,128 timeout 200 $b time > "$out/sep3t-time.txt" 2>&1; echo "time exit $?" >> "$out/sep3t-time.txt"
cut -c1-118 "$out/sep3t-time.txt"
k=${K:-"regex:tc_7_64_16_4_2_true_true"}
NCU=1 SEP3_RADII=7 SEP3_ZCH=96 timeout 150 ncu --clock-control none --kernel-name "$k" --launch-count 2 \
  --section SpeedOfLight --section SchedulerStats --section WarpStateStats --section ComputeWorkloadAnalysis \
  --csv $b time > "$out/ncu.csv" 2> "$out/ncu.err"
tail -2 "$out/ncu.err"
python3 - "$out/ncu.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
hi = [i for i, r in enumerate(rows) if r and r[0] == "ID"][0]
h = rows[hi]
k, v, n = h.index("Metric Name"), h.index("Metric Value"), h.index("Kernel Name")
for r in rows[hi + 1:]:
    if len(r) > v and (r[k].startswith("Stall") or r[k] in ("Duration", "Issued Warp Per Scheduler", "Executed Ipc Active",
            "Warp Cycles Per Issued Instruction", "Achieved Occupancy", "Memory Throughput", "DRAM Throughput", "Compute (SM) Throughput")):
        print(r[0], r[n][:34], r[k], r[v])
PY
NCU=1 SEP3_RADII=7 SEP3_ZCH=96 timeout 150 ncu --clock-control none --kernel-name "$k" --launch-count 1 --section SourceCounters \
  --page source --print-source sass --csv $b time 2> "$out/src.err" | gzip > "$out/src.csv.gz"
tail -2 "$out/src.err"; ls -la "$out"
