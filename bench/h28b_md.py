#!/usr/bin/env python3
"""Markdown for docs/BENCHMARKS.md from helper h28b's GPU call (bench/gpu-h28b.sh): the float-planes floor gaps of
issue 28 (planes r = 1..4, fast-separable r = 1..15) at 4096² and 8192², before (the shipped kernels, the last
board) and after, each ÷ the FP32 floor max(24 B/px ÷ 3.0 TB/s, FMAs ÷ 28.3 T/s).
    python3 bench/h28b_md.py bench/results/h100-2026-11-27-h28b"""
import glob
import json
import os
import sys

BW, FMA = 3.0e12, 28.3e12


def floor_ms(w, h, fmas_px):
    px = w * h
    return max(24.0 * px / BW, 3.0 * px * fmas_px / FMA) * 1e3


def rows(path):
    with open(path) as f:
        data = json.load(f)
    if isinstance(data, dict):  # a board file: its Convolab rows
        return [r for wl in data["workloads"] for r in wl["convolab"]], data
    return data, None


def fmas(r, separable):
    k = 2 * r + 1
    return 2 * k if separable else k * k


def table(title, rs, separable, target=1.25):
    out = [f"#### {title}", "", "| size | border | radius | kernel | ms | FP32 floor | ÷ floor | ≤ 1.25×? |", "|---|---|---:|---|---:|---:|---:|---|"]
    for r in sorted(rs, key=lambda r: (r["width"], r["border"], int(r["radius"]))):
        fl = floor_ms(r["width"], r["height"], fmas(int(r["radius"]), separable))
        ratio = r["kernel_ms"] / fl
        out.append(f"| {r['width']}² | {r['border']} | {r['radius']} | `{r['runs']}` | {r['kernel_ms']:.3f} | {fl:.3f} | "
                   f"{ratio:.2f}× | {'met' if ratio <= target else '**missed**'} |")
    return "\n".join(out) + "\n"


def main():
    d = sys.argv[1]
    parts = []
    for name, title, sep in [("h28b-planes.json", "Planes (float), random masks, fast (planes kernels, --unfused)", False),
                             ("h28b-sepA.json", "Gaussians, mirror (the board's), fast-separable as shipped (two-stage kernel)", True),
                             ("h28b-sepB.json", "Gaussians, mirror (the board's), fast-separable streamed (variant B)", True)]:
        p = os.path.join(d, name)
        if os.path.exists(p):
            rs, board = rows(p)
            parts.append(f"`{board['command']}` ({board['date_utc']} UTC, {board['nvidia_smi']}; limits measured: copy "
                         f"{board['limits']['copy_bytes_per_s'] / 1e12:.2f} TB/s, FMA {board['limits']['fma_per_s'] / 1e12:.2f} T/s)\n")
            parts.append(table(title, rs, sep))
    for v, label in [("A", "as shipped (two-stage kernel)"), ("B", "streamed (variant B)")]:
        rs = []
        for p in sorted(glob.glob(os.path.join(d, f"sepzero{v}-*.json"))):
            try:
                rs += rows(p)[0]
            except (ValueError, KeyError):
                pass
        if rs:
            parts.append(table(f"Gaussians, zero, fast-separable {label} (`convolab bench --mask gaussian --border zero --repeat 10`)", rs, True))
    for v in ["A", "B"]:
        p = os.path.join(d, f"ncu{v}", "ncu-gaps.json")
        if os.path.exists(p):
            with open(p) as f:
                n = json.load(f)
            out = [f"#### Nsight Compute, bundle {v} (4096², mirror, one launch, `--clock-control none`, bench/ncu_gaps.py)", "",
                   "| case | kernel | ms (ncu) | DRAM % | SM (issue) % | FMA pipe % | occupancy % (theoretical) | regs | top stalls |",
                   "|---|---|---:|---:|---:|---:|---|---:|---|"]
            for case, c in n.items():
                s = c.get("summary", c)
                if not isinstance(s, dict) or not ('time_us' in s or 'time_ns' in s):
                    out.append(f"| {case} | `{c.get('kernel', '')}` | — | | | | | | {str(c.get('error', 'no summary'))[:80]} |")
                    continue
                st = ", ".join(f"{a} {b}" for a, b in s.get("top_stalls", []))
                out.append(f"| {case} | `{c.get('kernel', '')}` | {s.get('time_ns', s.get('time_us', 0)) / 1e6:.3f} | {s.get('dram_pct', s.get('memory_pct', 0)):.0f} | {s.get('issue_pct', 0):.0f} | "
                           f"{s.get('fma_pipe_pct', 0):.0f} | {s.get('occupancy_pct', 0):.0f} ({s.get('theoretical_occupancy_pct', 0):.0f}) | "
                           f"{int(s.get('regs', 0))} | {st} |")
            parts.append("\n".join(out) + "\n")
    print("\n".join(parts))


if __name__ == "__main__":
    main()
