// Round sixteen (issue 25): the app's y-first sweep (cuda-kernels/volume_sep_y.cuh) with its x halo folded in
// registers instead of in the slab. Under clamp, reflect and mirror a block at the volume's left or right side copies
// every step the slab's halo cells from the cells they mirror, then fences them off from the next tensor copy (round
// fifteen, call K: 14% of the r 7 sweep). A halo column's y-pass output is the y-pass output of the column it mirrors,
// and each x item's window (4 + 2L = 20 columns) holds the columns its halo mirrors (widths a multiple of 4, at least
// 2L): the few x items whose window crosses a side overwrite their halo values with the mirrored ones from their own
// window, after loading it. Only halo rows (blocks at the top or bottom) are still copied into the slab.
// Lab only: bench/volumelab/sep3yf.cu checks and times it beside the app's kernel.
#pragma once
#include <type_traits>
#include "border.cuh"
#include "geometry.cuh"
#include "tma.cuh"
#include "volume_sep_y.cuh"

// The left side: the window's first B columns lie left of the volume (B = 4 or 8); column B is the volume's column 0.
template <int B, int N>
__device__ __forceinline__ void vol_yh_fold_left(float (&v)[N], int policy)
{
#pragma unroll
    for (int k = 0; k < B; k++)
        v[k] = policy == CONVOLAB_BORDER_MIRROR ? v[2 * B - k] : policy == CONVOLAB_BORDER_REFLECT ? v[2 * B - 1 - k] : v[B];
}

// The right side: the window's columns E.. lie right of the volume; column E - 1 is the volume's last.
template <int E, int N>
__device__ __forceinline__ void vol_yh_fold_right(float (&v)[N], int policy)
{
#pragma unroll
    for (int k = E; k < N; k++)
        v[k] = policy == CONVOLAB_BORDER_MIRROR ? v[2 * E - 2 - k] : policy == CONVOLAB_BORDER_REFLECT ? v[2 * E - 1 - k] : v[E - 1];
}

// The sweep of one block down its chunk: TMAP, slabs by tensor copies (nf halo cells listed in fix to copy each
// step); else the block fills each slab itself.
template <int R, int TX, int TY, int STAGES, int YP, int ZU, bool TMAP, bool NF, int EARLY>
__device__ __forceinline__ void vol_sep3yh_sweep(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                                 int z0, int z1, int policy, float cval, const ConvolabTensorMap* tmap,
                                                 float* slabs, float* yrows, unsigned long long* bars, const int* fix, int nf,
                                                 bool foldx)
{
    using G = VolSep3Y<R, TX, TY, STAGES, YP>;
    constexpr int SW = G::SW, SW4 = G::SW4, SH = G::SH, M = G::M, L = G::L, T = G::T, SLAB = G::SLAB;
    constexpr int PRO = (2 * R + 1 + ZU - 1) / ZU * ZU;   // from this step on every step stores an output slice
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
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
    static_assert(L == 8, "the fold's window cases assume L = 8 (R 5..8)");
    const int c0 = x0 + 4 * xg - L;              // the x window's first column
    const int lb = foldx ? -c0 : 0;              // left of the volume: the window's first 4 or 8 columns
    const int re = foldx && x0 + 4 * xg < w ? w - c0 : 4 + 2 * L;   // right of it: from column 12 or 16 on
    const bool store = x0 + 4 * xg < w && y0 + xrow < h;
    float* zo = out + ((size_t)z0 * h + y0 + xrow) * w + x0 + 4 * xg;
    const bool yitem = tid < G::YI;                  // whole warps (YI a multiple of 32)
    const int yoff = tid / SW4 * YP * SW4 + tid % SW4;   // the y item's first float4, in a slab and in yrows
    const int xoff = xrow * SW4 + xg;                // the x item's first float4 in yrows
    // EARLY 1: slab s + 1's halo cells are copied in step s after its y pass (so no copy waits between a slab's arrival
    // and the step's barrier), by every thread; EARLY 2: by the warps with no y item only (they wait at the barrier
    // anyway), after their x pass. Slab 0's before the first step.
    const bool early = EARLY && TMAP && nf > 0;
    const bool fixer = EARLY == 1 || tid >= G::YI;
    const int fk0 = EARLY == 2 ? tid - G::YI : tid, fks = EARLY == 2 ? T - G::YI : T;
    auto fixslab = [&](int p) {
        float* sl = slabs + (p % STAGES) * SLAB;
        convolab_mbar_wait(bars + p % STAGES, (unsigned)(p / STAGES) & 1u);
        for (int k = fk0; k < nf; k += fks) {
            const int f = fix[k];
            sl[f >> 16] = sl[f & 0xffff];
        }
        convolab_fence_async_shared();
    };
    if (early && fixer && fk0 < nf) fixslab(0);
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
                if (nf && !early) {
                    for (int k = tid; k < nf; k += T) {
                        const int f = fix[k];
                        slab[f >> 16] = slab[f & 0xffff];
                    }
                    if constexpr (!NF) convolab_fence_async_shared();
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
        float v[4 + 2 * L];                          // the x pass's window
        auto xload = [&] {
            const float4* row = reinterpret_cast<const float4*>(yrows + (1 - par) * TY * SW) + xoff;
#pragma unroll
            for (int k = 0; k < (4 + 2 * L) / 4; k++) {
                const float4 t = row[k];
                v[4 * k] = t.x; v[4 * k + 1] = t.y; v[4 * k + 2] = t.z; v[4 * k + 3] = t.w;
            }
        };
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
        if (EARLY == 1 && early && tid < nf && s + 1 < steps) fixslab(s + 1);
        if (xz) {                                    // x pass and z pass of slice s-1
            xload();
            if constexpr (TMAP) {
                if (lb > 0) {
                    if (lb == 8) vol_yh_fold_left<8>(v, policy);
                    else vol_yh_fold_left<4>(v, policy);
                } else if (re < 4 + 2 * L) {
                    if (re == 12) vol_yh_fold_right<12>(v, policy);
                    else vol_yh_fold_right<16>(v, policy);
                }
            }
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
        if (EARLY == 2 && early && fixer && fk0 < nf && s + 1 < steps) fixslab(s + 1);
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

// EARLY 4's two sweeps, each a function of its own (so that each gets the registers of the inlined form): HALO false
// compiles the sweep without the halo copy.
template <int R, int TX, int TY, int STAGES, int YP, int ZU, bool HALO>
__device__ __noinline__ void vol_sep3yh_sweep_ni(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                                 int z0, int z1, int policy, float cval, const ConvolabTensorMap* tmap,
                                                 float* slabs, float* yrows, unsigned long long* bars, const int* fix, int nf)
{
    vol_sep3yh_sweep<R, TX, TY, STAGES, YP, ZU, true, false, 0>(in, out, w, h, d, z0, z1, policy, cval, tmap, slabs, yrows,
                                                                 bars, fix, HALO ? nf : 0, false);
}

// A block: its barriers, its halo list (clamp, reflect, mirror) and whether every needed halo cell mirrors into its
// slab (then tensor copies, else its own loads; wrap and constants other than 0 always take its own loads).
template <int R, int TX, int TY, int STAGES, int YP, int ZU, bool FX = true, bool NF = false, int EARLY = 0>
__device__ __forceinline__ void vol_sep3yh(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                           int zch, int policy, float cval, const ConvolabTensorMap* tmap)
{
    using G = VolSep3Y<R, TX, TY, STAGES, YP>;
    constexpr int SW = G::SW, SH = G::SH, L = G::L, T = G::T, SLAB = G::SLAB;
    static_assert(G::YI % 32 == 0 && G::YI <= T, "y items: whole warps, at most one a thread");
    extern __shared__ float4 vol_sep3yh_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3yh_smem);
    slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    float* yrows = slabs + STAGES * SLAB;
    unsigned long long* bars = reinterpret_cast<unsigned long long*>(yrows + 2 * TY * SW);
    int* fix = reinterpret_cast<int*>(bars + STAGES);
    int* nfix = fix + G::FIX;
    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);

    const bool fold = policy == CONVOLAB_BORDER_CLAMP || policy == CONVOLAB_BORDER_REFLECT || policy == CONVOLAB_BORDER_MIRROR;
    bool ok = fold || (policy == CONVOLAB_BORDER_CONSTANT && cval == 0.0f);
    if (tid == 0) {
        *nfix = 0;
        for (int k = 0; k < STAGES; k++) convolab_mbar_init(bars + k, 1);
        convolab_mbar_init_fence();
    }
    __syncthreads();
    const bool foldx = FX && fold && w >= 2 * L && w % 4 == 0;   // x halo folded in the x items' windows, not copied
    if (fold && ok) {
        for (int e = tid; e < SH * SW; e += T) {
            const int r = e / SW, c = e % SW;
            const int gy = y0 - R + r, gx = x0 - L + c;
            if (gy < -R || gy > h - 1 + R || gx < -R || gx > w - 1 + R) continue;
            if (gy >= 0 && gy < h && gx >= 0 && gx < w) continue;
            if (foldx && (gx < 0 || gx >= w)) continue;
            const int sr = convolab_border_index(gy, h, policy) - (y0 - R);
            const int sc = convolab_border_index(gx, w, policy) - (x0 - L);
            if (sr < 0 || sr >= SH || sc < 0 || sc >= SW) { ok = false; continue; }
            fix[atomicAdd(nfix, 1)] = e << 16 | (sr * SW + sc);
        }
    }
    const bool tma = __syncthreads_and(ok);
    const int nf = EARLY == 3 ? 0 : *nfix;          // EARLY 3: a timing probe, the halo never copied (wrong results)
    if (EARLY == 4 && tma) {                        // EARLY 4: a block with no halo to copy runs a sweep without the copy
        if (nf == 0)
            vol_sep3yh_sweep_ni<R, TX, TY, STAGES, YP, ZU, false>(in, out, w, h, d, z0, z1, policy, cval, tmap, slabs, yrows, bars, fix, 0);
        else
            vol_sep3yh_sweep_ni<R, TX, TY, STAGES, YP, ZU, true>(in, out, w, h, d, z0, z1, policy, cval, tmap, slabs, yrows, bars, fix, nf);
    } else if (tma)
        vol_sep3yh_sweep<R, TX, TY, STAGES, YP, ZU, true, NF, EARLY>(in, out, w, h, d, z0, z1, policy, cval, tmap, slabs, yrows, bars, fix, nf, foldx);
    else
        vol_sep3yh_sweep<R, TX, TY, STAGES, YP, ZU, false, NF, 0>(in, out, w, h, d, z0, z1, policy, cval, tmap, slabs, yrows, bars, fix, 0, false);
}
