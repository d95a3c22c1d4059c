#!/usr/bin/env python3
"""Turns `convolab bench --format json` output into the Markdown tables of docs/BENCHMARKS.md.

usage: bench_to_md.py RESULTS_DIR > section.md
RESULTS_DIR holds host.txt (nvidia-smi name, driver, memory; then the date), bench-*.json, and
optionally selftest.txt and gpu-tests.txt. Nothing in the output is typed by hand.
"""
import json
import pathlib
import sys


def table(rows):
    strategies = []
    for r in rows:
        if r["strategy"] not in strategies:
            strategies.append(r["strategy"])
    radii = sorted({r["radius"] for r in rows})
    by = {(r["radius"], r["strategy"]): r for r in rows}
    out = ["| radius | " + " | ".join(strategies) + " |", "|---:|" + "---:|" * len(strategies)]
    for rad in radii:
        cells = []
        for s in strategies:
            r = by.get((rad, s))
            cells.append("—" if r is None else f'{r["kernel_ms"]:.3f}')
        out.append(f"| {rad} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def rates(rows):
    out = ["| radius | strategy | kernel ms | end-to-end ms | GB/s | GFLOP/s | max diff |", "|---:|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        out.append(f'| {r["radius"]} | {r["strategy"]} | {r["kernel_ms"]:.3f} | {r["end_to_end_ms"]:.3f} | '
                   f'{r["gbps"]:.1f} | {r["gflops"]:.1f} | {r["max_diff"]} |')
    return "\n".join(out)


def main():
    d = pathlib.Path(sys.argv[1])
    host = (d / "host.txt").read_text().splitlines()
    print(f"Device: {host[0]}. Date (UTC): {host[1]}.\n")
    for name, what in (("bench-random.json", "random (non-separable) masks"), ("bench-gaussian.json", "Gaussian (separable) masks")):
        f = d / name
        if not f.exists():
            continue
        rows = json.loads(f.read_text())
        r0 = rows[0]
        kind = "gaussian" if "gaussian" in name else "random"
        print(f"### {r0['width']}×{r0['height']}, {what}, border {r0['border']}\n")
        print(f"Command: `convolab bench --backend cuda --strategy all --repeat {r0['repeat']}"
              f"{' --mask gaussian' if kind == 'gaussian' else ''} --format json`\n")
        print("Kernel time of all three channels, ms (median of "
              f"{r0['repeat']} runs after 2 warm-ups, CUDA events):\n")
        print(table(rows) + "\n")
        print("<details><summary>All columns</summary>\n\n" + rates(rows) + "\n\n</details>\n")


if __name__ == "__main__":
    main()
