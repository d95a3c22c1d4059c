#!/usr/bin/env python3
"""Writes auto's measured table (src/main/resources/org/convolab/cuda/auto-table.tsv, read by cuda.AutoTable)
from board JSON files that timed fast, tensor and fft on random masks (bench/gpu-round5-perf.sh's board-*.json).

For each mask of the 2D and rectangular workloads: the app's packed 8-bit ARGB path (`argb_ms`, row argb8) and
the planes kernels (`kernel_ms`, row planes: only where the row ran planes kernels; where a fused ARGB kernel ran,
bench's kernel_ms is that kernel, not the planes'), each strategy's mean over the policies measured (zero, mirror).
A board run with --unfused (fused ARGB kernels off) gives planes rows only: its argb_ms is not the app's path.
A later file's measurement of the same layout, mask, strategy and policy replaces an earlier one's. Rows are
listed from the fewest taps up (auto takes the first of equally near rows).

usage: python3 bench/auto_table.py BOARD.json [...] > src/main/resources/org/convolab/cuda/auto-table.tsv
"""
import json
import sys
from collections import defaultdict

STRATEGIES = ("fast", "tensor", "fft")


def shape(radius):
    """(width, height) of a bench row's radius: an int r, or "WxH" for a rectangular mask."""
    if isinstance(radius, str) and "x" in radius:
        w, h = radius.split("x")
        return int(w), int(h)
    return 2 * int(radius) + 1, 2 * int(radius) + 1


def table(boards):
    by_policy = {}  # (layout, w, h, strategy, policy) -> ms
    runs = []
    devices = set()
    for b in boards:
        devices.add(b["device"])
        runs.append(f"{b['date_utc']} UTC {b['command'].split('--name ')[-1]}")
        for wl in b["workloads"]:
            if wl["kind"] not in ("2d", "rect") or wl["policy"] not in ("zero", "mirror"):
                continue
            for row in wl["convolab"]:
                if row["strategy"] not in STRATEGIES:
                    continue
                w, h = shape(row["radius"])
                if "argb" not in row.get("runs", ""):  # planes kernels ran (not a fused ARGB kernel)
                    by_policy[("planes", w, h, row["strategy"], wl["policy"])] = row["kernel_ms"]
                if "argb_ms" in row and not b.get("unfused"):  # unfused: bench's argb_ms is planes + pack, not the app's path
                    by_policy[("argb8", w, h, row["strategy"], wl["policy"])] = row["argb_ms"]
    ms = defaultdict(list)  # (layout, w, h, strategy) -> [ms of each policy]
    for k, v in by_policy.items():
        ms[k[:4]].append(v)
    device = " and ".join(sorted(devices))
    masks = sorted({(k[0], k[1], k[2]) for k in ms}, key=lambda m: (m[0] != "argb8", m[1] * m[2], m[1], m[2]))
    lines = [f"# source: {device}, bench/board.py at 4096x4096, the mean of the policies measured (zero and mirror; an --unfused board's mirror alone); boards (later ones replace): " + ", ".join(runs),
             "# Auto's measured table (cuda.AutoTable): kernel ms of each strategy on each measured mask; argb8 the app's",
             "# packed 8-bit ARGB path (argb_ms), planes the planes kernels (kernel_ms). A strategy missing from a row was not",
             "# measured there (tensor's planes kernel on the rectangles: no --unfused board timed them), and auto does not pick it there.",
             "# Written by bench/auto_table.py."]
    for layout, w, h in masks:
        cells = [f"{s}={sum(v) / len(v):.4f}" for s in STRATEGIES if (v := ms.get((layout, w, h, s)))]
        lines.append("\t".join([layout, f"{w}x{h}"] + cells))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(table([json.load(open(p)) for p in sys.argv[1:]]))
