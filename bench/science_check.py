#!/usr/bin/env python3
"""Float, 32-bit integer and large-mask results of `convolab filter` against SciPy (issue 24).

Writes test TIFFs with tifffile, runs the jar, and compares with scipy.ndimage.correlate in float64:
every policy, a signed mask, --abs, divisor and offset, --depth float of an 8-bit image, int32 round trip,
masks of 65 to 255 taps a side through the FFT, gaussian:40. Float errors are relative to the sum of the
terms' magnitudes (|weights| correlated with |image|), what float accumulation is bounded by.

    python3 bench/science_check.py [path/to/convolab.jar]      # needs numpy, scipy, tifffile
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
import tifffile
from scipy import ndimage

JAR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "target", "convolab.jar")
MODES = {"zero": ("constant", 0.0), "constant:77": ("constant", 77.0), "clamp": ("nearest", 0.0),
         "reflect": ("reflect", 0.0), "mirror": ("mirror", 0.0), "wrap": ("grid-wrap", 0.0)}


def convolab(*args):
    r = subprocess.run(["java", "-jar", JAR, "filter", *args, "--backend", "cpu", "--force"], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("convolab failed: " + r.stderr.strip())


def write_mask(path, m):
    np.savetxt(path, m, fmt="%.9g")


def worst(got, img, m, policy, divisor=1.0, offset=0.0, absolute=False):
    mode, cval = MODES[policy]
    e = 0.0
    for c in range(img.shape[2]):
        s = ndimage.correlate(img[..., c], m, mode=mode, cval=cval)
        bound = ndimage.correlate(np.abs(img[..., c]), np.abs(m), mode=mode, cval=abs(cval)) / abs(divisor) + abs(offset)
        want = (np.abs(s) if absolute else s) / divisor + offset
        e = max(e, float((np.abs(got[..., c] - want) / np.maximum(bound, 1e-12)).max()))
    return e


def main():
    rng = np.random.default_rng(24)
    d = tempfile.mkdtemp()
    img = (rng.random((97, 131, 3)) * 1005 - 5).astype(np.float32)
    src = os.path.join(d, "in.tif")
    out = os.path.join(d, "out.tif")
    tifffile.imwrite(src, img, photometric="rgb")
    x = img.astype(np.float64)
    signed = rng.random((5, 7)) * 4 - 2
    write_mask(os.path.join(d, "s.txt"), signed)
    print("float RGB 131x97, signed 7x5 mask: worst error relative to the terms' magnitudes")
    for policy in MODES:
        for div, off, ab in [(1, 0, False), (1, 0, True), (-3.5, 100, False), (7, -2.25, True)]:
            flags = ["--abs"] if ab else []
            convolab(src, "-o", out, "--mask-file", os.path.join(d, "s.txt"), "--border", policy, "--divisor", str(div),
                     "--offset", str(off), *flags)
            got = tifffile.imread(out).astype(np.float64)
            print(f"  {policy:12s} D {div:5} O {off:6} abs {str(ab):5s} {worst(got, x, signed.astype(np.float32).astype(np.float64), policy, div, off, ab):.2e}")

    u8 = rng.integers(0, 256, (64, 80, 3), dtype=np.uint8)
    p8 = os.path.join(d, "u8.tif")
    tifffile.imwrite(p8, u8, photometric="rgb")
    convolab(p8, "-o", out, "--mask", "laplacian", "--depth", "float", "--border", "reflect")
    got = tifffile.imread(out).astype(np.float64)
    lap = np.array([[0, 1, 0], [1, -4, 1], [0, 1, 0]], dtype=np.float64)
    ref = np.stack([ndimage.correlate(u8[..., c].astype(np.float64), lap, mode="reflect") for c in range(3)], -1)
    print(f"8-bit laplacian --depth float: {got.dtype} min {got.min():.0f}, max |diff| to SciPy {np.abs(got - ref).max():.2e}")

    i32 = rng.integers(-2**31, 2**31 - 1, (30, 40), dtype=np.int64).astype(np.int32)
    pi = os.path.join(d, "i32.tif")
    tifffile.imwrite(pi, i32)
    convolab(pi, "-o", out, "--mask", "identity")
    back = tifffile.imread(out)
    small = np.abs(i32.astype(np.int64)) <= 2**24
    print(f"int32 identity: {back.dtype}, exact where |v| <= 2^24: {np.array_equal(back[small], i32[small])}, "
          f"elsewhere within float's step: {np.all(np.abs(back.astype(np.int64) - i32) <= np.abs(i32.astype(np.int64)) / 2**23)}")

    grey = x[..., :1]
    pg = os.path.join(d, "g.tif")
    tifffile.imwrite(pg, img[..., 0])
    for shape in [(65, 65), (127, 9), (9, 255), (255, 201)]:
        m = rng.random(shape) * 2 - 0.9
        write_mask(os.path.join(d, "l.txt"), m)
        for policy in ["mirror", "zero", "wrap"]:
            convolab(pg, "-o", out, "--mask-file", os.path.join(d, "l.txt"), "--border", policy)
            got = tifffile.imread(out).astype(np.float64)[..., None]
            e = worst(got, grey, np.loadtxt(os.path.join(d, "l.txt")).astype(np.float32).astype(np.float64), policy)
            print(f"float grey, {shape[1]}x{shape[0]} signed mask, {policy}: {e:.2e}")

    g8 = rng.integers(0, 256, (120, 160), dtype=np.uint8)
    pg8 = os.path.join(d, "g8.tif")
    tifffile.imwrite(pg8, g8)
    convolab(pg8, "-o", out, "--mask", "gaussian:40", "--depth", "float", "--border", "mirror")
    got = tifffile.imread(out).astype(np.float64)
    ax = np.arange(-120, 121)
    g = np.exp(-0.5 * ax * ax / 1600.0)
    g /= g.sum()
    ref = ndimage.correlate(g8.astype(np.float64), np.outer(g, g), mode="mirror")
    print(f"gaussian:40 (241 taps) of 8-bit grey, float output: max |diff| to SciPy {np.abs(got - ref).max():.2e} (values 0..255)")


if __name__ == "__main__":
    main()
