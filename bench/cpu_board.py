#!/usr/bin/env python3
"""CPU engine against OpenCV filter2D on this machine, in one run (the performance issue's CPU target).

usage: /usr/bin/python3 bench/cpu_board.py [--radii 1,2,3,5,7,10,15,23,31]   (needs Debian's
python3-opencv; builds nothing: run `mvn -q -DskipTests package` first). Writes
bench/results/cpu/cpu-board.json.
Convolab runs with --add-modules jdk.incubator.vector (the CPU engine's Vector API kernel).
Both sides: 2048x2048, three float32 channels, a random (2r+1)^2 mask, mirror ghost cells (OpenCV
BORDER_REFLECT_101), 2 threads, median of 21 after 8 warm-up runs; Convolab's kernel_ms is the filter
on its float planes. Radius 3 is the headline (3 rounds, the middle one on the page); the other
radii of --radii get one round, and past radius 7 (seconds a filter) 5 runs after 2 warm-up runs.
"""
import argparse
import json
import os
import platform
import subprocess
import time

import cv2
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPEAT = 21
WARMUP = 8  # the JVM compiles the hot loops (C2) during the first few filters
JAVA = ["java", "--add-modules", "jdk.incubator.vector", "-jar", os.path.join(ROOT, "target", "convolab.jar")]
ROUNDS = 3  # each side run this many times (a fresh JVM each); the page gives the middle round and the range


def one_round(radius, repeat, warmup):
    """Convolab (a fresh JVM) then OpenCV on the same workload; returns both medians."""
    # --add-modules: the engine's Vector API kernel (an incubator module in Java 17); the bundle's launcher passes it too.
    cmd = JAVA + ["bench", "--backend", "cpu", "--size", "2048x2048",
           "--radius", str(radius), "--border", "mirror", "--strategy", "auto", "--repeat", str(repeat), "--warmup", str(warmup),
           "--format", "json"]
    rng = np.random.default_rng(3)
    x = (rng.random((2048, 2048, 3), dtype=np.float32) * 255).astype(np.float32)
    w = rng.random((2 * radius + 1, 2 * radius + 1), dtype=np.float32)
    w /= w.sum()
    ours = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)[0]
    for _ in range(warmup):
        cv2.filter2D(x, -1, w, borderType=cv2.BORDER_REFLECT_101)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        cv2.filter2D(x, -1, w, borderType=cv2.BORDER_REFLECT_101)
        times.append((time.perf_counter() - t) * 1e3)
    return cmd, {"radius": radius, "convolab_ms": ours["kernel_ms"], "convolab_end_to_end_ms": ours["end_to_end_ms"],
                 "opencv_ms": float(np.median(times)), "strategy": ours["strategy"], "repeat": repeat}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--radii", default="3", help="comma-separated radii (default 3; the issue's sweep: 1,2,3,5,7,10,15,23,31)")
    args = ap.parse_args()
    cv2.setNumThreads(2)
    load_before = os.getloadavg()[0]
    rounds = []
    for _ in range(ROUNDS):
        cmd, r = one_round(3, REPEAT, WARMUP)
        rounds.append(r)
    sweep = []
    for radius in (int(v) for v in args.radii.split(",")):
        if radius == 3:
            continue
        slow = radius > 7
        _, r = one_round(radius, 5 if slow else REPEAT, 2 if slow else WARMUP)
        sweep.append(r)
        print(f"r={radius}: convolab {r['convolab_ms']:.1f} ms ({r['strategy']}), opencv {r['opencv_ms']:.1f} ms", flush=True)
    rounds.sort(key=lambda r: r["convolab_ms"] / r["opencv_ms"])
    mid = rounds[len(rounds) // 2]
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.machine())
    result = {"machine": f"{os.cpu_count()} cores, {model}", "date_utc": time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
              "command": "/usr/bin/python3 bench/cpu_board.py" + ("" if args.radii == "3" else " --radii " + args.radii), "repeat": REPEAT, "threads": 2, "opencv": cv2.__version__,
              "opencv_ms": mid["opencv_ms"], "convolab_ms": mid["convolab_ms"], "convolab_end_to_end_ms": mid["convolab_end_to_end_ms"],
              "convolab_strategy": mid["strategy"], "load_before": load_before, "load_after": os.getloadavg()[0], "convolab_command": " ".join(["convolab"] + cmd[len(JAVA):]), "rounds": rounds,
              "radii": sorted([mid] + sweep, key=lambda r: r["radius"]) if sweep else []}
    os.makedirs(os.path.join(ROOT, "bench", "results", "cpu"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "results", "cpu", "cpu-board.json"), "w") as f:
        json.dump(result, f, indent=1)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
