#!/usr/bin/env python3
"""Before and after on the CPU engine: two jars and OpenCV filter2D in alternating rounds, so that the load of a
shared machine falls on all sides alike.

usage: /usr/bin/python3 bench/cpu_ab.py OLD.jar NEW.jar [RADII [ROUNDS [REPEAT [WARMUP]]]]
       (defaults 1,2,3,5,7 3 21 8; needs Debian's python3-opencv). Each round runs, for every radius: the old jar,
the new jar with --add-modules jdk.incubator.vector (Vector API kernel), the new jar without it (scalar loops),
each `convolab bench --backend cpu --size 2048x2048 --border mirror` in a fresh JVM, then OpenCV on the
workload of bench/cpu_board.py. Writes bench/results/cpu/cpu-ab.json: per radius and side the median of
the rounds' kernel_ms medians, the rounds, and the user CPU seconds of each JVM (JIT and start included).
"""
import json
import os
import resource
import subprocess
import sys
import time

import cv2
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    old, new = sys.argv[1], sys.argv[2]
    radii = [int(v) for v in (sys.argv[3] if len(sys.argv) > 3 else "1,2,3,5,7").split(",")]
    rounds, repeat, warm = (int(sys.argv[i]) if len(sys.argv) > i else d for i, d in ((4, 3), (5, 21), (6, 8)))
    cv2.setNumThreads(2)
    sides = {"old": ["java", "-jar", old],
             "new-vector": ["java", "--add-modules", "jdk.incubator.vector", "-jar", new],
             "new-scalar": ["java", "-jar", new]}
    res, loads = {}, [os.getloadavg()[0]]
    for rnd in range(rounds):
        for r in radii:
            for name, pre in sides.items():
                cmd = pre + ["bench", "--backend", "cpu", "--size", "2048x2048", "--radius", str(r), "--border", "mirror",
                             "--strategy", "auto", "--repeat", str(repeat), "--warmup", str(warm), "--format", "json"]
                u0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
                o = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)[0]
                u1 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
                res.setdefault(f"{r} {name}", []).append({"kernel_ms": o["kernel_ms"], "user_s": u1 - u0, "strategy": o["strategy"]})
            rng = np.random.default_rng(3)
            x = (rng.random((2048, 2048, 3), dtype=np.float32) * 255).astype(np.float32)
            w = rng.random((2 * r + 1, 2 * r + 1), dtype=np.float32)
            w /= w.sum()
            for _ in range(warm):
                cv2.filter2D(x, -1, w, borderType=cv2.BORDER_REFLECT_101)
            ts = []
            for _ in range(repeat):
                t = time.perf_counter()
                cv2.filter2D(x, -1, w, borderType=cv2.BORDER_REFLECT_101)
                ts.append((time.perf_counter() - t) * 1e3)
            res.setdefault(f"{r} opencv", []).append({"kernel_ms": float(np.median(ts))})
            loads.append(os.getloadavg()[0])
            print(rnd, r, {k: v[-1]["kernel_ms"] for k, v in res.items() if k.startswith(f"{r} ")}, "load", loads[-1], flush=True)
    rows = []
    for r in radii:
        row = {"radius": r}
        for name in list(sides) + ["opencv"]:
            v = res[f"{r} {name}"]
            row[name] = {"ms": float(np.median([a["kernel_ms"] for a in v])), "rounds": [a["kernel_ms"] for a in v]}
            if "user_s" in v[0]:
                row[name]["user_s"] = float(np.median([a["user_s"] for a in v]))
        rows.append(row)
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    out = {"machine": f"{os.cpu_count()} cores, {model}", "date_utc": time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
           "command": "/usr/bin/python3 bench/cpu_ab.py " + " ".join(sys.argv[1:]), "rounds": rounds, "repeat": repeat,
           "warmup": warm, "opencv": cv2.__version__, "load_min": min(loads), "load_max": max(loads), "radii": rows}
    with open(os.path.join(ROOT, "bench", "results", "cpu", "cpu-ab.json"), "w") as f:
        json.dump(out, f, indent=1)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
