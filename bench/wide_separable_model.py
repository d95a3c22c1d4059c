# Emulates wide_separable.cu's index arithmetic (both passes) and checks it against a direct correlation.
import random
WSR_BX, WSR_BY, WSR_PX = 32, 4, 9
WSR_OW = WSR_PX * WSR_BX
WSC_BX, WSC_BY, WSC_PY = 32, 8, 8

def border(i, n, policy):
    if 0 <= i < n: return i
    if policy == 'clamp': return 0 if i < 0 else n - 1
    if policy == 'reflect':
        p = 2 * n; m = i % p
        return m if m < n else p - 1 - m
    if policy == 'mirror':
        if n == 1: return 0
        p = 2 * n - 2; m = i % p
        return m if m < n else p - m
    if policy == 'wrap': return i % n
    return -1

def taps(acc, u, wts, i0, n, tail, P):
    for k in range(P):
        if not tail or i0 + k < n:
            wk = wts[i0 + k]
            for p in range(P): acc[p] += wk * u[p + k]

def rows(inp, w, h, weights, n, policy, cval):
    out = [0.0] * (w * h)
    P = WSR_PX
    np_ = (n + P - 1) // P * P
    span = WSR_OW + np_ - 1
    wts = [weights[i] if i < n else 0.0 for i in range(np_)]
    r = n // 2
    for bx in range((w + WSR_OW - 1) // WSR_OW):
        for by in range((h + WSR_BY - 1) // WSR_BY):
            x0 = bx * WSR_OW
            for ty in range(WSR_BY):
                y = by * WSR_BY + ty
                if y >= h: continue
                tile = [0.0] * span
                for j in range(span):
                    x = x0 - r + j
                    sx = border(x, w, policy)
                    tile[j] = cval if sx < 0 else inp[y * w + sx]
                res = [None] * (WSR_BX * P)
                for lane in range(WSR_BX):
                    s = lane * P
                    acc = [0.0] * P
                    u = [0.0] * (2 * P - 1)
                    for k in range(P - 1): u[k] = tile[s + k]
                    i0 = 0
                    while i0 + P <= n:
                        for k in range(P): u[P - 1 + k] = tile[s + i0 + P - 1 + k]
                        taps(acc, u, wts, i0, n, False, P)
                        for k in range(P - 1): u[k] = u[P + k]
                        i0 += P
                    if i0 < n:
                        for k in range(P): u[P - 1 + k] = tile[s + i0 + P - 1 + k]
                        taps(acc, u, wts, i0, n, True, P)
                    for p in range(P): res[lane * P + p] = acc[p]
                for j in range(WSR_OW):
                    if x0 + j < w: out[y * w + x0 + j] = res[j]
    return out

def cols(inp, w, h, weights, n, policy, cval):
    out = [None] * (w * h)
    P = WSC_PY
    np_ = (n + P - 1) // P * P
    wts = [weights[i] if i < n else 0.0 for i in range(np_)]
    for bx in range((w + WSC_BX - 1) // WSC_BX):
        for by in range((h + WSC_BY * P - 1) // (WSC_BY * P)):
            for ty in range(WSC_BY):
                for tx in range(WSC_BX):
                    x = bx * WSC_BX + tx
                    y0 = (by * WSC_BY + ty) * P
                    if x >= w or y0 >= h: continue
                    top = y0 - n // 2
                    def at(j):
                        sy = border(top + j, h, policy)
                        return cval if sy < 0 else inp[sy * w + x]
                    acc = [0.0] * P
                    u = [0.0] * (2 * P - 1)
                    for k in range(P - 1): u[k] = at(k)
                    i0 = 0
                    while i0 + P <= n:
                        for k in range(P): u[P - 1 + k] = at(i0 + P - 1 + k)
                        taps(acc, u, wts, i0, n, False, P)
                        for k in range(P - 1): u[k] = u[P + k]
                        i0 += P
                    if i0 < n:
                        for k in range(P): u[P - 1 + k] = at(i0 + P - 1 + k)
                        taps(acc, u, wts, i0, n, True, P)
                    for p in range(P):
                        if y0 + p < h: out[(y0 + p) * w + x] = acc[p]
    assert all(v is not None for v in out)
    return out

def direct(inp, w, h, row, col, policy, cval):
    rx, ry = len(row) // 2, len(col) // 2
    out = []
    for y in range(h):
        for x in range(w):
            a = 0.0
            for j in range(len(col)):
                for i in range(len(row)):
                    sx, sy = border(x + i - rx, w, policy), border(y + j - ry, h, policy)
                    v = cval if sx < 0 or sy < 0 else inp[sy * w + sx]
                    a += col[j] * row[i] * v
            out.append(a)
    return out

random.seed(1)
for (w, h, nr, nc) in [(37, 23, 65, 17), (300, 5, 19, 9), (5, 70, 11, 67), (1, 1, 9, 9), (290, 3, 3, 3)]:
    inp = [random.random() * 255 for _ in range(w * h)]
    row = [random.random() for _ in range(nr)]
    col = [random.random() for _ in range(nc)]
    for policy in ['zero', 'constant', 'clamp', 'reflect', 'mirror', 'wrap']:
        cval = 100.0 if policy == 'constant' else 0.0
        mid = rows(inp, w, h, row, nr, policy, cval)
        got = cols(mid, w, h, col, nc, policy, cval * sum(row))
        ref = direct(inp, w, h, row, col, policy, cval)
        err = max(abs(a - b) for a, b in zip(got, ref))
        assert err < 1e-6 * max(1, max(abs(v) for v in ref)), (w, h, nr, nc, policy, err)
    print("ok", w, h, nr, nc)
