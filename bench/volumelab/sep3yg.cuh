// Issue 25, round fifteen, call D: sep3yf.cuh (the y pass first on wide tiles, one tensor copy a slab) with a lean
// steady state. Call C's per-instruction counts of sep3yf (64x16) found 94.6 instructions a voxel, 54.3 of them FFMA;
// of the other 40, the weights' uniform loads took 6.1 (45 weights reloaded every step), branches and their
// convergence barriers 5.6, compares and address arithmetic most of the rest, and the cold code of the
// self-loading path sat between the hot steps. Here:
//   - the tensor-copy path and the self-loading path are separate instantiations of the sweep (TMAP);
//   - the sweep runs checked turns only until the first output and after the last full turn; the turns between
//     (the steady state) test nothing but the copy issue;
//   - ISO (x, y and z lines equal, as an isotropic Gaussian's are): one line of weights for all three passes;
//   - the y items go to whole warps (YI a multiple of 32), as in sep3yf;
//   - XPRE (call E): the x pass's window is read from yrows before the y pass, its latency under the y pass's work;
//   - SPLIT (call H): the y items that do not fill a warp for every scheduler go a column a thread to 4 more warps.
// The passes, the ring, the halo copies and the stores are sep3yf's (its head says how they work).
#pragma once
#include <type_traits>
#include "sep3yf.cuh"

template <int R, int TX, int TY, int STAGES, int YP, int ZU, bool ISO, bool TMAP, bool XPRE, bool SPLIT>
__device__ __forceinline__ void vol_sep3yg_sweep(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                                 int z0, int z1, int policy, float cval, const ConvolabTensorMap* tmap,
                                                 float* slabs, float* yrows, unsigned long long* bars, const int* fix, int nf)
{
    using G = VolSep3Yf<R, TX, TY, STAGES, YP>;
    constexpr int SW = G::SW, SW4 = G::SW4, SH = G::SH, M = G::M, L = G::L, T = G::T, SLAB = G::SLAB;
    constexpr int PRO = (2 * R + 1 + ZU - 1) / ZU * ZU;   // from this step on every step stores an output slice
    const float* cx = c_vol_line;
    const float* cy = ISO ? cx : c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = ISO ? cx : c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const size_t slice = (size_t)w * h;
    const bool fold = policy == CONVOLAB_BORDER_CLAMP || policy == CONVOLAB_BORDER_REFLECT || policy == CONVOLAB_BORDER_MIRROR;
    const int steps = (z1 - z0) + 2 * R;

    auto issue = [&](int p) {
        const int zi = z0 - R + p;
        const int sz = fold ? convolab_border_index(zi, d, policy) : zi;
        convolab_mbar_expect(bars + p % STAGES, 4 * SH * SW);
        convolab_tma_load_3d(slabs + (p % STAGES) * SLAB, tmap, bars + p % STAGES, x0 - L, y0 - R, sz);
    };
    if constexpr (TMAP) {
        if (tid == 0)
            for (int p = 0; p < STAGES - 1 && p < steps; p++) issue(p);
    }

    const int xrow = tid / (TX / 4), xg = tid % (TX / 4);
    const bool store = x0 + 4 * xg < w && y0 + xrow < h;
    float* zo = out + ((size_t)z0 * h + y0 + xrow) * w + x0 + 4 * xg;
    // SPLIT: the y items of whole float4 groups fill a multiple of 4 warps (one a scheduler); the rest are split into
    // their 4 columns, a column a thread, over 4 more warps, so that each scheduler gets the same y work.
    constexpr int YFULL = SPLIT ? G::YI / 128 * 128 : G::YI;
    constexpr int YREST = G::YI - YFULL;
    static_assert(YFULL + 4 * YREST <= T, "SPLIT: threads for the split items");
    const bool yitem = tid < YFULL;                  // the first YI threads
    const bool ycol = SPLIT && tid >= YFULL && tid < YFULL + 4 * YREST;
    const int yi = ycol ? YFULL + (tid - YFULL) / 4 : tid;
    const int yoff = yi / SW4 * YP * SW4 + yi % SW4;   // the y item's first float4, in a slab and in yrows
    const int ycoff = 4 * yoff + (tid - YFULL) % 4;  // a split item's column: its first float
    const int xoff = xrow * SW4 + xg;                // the x item's first float4 in yrows
    float ring[4][M + ZU - 1];
#pragma unroll
    for (int q = 0; q < 4; q++)
#pragma unroll
        for (int k = 0; k < M + ZU - 1; k++) ring[q][k] = 0.0f;

    // Step s at phase F of its turn; CHECK: the steps near the sweep's ends (else s < steps and s > 2R hold).
    auto step = [&](int s, auto phase, auto check) {
        constexpr int F = decltype(phase)::value;
        constexpr bool CHECK = decltype(check)::value;
        float* slab = slabs + (s % STAGES) * SLAB;
        const bool have = !CHECK || s < steps;
        if (have) {
            if constexpr (TMAP) {
                convolab_mbar_wait(bars + s % STAGES, (unsigned)(s / STAGES) & 1u);
                if (nf) {
                    for (int k = tid; k < nf; k += T) {
                        const int f = fix[k];
                        slab[f >> 16] = slab[f & 0xffff];
                    }
                    convolab_fence_async_shared();
                }
            } else {
                const int sz = convolab_border_index(z0 - R + s, d, policy);
                for (int e = tid; e < SH * SW; e += T) {
                    const int r = e / SW, c = e % SW;
                    const int sy = convolab_border_index(y0 - R + r, h, policy);
                    const int sx = convolab_border_index(x0 - L + c, w, policy);
                    slab[e] = (sz < 0 || sy < 0 || sx < 0) ? cval : in[(size_t)sz * slice + (size_t)sy * w + sx];
                }
            }
        }
        __syncthreads();
        if constexpr (TMAP) {
            if (tid == 0 && s + STAGES - 1 < steps) issue(s + STAGES - 1);
        }
        const int par = F & 1;
        const bool xz = !CHECK || s >= 1;
        float v[4 + 2 * L];                          // the x pass's window (XPRE: read before the y pass)
        auto xload = [&] {
            const float4* row = reinterpret_cast<const float4*>(yrows + (1 - par) * TY * SW) + xoff;
#pragma unroll
            for (int k = 0; k < (4 + 2 * L) / 4; k++) {
                const float4 t = row[k];
                v[4 * k] = t.x; v[4 * k + 1] = t.y; v[4 * k + 2] = t.z; v[4 * k + 3] = t.w;
            }
        };
        if (XPRE && xz) xload();
        if (have && yitem) {                         // y pass of slab s
            const float4* src = reinterpret_cast<const float4*>(slab) + yoff;
            float4* dst = reinterpret_cast<float4*>(yrows + par * TY * SW) + yoff;
            float4 a[YP];
#pragma unroll
            for (int p = 0; p < YP; p++) a[p] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
            for (int j = 0; j < YP + 2 * R; j++) {
                const float4 v = src[j * SW4];
#pragma unroll
                for (int p = 0; p < YP; p++)
                    if (j - p >= 0 && j - p < M) {
                        const float c = cy[j - p];
                        a[p].x += c * v.x; a[p].y += c * v.y; a[p].z += c * v.z; a[p].w += c * v.w;
                    }
            }
#pragma unroll
            for (int p = 0; p < YP; p++) dst[p * SW4] = a[p];
        }
        if constexpr (SPLIT) {
            if (have && ycol) {                      // a split item: one column, YP rows
                const float* src = slab + ycoff;
                float* dst = yrows + par * TY * SW + ycoff;
                float a[YP];
#pragma unroll
                for (int p = 0; p < YP; p++) a[p] = 0.f;
#pragma unroll
                for (int j = 0; j < YP + 2 * R; j++) {
                    const float v = src[j * SW];
#pragma unroll
                    for (int p = 0; p < YP; p++)
                        if (j - p >= 0 && j - p < M) a[p] += cy[j - p] * v;
                }
#pragma unroll
                for (int p = 0; p < YP; p++) dst[p * SW] = a[p];
            }
        }
        if (xz) {                                    // x pass and z pass of slice s-1
            if (!XPRE) xload();
#pragma unroll
            for (int q = 0; q < 4; q++) {
                float a = 0.0f;
#pragma unroll
                for (int i = 0; i < M; i++) a += cx[i] * v[L - R + q + i];
                ring[q][M - 1 + F] = a;
            }
            if (!CHECK || s - 1 >= 2 * R) {
                float zs[4];
#pragma unroll
                for (int q = 0; q < 4; q++) {
                    zs[q] = 0.0f;
#pragma unroll
                    for (int k = 0; k < M; k++) zs[q] += cz[k] * ring[q][F + k];
                }
                if (store) __stcs(reinterpret_cast<float4*>(zo), make_float4(zs[0], zs[1], zs[2], zs[3]));
                zo += slice;
            }
        }
    };
    auto turn = [&](int s, auto check) {
        step(s, std::integral_constant<int, 0>(), check);
        if constexpr (ZU >= 2) {
            if (!decltype(check)::value || s + 1 <= steps) step(s + 1, std::integral_constant<int, 1>(), check);
        }
        if constexpr (ZU == 4) {
            if (!decltype(check)::value || s + 2 <= steps) step(s + 2, std::integral_constant<int, 2>(), check);
            if (!decltype(check)::value || s + 3 <= steps) step(s + 3, std::integral_constant<int, 3>(), check);
        }
#pragma unroll
        for (int q = 0; q < 4; q++)
#pragma unroll
            for (int k = 0; k < M - 1; k++) ring[q][k] = ring[q][k + ZU];
    };
#pragma unroll 1
    for (int s = 0; s <= steps; s += ZU) {
        if (TMAP && s >= PRO && s + ZU <= steps) turn(s, std::false_type());
        else turn(s, std::true_type());
    }
}

template <int R, int TX, int TY, int STAGES, int YP, int ZU, bool ISO, bool XPRE = false, bool SPLIT = false>
__device__ __forceinline__ void vol_sep3yg(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                           int zch, int policy, float cval, const ConvolabTensorMap* tmap)
{
    using G = VolSep3Yf<R, TX, TY, STAGES, YP>;
    constexpr int SW = G::SW, T = G::T, SLAB = G::SLAB;
    static_assert(G::YI <= T, "y items: at most one a thread (call I: a part warp allowed)");
    extern __shared__ float4 vol_sep3yg_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3yg_smem);
    slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    float* yrows = slabs + STAGES * SLAB;
    unsigned long long* bars = reinterpret_cast<unsigned long long*>(yrows + 2 * TY * SW);
    int* fix = reinterpret_cast<int*>(bars + STAGES);
    int* nfix = fix + G::FIX;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);

    int nf = 0;
    const bool tma = vol_sep3yf_halo<G, R>(x0, y0, w, h, policy, cval, STAGES, bars, fix, nfix, nf);
    if (tma)
        vol_sep3yg_sweep<R, TX, TY, STAGES, YP, ZU, ISO, true, XPRE, SPLIT>(in, out, w, h, d, z0, z1, policy, cval, tmap, slabs, yrows, bars, fix, nf);
    else
        vol_sep3yg_sweep<R, TX, TY, STAGES, YP, ZU, ISO, false, false, SPLIT>(in, out, w, h, d, z0, z1, policy, cval, tmap, slabs, yrows, bars, fix, 0);
}
