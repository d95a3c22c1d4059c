// Round twelve, second form of sep3tc.cuh (call U: 97 instructions a voxel at issue 0.54, 0.85 ms at r 7):
//   - A fragments by ldmatrix.x4 (one instruction a fragment instead of four LDS): the x pass's k-tiles start at
//     aligned slab columns 8(j + d) and its band takes the offset L - R (B_d[k][n] = w[8d + k - n - (L - R)]; n-tile j
//     still needs only columns 8j .. 8j + 23 as L + R <= 16); the x pass writes its output transposed (xt[x][y]) so
//     that the y pass's A (x by y) is row-major too;
//   - the split by truncation only (vol_tc_split<true>);
//   - ACC2: the hi*hi products in their own accumulator (two chains an output tile, half as deep);
//   - the loader: chunks that are one float4 inside the volume by 16-byte cp.async; the constant policy's ghost rows and
//     columns written once into every slab; the remaining floats (an edge tile's mirrored halo columns) one a thread
//     from a list made at the start where they number at most a block's threads, else a float at a time by chunk.
//   - TMA (round thirteen, sm_90): each slab one tensor copy (box SWP x SH, one thread, an mbarrier a slab) where
//     L = 8 (R 5-8: the x pass reads no column past SW), the width is a multiple of 4 and the halo is zero (constant 0)
//     or folds back into the slab (clamp, reflect, mirror): a block at the volume's edge then copies its mirrored
//     rows, and after a barrier its mirrored columns, from the slab before the step's barrier (FOLD 0). FOLD 1: a
//     block with halo to fold keeps cp.async; FOLD 2: only a block with columns to fold does (rows fold as in 0).
//     Other policies keep the cp.async loader.
// Nothing in the app uses this header yet; bench/volumelab/sep3t.cu and sep3tm.cu check and time it.
#pragma once
#include <cuda_pipeline.h>
#include "border.cuh"
#include "sep3tc.cuh"
#include "tma.cuh"

__device__ __forceinline__ void vol_tc_ldm4(unsigned (&a)[4], unsigned saddr)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3])
                 : "r"(saddr));
}

// The band's B fragments with the input offset o: [d][e] = w[8d + t4 + 4e - g - o] (0 outside 0..2R).
template <int R>
__device__ __forceinline__ VolTcBand vol_tc_band_off(const float* w, int g, int t4, int o)
{
    VolTcBand b;
#pragma unroll
    for (int d = 0; d < 3; d++)
#pragma unroll
        for (int e = 0; e < 2; e++) {
            const int i = 8 * d + t4 + 4 * e - g - o;
            vol_tc_split(i >= 0 && i <= 2 * R ? w[i] : 0.0f, b.hi[d][e], b.lo[d][e]);
        }
    return b;
}

// A fragment split in place: a keeps hi's bits (the unit truncates a raw float to TF32: the same hi), lo = a - hi.
__device__ __forceinline__ void vol_tc_lo(const unsigned (&a)[4], unsigned (&lo)[4])
{
#pragma unroll
    for (int q = 0; q < 4; q++)
        lo[q] = __float_as_uint(__uint_as_float(a[q]) - __uint_as_float(a[q] & 0xffffe000u));
}

template <int R, int TX, int TY, int STAGES>
struct VolSep3Tc2 {
    static constexpr int L = (R + 3) / 4 * 4;       // slab columns left (and right) of the tile
    static constexpr int SW = TX + 2 * L;           // slab columns loaded
    static constexpr int SH = TY + 2 * R;           // slab rows loaded
    static constexpr int SHP = (SH + 15) / 16 * 16; // slab rows the x pass's m-tiles cover (the rest zero)
    static constexpr int SWP = vol_tc_swp(TX + 16); // row stride: columns up to TX + 15 read (the rest zero)
    // The transposed x pass output: row x holds y_in at column y_in + L - R (the y pass's band takes the x pass's
    // offset, so one band serves both where the x and y weights agree); stride 4 mod 8 (conflict-free ldmatrix rows).
    static constexpr int XTN = (SHP + L - R > TY + 16 ? SHP + L - R : TY + 16);
    static constexpr int XTS = (XTN + 3) / 4 * 4 + ((XTN + 3) / 4 % 2 == 0 ? 4 : 0);
    static constexpr int NW = TX / 16 * (TY / 8);   // warps: one y pass m16n8 tile each
    static constexpr int T = 32 * NW;
    static constexpr int Q4 = SW / 4, SN4 = Q4 * SH, CH = (SN4 + T - 1) / T;
    static constexpr int XM = SHP / 16, XN = TX / 8, XU = XM * XN / NW;
    static constexpr int SLAB = SHP * SWP;
    static constexpr int SMEM = 4 * (STAGES * SLAB + 2 * TX * XTS + SW);
    /** With the tensor-copy loader: 128 bytes to align the slabs, a barrier a slab, the fold's row and column sources. */
    static constexpr int SMEM_TMA = SMEM + 128 + 8 * STAGES + 4 * (SH + SW) + 8;
    static_assert(R >= 1 && R <= 8, "three k-steps of 8 hold 8 + 2R inputs");
    static_assert(TX % 32 == 0 && TY % 16 == 0 && (XM * XN) % NW == 0 && XN % XU == 0 && CH <= 32, "VolSep3Tc2 shape");
    static_assert(SWP >= SW && L + R <= 16, "slab");
};

// SAME: the y weights equal the x weights (isotropic masks): one band in registers. ZR (diagnostic, -1: R): a z pass
// of radius ZR instead of R (0: none), to time the z pass and its registers apart; wrong sums where ZR != R.
// COPY (diagnostic): no x and y passes either; the output is the slab's centre (the same loads, barriers and stores).
template <int R, int TX, int TY, int STAGES, bool ACC2, bool SAME = false, int SU = 1, int ZR0 = -1, bool COPY = false,
          bool TMA = false, int FOLD = 0>
__device__ __forceinline__ void vol_sep3tc2(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                            int zch, int policy, float cval, const ConvolabTensorMap* tmap = nullptr)
{
    using G = VolSep3Tc2<R, TX, TY, STAGES>;
    constexpr int ZR = ZR0 < 0 ? R : ZR0;
    constexpr int L = G::L, SW = G::SW, SH = G::SH, SHP = G::SHP, SWP = G::SWP, XTS = G::XTS, T = G::T;
    constexpr int Q4 = G::Q4, SN4 = G::SN4, CH = G::CH, XU = G::XU, SLAB = G::SLAB, YN = TY / 8;
    static_assert(!TMA || (L == 8 && SLAB % 32 == 0), "TMA: the x pass reads no column past SW; 128-byte slabs");
    extern __shared__ float4 vol_sep3tc2_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3tc2_smem);
    if constexpr (TMA) slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    float* xt = slabs + STAGES * SLAB;               // 2 x TX x XTS: the x pass's output transposed, by step parity
    int* xsrc = reinterpret_cast<int*>(xt + 2 * TX * XTS);  // SW: each slab column's source column (-1: constant)
    int* rsrc = xsrc + SW;                           // TMA, fold: each slab row's source row in the slab (-1: inside)
    int* csrc = rsrc + SH;                           // TMA, fold: each slab column's source column in the slab (-1: inside)
    unsigned long long* bars = reinterpret_cast<unsigned long long*>(csrc + SW + ((SW + SH) & 1));  // TMA: a slab each
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, g = lane >> 2, t4 = lane & 3;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const size_t slice = (size_t)w * h;
    const unsigned sbase = (unsigned)__cvta_generic_to_shared(slabs);
    const unsigned xbase = (unsigned)__cvta_generic_to_shared(xt);

    for (int i = tid; i < SW; i += T) xsrc[i] = convolab_border_index(x0 - L + i, w, policy);
    // Once into every slab: zero pads (read times a zero weight) and the constant policy's ghost cells.
    {
        const bool cst = policy == CONVOLAB_BORDER_CONSTANT;
        for (int e = tid; e < STAGES * SLAB; e += T) {
            const int k = e % SLAB, r = k / SWP, c = k % SWP;
            if (r >= SH || c >= SW) slabs[e] = 0.0f;
            else if (cst && (y0 - R + r < 0 || y0 - R + r >= h || x0 - L + c < 0 || x0 - L + c >= w)) slabs[e] = cval;
        }
    }
    for (int e = tid; e < 2 * TX * XTS; e += T)    // xt's columns before y_in 0 and after the last are read, never written
        xt[e] = 0.0f;
    // The chunks: shared byte address in slab 0; source offset in a slice where the chunk is one aligned float4
    // inside the volume (bit in vec), else -1 (the list below, or the constant, or the per-float path).
    unsigned dst[CH];
    int src[CH];
    unsigned vec = 0;
    bool all = true;
#pragma unroll
    for (int c = 0; c < CH; c++) {
        const int e = tid + c * T;
        const int row = e / Q4, col = e % Q4 * 4;
        dst[c] = sbase + 4 * (row * SWP + col);
        const int sy = convolab_border_index(y0 - R + row, h, policy);
        const int gx = x0 - L + col;
        const bool v = e < SN4 && sy >= 0 && (w & 3) == 0 && gx >= 0 && gx + 3 < w;
        src[c] = v ? sy * w + gx : (sy < 0 ? -1 : sy * w);
        if (v) vec |= 1u << c;
        else if (e < SN4) all = false;
    }
    // TMA: which blocks copy by tensor copies, and where an edge block's halo rows and columns come from.
    bool tma = false, fold = false;
    const int nl = max(0, L - x0), cr = min(SW, w - x0 + L), ncol = nl + SW - cr;   // slab columns outside along x
    if constexpr (TMA) {
        const bool folds = policy == CONVOLAB_BORDER_CLAMP || policy == CONVOLAB_BORDER_REFLECT || policy == CONVOLAB_BORDER_MIRROR;
        bool ok = (w & 3) == 0 && (folds || (policy == CONVOLAB_BORDER_CONSTANT && cval == 0.0f));
        bool edge = false;
        if (folds) {
            for (int r = tid; r < SH; r += T) {
                const int y = y0 - R + r, b = convolab_border_index(y, h, policy) - (y0 - R);
                rsrc[r] = y >= 0 && y < h ? -1 : b;
                if (b < 0 || b >= SH) ok = false;
            }
            for (int c = tid; c < SW; c += T) {
                const int x = x0 - L + c, b = convolab_border_index(x, w, policy) - (x0 - L);
                csrc[c] = x >= 0 && x < w ? -1 : b;
                if (b < 0 || b >= SW) ok = false;
            }
            edge = x0 - L < 0 || x0 - L + SW > w || y0 - R < 0 || y0 - R + SH > h;
            if ((FOLD == 1 && edge) || (FOLD == 2 && ncol > 0)) ok = false;
        }
        if (tid == 0) {
            for (int k = 0; k < STAGES; k++) convolab_mbar_init(bars + k, 1);
            convolab_mbar_init_fence();
        }
        convolab_fence_async_shared();               // the zero pads above before any copy lands
        tma = __syncthreads_and(ok);
        fold = tma && folds && edge;
    }
    __syncthreads();                                 // xsrc
    // The floats no float4 brings and no constant fills: rows inside (ry0 .. ry1-1) x columns of chunks not inside
    // along x whose source is a column (nsc of them). At most T: thread f takes the f-th (mode 1); else mode 2.
    int mode = 0;                                    // 0: every chunk one float4; 1: float4s and the list; 2: per float
    unsigned ldst = 0;
    int lsrc = -1;
    if (!__syncthreads_and(all)) {
        const bool cst = policy == CONVOLAB_BORDER_CONSTANT;
        const int ry0 = cst ? max(0, R - y0) : 0, ry1 = cst ? min(SH, h - y0 + R) : SH;
        int nsc = 0;
        for (int c = 0; c < SW; c++) {
            const int gx = x0 - L + c / 4 * 4;
            if (!((w & 3) == 0 && gx >= 0 && gx + 3 < w) && xsrc[c] >= 0) nsc++;
        }
        const int nslow = max(0, ry1 - ry0) * nsc;
        mode = nslow <= T ? 1 : 2;
        if (mode == 1 && tid < nslow) {
            const int r = ry0 + tid / nsc;
            int k = tid % nsc, c = 0;
            for (;; c++) {
                const int gx = x0 - L + c / 4 * 4;
                if (!((w & 3) == 0 && gx >= 0 && gx + 3 < w) && xsrc[c] >= 0 && k-- == 0) break;
            }
            ldst = sbase + 4 * (r * SWP + c);
            lsrc = convolab_border_index(y0 - R + r, h, policy) * w + xsrc[c];
        }
    }
    const int steps = (z1 - z0) + 2 * R;             // input slices z0-R .. z1-1+R
    auto load = [&](int p) {
        if constexpr (TMA) {
            if (tma) {                               // one copy; zero outside (the constant 0, or the fold's halo)
                if (tid == 0) {
                    const int z = z0 - R + p;
                    unsigned long long* bar = bars + p % STAGES;
                    convolab_mbar_expect(bar, 4 * SH * SWP);
                    convolab_tma_load_3d(slabs + (p % STAGES) * SLAB, tmap, bar, x0 - L, y0 - R,
                                         policy == CONVOLAB_BORDER_CONSTANT ? z : convolab_border_index(z, d, policy));
                }
                return;
            }
        }
        const unsigned so = (p % STAGES) * (SLAB * 4);
        const int sz = convolab_border_index(z0 - R + p, d, policy);
        if (sz < 0) {                                // a constant slice: the whole slab (pads stay zero)
#pragma unroll
            for (int c = 0; c < CH; c++)
                if (SN4 % T == 0 || tid + c * T < SN4) vol_tc_st16(dst[c] + so, cval);
        } else if (mode == 0) {
            const float* base = in + (size_t)sz * slice;
#pragma unroll
            for (int c = 0; c < CH; c++)
                if (SN4 % T == 0 || tid + c * T < SN4) vol_tc_cp16(dst[c] + so, base + src[c]);
        } else {
            const float* base = in + (size_t)sz * slice;
#pragma unroll
            for (int c = 0; c < CH; c++)
                if (vec & (1u << c)) vol_tc_cp16(dst[c] + so, base + src[c]);
            if (mode == 1) {
                if (lsrc >= 0) vol_tc_cp4(ldst + so, base + lsrc);
            } else {
#pragma unroll
                for (int c = 0; c < CH; c++) {
                    const int e = tid + c * T;
                    if ((SN4 % T != 0 && e >= SN4) || (vec & (1u << c))) continue;
                    vol_tc_cp_floats(dst[c] + so, base, src[c], xsrc + e % Q4 * 4, cval);
                }
            }
        }
        __pipeline_commit();
    };
#pragma unroll
    for (int p = 0; p < STAGES - 1; p++) {
        if (p < steps) load(p);
        else if (!tma) __pipeline_commit();
    }

    const VolTcBand bx = vol_tc_band_off<R>(cx, g, t4, L - R);
    const VolTcBand by = SAME ? bx : vol_tc_band_off<R>(cy, g, t4, L - R);
    const int xm = warp / (G::XN / XU), xj = warp % (G::XN / XU) * XU;   // x pass: m-tile, first n-tile
    const int ym = warp / YN, yj = warp % YN;                             // y pass: m-tile (x), n-tile (y)
    const int lr = (lane & 7) + 8 * ((lane >> 3) & 1), lk = 4 * (lane >> 4);  // ldmatrix: this lane's row, column
    const unsigned xa = sbase + 4 * ((16 * xm + lr) * SWP + 8 * xj + lk);    // x pass A rows, slab 0
    const unsigned ya = xbase + 4 * ((16 * ym + lr) * XTS + 8 * yj + lk);    // y pass A rows, buffer 0
    const unsigned xw = xbase + 4 * ((8 * xj + 2 * t4) * XTS + 16 * xm + g + L - R); // x pass C into xt, buffer 0
    VolTcZ<ZR> zp(out, z0, x0 + 16 * ym + g, y0 + 8 * yj + 2 * t4, w, h, slice);  // the z pass of the y fragment

    auto step = [&](int s, auto dox, auto doy) {
        if (tma) {
            if (dox) {
                convolab_mbar_wait(bars + s % STAGES, (unsigned)(s / STAGES) & 1u);
                if (fold) {                          // an edge block: mirrored rows, then mirrored columns
                    float* sl = slabs + (s % STAGES) * SLAB;
                    for (int e = tid; e < SH * (SWP / 4); e += T) {
                        const int r = e / (SWP / 4), q = e % (SWP / 4);
                        if (rsrc[r] >= 0)
                            reinterpret_cast<float4*>(sl + r * SWP)[q] = reinterpret_cast<const float4*>(sl + rsrc[r] * SWP)[q];
                    }
                    if (ncol > 0) __syncthreads();   // rows first: a corner takes its folded row's column
                    for (int e = tid; e < SH * ncol; e += T) {   // the columns outside: [0, nl) and [cr, SW)
                        const int r = e / ncol, k = e % ncol, c = k < nl ? k : cr + k - nl;
                        sl[r * SWP + c] = sl[r * SWP + csrc[c]];
                    }
                    convolab_fence_async_shared();   // these writes before a later copy into the slab
                }
            }
        } else {
            __pipeline_wait_prior(STAGES - 2);
        }
        __syncthreads();                             // slab s in, xt of s-1 written; slab s-1 and xt of s-2 done
        const int sn = s + STAGES - 1;
        if (sn < steps) load(sn);
        else if (!tma) __pipeline_commit();
        const unsigned par = s & 1;
        float acc[XU][4], acb[XU][4];
        float v[4] = {0.0f, 0.0f, 0.0f, 0.0f}, vb[4] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
        for (int u = 0; u < XU; u++)
#pragma unroll
            for (int q = 0; q < 4; q++) acc[u][q] = acb[u][q] = 0.0f;
#pragma unroll
        if (COPY && dox) {                           // the slab's centre for the thread's 4 outputs
            const float* c = slabs + (s % STAGES) * SLAB + (8 * yj + 2 * t4 + R) * SWP + L + 16 * ym + g;
            v[0] = c[0]; v[1] = c[SWP]; v[2] = c[8]; v[3] = c[SWP + 8];
        }
#pragma unroll
        for (int kt = 0; kt < (COPY ? 0 : XU + 2); kt++) {
            if (dox) {
                unsigned ah[4], al[4];
                vol_tc_ldm4(ah, xa + (s % STAGES) * (SLAB * 4) + 32 * kt);
                vol_tc_lo(ah, al);
#pragma unroll
                for (int u = 0; u < XU; u++)
                    if (kt - u >= 0 && kt - u < 3) {
                        const int dd = kt - u;
                        vol_tc_mma(acc[u], al, bx.hi[dd][0], bx.hi[dd][1]);
                        vol_tc_mma(acc[u], ah, bx.lo[dd][0], bx.lo[dd][1]);
                        vol_tc_mma(ACC2 ? acb[u] : acc[u], ah, bx.hi[dd][0], bx.hi[dd][1]);
                    }
            }
            if (doy && kt < 3) {
                unsigned ah[4], al[4];
                vol_tc_ldm4(ah, ya + (1 - par) * (TX * XTS * 4) + 32 * kt);
                vol_tc_lo(ah, al);
                vol_tc_mma(v, al, by.hi[kt][0], by.hi[kt][1]);
                vol_tc_mma(v, ah, by.lo[kt][0], by.lo[kt][1]);
                vol_tc_mma(ACC2 ? vb : v, ah, by.hi[kt][0], by.hi[kt][1]);
            }
        }
        if (dox && !COPY) {                          // C (rows y_in, columns x) into xt[x][y_in]
            const unsigned o = xw + par * (TX * XTS * 4);
#pragma unroll
            for (int u = 0; u < XU; u++) {
                const unsigned ou = o + 4 * 8 * u * XTS;
                vol_tc_st4(ou, ACC2 ? acc[u][0] + acb[u][0] : acc[u][0]);
                vol_tc_st4(ou + 4 * XTS, ACC2 ? acc[u][1] + acb[u][1] : acc[u][1]);
                vol_tc_st4(ou + 32, ACC2 ? acc[u][2] + acb[u][2] : acc[u][2]);
                vol_tc_st4(ou + 4 * XTS + 32, ACC2 ? acc[u][3] + acb[u][3] : acc[u][3]);
            }
        }
        if (doy) {
            if (ACC2)
#pragma unroll
                for (int i = 0; i < 4; i++) v[i] += vb[i];
            // v: slice p = s-1; output slice z0 + p - R - ZR is complete from p = R + ZR (ZR = R: 2R) to the chunk's end
            zp.step(v, cz, s - 1 >= R + ZR && s - 1 - R - ZR < z1 - z0);
        }
    };
    using Y = VolTcFlag<true>;
    using N = VolTcFlag<false>;
    step(0, Y(), N());                               // steps >= 2R + 1 >= 3
    int s = 1;
    if (SU == 2) {                                   // two steps a loop turn (the loop's own instructions halve)
#pragma unroll 1
        for (; s + 1 < steps; s += 2) {
            step(s, Y(), Y());
            step(s + 1, Y(), Y());
        }
    }
#pragma unroll 1
    for (; s < steps; s++) step(s, Y(), Y());
    step(steps, N(), Y());
}
