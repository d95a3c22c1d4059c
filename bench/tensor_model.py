#!/usr/bin/env python3
# A model of cuda-kernels/tensor.cu without a GPU: its index arithmetic (band blocks built by
# convolab_tensor_weights, the tile, the ldmatrix row addresses, the (k block, n block, delta) loops, the
# output mapping of tensor_for_outputs) run with ldmatrix and mma.m16n8k16 as the PTX ISA lays out their
# fragments, against a direct correlation (zero border). Written while no GPU was at hand; prints the
# largest error per case (float64: ~1e-11 when the arithmetic is right). Needs numpy; about a minute.
import numpy as np
rng = np.random.default_rng(1)
WY, WX, OH, OW, ROWS = 4, 2, 64, 128, 16
def run(w, h, mw, mh):
    img = rng.integers(0, 256, size=(h, w)).astype(np.float64)
    mask = rng.random((mh, mw))
    D = (15 + mw + 15) // 16
    TW = OW - 16 + 16 * D; PITCH = TW + 8
    # prep
    frags = np.zeros((mh * D * 4 * 32, 4))
    for id in range(mh * D * 4 * 32):
        lane = id & 31; part = (id >> 5) & 1; nh = (id >> 6) & 1; delta = (id >> 7) % D; j = (id >> 7) // D
        n = 8 * nh + (lane >> 2); t = lane & 3
        ks = [2*t, 2*t+1, 2*t+8, 2*t+9]
        for e in range(4):
            i = 16 * delta + ks[e] - n
            ws = mask[j, i] if 0 <= i < mw else 0.0
            frags[id, e] = ws if part == 0 else 0.0
    out = np.zeros((h, w))
    rx, ry = mw // 2, mh // 2
    for by in range((h + OH - 1) // OH):
        for bx in range((w + OW - 1) // OW):
            x0, y0 = bx * OW, by * OH
            acc = np.zeros((8, 4, 2, 4))  # warp, t, nh, e per lane -> use dict per lane
            accs = {}
            for warp in range(8):
                for lane in range(32):
                    accs[(warp, lane)] = np.zeros((4, 2, 4))
            for j0 in range(0, mh, ROWS):
                rows = min(ROWS, mh - j0)
                th = OH + rows - 1
                tile = np.zeros((th, PITCH))
                for ty in range(th):
                    for tx in range(TW):
                        gy, gx = y0 - ry + j0 + ty, x0 - rx + tx
                        tile[ty, tx] = img[gy, gx] if 0 <= gy < h and 0 <= gx < w else 0.0
                for warp in range(8):
                    wy, wx = warp // WX, warp % WX
                    for jj in range(rows):
                        j = j0 + jj
                        # B regs per lane
                        bh = {}
                        for lane in range(32):
                            base = j * D * 4 * 32 + lane
                            for d in range(D):
                                for nh in range(2):
                                    bh[(lane, d, nh)] = frags[base + ((d * 2 + nh) * 2) * 32]
                        for kb in range(D + 3):
                            # ldmatrix x4
                            addr = {}
                            for lane in range(32):
                                lrow = 16 * wy + (lane & 15); lcol = 64 * wx + 8 * (lane >> 4)
                                addr[lane] = (lrow + jj, lcol + 16 * kb)
                            a = {}
                            for lane in range(32):
                                regs = []
                                for m in range(4):
                                    r, c = addr[8 * m + lane // 4]
                                    regs.append((tile[r, c + 2 * (lane % 4)], tile[r, c + 2 * (lane % 4) + 1]))
                                a[lane] = regs
                            # A matrix from documented layout
                            A = np.zeros((16, 16))
                            for lane in range(32):
                                g, tq = lane >> 2, lane & 3
                                A[g, 2*tq:2*tq+2] = a[lane][0]; A[g+8, 2*tq:2*tq+2] = a[lane][1]
                                A[g, 2*tq+8:2*tq+10] = a[lane][2]; A[g+8, 2*tq+8:2*tq+10] = a[lane][3]
                            for t in range(4):
                                d = kb - t
                                if 0 <= d < D:
                                    for nh in range(2):
                                        B = np.zeros((16, 8))
                                        for lane in range(32):
                                            g, tq = lane >> 2, lane & 3
                                            v = bh[(lane, d, nh)]
                                            B[2*tq, g], B[2*tq+1, g], B[2*tq+8, g], B[2*tq+9, g] = v
                                        C = A @ B
                                        for lane in range(32):
                                            g, tq = lane >> 2, lane & 3
                                            accs[(warp, lane)][t, nh] += [C[g, 2*tq], C[g, 2*tq+1], C[g+8, 2*tq], C[g+8, 2*tq+1]]
            for warp in range(8):
                wy, wx = warp // WX, warp % WX
                for lane in range(32):
                    g, tq = lane >> 2, lane & 3
                    for half in range(2):
                        y = y0 + 16 * wy + g + 8 * half
                        if y >= h: continue
                        for t in range(4):
                            for nh in range(2):
                                x = x0 + 64 * wx + 16 * t + 8 * nh + 2 * tq
                                n = min(2, w - x)
                                if n <= 0: continue
                                out[y, x] = accs[(warp, lane)][t, nh, 2 * half]
                                if n == 2: out[y, x + 1] = accs[(warp, lane)][t, nh, 2 * half + 1]
    ref = np.zeros((h, w))
    pad = np.zeros((h + 2 * ry, w + 2 * rx)); pad[ry:ry+h, rx:rx+w] = img
    for j in range(mh):
        for i in range(mw):
            ref += mask[j, i] * pad[j:j+h, i:i+w]
    print(w, h, mw, mh, "max err", np.abs(out - ref).max())
run(37, 23, 7, 7)
run(130, 67, 17, 3)
run(20, 70, 33, 19)
run(5, 3, 1, 1)
run(150, 20, 63, 5)
