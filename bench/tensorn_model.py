#!/usr/bin/env python3
# A model of the argbn kernels of cuda-kernels/tensor.cu (the band cut per 8 output columns, one load) without a
# GPU, as bench/tensor_model.py models the 16-column cut: the fragments of convolab_tensor_weights (built for
# D = ceil((mw + 15) / 16), read at stride D with nh = 0), the tile of TENSORN_TILE_W(E) columns, tensorn_pass's
# strips (ldmatrix .x4 at 16 q, q < E + 3, and .x2 at 16 (E + 3), lane addresses as in the kernel, fragments as
# the PTX ISA lays them out), mma.m16n8k16 per (group g, k block e) on strips g + 2 e and g + 2 e + 1, and the
# outputs of tensor_for_outputs, against a direct correlation (zero border), one channel. It also asserts that no
# ldmatrix row leaves the tile (columns < TW, rows < OH + mh - 1). Prints the largest error per case (float64:
# ~1e-11 when the arithmetic is right). Needs numpy; under a minute.
import numpy as np

rng = np.random.default_rng(1)
WY, WX, OH, OW = 4, 2, 64, 128


def frags_for(mask, D):
    mh, mw = mask.shape
    frags = np.zeros((mh * D * 4 * 32, 4))
    for fid in range(mh * D * 4 * 32):
        lane = fid & 31; part = (fid >> 5) & 1; nh = (fid >> 6) & 1; delta = (fid >> 7) % D; j = (fid >> 7) // D
        n = 8 * nh + (lane >> 2); t = lane & 3
        for e, k in enumerate([2 * t, 2 * t + 1, 2 * t + 8, 2 * t + 9]):
            i = 16 * delta + k - n
            frags[fid, e] = mask[j, i] if (0 <= i < mw and part == 0) else 0.0
    return frags


def ldmatrix(tile, addr, count):
    """regs[lane][m] = (two halves) of matrix m: row lane // 4 at the address lane 8 m + lane // 4 gave."""
    th, tw = tile.shape
    regs = {}
    for lane in range(32):
        regs[lane] = []
        for m in range(count):
            r, c = addr[8 * m + lane // 4]
            assert 0 <= r < th and 0 <= c and c + 8 <= tw, (r, c, th, tw)
            regs[lane].append((tile[r, c + 2 * (lane % 4)], tile[r, c + 2 * (lane % 4) + 1]))
    return regs


def run(w, h, mw, mh):
    img = rng.integers(0, 256, size=(h, w)).astype(np.float64)
    mask = rng.random((mh, mw)) - 0.3
    D = (mw + 30) // 16
    E = (mw + 7 + 15) // 16
    assert E <= D
    TW = OW - 8 + 16 * E
    Q = E + 3
    frags = frags_for(mask, D)
    row_stride = D * 4 * 32
    out = np.zeros((h, w))
    rx, ry = mw // 2, mh // 2
    th = OH + mh - 1
    for by in range((h + OH - 1) // OH):
        for bx in range((w + OW - 1) // OW):
            x0, y0 = bx * OW, by * OH
            gx0, gy0 = x0 - rx, y0 - ry
            tile = np.zeros((th, TW))
            for ty in range(th):
                for tx in range(TW):
                    gy, gx = gy0 + ty, gx0 + tx
                    tile[ty, tx] = img[gy, gx] if 0 <= gy < h and 0 <= gx < w else 0.0
            for warp in range(8):
                wy, wx = warp // WX, warp % WX
                acc = {lane: np.zeros((4, 2, 4)) for lane in range(32)}
                for j in range(mh):
                    bh = {(lane, e): frags[j * row_stride + lane + (4 * e) * 32] for lane in range(32) for e in range(E)}
                    base = {lane: (16 * wy + (lane & 15) + j, 64 * wx + 8 * (lane >> 4)) for lane in range(32)}
                    s = {}  # strip -> per lane (rows 0-7 pair, rows 8-15 pair)
                    for q in range(Q):
                        a = ldmatrix(tile, {l: (base[l][0], base[l][1] + 16 * q) for l in range(32)}, 4)
                        s[2 * q] = {l: (a[l][0], a[l][1]) for l in range(32)}
                        s[2 * q + 1] = {l: (a[l][2], a[l][3]) for l in range(32)}
                    # .x2: lanes 0-15 give the addresses (16 + lane // 4 never read)
                    a = ldmatrix(tile, {l: (base[l][0], base[l][1] + 16 * Q) for l in range(16)}, 2)
                    s[2 * Q] = {l: (a[l][0], a[l][1]) for l in range(32)}
                    for g in range(8):
                        for e in range(E):
                            m = g + 2 * e
                            A = np.zeros((16, 16))
                            B = np.zeros((16, 8))
                            for lane in range(32):
                                gg, tq = lane >> 2, lane & 3
                                A[gg, 2 * tq:2 * tq + 2] = s[m][lane][0]
                                A[gg + 8, 2 * tq:2 * tq + 2] = s[m][lane][1]
                                A[gg, 2 * tq + 8:2 * tq + 10] = s[m + 1][lane][0]
                                A[gg + 8, 2 * tq + 8:2 * tq + 10] = s[m + 1][lane][1]
                                B[2 * tq, gg], B[2 * tq + 1, gg], B[2 * tq + 8, gg], B[2 * tq + 9, gg] = bh[(lane, e)]
                            C = A @ B
                            for lane in range(32):
                                gg, tq = lane >> 2, lane & 3
                                acc[lane][g >> 1, g & 1] += [C[gg, 2 * tq], C[gg, 2 * tq + 1], C[gg + 8, 2 * tq], C[gg + 8, 2 * tq + 1]]
                for lane in range(32):
                    gg, tq = lane >> 2, lane & 3
                    for half in range(2):
                        y = y0 + 16 * wy + gg + 8 * half
                        if y >= h:
                            continue
                        for t in range(4):
                            for nh in range(2):
                                x = x0 + 64 * wx + 16 * t + 8 * nh + 2 * tq
                                n = min(2, w - x)
                                if n <= 0:
                                    continue
                                out[y, x] = acc[lane][t, nh, 2 * half]
                                if n == 2:
                                    out[y, x + 1] = acc[lane][t, nh, 2 * half + 1]
    ref = np.zeros((h, w))
    pad = np.zeros((h + 2 * ry, w + 2 * rx))
    pad[ry:ry + h, rx:rx + w] = img
    for j in range(mh):
        for i in range(mw):
            ref += mask[j, i] * pad[j:j + h, i:i + w]
    err = np.abs(out - ref).max()
    print(f"{w}x{h} mask {mw}x{mh} D={D} E={E} max err {err:.2e}", flush=True)
    return err


if __name__ == "__main__":
    worst = max(run(*c) for c in [(37, 23, 9, 9), (130, 20, 15, 3), (140, 10, 21, 5), (40, 8, 25, 3), (20, 70, 1, 1),
                                  (30, 6, 63, 3), (150, 5, 31, 2), (9, 5, 47, 3)])
    print("OK" if worst < 1e-9 else "FAILED")
