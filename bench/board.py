#!/usr/bin/env python3
"""The performance board: Convolab against the libraries users would pick instead, in one run.

Run on the GPU host, from the repository root, after unpacking the bundle:
    tar xzf target/convolab-linux-x64.tar.gz -C /tmp && python3 bench/board.py --out "$OUT"

It measures the device's limits (device-to-device copy bandwidth, FP32 FMA rate), runs
`convolab bench` from the bundle and the peers on the same workloads (shapes, masks, policies),
checks every peer result against SciPy on a corner crop, and writes NAME.json and NAME.png to
--out (copy them to bench/results/h100-board/). `bench/board_to_md.py` turns them into
docs/BENCHMARKS.md. Nothing is typed by hand.

Timing: CUDA events around 10 back-to-back calls, divided by 10, median of --repeat samples, for
Convolab (its bench does the same) and every GPU peer alike, so that launch latency overlaps the
work; a call over SLOW_MS runs alone, and one over LONG_MS gets fewer samples (see cuda_median).
Peers (three float32 channels, kernel time of all three): cupyx.scipy.ndimage.correlate per
channel; torch conv2d groups=3 in NCHW and in channels_last (reflect padding for mirror); NPP
nppiFilterBorder_32f_C1R_Ctx per channel (replicate only: compared on clamp); a tuned CuPy FFT
(see peer_fft); cupyx.scipy.signal.oaconvolve; OpenCV filter2D on the host CPU. Gaussian rows: CuPy
correlate1d twice. Rectangular random masks (63x5, 5x63) as a workload of their own.

One full call (both sizes) takes too long for one 10-minute device command; split it:
    python3 bench/board.py --out "$OUT" --sizes 4096x4096 --name board-4096
    python3 bench/board.py --out "$OUT" --sizes 8192x8192 --name board-8192
    python3 bench/board.py --out "$OUT" --sizes 4096x4096 --profile-only --no-interactive --name board-profile
and, if one size is still too long, by radius (board_to_md.py merges files of one device):
    ... --sizes 8192x8192 --radii 1,2,3,4,7,10,15 --name board-8192-a
    ... --sizes 8192x8192 --radii 23,31 --no-separable --no-rect --name board-8192-b
(and by --policies zero / mirror if need be).
"""
import argparse
import ctypes
import glob
import json
import math
import os
import platform
import re
import subprocess
import sys
import time

import numpy as np

CONVOLAB = "/tmp/convolab/bin/convolab"
RADII = [1, 2, 3, 4, 7, 10, 15, 23, 31]
CLAMP_RADII = [1, 2, 3, 4, 7, 10, 15]  # clamp is there for NPP; its large masks would only cost device time
RECTS = [(63, 5), (5, 63)]  # (width, height) of the rectangular random masks
SIZES = [(4096, 4096), (8192, 8192)]
CROP = 48


T0 = time.time()


def log(*a):
    print(f"[{time.time() - T0:6.1f} s]", *a, file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------- timing
BATCH = 10  # calls between two events: the launch latency overlaps the work, as in convolab bench


SLOW_MS = 5.0  # a call this long needs no batch: launch latency is lost in it
LONG_MS = 100.0  # a call this long gets samples for about SAMPLE_BUDGET_MS, at least 3
SAMPLE_BUDGET_MS = 2000.0


def samples_for(ms, repeat):
    """How many samples a call of ms gets: all `repeat` up to LONG_MS, then about SAMPLE_BUDGET_MS of
    them, at least 3 (a 63x63 direct peer on 8192x8192 takes seconds a call)."""
    return repeat if ms <= LONG_MS else max(3, min(repeat, int(SAMPLE_BUDGET_MS / ms)))


def cuda_median(fn, repeat, warmup=3):
    """Median over `repeat` samples of (events around BATCH back-to-back calls) / BATCH, in ms; one
    call a sample when a call takes over SLOW_MS (the slow peers would otherwise take minutes), and
    fewer samples past LONG_MS (samples_for)."""
    import cupy as cp
    start, end = cp.cuda.Event(), cp.cuda.Event()
    for i in range(warmup):
        start.record()
        fn()
        end.record()
        end.synchronize()
        if i >= 1 and cp.cuda.get_elapsed_time(start, end) > LONG_MS:
            break  # compiled and warm: more warm-up of a slow call only costs time
    first = cp.cuda.get_elapsed_time(start, end)
    batch = 1 if first > SLOW_MS else BATCH
    repeat = samples_for(first, repeat)
    times = []
    for _ in range(repeat):
        start.record()
        for _ in range(batch):
            fn()
        end.record()
        end.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, end) / batch)
    return float(np.median(times))


# ----------------------------------------------------------------------------- limits
def measure_limits():
    import cupy as cp
    n = 1 << 28  # 1 GiB of float32
    a = cp.ones(n, dtype=cp.float32)
    b = cp.empty_like(a)
    ms = cuda_median(lambda: b.__setitem__(slice(None), a), 20)
    bandwidth = 2 * a.nbytes / (ms * 1e-3)  # bytes read + written per second
    src = r'''
    extern "C" __global__ void fma_bound(float* out, float x, int iters) {
        float a0 = threadIdx.x, a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3, a4 = a0 + 4, a5 = a0 + 5, a6 = a0 + 6, a7 = a0 + 7;
        for (int i = 0; i < iters; ++i) {
            a0 = fmaf(a0, x, 0.5f); a1 = fmaf(a1, x, 0.5f); a2 = fmaf(a2, x, 0.5f); a3 = fmaf(a3, x, 0.5f);
            a4 = fmaf(a4, x, 0.5f); a5 = fmaf(a5, x, 0.5f); a6 = fmaf(a6, x, 0.5f); a7 = fmaf(a7, x, 0.5f);
        }
        out[blockIdx.x * blockDim.x + threadIdx.x] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
    }'''
    k = cp.RawKernel(src, "fma_bound")
    sms = cp.cuda.Device().attributes["MultiProcessorCount"]
    blocks, threads, iters = sms * 16, 256, 4096
    out = cp.empty(blocks * threads, dtype=cp.float32)
    ms = cuda_median(lambda: k((blocks,), (threads,), (out, np.float32(0.999), np.int32(iters))), 20)
    fma_rate = blocks * threads * iters * 8 / (ms * 1e-3)
    return {"copy_bytes_per_s": bandwidth, "fma_per_s": fma_rate}


# ----------------------------------------------------------------------------- reference
def scipy_corner(x, w, mode):
    """Reference for output rows/cols [0, CROP) of each channel: SciPy on a corner sub-image."""
    import scipy.ndimage as ndi
    ry, rx = w.shape[0] // 2, w.shape[1] // 2
    sub = x[:, :CROP + 2 * ry, :CROP + 2 * rx].astype(np.float64)
    return np.stack([ndi.correlate(sub[c], w.astype(np.float64), mode=mode, cval=0.0)[:CROP, :CROP] for c in range(3)])


def check(out_corner, ref):
    err = float(np.max(np.abs(out_corner.astype(np.float64) - ref)))
    return err


SCIPY_MODE = {"zero": "constant", "mirror": "mirror", "clamp": "nearest"}


# ----------------------------------------------------------------------------- peers
def peer_cupy(xg, w, policy, repeat):
    import cupy as cp
    import cupyx.scipy.ndimage as cndi
    wg = cp.asarray(w)
    mode = SCIPY_MODE[policy]
    outs = [cp.empty_like(xg[0]) for _ in range(3)]

    def run():
        for c in range(3):
            cndi.correlate(xg[c], wg, output=outs[c], mode=mode, cval=0.0)
    ms = cuda_median(run, repeat)
    return ms, cp.stack(outs)[:, :CROP, :CROP].get()


def peer_torch(xg, w, policy, repeat, channels_last):
    import torch
    import torch.nn.functional as F
    ry, rx = w.shape[0] // 2, w.shape[1] // 2
    x = torch.as_tensor(xg, device="cuda")[None]  # 1,3,H,W
    wt = torch.as_tensor(np.ascontiguousarray(np.broadcast_to(w, (3, 1) + w.shape)), device="cuda")
    if channels_last:
        x = x.contiguous(memory_format=torch.channels_last)
        wt = wt.contiguous(memory_format=torch.channels_last)
    torch.backends.cudnn.benchmark = True

    def run():
        with torch.no_grad():
            if policy == "zero":
                return F.conv2d(x, wt, padding=(ry, rx), groups=3)
            mode = "reflect" if policy == "mirror" else "replicate"
            return F.conv2d(F.pad(x, (rx, rx, ry, ry), mode=mode), wt, groups=3)
    run()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(2):
        start.record()
        run()
        end.record()
    torch.cuda.synchronize()
    first = start.elapsed_time(end)
    batch = 1 if first > SLOW_MS else BATCH
    times = []
    for _ in range(samples_for(first, repeat)):
        start.record()
        for _ in range(batch):
            y = run()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / batch)
    return float(np.median(times)), y[0, :, :CROP, :CROP].float().cpu().numpy()


def ghost_index(n, r, policy):
    """Index of the pixel that padded position p (0..n+2r-1, image at r..r+n-1) reads, -1 for a zero
    ghost cell: the policies as Convolab's BorderPolicy.index defines them (folding again and again)."""
    i = np.arange(-r, n + r)
    if policy == "zero":
        return np.where((i >= 0) & (i < n), i, -1).astype(np.int32)
    if policy == "clamp":
        return np.clip(i, 0, n - 1).astype(np.int32)
    if policy == "mirror":  # reflect_101: dcb|abcd|cba
        if n == 1:
            return np.zeros_like(i, dtype=np.int32)
        period = 2 * (n - 1)
        m = np.mod(i, period)
        return np.where(m < n, m, period - m).astype(np.int32)
    raise ValueError(policy)


PAD_KERNEL = None


def pad_into(xg, iy, ix, buf):
    """One pass: buf[c, y, x] = the ghost-cell value padded position (y, x) reads, 0 past the padded
    plane (buf is the transform's size, larger than the padded plane)."""
    global PAD_KERNEL
    import cupy as cp
    if PAD_KERNEL is None:
        PAD_KERNEL = cp.ElementwiseKernel(
            "raw T src, raw int32 iy, raw int32 ix, int32 h, int32 w, int32 hp, int32 wp, int32 m, int32 n", "T dst",
            """
            int x = i % n; int t = i / n; int y = t % m; int c = t / m;
            T v = 0;
            if (y < hp && x < wp) {
                int sy = iy[y], sx = ix[x];
                if (sy >= 0 && sx >= 0) v = src[((long long)c * h + sy) * w + sx];
            }
            dst = v;
            """, "board_pad_into")
    c, h, w = xg.shape
    PAD_KERNEL(xg, iy, ix, h, w, len(iy), len(ix), buf.shape[1], buf.shape[2], buf)
    return buf


def peer_fft(xg, w, policy, repeat):
    """A tuned FFT correlation, as a user who knows cuFFT would write it: pad with the ghost cells in one
    pass into a buffer of a fast transform size (next_fast_len, so no large prime factor), the three
    channels in one batched rfft2, times the mask spectrum (computed before timing), one batched
    irfft2. The padded plane only has to fit the transform: output (y, x) reads padded rows y..y+2ry
    and columns x..x+2rx, all inside it, so the circular correlation is the linear one there. Padding
    is timed; the result is the [:, :h, :w] view (no copy)."""
    import cupy as cp
    import cupyx.scipy.fft as cfft
    ry, rx = w.shape[0] // 2, w.shape[1] // 2
    c, h, wd = xg.shape
    m, n = cfft.next_fast_len(h + 2 * ry, real=True), cfft.next_fast_len(wd + 2 * rx, real=True)
    k = cp.zeros((m, n), cp.float32)
    k[:w.shape[0], :w.shape[1]] = cp.asarray(w)
    spectrum = cp.conj(cfft.rfft2(k))  # correlation: the conjugate spectrum
    iy = cp.asarray(ghost_index(h, ry, policy))
    ix = cp.asarray(ghost_index(wd, rx, policy))
    buf = cp.zeros((c, m, n), cp.float32)

    def run():
        pad_into(xg, iy, ix, buf)
        f = cfft.rfft2(buf)
        f *= spectrum
        return cfft.irfft2(f, s=(m, n))[:, :h, :wd]
    ms = cuda_median(run, repeat)
    return ms, run()[:, :CROP, :CROP].get(), {"transform": [m, n]}


def peer_oaconvolve(xg, w, policy, repeat):
    """cupyx.scipy.signal.oaconvolve (overlap-add, the FFT method for a small mask on a large image) on
    the padded planes, mode='valid', the flipped mask (it convolves); cp.pad is timed."""
    import cupy as cp
    from cupyx.scipy.signal import oaconvolve
    ry, rx = w.shape[0] // 2, w.shape[1] // 2
    kern = cp.asarray(np.ascontiguousarray(w[::-1, ::-1]))[None]
    mode = {"zero": "constant", "mirror": "reflect", "clamp": "edge"}[policy]

    def run():
        p = cp.pad(xg, ((0, 0), (ry, ry), (rx, rx)), mode=mode)
        return oaconvolve(p, kern, mode="valid", axes=(1, 2))
    ms = cuda_median(run, repeat)
    return ms, run()[:, :CROP, :CROP].get()


def peer_opencv(x, w, policy, repeat):
    import cv2
    cv2.setNumThreads(os.cpu_count())
    hwc = np.ascontiguousarray(np.transpose(x, (1, 2, 0)))
    border = {"zero": cv2.BORDER_CONSTANT, "mirror": cv2.BORDER_REFLECT_101, "clamp": cv2.BORDER_REPLICATE}[policy]
    cv2.filter2D(hwc, -1, w, borderType=border)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        y = cv2.filter2D(hwc, -1, w, borderType=border)
        times.append((time.perf_counter() - t) * 1e3)
    return float(np.median(times)), np.transpose(y, (2, 0, 1))[:, :CROP, :CROP]


NPP_BORDER_REPLICATE = 2  # NppiBorderType: 1 is CONSTANT, which nppiFilterBorder refuses (-9999)


class NppStreamContext(ctypes.Structure):
    _fields_ = [("hStream", ctypes.c_void_p), ("nCudaDeviceId", ctypes.c_int), ("nMultiProcessorCount", ctypes.c_int),
                ("nMaxThreadsPerMultiProcessor", ctypes.c_int), ("nMaxThreadsPerBlock", ctypes.c_int),
                ("nSharedMemPerBlock", ctypes.c_size_t), ("nCudaDevAttrComputeCapabilityMajor", ctypes.c_int),
                ("nCudaDevAttrComputeCapabilityMinor", ctypes.c_int), ("nStreamFlags", ctypes.c_uint),
                ("nReserved0", ctypes.c_int)]


class NppiSize(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int)]


class NppiPoint(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int)]


def load_npp():
    paths = sorted(glob.glob("/usr/local/cuda*/lib64/libnppif.so*") + glob.glob("/usr/local/cuda*/targets/*/lib/libnppif.so*")
                   + glob.glob("/usr/lib/x86_64-linux-gnu/libnppif.so*")
                   + glob.glob(sys.prefix + "/lib/python3*/site-packages/nvidia/*/lib/libnppif.so*"))
    for p in paths:
        try:
            glob.glob(os.path.dirname(p) + "/libnppc.so*") and ctypes.CDLL(sorted(glob.glob(os.path.dirname(p) + "/libnppc.so*"))[0],
                                                                           mode=ctypes.RTLD_GLOBAL)
            return ctypes.CDLL(p), p
        except OSError as e:
            log("npp:", p, e)
    return None, None


def peer_npp(lib, xg, w, repeat):
    """nppiFilterBorder_32f_C1R_Ctx per channel, NPP_BORDER_REPLICATE (its only border)."""
    import cupy as cp
    dev = cp.cuda.Device()
    pr = cp.cuda.runtime.getDeviceProperties(dev.id)
    ctx = NppStreamContext(ctypes.c_void_p(cp.cuda.get_current_stream().ptr), dev.id, pr["multiProcessorCount"],
                           pr["maxThreadsPerMultiProcessor"], pr["maxThreadsPerBlock"], pr["sharedMemPerBlock"],
                           pr["major"], pr["minor"], 0, 0)
    f = lib.nppiFilterBorder_32f_C1R_Ctx
    f.restype = ctypes.c_int
    ry, rx = w.shape[0] // 2, w.shape[1] // 2
    # NPP applies the kernel flipped (a convolution); pass the flipped mask to correlate.
    kern = cp.asarray(np.ascontiguousarray(w[::-1, ::-1]))
    h, wd = xg.shape[1], xg.shape[2]
    outs = [cp.empty_like(xg[0]) for _ in range(3)]
    step = wd * 4
    size = NppiSize(wd, h)

    def run():
        for c in range(3):
            st = f(ctypes.c_void_p(xg[c].data.ptr), step, size, NppiPoint(0, 0), ctypes.c_void_p(outs[c].data.ptr), step, size,
                   ctypes.c_void_p(kern.data.ptr), NppiSize(w.shape[1], w.shape[0]), NppiPoint(rx, ry), NPP_BORDER_REPLICATE, ctx)
            if st != 0:
                raise RuntimeError(f"nppiFilterBorder_32f_C1R_Ctx returned {st}")
    ms = cuda_median(run, repeat)
    return ms, cp.stack(outs)[:, :CROP, :CROP].get()


def peer_cupy_separable(xg, w1, policy, repeat):
    import cupy as cp
    import cupyx.scipy.ndimage as cndi
    wg = cp.asarray(w1)
    mode = SCIPY_MODE[policy]
    tmp = cp.empty_like(xg[0])
    outs = [cp.empty_like(xg[0]) for _ in range(3)]

    def run():
        for c in range(3):
            cndi.correlate1d(xg[c], wg, axis=1, output=tmp, mode=mode)
            cndi.correlate1d(tmp, wg, axis=0, output=outs[c], mode=mode)
    ms = cuda_median(run, repeat)
    return ms, cp.stack(outs)[:, :CROP, :CROP].get()


# ----------------------------------------------------------------------------- convolab
# The environment of Convolab's commands: with --unfused, -Dconvolab.cuda.fuseArgb=false, so that bench's kernel_ms
# is the planes kernels (24 bytes a pixel, as the peers) and not the fused ARGB kernel where one exists.
CONVOLAB_ENV = None


def run_convolab(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, env=CONVOLAB_ENV)


LARGE_RADIUS = 15  # past it the direct kernels take up to seconds a call at 8192x8192: fewer runs


def convolab_bench(size, policy, mask, radii, repeat, strategies):
    """`convolab bench` on the radii: those up to LARGE_RADIUS with --repeat, larger ones in a second call
    with 3 runs after 1 warm-up (its batched kernel timing still adds 3 batches of 10). Returns the
    command line(s) and the rows."""
    rows, cmds = [], []
    for group, rep, warm in [([r for r in radii if r <= LARGE_RADIUS], repeat, 3), ([r for r in radii if r > LARGE_RADIUS], 3, 1)]:
        if not group:
            continue
        cmd = [CONVOLAB, "bench", "--backend", "cuda", "--size", f"{size[0]}x{size[1]}", "--radius", ",".join(map(str, group)),
               "--strategy", strategies, "--border", policy, "--mask", mask, "--repeat", str(rep), "--warmup", str(warm),
               "--format", "json"]
        log(" ".join(cmd))
        p = run_convolab(cmd)
        if p.returncode != 0:
            raise RuntimeError(p.stderr)
        rows += json.loads(p.stdout)
        cmds.append(" ".join(cmd))
    return " ; ".join(cmds), rows


def bench_has(option):
    p = subprocess.run([CONVOLAB, "bench", "--help"], capture_output=True, text=True)
    return option in p.stdout + p.stderr


def convolab_rect(size, policy, w, x, repeat, strategies, workdir):
    """Convolab on a rectangular mask: `convolab bench --mask-size WxH` where the bundle's bench has it,
    else `convolab filter --timings` on the same mask (a mask file) and an 8-bit BMP of the image, one
    filter a process, the smaller kernel time of two processes (single filters: launch latency
    included, small against these kernels). Rows as bench's, radius "WxH"."""
    mh, mw = w.shape
    label = f"{mw}x{mh}"
    if bench_has("--mask-size"):
        cmd = [CONVOLAB, "bench", "--backend", "cuda", "--size", f"{size[0]}x{size[1]}", "--mask-size", label,
               "--strategy", strategies, "--border", policy, "--mask", "random", "--repeat", str(repeat), "--warmup", "3",
               "--format", "json"]
        log(" ".join(cmd))
        p = run_convolab(cmd)
        if p.returncode != 0:
            raise RuntimeError(p.stderr)
        rows = json.loads(p.stdout)
        for row in rows:
            row["radius"] = label
        return " ".join(cmd), rows
    import cv2
    img = os.path.join(workdir, f"board-{size[0]}x{size[1]}.bmp")
    if not os.path.exists(img):
        cv2.imwrite(img, np.ascontiguousarray(np.transpose(np.clip(x, 0, 255).astype(np.uint8), (1, 2, 0))))
    mask_file = os.path.join(workdir, f"mask-{label}.txt")
    with open(mask_file, "w") as f:
        f.write("\n".join(" ".join(repr(float(v)) for v in row) for row in w) + "\n")
    rows = []
    cmds = []
    for strategy in strategies.split(","):
        cmd = [CONVOLAB, "filter", img, "--mask-file", mask_file, "-o", os.path.join(workdir, "out.bmp"), "-f", "--timings",
               "--backend", "cuda", "--border", policy, "--strategy", strategy]
        times, used = [], strategy
        for _ in range(2):
            p = run_convolab(cmd)
            m = re.search(r"kernels.*?\(([0-9.]+) ms\)", p.stdout)
            u = re.search(r"strategy (\S+),", p.stdout)
            if p.returncode != 0 or not m:
                log("convolab filter failed:", p.stderr[-300:])
                break
            times.append(float(m.group(1)))
            used = u.group(1) if u else strategy
        if times:
            rows.append({"radius": label, "strategy": used, "kernel_ms": min(times), "max_diff": None,
                         "timing": "single filter (convolab filter --timings), min of 2 processes"})
        cmds.append(" ".join(cmd))
    return " ; ".join(cmds), rows


# ----------------------------------------------------------------------------- profile
NCU_SECTIONS = ["SpeedOfLight", "ComputeWorkloadAnalysis", "MemoryWorkloadAnalysis", "Occupancy", "LaunchStats", "WarpStateStats"]


def find_ncu():
    for p in ["ncu", "/usr/local/cuda/bin/ncu"] + sorted(glob.glob("/usr/local/cuda*/bin/ncu")) + sorted(glob.glob("/opt/nvidia/nsight-compute/*/ncu")):
        if subprocess.run(["sh", "-c", f"command -v {p}"], capture_output=True).returncode == 0:
            return p
    return None


def profile_ours(ncu, size, strategy, radius, mask):
    """Nsight Compute on Convolab's kernel for one workload (mirror): every metric of NCU_SECTIONS,
    raw, as {name: [unit, value]}, from the first launch of the strategy's kernel."""
    import csv
    log_file = f"/tmp/ncu-{strategy}-{radius}-{size[0]}.csv"
    cmd = [ncu, "--csv", "--page", "raw", "--log-file", log_file, "-k", "regex:^convolab_fast", "--launch-count", "1"]
    for sec in NCU_SECTIONS:
        cmd += ["--section", sec]
    which = ["--mask-size", radius] if isinstance(radius, str) else ["--radius", str(radius)]  # "WxH": a rectangle
    cmd += [CONVOLAB, "bench", "--backend", "cuda", "--size", f"{size[0]}x{size[1]}", *which,
            "--strategy", strategy, "--border", "mirror", "--mask", mask, "--repeat", "1", "--warmup", "0"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    rows = list(csv.reader(open(log_file))) if os.path.exists(log_file) else []
    head = next((i for i, r in enumerate(rows) if r and r[0] == "ID"), None)
    if p.returncode != 0 or head is None or len(rows) < head + 3:
        return {"error": (p.stderr or p.stdout)[-300:]}
    names, units, values = rows[head], rows[head + 1], rows[head + 2]
    return {"command": "ncu --section " + " --section ".join(NCU_SECTIONS) + " " + " ".join(cmd[cmd.index(CONVOLAB):]).replace(CONVOLAB, "convolab"),
            "metrics": {n: [u, v] for n, u, v in zip(names, units, values)}}


def gaussian(r):
    sigma = max(0.5, r / 2.0)
    g = np.exp(-0.5 * (np.arange(-r, r + 1) / sigma) ** 2)
    return (g / g.sum()).astype(np.float32)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="board-out")
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--quick", action="store_true", help="4096x4096 only")
    ap.add_argument("--sizes", default=None, help="comma-separated WxH list (default 4096x4096,8192x8192)")
    ap.add_argument("--name", default="board", help="output file stem (board.json, board.png)")
    ap.add_argument("--profile", action="store_true", help="Nsight Compute counters for Convolab's best kernels")
    ap.add_argument("--radii", default=None, help=f"comma-separated radii (default {','.join(map(str, RADII))})")
    ap.add_argument("--strategies", default="fast,tiled-out", help="Convolab strategies on random masks (default %(default)s)")
    ap.add_argument("--separable-strategies", default="fast,fast-separable,separable-tiled",
                    help="Convolab strategies on Gaussians (default %(default)s)")
    ap.add_argument("--no-peers", action="store_true",
                    help="Convolab's rows only (to add strategies to a board run earlier; board_to_md.py merges them)")
    ap.add_argument("--no-rect", action="store_true", help="leave out the rectangular masks")
    ap.add_argument("--no-separable", action="store_true", help="leave out the Gaussian rows")
    ap.add_argument("--no-interactive", action="store_true", help="leave out the live-preview measurement")
    ap.add_argument("--profile-only", action="store_true", help="only the Nsight Compute counters (implies --profile)")
    ap.add_argument("--policies", default="zero,mirror,clamp", help="ghost-cell policies of the 2D workloads (default %(default)s)")
    ap.add_argument("--peers", default=None,
                    help="comma-separated peers to run (default all: cupy, torch-nchw, torch-channels-last, cupy-fft, "
                         "cupy-oaconvolve, opencv-cpu, npp, and the Gaussian rows' cupy-correlate1d)")
    ap.add_argument("--rects", default=",".join(f"{w}x{h}" for w, h in RECTS),
                    help="rectangular random masks, WxH comma-separated (default %(default)s)")
    ap.add_argument("--unfused", action="store_true",
                    help="Convolab's commands with -Dconvolab.cuda.fuseArgb=false: kernel_ms the planes kernels (the board's 24-byte "
                         "floor), where by default bench times the fused ARGB kernel at radius 0..7 and for tensor")
    ap.add_argument("--no-2d", action="store_true", help="leave out the square random masks (rectangular or Gaussian rows only)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    import cupy as cp
    import torch
    props = cp.cuda.runtime.getDeviceProperties(0)
    smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"], capture_output=True, text=True)
    board = {"device": props["name"].decode(), "nvidia_smi": smi.stdout.strip(), "date_utc": time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
             "command": "python3 bench/board.py " + " ".join(sys.argv[1:]), "repeat": args.repeat,
             "host_cpu": platform.processor() or platform.machine(), "host_cores": os.cpu_count(),
             "versions": {"cupy": cp.__version__, "torch": torch.__version__, "numpy": np.__version__}}
    try:
        import cv2
        board["versions"]["opencv"] = cv2.__version__
    except ImportError:
        pass
    board["limits"] = measure_limits()
    log("limits", board["limits"])
    npp, npp_path = load_npp()
    board["npp"] = npp_path
    rng = np.random.default_rng(7)
    workloads = []
    sizes = SIZES[:1] if args.quick else SIZES
    if args.sizes:
        sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    radii = [int(v) for v in args.radii.split(",")] if args.radii else RADII
    wanted_peers = set(args.peers.split(",")) if args.peers else None
    if args.unfused:
        global CONVOLAB_ENV
        CONVOLAB_ENV = dict(os.environ)
        CONVOLAB_ENV["CONVOLAB_JAVA_OPTS"] = (CONVOLAB_ENV.get("CONVOLAB_JAVA_OPTS", "") + " -Dconvolab.cuda.fuseArgb=false").strip()
    board["unfused"] = args.unfused
    rects = [tuple(int(v) for v in s.split("x")) for s in args.rects.split(",") if s]
    board["peers_asked"] = args.peers or "all"
    workdir = os.path.join(args.out, "work")
    os.makedirs(workdir, exist_ok=True)

    def save():
        """Writes what has been measured so far: a call cut off by the device's time limit keeps it."""
        board["workloads"] = workloads
        with open(os.path.join(args.out, args.name + ".json"), "w") as f:
            json.dump(board, f, indent=1)

    def run_peers(runs, ref, where):
        peers = {}
        if args.no_peers:
            return peers
        for name, fn in runs:
            if wanted_peers is not None and name not in wanted_peers:
                continue
            try:
                res = fn()
                peers[name] = {"ms": res[0], "max_abs_err": check(res[1], ref)}
                if len(res) > 2:
                    peers[name].update(res[2])
            except Exception as e:  # a peer that cannot run is recorded, not fatal
                peers[name] = {"error": str(e)[:200]}
            log(*where, name, peers[name])
        cp.get_default_memory_pool().free_all_blocks()
        torch.cuda.empty_cache()
        return peers

    def peers_2d(x, xg, w, policy, size):
        if policy == "clamp":
            return [("npp", lambda: peer_npp(npp, xg, w, args.repeat))] if npp is not None else []
        runs = [("cupy", lambda: peer_cupy(xg, w, policy, args.repeat)),
                ("torch-nchw", lambda: peer_torch(xg, w, policy, args.repeat, False)),
                ("torch-channels-last", lambda: peer_torch(xg, w, policy, args.repeat, True)),
                ("cupy-fft", lambda: peer_fft(xg, w, policy, args.repeat)),
                ("cupy-oaconvolve", lambda: peer_oaconvolve(xg, w, policy, args.repeat))]
        if size[0] <= 4096:
            runs.append(("opencv-cpu", lambda: peer_opencv(x, w, policy, 5)))
        return runs

    if args.profile_only:
        args.profile = True
    for size in ([] if args.profile_only else sizes):
        x = (rng.random((3, size[1], size[0]), dtype=np.float32) * 255).astype(np.float32)
        xg = cp.asarray(x)
        for policy in ([] if args.no_2d else args.policies.split(",")):
            pr = [r for r in radii if policy != "clamp" or r in CLAMP_RADII]
            if not pr:
                continue
            cmd, ours = convolab_bench(size, policy, "random", pr, args.repeat, args.strategies)
            wl = {"size": size, "policy": policy, "kind": "2d", "convolab_command": cmd, "convolab": ours, "peers": {}}
            for r in pr:
                w = rng.random((2 * r + 1, 2 * r + 1), dtype=np.float32)
                w /= w.sum()
                ref = scipy_corner(x, w, SCIPY_MODE[policy])
                wl["peers"][str(r)] = run_peers(peers_2d(x, xg, w, policy, size), ref, (size, policy, r))
            workloads.append(wl)
            save()
        if not args.no_rect:
            # Rectangular random masks (Convolab's run-time-radius kernel), zero and mirror
            for policy in [p for p in args.policies.split(",") if p != "clamp"]:
                wl = {"size": size, "policy": policy, "kind": "rect", "convolab": [], "peers": {}, "convolab_command": ""}
                cmds = []
                for mw, mh in rects:
                    w = rng.random((mh, mw), dtype=np.float32)
                    w /= w.sum()
                    label = f"{mw}x{mh}"
                    try:
                        cmd, rows = convolab_rect(size, policy, w, x, args.repeat, args.strategies, workdir)
                        wl["convolab"] += rows
                        cmds.append(cmd)
                    except Exception as e:
                        log("convolab", label, e)
                        wl["convolab_error"] = str(e)[:300]
                    ref = scipy_corner(x, w, SCIPY_MODE[policy])
                    wl["peers"][label] = run_peers(peers_2d(x, xg, w, policy, size), ref, (size, policy, label))
                wl["convolab_command"] = " ; ".join(cmds)
                workloads.append(wl)
                save()
        if not args.no_separable:
            # Gaussian (separable) rows, mirror
            sr = [r for r in radii if r <= LARGE_RADIUS]
            cmd, ours = convolab_bench(size, "mirror", "gaussian", sr, args.repeat, args.separable_strategies)
            wl = {"size": size, "policy": "mirror", "kind": "separable", "convolab_command": cmd, "convolab": ours, "peers": {}}
            for r in sr:
                g = gaussian(r)
                w = np.outer(g, g).astype(np.float32)
                ref = scipy_corner(x, w, "mirror")
                wl["peers"][str(r)] = run_peers([("cupy-correlate1d", lambda: peer_cupy_separable(xg, g, "mirror", args.repeat)),
                                                 ("torch-channels-last", lambda: peer_torch(xg, w, "mirror", args.repeat, True))],
                                                ref, (size, "gaussian", r))
            workloads.append(wl)
            save()
        del xg
        cp.get_default_memory_pool().free_all_blocks()
    save()
    if args.profile:
        ncu = find_ncu()
        board["profiles"] = []
        for size in sizes:
            rect_labels = [] if args.no_rect else [f"{mw}x{mh}" for mw, mh in rects]
            for strategy, mask, prof_radii in [("fast", "random", radii + rect_labels),
                                               ("fast-separable", "gaussian", [r for r in radii if 1 < r <= LARGE_RADIUS])]:
                for r in prof_radii:
                    prof = profile_ours(ncu, size, strategy, r, mask) if ncu else {"error": "ncu not found"}
                    prof.update({"size": size, "strategy": strategy, "radius": r, "mask": mask})
                    board["profiles"].append(prof)
                    log("profile", size, strategy, r, prof.get("error", "ok"))
    if not args.no_interactive:
        cmd = [CONVOLAB, "bench", "--backend", "cuda", "--interactive", "--repeat", "30", "--format", "json"]
        p = subprocess.run(cmd, capture_output=True, text=True)
        board["interactive"] = json.loads(p.stdout) if p.returncode == 0 else {"error": p.stderr[-500:]}
        board["interactive_command"] = "convolab " + " ".join(cmd[1:])
    with open(os.path.join(args.out, args.name + ".json"), "w") as f:
        json.dump(board, f, indent=1)
    if workloads:
        chart(board, os.path.join(args.out, args.name + ".png"))
    log("done")


def taps(radius, kind):
    """FMAs a pixel a channel: (2r+1)^2 for a 2D mask, 2(2r+1) for a separable one, W*H for a
    rectangular mask, whose "radius" is its label "WxH"."""
    if isinstance(radius, str) and "x" in radius:
        mw, mh = (int(v) for v in radius.split("x"))
        return mw * mh
    n = 2 * int(radius) + 1
    return n * n if kind in ("2d", "rect") else 2 * n


def floor_ms(size, radius, kind, limits):
    """The board's floor: max(24 bytes a pixel / copy bandwidth, FMAs / FMA rate), in ms."""
    px = size[0] * size[1]
    fmas = px * 3 * taps(radius, kind)
    return max(px * 24 / limits["copy_bytes_per_s"], fmas / limits["fma_per_s"]) * 1e3


def mask_key(r):
    """A radius (int) or a rectangular mask's "WxH", from a bench row or a peers key."""
    return int(r) if str(r).isdigit() else str(r)


def chart(board, path):
    """One panel a workload: Convolab's best, each peer, and the floor, against the radius."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    wls = board["workloads"]
    cols = min(len(wls), 4)
    rows = (len(wls) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.8 * rows), squeeze=False)
    for ax in axes.flat[len(wls):]:
        ax.set_visible(False)
    for ax, wl in zip(axes.flat, wls):
        best = {}
        for row in wl["convolab"]:
            k = mask_key(row["radius"])
            best[k] = min(best.get(k, 1e9), row["kernel_ms"])
        keys = sorted({mask_key(r) for r in wl["peers"]} | set(best), key=lambda k: (isinstance(k, str), str(k).zfill(8)))
        # radii on a numeric axis; rectangular masks (labels) one a position
        pos = {k: (k if isinstance(k, int) else i) for i, k in enumerate(keys)}
        ax.plot([pos[k] for k in keys], [floor_ms(wl["size"], k, wl["kind"], board["limits"]) for k in keys], "k:", label="floor")
        ax.plot([pos[k] for k in keys if k in best], [best[k] for k in keys if k in best], "o-", label="Convolab best", linewidth=2.5)
        names = sorted({n for p in wl["peers"].values() for n in p})
        for n in names:
            pts = sorted((pos[mask_key(r)], p[n]["ms"]) for r, p in wl["peers"].items() if n in p and "ms" in p[n])
            if pts:
                ax.plot([a for a, _ in pts], [b for _, b in pts], ".--", label=n)
        if any(isinstance(k, str) for k in keys):
            ax.set_xticks([pos[k] for k in keys])
            ax.set_xticklabels([str(k) for k in keys])
        ax.set_yscale("log")
        ax.set_title(f'{wl["size"][0]}x{wl["size"][1]} {wl["policy"]} {wl["kind"]}', fontsize=9)
        ax.set_xlabel("radius" if wl["kind"] != "rect" else "mask")
        ax.set_ylabel("ms (3 channels)")
        ax.legend(fontsize=6)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--chart":
        # Redraw a board's chart from its JSON: python3 bench/board.py --chart board-4096.json
        with open(sys.argv[2]) as f:
            chart(json.load(f), sys.argv[2][:-len(".json")] + ".png")
    else:
        main()
