#!/usr/bin/env python3
"""The section of docs/BENCHMARKS.md on issue 28's round-five H100 call (bench/gpu-round5-perf.sh): the board with
the tensor strategy, ours ÷ floor and ÷ fastest peer per mask, the auto table's picks, Nsight Compute on the floor
gaps and the targets' verdicts. Every number comes from the files of FOLDER; bench/board_to_md.py prints it.

usage: python3 bench/round5_md.py [FOLDER]   (default bench/results/h100-2026-11-27-perf)
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board  # noqa: E402  (the floor's one definition)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "bench", "results", "h100-2026-11-27-perf")
OURS = ("fast", "tensor", "fft")


def load(folder, name):
    path = os.path.join(folder, name)
    return json.load(open(path)) if os.path.exists(path) else None


def fastest_peer(peers):
    ok = [(e["ms"], n) for n, e in peers.items() if "ms" in e]
    return min(ok) if ok else None


def argb_floor(size, r, limits):
    """The app's own path's floor: max(8 bytes a pixel ÷ bandwidth, FMAs of three channels ÷ FMA rate), ms."""
    px = size[0] * size[1]
    return max(px * 8 / limits["copy_bytes_per_s"], px * 3 * board.taps(r, "2d") / limits["fma_per_s"]) * 1e3


def workload_rows(wl, limits, verdicts):
    """One line a mask: the ARGB path of each strategy, the best, ÷ the board's FP32 floor, ÷ the fastest peer."""
    size = wl["size"]
    rows = {}
    for row in wl["convolab"]:
        rows.setdefault(board.mask_key(row["radius"]), {})[row["strategy"]] = row
    out = []
    for r in sorted(rows, key=lambda k: (isinstance(k, str), str(k).zfill(8))):
        ms = {s: rows[r][s]["argb_ms"] for s in OURS if s in rows[r] and "argb_ms" in rows[r][s]}
        best_s, best = min(ms.items(), key=lambda t: t[1])
        fl = board.floor_ms(size, r, wl["kind"], limits)
        afl = argb_floor(size, r, limits)
        peer = fastest_peer(wl["peers"].get(str(r), {}))
        diff = max(v["max_diff"] for v in rows[r].values() if v.get("max_diff") is not None)
        cells = [str(r), f"{fl:.3f}", f"{afl:.3f}"] + [("**%.3f**" if s == best_s else "%.3f") % ms[s] if s in ms else "—" for s in OURS]
        cells += [f"{best / fl:.2f}×", f"{best / afl:.2f}×", f"{peer[0]:.3f} ({peer[1]})" if peer else "—",
                  f"{best / peer[0]:.2f}" if peer else "—", str(diff)]
        out.append("| " + " | ".join(cells) + " |")
        verdicts.append({"policy": wl["policy"], "kind": wl["kind"], "r": r, "best": best, "best_s": best_s, "floor": fl,
                         "peer": peer, "tensor": ms.get("tensor"), "fft": ms.get("fft")})
    return out


NCU_ROWS = [  # case, the gap it explains
    ("argb-r2", "ARGB r = 2 (2.0× its 8-byte floor)"),
    ("separable-r7", "separable r = 7"),
    ("separable-r10", "separable r = 10"),
    ("separable-r15", "separable r = 15"),
    ("tensor-argb-r7", "tensor ARGB r = 7 (target 0.6× the FP32 floor)"),
    ("tensor-argb-r10", "tensor ARGB r = 10 (target 0.6× the FP32 floor)"),
    ("tensor-argb-r15", "tensor ARGB r = 15"),
]


def metric(m, name):
    v = m.get(name, [None, None])[1]
    try:
        return float(str(v).replace(",", ""))
    except (TypeError, ValueError):
        return None


def ncu_section(ncu):
    p = print
    cmd = next((v["command"] for v in ncu.values() if "command" in v), "")
    p("Nsight Compute, one launch each, clocks as found (`--clock-control none`), 4096² mirror, in the same call: "
      f"`{cmd}` (kernel, radius, strategy and mask of each row; `bench/ncu_gaps.py`). Percentages are of the device's "
      "peak; occupancy is achieved (theoretical) warps of the maximum. Shared wavefronts an instruction: a 16-byte load "
      "or store and an `ldmatrix.x4` take 4 without bank conflicts, a 4-byte access 1 — so the excess over that is what "
      "the access pattern's conflicts cost. (ncu's `l1tex__data_bank_conflicts_pipe_lsu_mem_shared` counter also counts "
      "collisions with global-memory traffic in the same L1 data banks: for `convolab_argbs_r2` it reads 5.1 M where its "
      "wavefronts exceed the conflict-free 4 a load by 0.4 M, so it is not quoted as the pattern's.)\n")
    p("| gap | kernel | ms (ncu) | DRAM % | SM % | L1 % | occupancy % | issue slots % | FMA pipe % | tensor pipe % | regs | "
      "shared wavefronts an instruction, ld / st | top stalls (cycles an issue) |")
    p("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for case, gap in NCU_ROWS:
        v = ncu.get(case)
        if not v or "metrics" not in v:
            continue
        m = v["metrics"]
        f = lambda n: metric(m, n)
        ldw, stw = f("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"), f("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum")
        ldi = (f("smsp__sass_inst_executed_op_shared_ld.sum") or 0) + (f("smsp__inst_executed_op_ldsm.sum") or 0)
        sti = f("smsp__sass_inst_executed_op_shared_st.sum")
        conflicts = " / ".join(f"{w / i:.2f}" if w and i else "—" for w, i in ((ldw, ldi), (stw, sti)))
        stalls = ", ".join(f"{n} {x:.1f}" for n, x in v["summary"]["top_stalls"])
        p(f"| {gap} | `{v['kernel_ran']}` | {f('gpu__time_duration.sum') / 1e6:.3f} | "
          f"{f('gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed'):.0f} | {f('sm__throughput.avg.pct_of_peak_sustained_elapsed'):.0f} | "
          f"{f('l1tex__throughput.avg.pct_of_peak_sustained_active'):.0f} | {f('sm__warps_active.avg.pct_of_peak_sustained_active'):.0f} "
          f"({f('sm__maximum_warps_per_active_cycle_pct'):.0f}) | {f('sm__issue_active.avg.pct_of_peak_sustained_elapsed'):.0f} | "
          f"{f('sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active'):.0f} | "
          f"{f('sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active'):.0f} | {f('launch__registers_per_thread'):.0f} | "
          f"{conflicts} | {stalls} |")
    missing = [c for c, _ in [("planes-r3", 0), ("planes-r4", 0)] if "metrics" not in ncu.get(c, {})]
    p("")
    if missing:
        old = load(os.path.join(ROOT, "bench", "results", "h100-board"), "board-4096-p.json") or {}
        prof = next((x for x in old.get("profiles", []) if x.get("strategy") == "fast" and x.get("radius") == 3 and "metrics" in x), None)
        was = ""
        if prof:
            g = lambda n: metric(prof["metrics"], n)
            was = (f" The last profile of `convolab_fast2d_r3` ({old['date_utc'][:10]}, clocks locked to base, in the table "
                   f"further down) read: occupancy {g('sm__warps_active.avg.pct_of_peak_sustained_active'):.0f}%, issue slots "
                   f"{g('sm__issue_active.avg.pct_of_peak_sustained_elapsed'):.0f}%, FMA pipe "
                   f"{g('sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active'):.0f}%, DRAM "
                   f"{g('gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed'):.0f}%, long_scoreboard "
                   f"{g('smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio'):.1f} cycles an issue; "
                   "the earlier profile run (radii 3, 7, 10, 15) had no r = 4.")
        p("Planes r = 3 and r = 4 have no row: `bench`'s engine ran the fused ARGB kernels (`convolab_argbs_r3`, `_r4`), so "
          "`-k regex:^convolab_fast2d_r3$` found no launch (`ncu_gaps.py` now runs those cases with "
          "`-Dconvolab.cuda.fuseArgb=false`)." + was + "\n")


def earlier_planes(r, policy="zero"):
    """The earlier H100 board's float-planes fast (bench/results/h100-board/board-4096-a.json): (ms, floor ms, fastest
    peer ms), or None."""
    b = load(os.path.join(ROOT, "bench", "results", "h100-board"), "board-4096-a.json")
    for wl in (b or {}).get("workloads", []):
        if wl["kind"] == "2d" and wl["policy"] == policy:
            row = next((x for x in wl["convolab"] if x["strategy"] == "fast" and int(x["radius"]) == r), None)
            peer = fastest_peer(wl["peers"].get(str(r), {}))
            if row and peer:
                return row["kernel_ms"], board.floor_ms(wl["size"], r, "2d", b["limits"]), peer[0]
    return None


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 and __name__ == "__main__" else FOLDER
    t2d, trect, tsep = (load(folder, f"board-4096-{n}.json") for n in ("t2d", "trect", "tsep"))
    ncu = load(folder, "ncu-gaps.json") or {}
    if not t2d:
        return
    p = print
    rel = os.path.relpath(folder, ROOT)
    lim = t2d["limits"]
    p("### H100, 2026-11-27: the board with the tensor strategy (issue 28)\n")
    p(f"- Device: {t2d['device']} (nvidia-smi: {t2d['nvidia_smi']}); one call of `bench/gpu-round5-perf.sh`; files in `{rel}/`.")
    for b in (t2d, trect, tsep):
        if b:
            p(f"- Run {b['date_utc']} UTC: `{b['command'].split(' --out ')[0]} {' '.join(b['command'].split(' --out ')[1].split()[1:])}`")
    p(f"- Limits measured in the run: copy {lim['copy_bytes_per_s'] / 1e12:.2f} TB/s, FP32 FMA {lim['fma_per_s'] / 1e12:.2f} TFMA/s. "
      "Medians of 10 samples (events around 10 back-to-back calls). Peers as in the board above, on float32 planes; "
      "cupy-oaconvolve and OpenCV on the host (never within 2× of the fastest peer in the full board) were left out to fit "
      "one call.")
    p("- **Ours is the app's own path**: packed 8-bit ARGB in and out on a resident image (`argb_ms`), the fused "
      "kernel of fast (r ≤ 7) and of tensor, else the planes kernels and the pack kernel. The peers filter three "
      "float32 planes: at r ≤ 3, where bytes bind, ours moves 8 bytes a pixel against their 24; from r = 4 the FMA "
      "term of the floor binds and the work is the same. **FP32 floor** = the board's (24 B/px, FMAs ÷ FMA rate), as "
      "the issue's targets use it; the 8 B/px column is the ARGB path's own. The planes kernels of fast at r ≤ 7 and "
      "tensor's planes kernel were not timed in this call (`bench` timed the fused kernels; `board.py --unfused` now "
      "times them): the float-planes rows are those of the board above.\n")
    verdicts = []
    what = {"2d": "random square masks", "rect": "random rectangular masks"}
    for b in (t2d, trect):
        for wl in (b or {}).get("workloads", []):
            p(f"#### H100 2026-11-27: 4096², {wl['policy']}, {what[wl['kind']]}, the ARGB path\n")
            p(f"| {'radius' if wl['kind'] == '2d' else 'mask'} | FP32 floor | floor (8 B/px) | fast | tensor | fft | best ÷ FP32 floor | "
              "best ÷ 8 B/px floor | fastest peer (float32 planes) | best ÷ fastest peer | max diff, any of ours (8-bit) |")
            p("|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|")
            for line in workload_rows(wl, b["limits"], verdicts):
                p(line)
            p("")
    if tsep:
        for wl in tsep["workloads"]:
            p(f"#### H100 2026-11-27: 4096², {wl['policy']}, Gaussian (separable) masks, fast-separable's planes kernel\n")
            p("| radius | floor | fast-separable | ÷ floor | ARGB path (+ pack) | fastest peer | ÷ fastest peer |")
            p("|---:|---:|---:|---:|---:|---|---:|")
            for row in sorted(wl["convolab"], key=lambda r: int(r["radius"])):
                r = int(row["radius"])
                fl = board.floor_ms(wl["size"], r, "separable", tsep["limits"])
                peer = fastest_peer(wl["peers"].get(str(r), {}))
                p(f"| {r} | {fl:.3f} | {row['kernel_ms']:.3f} | {row['kernel_ms'] / fl:.2f}× | {row.get('argb_ms', 0):.3f} | "
                  f"{peer[0]:.3f} ({peer[1]}) | {row['kernel_ms'] / peer[0]:.2f} |" if peer else "| — |")
                verdicts.append({"policy": wl["policy"], "kind": "separable", "r": r, "best": row["kernel_ms"], "floor": fl,
                                 "peer": peer, "best_s": "fast-separable"})
            p("")
    # auto's table
    tsv = os.path.join(ROOT, "src", "main", "resources", "org", "convolab", "cuda", "auto-table.tsv")
    if os.path.exists(tsv):
        rows = [l.rstrip("\n").split("\t") for l in open(tsv) if l.strip() and not l.startswith("#")]
        picks = []
        for layout in ("argb8", "planes"):
            won = [r[1] for r in rows if r[0] == layout and min((c.split("=") for c in r[2:]), key=lambda kv: float(kv[1]))[0] == "tensor"]
            picks.append(f"{layout}: tensor on {', '.join(won) if won else 'no mask'}")
        p("**Auto** reads `src/main/resources/org/convolab/cuda/auto-table.tsv` (`bench/auto_table.py` from these boards and, "
          "for the planes kernels, the earlier board's) and runs, for a mask that is not separable, the fastest strategy "
          "measured on the nearest mask that the device can run (tensor needs compute capability 7.5; fft needs cuFFT). "
          "The table's winners where tensor won, " + "; ".join(picks) + " (elsewhere fast, or fft past 31x31 on planes). "
          "`AutoTableTest` holds the chain to the table.\n")
    if ncu:
        p("#### The floor gaps under Nsight Compute (issue 28 item 2)\n")
        ncu_section(ncu)
        m = lambda c, n: metric(ncu.get(c, {}).get("metrics", {}), n)
        lines = []
        if "metrics" in ncu.get("argb-r2", {}):
            c = "argb-r2"
            ld_i, ld_w = m(c, "smsp__sass_inst_executed_op_shared_ld.sum"), m(c, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum")
            lines.append(f"**ARGB r = 2** (`convolab_argbs_r2`): the unit nearest its peak is L1 "
                         f"({m(c, 'l1tex__throughput.avg.pct_of_peak_sustained_active'):.0f}%), and shared-memory wavefronts alone keep "
                         f"its data pipe {m(c, 'l1tex__data_pipe_lsu_wavefronts_mem_shared.sum.pct_of_peak_sustained_elapsed'):.0f}% busy: "
                         f"{ld_i / 1e6:.2f} M 16-byte loads of the float tile ({ld_i * 32 / (4096 * 4096):.2f} a pixel: a thread reads "
                         f"3 channels x 6 rows x 3 float4s for its 8 outputs), {ld_w / 1e6:.1f} M wavefronts where 4 a load would be {4 * ld_i / 1e6:.1f} M: the reads "
                         f"barely conflict. Issue slots {m(c, 'sm__issue_active.avg.pct_of_peak_sustained_elapsed'):.0f}%, DRAM "
                         f"{m(c, 'gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed'):.0f}%. Limiting counter: L1/shared "
                         "throughput (shared-load wavefronts), with issue close behind; fewer shared bytes an output (taller "
                         "thread columns, which earlier cost occupancy, or the tile in FP16, where 8-bit samples are exact) is the "
                         "next step. Not tried in this call.")
        for c, r in (("separable-r7", 7), ("separable-r10", 10), ("separable-r15", 15)):
            if "metrics" in ncu.get(c, {}):
                lines.append(f"**Separable r = {r}** (`convolab_fastsep_r{r}`): DRAM "
                             f"{m(c, 'gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed'):.0f}%, issue slots "
                             f"{m(c, 'sm__issue_active.avg.pct_of_peak_sustained_elapsed'):.0f}%, occupancy "
                             f"{m(c, 'sm__warps_active.avg.pct_of_peak_sustained_active'):.0f}% of a theoretical "
                             f"{m(c, 'sm__maximum_warps_per_active_cycle_pct'):.0f}% ({m(c, 'launch__registers_per_thread'):.0f} registers, "
                             f"{m(c, 'launch__shared_mem_per_block') / 1024:.0f} KiB shared a block); warps wait on global loads "
                             f"(long_scoreboard {m(c, 'smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio'):.1f} "
                             "cycles an issue). Limiting counter: long_scoreboard at capped occupancy — neither DRAM nor the FMA pipe "
                             "is saturated; too few loads in flight.")
        for c, r in (("tensor-argb-r7", 7), ("tensor-argb-r10", 10), ("tensor-argb-r15", 15)):
            if "metrics" in ncu.get(c, {}):
                lines.append(f"**tensor r = {r}** (`{ncu[c]['kernel_ran']}`): tensor pipe "
                             f"{m(c, 'sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active'):.0f}%, issue slots "
                             f"{m(c, 'sm__issue_active.avg.pct_of_peak_sustained_elapsed'):.0f}%, occupancy "
                             f"{m(c, 'sm__warps_active.avg.pct_of_peak_sustained_active'):.0f}% (theoretical "
                             f"{m(c, 'sm__maximum_warps_per_active_cycle_pct'):.0f}%: {m(c, 'launch__registers_per_thread'):.0f} registers "
                             f"a thread allow {m(c, 'launch__occupancy_limit_registers'):.0f} blocks of 8 warps an SM, the "
                             f"{m(c, 'launch__shared_mem_per_block') / 1024:.0f} KiB tile {m(c, 'launch__occupancy_limit_shared_mem'):.0f}); long_scoreboard "
                             f"{m(c, 'smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio'):.1f} cycles an issue. "
                             "Limiting counter: occupancy (two blocks an SM) with global-load latency exposed — the tensor cores "
                             "are idle two thirds of the time.")
        for line in lines:
            p(f"- {line}")
        p("")
    # targets
    p("#### Targets of issue 28 on this call\n")
    direct = [v for v in verdicts if v["kind"] == "2d"]
    for r, goal in ((7, 0.6), (10, 0.6), (15, 0.6), (4, 1.0)):
        vs = [v for v in direct if v["r"] == r]
        if vs:
            worst = max(v["best"] / v["floor"] for v in vs)
            each = ", ".join("%s %s %.2f" % (v["policy"], v["best_s"], v["best"] / v["floor"]) for v in vs)
            p(f"- ARGB path ÷ FP32 floor ≤ {goal} at r = {r}: **{'met' if worst <= goal else 'missed'}** ({each}).")
    ahead = [v for v in direct if v["tensor"] and v["fft"] and isinstance(v["r"], int)]
    if ahead:
        behind = [f"{v['policy']} r={v['r']}" for v in ahead if v["tensor"] >= v["fft"]]
        t31 = ", ".join("%.3f" % v["tensor"] for v in ahead if v["r"] == 31)
        f31 = ", ".join("%.3f" % v["fft"] for v in ahead if v["r"] == 31)
        verdict = "met" if not behind else "missed at " + ", ".join(behind)
        p(f"- The direct path (tensor) ahead of the tuned FFT up to r = 31: **{verdict}** (r = 31: tensor {t31} ms against fft {f31} ms).")
    vs = [v for v in verdicts if v["kind"] in ("2d", "rect") and v["peer"]]
    over = [f"{v['policy']} {v['r']} {v['best'] / v['peer'][0]:.2f}" for v in vs if v["best"] / v["peer"][0] > 0.67]
    if vs:
        p(f"- Ours ÷ fastest peer ≤ 0.67 at every radius and rectangular mask: **{'met' if not over else 'missed'}** on the ARGB path"
          + (f" at {', '.join(over)}" if over else "") + f" (worst {max(v['best'] / v['peer'][0] for v in vs):.2f}); on float "
          "planes at r = 1, 2, 3, where the peers' 24 bytes a pixel are the same work, the board above had "
          + ", ".join(f"{e[0] / e[2]:.2f}" for e in map(earlier_planes, (1, 2, 3)) if e) + " (zero): not re-measured here.")
    seps = [v for v in verdicts if v["kind"] == "separable" and v["r"] <= 15]
    if seps:
        over = [f"r={v['r']} {v['best'] / v['floor']:.2f}×" for v in seps if v["best"] / v["floor"] > 1.25]
        p(f"- Separable ≤ 1.25× its floor up to r = 15 at 4096²: **{'met' if not over else 'missed'}**"
          + (f" at {', '.join(over)}" if over else "") + "; 8192² was not run in this call.")
    p("- Planes (float) r = 1..3 ≤ 1.25× floor: **not measured in this call** (the board above, zero: "
      + ", ".join(f"{e[0] / e[1]:.2f}×" for e in map(earlier_planes, (1, 2, 3)) if e) + ").")
    moon = [v for v in direct if isinstance(v["r"], int) and v["r"] >= 7]
    above = [v for v in moon if v["best"] >= v["floor"]]
    p(f"- Moonshot, below the FP32 floor for r ≥ 7 on the direct path: **{'met at every radius' if not above else 'missed at some'}** ("
      + ", ".join(f"{v['policy']} r={v['r']} {v['best_s']} {v['best'] / v['floor']:.2f}×" for v in moon) + ").")
    tests = os.path.join(folder, "gpu-tests.txt")
    if os.path.exists(tests) and "Usage: junit" in open(tests).read():
        p("- The gpu-tagged tests (TensorGpuTest, PlanLaunchGpuTest) **did not run** in this call: the bundle's "
          "`convolab-gpu-tests` scans the classpath, and JUnit's launcher refuses `--select-class` beside it "
          "(`gpu-tests.txt`); `bench/gpu-round5-perf.sh` now calls the launcher as `bench/gpu-quick.sh` does.")
    p("")


if __name__ == "__main__":
    main()
