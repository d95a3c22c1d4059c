#!/usr/bin/env python3
"""The histogram board (issue 17): Convolab's histogram strategies against NPP and CuPy.

Run on the GPU host, from the repository root, after unpacking the bundle:
    tar xzf target/convolab-linux-x64.tar.gz -C /tmp && python3 bench/histogram_board.py --out "$OUT"

Workloads, all --size pixels (default 6000x4000, 24 MP) of packed 8-bit ARGB: a uniform random
opaque image (values over all bins: little contention), a constant one (every thread on the same
bins), and --image scaled by nearest neighbour (a dark astronomy photograph: skewed towards black).

Convolab: `convolab histogram --bench` (kernel ms from CUDA events around 10 back-to-back
launches, zeroing included, median; every result equal to the plain CPU count). It counts five
channels: R, G, B, alpha and luminance. Peers count the four R, G, B, A (they have no luminance):
NPP nppiHistogramEven_8u_C4R_Ctx on the packed image; CuPy bincount and histogram per channel of
an (h, w, 4) uint8 view. Peers are timed the same way (board.cuda_median) and their counts checked
against NumPy's bincount on the host. Last, `convolab histogram --format csv` on a PNG this script
writes is compared with NumPy's counts for every strategy (the held-back check's question), and the
same for 16-bit PNGs (RGBA and grey, written here with zlib: no OpenCV or Pillow needed) at 65536,
1000 and 7 bins, where privatized and aggregated must refuse past 2048 bins with exit status 2.

Writes histogram-board.json and histogram-board.md (a section for docs/BENCHMARKS.md) to --out.
Runtime: about a minute on an H100.
"""
import argparse
import ctypes
import glob
import json
import os
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board  # noqa: E402  (the main board's timing and NPP structures)

STRATEGIES = ["global-atomics", "sectioned", "interleaved", "privatized", "aggregated", "fast"]
CONSTANT_ARGB = 0xFF4080C0  # the constant image of `convolab histogram --bench`


def log(*a):
    print(*a, file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------- images
def luminance(r, g, b):
    """round(0.299 R + 0.587 G + 0.114 B), halves up, exactly: Convolab's definition."""
    return (299 * r.astype(np.int64) + 587 * g.astype(np.int64) + 114 * b.astype(np.int64) + 500) // 1000


def numpy_counts(argb, bins=256):
    """{channel: counts} of a uint32 ARGB array, by NumPy on the host."""
    a = argb.ravel()
    ch = {"r": (a >> 16) & 255, "g": (a >> 8) & 255, "b": a & 255, "a": a >> 24}
    ch["luminance"] = luminance(ch["r"], ch["g"], ch["b"])
    return {k: np.bincount((v.astype(np.int64) * bins) >> 8, minlength=bins) for k, v in ch.items()}


def read_rgba(path):
    """(h, w, 4) uint8 RGBA of an image file, through Pillow or else OpenCV."""
    try:
        from PIL import Image
        return np.asarray(Image.open(path).convert("RGBA"))
    except ImportError:
        import cv2
        bgr = cv2.imread(path, cv2.IMREAD_COLOR)
        if bgr is None:
            raise RuntimeError(f"cannot read {path}")
        rgba = np.empty(bgr.shape[:2] + (4,), np.uint8)
        rgba[..., :3] = bgr[..., ::-1]
        rgba[..., 3] = 255
        return rgba


def pack(rgba):
    """(h, w, 4) RGBA uint8 to (h, w) uint32 ARGB."""
    r, g, b, a = (rgba[..., k].astype(np.uint32) for k in range(4))
    return (a << 24) | (r << 16) | (g << 8) | b


def scaled(argb, w, h):
    """Nearest-neighbour scaling, the same index mapping as Convolab's (x * sw // w)."""
    sh, sw = argb.shape
    ys = (np.arange(h, dtype=np.int64) * sh) // h
    xs = (np.arange(w, dtype=np.int64) * sw) // w
    return np.ascontiguousarray(argb[ys][:, xs])


def workloads(w, h, image):
    rng = np.random.default_rng(1)
    out = {"uniform": rng.integers(0, 1 << 24, size=(h, w), dtype=np.uint32) | np.uint32(0xFF000000),
           "constant": np.full((h, w), CONSTANT_ARGB, dtype=np.uint32)}
    if image:
        out[os.path.basename(image) + " scaled"] = scaled(pack(read_rgba(image)), w, h)
    return out


# ----------------------------------------------------------------------------- peers
def load_nppist():
    """libnppist (NPP statistics: the histograms), with libnppc loaded first."""
    for p in sorted(glob.glob("/usr/local/cuda*/lib64/libnppist.so*") + glob.glob("/usr/local/cuda*/targets/*/lib/libnppist.so*")
                    + glob.glob("/usr/lib/x86_64-linux-gnu/libnppist.so*")
                    + glob.glob(sys.prefix + "/lib/python3*/site-packages/nvidia/*/lib/libnppist.so*")):
        try:
            core = sorted(glob.glob(os.path.dirname(p) + "/libnppc.so*"))
            if core:
                ctypes.CDLL(core[0], mode=ctypes.RTLD_GLOBAL)
            return ctypes.CDLL(p), p
        except OSError as e:
            log("npp:", p, e)
    return None, None


def npp_context():
    import cupy as cp
    dev = cp.cuda.Device()
    pr = cp.cuda.runtime.getDeviceProperties(dev.id)
    return board.NppStreamContext(ctypes.c_void_p(cp.cuda.get_current_stream().ptr), dev.id, pr["multiProcessorCount"],
                                  pr["maxThreadsPerMultiProcessor"], pr["maxThreadsPerBlock"], pr["sharedMemPerBlock"],
                                  pr["major"], pr["minor"], 0, 0)


def peer_npp(lib, xg, repeat):
    """nppiHistogramEven_8u_C4R_Ctx: 256 bins a channel (257 levels from 0 to 256) of the packed
    image, whose bytes are B, G, R, A. Returns (ms, {channel: counts})."""
    import cupy as cp
    h, w = xg.shape
    ctx = npp_context()
    size = board.NppiSize(w, h)
    Int4 = ctypes.c_int * 4
    levels, lower, upper = Int4(257, 257, 257, 257), Int4(0, 0, 0, 0), Int4(256, 256, 256, 256)
    get_size = lib.nppiHistogramEvenGetBufferSize_8u_C4R_Ctx
    get_size.restype = ctypes.c_int
    nbytes = ctypes.c_size_t(0)  # int* in older NPP, size_t* in newer: the low four bytes are right either way
    st = get_size(size, levels, ctypes.byref(nbytes), ctx)
    if st != 0:
        raise RuntimeError(f"nppiHistogramEvenGetBufferSize_8u_C4R_Ctx returned {st}")
    scratch = cp.empty(max(1, nbytes.value), dtype=cp.uint8)
    hists = [cp.zeros(256, dtype=cp.int32) for _ in range(4)]
    ptrs = (ctypes.c_void_p * 4)(*[h_.data.ptr for h_ in hists])
    f = lib.nppiHistogramEven_8u_C4R_Ctx
    f.restype = ctypes.c_int

    def run():
        st = f(ctypes.c_void_p(xg.data.ptr), w * 4, size, ptrs, levels, lower, upper, ctypes.c_void_p(scratch.data.ptr), ctx)
        if st != 0:
            raise RuntimeError(f"nppiHistogramEven_8u_C4R_Ctx returned {st}")
    ms = board.cuda_median(run, repeat)
    run()
    cp.cuda.get_current_stream().synchronize()
    b, g, r, a = (x.get().astype(np.int64) for x in hists)
    return ms, {"r": r, "g": g, "b": b, "a": a}


def channels_u8(xg):
    """The R, G, B, A planes of a packed uint32 image as (h, w) uint8 views (little-endian B, G, R, A)."""
    x8 = xg.view("uint8").reshape(xg.shape[0], xg.shape[1], 4)
    return {"r": x8[..., 2], "g": x8[..., 1], "b": x8[..., 0], "a": x8[..., 3]}


def peer_cupy_bincount(xg, repeat):
    import cupy as cp
    ch = channels_u8(xg)
    out = {}

    def run():
        for k, v in ch.items():
            out[k] = cp.bincount(v.ravel(), minlength=256)
    ms = board.cuda_median(run, repeat)
    return ms, {k: v.get().astype(np.int64) for k, v in out.items()}


def peer_cupy_histogram(xg, repeat):
    import cupy as cp
    ch = channels_u8(xg)
    out = {}

    def run():
        for k, v in ch.items():
            out[k] = cp.histogram(v, bins=256, range=(0, 256))[0]
    ms = board.cuda_median(run, repeat)
    return ms, {k: v.get().astype(np.int64) for k, v in out.items()}


def same_counts(got, want):
    """The channels where two {channel: counts} differ (only the channels both have)."""
    return [k for k in got if k in want and not np.array_equal(np.asarray(got[k]), np.asarray(want[k]))]


# ----------------------------------------------------------------------------- convolab
def run_convolab(args):
    cmd = [args.convolab, "histogram", "--bench", "--backend", "cuda", "--size", args.size, "--repeat", str(args.repeat),
           "--warmup", "3", "--format", "json"]
    if args.image:
        cmd.append(args.image)
    log(" ".join(cmd))
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"convolab histogram --bench failed: {p.stderr.strip()}")
    return cmd, json.loads(p.stdout)


def write_png(path, rgba):
    try:
        from PIL import Image
        Image.fromarray(rgba, "RGBA" if rgba.shape[2] == 4 else "RGB").save(path)
    except ImportError:
        import cv2
        order = [2, 1, 0, 3] if rgba.shape[2] == 4 else [2, 1, 0]
        cv2.imwrite(path, np.ascontiguousarray(rgba[..., order]))


def write_png16(path, samples):
    """A 16-bit PNG of an (h, w) grey or (h, w, c) uint16 array (c: 2 grey+alpha, 3 RGB, 4 RGBA), by hand:
    big-endian samples, filter 0 on every row, one zlib stream."""
    import struct
    import zlib
    a = samples if samples.ndim == 3 else samples[..., None]
    h, w, c = a.shape
    colour = {1: 0, 2: 4, 3: 2, 4: 6}[c]
    rows = a.astype(">u2").reshape(h, w * c).view(np.uint8).reshape(h, w * c * 2)
    raw = np.concatenate([np.zeros((h, 1), np.uint8), rows], axis=1).tobytes()

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 16, colour, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def numpy_counts16(r, g, b, a, bins):
    """{channel: counts} of 16-bit planes by NumPy: bin = v * bins >> 16, luminance rounded half up."""
    ch = {"r": r, "g": g, "b": b, "a": a, "luminance": luminance(r, g, b)}
    return {k: np.bincount((v.ravel().astype(np.int64) * bins) >> 16, minlength=bins) for k, v in ch.items()}


def csv_lines_problems(name, s, bins, lines, want, alpha):
    """The first line of a csv that differs from NumPy's counts, as a one-element list, or none."""
    if lines[0] != "bin,r,g,b,a,luminance" or len(lines) != bins + 1:
        return [f"{name} {s} {bins} bins: header {lines[0]!r}, {len(lines)} lines"]
    for k, line in enumerate(lines[1:]):
        exp = [str(k)] + [str(want[c][k]) for c in ("r", "g", "b")] + [str(want["a"][k]) if alpha else ""] + \
              [str(want["luminance"][k])]
        if line.split(",") != exp:
            return [f"{name} {s} {bins} bins, line {k + 1}: {line} (NumPy: {','.join(exp)})"]
    return []


def csv_check16(args, tmp):
    """`convolab histogram --format csv` on 16-bit PNGs made here against NumPy's counts: every strategy,
    RGBA and grey (counted in r, g and b, no alpha column), 65536 (the default), 1000 and 7 bins; past
    2048 bins privatized and aggregated must exit 2 with one line naming shared memory."""
    rng = np.random.default_rng(16)
    problems, checked = [], 0
    for name, shape in [("rgba16.png", (203, 311, 4)), ("grey16.png", (77, 901))]:
        # a fifth of the samples in a narrow band, so that some bins are crowded
        x = rng.integers(0, 65536, size=shape, dtype=np.uint16)
        band = rng.random(shape) < 0.2
        x[band] = (3000 + rng.integers(0, 40, size=int(band.sum()))).astype(np.uint16)
        path = os.path.join(tmp, name)
        write_png16(path, x)
        if x.ndim == 3:
            r, g, b, a = (x[..., k].astype(np.int64) for k in range(4))
        else:
            r = g = b = x.astype(np.int64)
            a = np.full(x.shape, 65535, np.int64)
        for bins in (None, 1000, 7):
            n = bins or 65536
            want = numpy_counts16(r, g, b, a, n)
            for s in STRATEGIES:
                cmd = [args.convolab, "histogram", path, "--backend", "cuda", "--strategy", s, "--format", "csv"]
                if bins:
                    cmd += ["--bins", str(bins)]
                p = subprocess.run(cmd, capture_output=True, text=True)
                checked += 1
                if s in ("privatized", "aggregated") and n > 2048:
                    err = p.stderr.strip().split("\n")
                    if p.returncode != 2 or "shared memory" not in err[0]:
                        problems.append(f"{name} {s} {n} bins: exit {p.returncode}, not the refusal: {p.stderr.strip()[:200]}")
                    continue
                if p.returncode != 0:
                    problems.append(f"{name} {s} {n} bins: exit {p.returncode}: {p.stderr.strip()}")
                    continue
                problems += csv_lines_problems(name, s, n, p.stdout.strip().split("\n"), want, x.ndim == 3)
    return checked, problems


def csv_check(args, tmp):
    """`convolab histogram --format csv` on PNGs made here against NumPy's counts: every strategy,
    an RGBA and an RGB image (empty a column), 256 and 7 bins. Returns a list of problems."""
    rng = np.random.default_rng(7)
    problems, checked = [], 0
    for name, shape in [("rgba.png", (301, 517, 4)), ("rgb.png", (97, 1001, 3))]:
        rgba = rng.integers(0, 256, size=shape, dtype=np.uint8)
        path = os.path.join(tmp, name)
        write_png(path, rgba)
        full = rgba if shape[2] == 4 else np.concatenate([rgba, np.full(shape[:2] + (1,), 255, np.uint8)], axis=2)
        for bins in (256, 7):
            want = numpy_counts(pack(full), bins)
            for s in STRATEGIES:
                p = subprocess.run([args.convolab, "histogram", path, "--backend", "cuda", "--strategy", s, "--bins", str(bins),
                                    "--format", "csv"], capture_output=True, text=True)
                checked += 1
                if p.returncode != 0:
                    problems.append(f"{name} {s} {bins} bins: exit {p.returncode}: {p.stderr.strip()}")
                    continue
                lines = p.stdout.strip().split("\n")
                if lines[0] != "bin,r,g,b,a,luminance" or len(lines) != bins + 1:
                    problems.append(f"{name} {s} {bins} bins: header {lines[0]!r}, {len(lines)} lines")
                    continue
                for k, line in enumerate(lines[1:]):
                    cells = line.split(",")
                    exp = [str(k)] + [str(want[c][k]) for c in ("r", "g", "b")] + \
                          [str(want["a"][k]) if shape[2] == 4 else ""] + [str(want["luminance"][k])]
                    if cells != exp:
                        problems.append(f"{name} {s} {bins} bins, line {k + 1}: {line} (NumPy: {','.join(exp)})")
                        break
    return checked, problems


# ----------------------------------------------------------------------------- report
def markdown(doc):
    rows = doc["convolab"]
    loads = list(dict.fromkeys(r["workload"] for r in rows))
    peers = list(dict.fromkeys(p["peer"] for p in doc["peers"]))
    by = {(r["workload"], r["strategy"]): r for r in rows}
    pby = {(p["workload"], p["peer"]): p for p in doc["peers"]}
    px = rows[0]["width"] * rows[0]["height"]
    out = ["## Histograms: the course's strategies against NPP and CuPy", "",
           f"- Device: {doc['device']}; run {doc['date_utc']} UTC: `{doc['command']}`.",
           f"- Convolab: `{' '.join(doc['convolab_command'])}`.",
           f"- {rows[0]['width']}x{rows[0]['height']} packed 8-bit ARGB ({px / 1e6:.0f} MP); Gpixels/s = pixels ÷ kernel time. "
           "Kernel time: CUDA events around 10 back-to-back calls ÷ 10 (counts zeroed in each), median of "
           f"{doc['repeat']} samples, for Convolab and the peers alike.",
           "- Convolab counts **five** channels (R, G, B, alpha, luminance); NPP `nppiHistogramEven_8u_C4R_Ctx` and "
           "CuPy (`bincount`, `histogram` per channel of an (h, w, 4) uint8 view) count four (R, G, B, A).",
           f"- Versions: {', '.join(f'{k} {v}' for k, v in doc['versions'].items())}; NPP: {doc.get('npp') or 'not found'}.", "",
           "Gpixels/s (higher is better):", "",
           "| workload | " + " | ".join(STRATEGIES) + " | " + " | ".join(peers) + " |",
           "|---|" + "---:|" * (len(STRATEGIES) + len(peers))]
    for wl in loads:
        cells = []
        best = max([by[(wl, s)]["gpixels_per_s"] for s in STRATEGIES if (wl, s) in by] or [0])
        for s in STRATEGIES:
            r = by.get((wl, s))
            cells.append("—" if r is None else (f"**{r['gpixels_per_s']:.1f}**" if r["gpixels_per_s"] == best else f"{r['gpixels_per_s']:.1f}"))
        for p in peers:
            q = pby.get((wl, p))
            cells.append("—" if q is None else f"{px / (q['ms'] * 1e6):.1f}")
        out.append(f"| {wl} | " + " | ".join(cells) + " |")
    out += ["", "Kernel milliseconds:", "",
            "| workload | " + " | ".join(STRATEGIES) + " | " + " | ".join(peers) + " |",
            "|---|" + "---:|" * (len(STRATEGIES) + len(peers))]
    for wl in loads:
        cells = [("—" if (wl, s) not in by else f"{by[(wl, s)]['kernel_ms']:.4f}") for s in STRATEGIES]
        cells += [("—" if (wl, p) not in pby else f"{pby[(wl, p)]['ms']:.4f}") for p in peers]
        out.append(f"| {wl} | " + " | ".join(cells) + " |")
    exact = all(r["exact"] for r in rows)
    peers_ok = all(not p["mismatch"] for p in doc["peers"])
    out += ["", f"Every Convolab count {'equalled' if exact else 'did NOT always equal'} the plain CPU count; peer counts "
            f"{'matched' if peers_ok else 'did NOT all match'} NumPy's bincount. `convolab histogram --format csv` against NumPy "
            f"(8-bit and 16-bit PNGs; the refusals of privatized and aggregated past 2048 16-bit bins included): "
            f"{doc['csv_checked']} runs, {len(doc['csv_problems'])} problems."]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="histogram-board-out")
    ap.add_argument("--size", default="6000x4000")
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--image", default="sample-images/hubble_deep_field.jpg", help="the skewed real image ('' for none)")
    ap.add_argument("--convolab", default=board.CONVOLAB)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    import cupy as cp
    w, h = (int(v) for v in args.size.lower().split("x"))
    props = cp.cuda.runtime.getDeviceProperties(0)
    doc = {"device": props["name"].decode(), "date_utc": time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
           "command": "python3 bench/histogram_board.py " + " ".join(sys.argv[1:]), "repeat": args.repeat,
           "versions": {"cupy": cp.__version__, "numpy": np.__version__}}
    t0 = time.time()
    doc["convolab_command"], doc["convolab"] = run_convolab(args)
    log(f"convolab: {len(doc['convolab'])} rows in {time.time() - t0:.0f} s")
    npp, doc["npp"] = load_nppist()
    doc["peers"] = []
    for name, argb in workloads(w, h, args.image).items():
        want = numpy_counts(argb)
        xg = cp.asarray(argb)
        runs = [("cupy-bincount", lambda: peer_cupy_bincount(xg, args.repeat)),
                ("cupy-histogram", lambda: peer_cupy_histogram(xg, args.repeat))]
        if npp is not None:
            runs.insert(0, ("npp", lambda: peer_npp(npp, xg, args.repeat)))
        for peer, fn in runs:
            try:
                ms, counts = fn()
            except Exception as e:  # a peer that fails is reported, not fatal
                log(f"{peer} on {name}: {e}")
                doc["peers"].append({"workload": name, "peer": peer, "error": str(e), "ms": float("nan"), "mismatch": ["error"]})
                continue
            bad = same_counts(counts, want)
            log(f"{name:30s} {peer:15s} {ms:8.4f} ms {'MISMATCH ' + ','.join(bad) if bad else 'ok'}")
            doc["peers"].append({"workload": name, "peer": peer, "ms": ms, "channels": sorted(counts), "mismatch": bad})
        del xg
    doc["csv_checked"], doc["csv_problems"] = csv_check(args, args.out)
    checked16, problems16 = csv_check16(args, args.out)
    doc["csv_checked"] += checked16
    doc["csv_problems"] += problems16
    for p in doc["csv_problems"][:10]:
        log("csv:", p)
    with open(os.path.join(args.out, "histogram-board.json"), "w") as f:
        json.dump(doc, f, indent=1)
    md = markdown(doc)
    with open(os.path.join(args.out, "histogram-board.md"), "w") as f:
        f.write(md)
    print(md)
    log(f"done in {time.time() - t0:.0f} s")
    ok = all(r["exact"] for r in doc["convolab"]) and not doc["csv_problems"] and all(not p["mismatch"] for p in doc["peers"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
