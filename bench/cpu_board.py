#!/usr/bin/env python3
"""CPU engine against OpenCV filter2D on this machine, in one run (the performance issue's CPU target).

usage: /usr/bin/python3 bench/cpu_board.py   (needs Debian's python3-opencv; builds nothing: run
`mvn -q -DskipTests package` first). Writes bench/results/cpu/cpu-board.json.
Both sides: 2048x2048, three float32 channels, a random 7x7 mask (radius 3), mirror ghost cells
(OpenCV BORDER_REFLECT_101), 2 threads, median of 21 after 8 warm-up runs; Convolab's kernel_ms is
the filter on its float planes.
"""
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
ROUNDS = 3  # each side run this many times (a fresh JVM each); the page gives the middle round and the range


def main():
    cmd = ["java", "-jar", os.path.join(ROOT, "target", "convolab.jar"), "bench", "--backend", "cpu", "--size", "2048x2048",
           "--radius", "3", "--border", "mirror", "--strategy", "auto", "--repeat", str(REPEAT), "--warmup", str(WARMUP),
           "--format", "json"]
    cv2.setNumThreads(2)
    rng = np.random.default_rng(3)
    x = (rng.random((2048, 2048, 3), dtype=np.float32) * 255).astype(np.float32)
    w = rng.random((7, 7), dtype=np.float32)
    w /= w.sum()
    rounds = []
    for _ in range(ROUNDS):
        ours = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)[0]
        for _ in range(WARMUP):
            cv2.filter2D(x, -1, w, borderType=cv2.BORDER_REFLECT_101)
        times = []
        for _ in range(REPEAT):
            t = time.perf_counter()
            cv2.filter2D(x, -1, w, borderType=cv2.BORDER_REFLECT_101)
            times.append((time.perf_counter() - t) * 1e3)
        rounds.append({"convolab_ms": ours["kernel_ms"], "convolab_end_to_end_ms": ours["end_to_end_ms"],
                       "opencv_ms": float(np.median(times)), "strategy": ours["strategy"]})
    rounds.sort(key=lambda r: r["convolab_ms"] / r["opencv_ms"])
    mid = rounds[len(rounds) // 2]
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.machine())
    result = {"machine": f"{os.cpu_count()} cores, {model}", "date_utc": time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
              "command": "/usr/bin/python3 bench/cpu_board.py", "repeat": REPEAT, "threads": 2, "opencv": cv2.__version__,
              "opencv_ms": mid["opencv_ms"], "convolab_ms": mid["convolab_ms"], "convolab_end_to_end_ms": mid["convolab_end_to_end_ms"],
              "convolab_strategy": mid["strategy"], "convolab_command": " ".join(["convolab"] + cmd[3:]), "rounds": rounds}
    os.makedirs(os.path.join(ROOT, "bench", "results", "cpu"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "results", "cpu", "cpu-board.json"), "w") as f:
        json.dump(result, f, indent=1)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
