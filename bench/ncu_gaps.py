#!/usr/bin/env python3
"""Nsight Compute on the kernels of issue 28's floor gaps (item 2), one launch each, clocks as found.

Run on the GPU host after unpacking the bundle (bench/gpu-round5-perf.sh does):
    python3 bench/ncu_gaps.py --out "$OUT" [--cases NAME,...]

Each case runs `convolab bench` (4096x4096, mirror, --repeat 1 --warmup 0) under
`ncu --clock-control none --launch-count 1 -k regex:^KERNEL$` with the sections that hold the counters the
gap is read from: dram and SM throughput (SpeedOfLight), achieved occupancy (Occupancy), the warp-stall
reasons (WarpStateStats), issue slots and pipes (ComputeWorkloadAnalysis), shared-memory bank conflicts
(MemoryWorkloadAnalysis_Tables). Writes ncu-gaps.json (every raw metric of each case, and a summary) and
prints one line a case. A case whose ncu run fails is retried without the tables section, then recorded
with its error.
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys
import time

CONVOLAB = "/tmp/convolab/bin/convolab"
SECTIONS = ["SpeedOfLight", "Occupancy", "WarpStateStats", "ComputeWorkloadAnalysis", "LaunchStats",
            "MemoryWorkloadAnalysis", "MemoryWorkloadAnalysis_Tables"]

# name: (kernel, bench arguments). The planes cases run with the fused ARGB kernels off
# (-Dconvolab.cuda.fuseArgb=false): on 2026-11-27 bench's engine ran only the fused kernels at r <= 7, and ncu
# found no planes kernel to profile.
CASES = {
    "planes-r3": ("convolab_fast2d_r3", ["--radius", "3", "--strategy", "fast", "--mask", "random"]),
    "planes-r4": ("convolab_fast2d_r4", ["--radius", "4", "--strategy", "fast", "--mask", "random"]),
    "separable-r7": ("convolab_fastsep_r7", ["--radius", "7", "--strategy", "fast-separable", "--mask", "gaussian"]),
    "argb-r2": ("convolab_argbs_r2", ["--radius", "2", "--strategy", "fast", "--mask", "random"]),
    "separable-r15": ("convolab_fastsep_r15", ["--radius", "15", "--strategy", "fast-separable", "--mask", "gaussian"]),
    "tensor-argb-r7": ("convolab_tensor_argbn_e2_hi", ["--radius", "7", "--strategy", "tensor", "--mask", "random"]),
    "tensor-argb-r10": ("convolab_tensor_argbn_e2_hi", ["--radius", "10", "--strategy", "tensor", "--mask", "random"]),
    "separable-r10": ("convolab_fastsep_r10", ["--radius", "10", "--strategy", "fast-separable", "--mask", "gaussian"]),
    "tensor-argb-r15": ("convolab_tensor_argbn_e3_hi", ["--radius", "15", "--strategy", "tensor", "--mask", "random"]),
    # whichever tensor ARGB kernel the app runs (r = 4: argbn_e1; r = 31: too much shared memory for argbn's two
    # blocks an SM, so the per-band argb kernel)
    "tensor-argb-r4": ("convolab_tensor_argb.*", ["--radius", "4", "--strategy", "tensor", "--mask", "random"]),
    "tensor-argb-r31": ("convolab_tensor_argb.*", ["--radius", "31", "--strategy", "tensor", "--mask", "random"]),
    # the float planes' tensor kernel where the planes path misses 0.67 of the fastest peer (round seven's board: r = 23)
    "planes-tensor-r23": ("convolab_tensor_planes.*", ["--radius", "23", "--strategy", "tensor", "--mask", "random"]),
    # round eight: the separable rows at 8192² (the 4096² cases above are the same kernels on a quarter the pixels)
    "separable-8192-r10": ("convolab_fastsep_r10", ["--radius", "10", "--strategy", "fast-separable", "--mask", "gaussian"],
                           {"size": "8192x8192"}),
    "separable-8192-r15": ("convolab_fastsep_r15", ["--radius", "15", "--strategy", "fast-separable", "--mask", "gaussian"],
                           {"size": "8192x8192"}),
    # the float planes' FFT path at r = 31 (0.90 of CuPy's FFT): every kernel of one filter, cuFFT's included
    "planes-fft-r31": (".*", ["--radius", "31", "--strategy", "fft", "--mask", "random"], {"launches": 40}),
}

SUMMARY = [  # label, metric name
    ("time_ns", "gpu__time_duration.sum"),
    ("dram_pct", "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed"),
    ("sm_pct", "sm__throughput.avg.pct_of_peak_sustained_elapsed"),
    ("memory_pct", "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"),
    ("occupancy_pct", "sm__warps_active.avg.pct_of_peak_sustained_active"),
    ("theoretical_occupancy_pct", "sm__maximum_warps_per_active_cycle_pct"),
    ("issue_pct", "sm__issue_active.avg.pct_of_peak_sustained_elapsed"),
    ("fma_pipe_pct", "sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active"),
    ("tensor_pipe_pct", "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active"),
    ("l1_pct", "l1tex__throughput.avg.pct_of_peak_sustained_active"),
    ("l2_pct", "lts__throughput.avg.pct_of_peak_sustained_elapsed"),
    ("regs", "launch__registers_per_thread"),
    ("shared_ld_bank_conflicts", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
    ("shared_st_bank_conflicts", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"),
    ("shared_ld_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
    ("shared_st_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
    ("warp_instructions", "smsp__inst_executed.sum"),
]


def number(text):
    try:
        return float(str(text).replace(",", ""))
    except ValueError:
        return None


def raw_head(rows):
    """The row of metric names in `ncu --csv --page raw` output (units follow it, then a row a kernel), or None."""
    return next((i for i, r in enumerate(rows) if r and r[0] == "ID"), None)


def stalls(metrics, skip=("not_selected", "selected")):
    """The warp-stall reasons of one profile (metrics: name -> [unit, value]), most first, as (warps stalled per
    issued instruction, reason); the reasons in skip left out."""
    found = []
    for name, (unit, value) in metrics.items():
        g = re.fullmatch(r"smsp__average_warps?_(?:latency_)?issue_stalled_(\w+?)_per_issue_active\.ratio", name)
        if g and g.group(1) not in skip and number(value) is not None:
            found.append((number(value), g.group(1)))
    return sorted(found, reverse=True)


def summary(metrics):
    s = {label: number(metrics[name][1]) for label, name in SUMMARY if name in metrics}
    s["top_stalls"] = [[n, v] for v, n in stalls(metrics)[:3]]
    return s


def run_case(ncu, name, kernel, args, out, sections, size="4096x4096", launches=1):
    log_file = os.path.join("/tmp", f"ncu-{name}.csv")
    if os.path.exists(log_file):
        os.remove(log_file)
    cmd = [ncu, "--clock-control", "none", "--csv", "--page", "raw", "--log-file", log_file, "-k", f"regex:^{kernel}$",
           "--launch-count", str(launches)]
    for sec in sections:
        cmd += ["--section", sec]
    bench = [CONVOLAB, "bench", "--backend", "cuda", "--size", size, "--border", "mirror", "--repeat", "1", "--warmup", "0",
             "--format", "json", *args]
    t = time.time()
    env = dict(os.environ)
    if name.startswith("planes-"):
        env["CONVOLAB_JAVA_OPTS"] = (env.get("CONVOLAB_JAVA_OPTS", "") + " -Dconvolab.cuda.fuseArgb=false").strip()
    p = subprocess.run(cmd + bench, capture_output=True, text=True, timeout=120, env=env)
    rows = list(csv.reader(open(log_file))) if os.path.exists(log_file) else []
    head = raw_head(rows)
    if head is None or len(rows) < head + 3:
        return {"error": ((p.stderr or "") + (p.stdout or ""))[-600:], "seconds": round(time.time() - t, 1)}
    names, units, values = rows[head], rows[head + 1], rows[head + 2]
    metrics = {n: [u, v] for n, u, v in zip(names, units, values)}
    if launches > 1:                     # every kernel of the filter: a summary each, the longest as the case's
        kernels = []
        for row in rows[head + 2:]:
            m = {n: [u, v] for n, u, v in zip(names, units, row)}
            kernels.append({"name": m.get("Kernel Name", ["", "?"])[1], "summary": summary(m)})
        longest = max(range(len(kernels)), key=lambda i: kernels[i]["summary"].get("time_ns") or 0)
        metrics = {n: [u, v] for n, u, v in zip(names, units, rows[head + 2 + longest])}
        return {"kernel_ran": kernels[longest]["name"], "seconds": round(time.time() - t, 1), "kernels": kernels,
                "total_time_ns": sum(k["summary"].get("time_ns") or 0 for k in kernels),
                "command": "ncu --clock-control none --launch-count " + str(launches) + " --section "
                           + " --section ".join(sections) + " " + " ".join(bench).replace(CONVOLAB, "convolab"),
                "summary": summary(metrics), "metrics": metrics}
    return {"kernel_ran": metrics.get("Kernel Name", ["", "?"])[1], "seconds": round(time.time() - t, 1),
            "command": "ncu --clock-control none --launch-count 1 -k regex:^" + kernel + "$ --section " + " --section ".join(sections)
                       + " " + " ".join(bench).replace(CONVOLAB, "convolab"),
            "summary": summary(metrics), "metrics": metrics}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="ncu-out")
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--ncu", default="ncu")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    results = {}
    for name in args.cases.split(","):
        kernel, bench_args, *extra = CASES[name]
        opts = extra[0] if extra else {}
        try:
            res = run_case(args.ncu, name, kernel, bench_args, args.out, SECTIONS, **opts)
            if "error" in res:
                res = run_case(args.ncu, name, kernel, bench_args, args.out, SECTIONS[:-1], **opts)
        except subprocess.TimeoutExpired:
            res = {"error": "ncu timed out (120 s)"}
        res.update({"case": name, "kernel": kernel})
        results[name] = res
        s = res.get("summary", {})
        print(f"{name:16s} {kernel:30s} " + (res["error"][-200:].replace("\n", " | ") if "error" in res else
              " ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in s.items())), flush=True)
        for k in res.get("kernels", []):
            ks = k["summary"]
            print(f"    {k['name'][:60]:60s} time_ns={ks.get('time_ns')} dram_pct={ks.get('dram_pct')} "
                  f"issue_pct={ks.get('issue_pct')} occupancy_pct={ks.get('occupancy_pct')}", flush=True)
        with open(os.path.join(args.out, "ncu-gaps.json"), "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
