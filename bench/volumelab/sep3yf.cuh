// Issue 25, round fifteen: the one-sweep rank-1 kernel with the y pass first, on wide tiles whose slabs come by tensor
// copies. Round thirteen found the tensor copies cheapest on wide, short tiles (64x16: the copy alone 1.27x the floor;
// 128x16 at whole depth 1.15x), but the app's order (x pass first) pays for such tiles: its x pass runs over the tile's
// TY + 2R rows, 1.9x the outputs at TY 16. Filtering down y first runs the first pass over the tile's TX + 2L columns
// instead (1.25x at 64 wide, 1.125x at 128), and the x pass then covers the tile's own rows only:
//   1. slab s (SW = TX + 2L columns x SH = TY + 2R rows) lands by one tensor copy (zeros outside the volume). Under
//      clamp, reflect and mirror an edge block then copies each needed halo cell from the in-volume cell it mirrors
//      (a list made once, in shared memory) before the step's barrier, so no barrier is added;
//   2. the y pass of slab s: an item is a float4 column group and YP rows down it, into yrows[s % 2] (TY x SW);
//   3. the x pass of slice s-1 from yrows[(s-1) % 2]: each thread filters 4 consecutive x outputs of one row, keeps
//      the z window of those 4 voxels in registers (ring[4][M + ZU - 1], as the app does) and stores the 4 z sums as
//      one float4.
// A block whose halo cells do not all mirror into its slab, or with wrap or a constant other than 0, fills its slabs
// itself, one step at a time (slow but exact: the checks' odd volumes only). Widths must be a multiple of 4 (the tensor
// map's row stride and the float4 stores).
#pragma once
#include <type_traits>
#include "border.cuh"
#include "geometry.cuh"
#include "tma.cuh"
#include "volume_sep_y.cuh"

// The shape is the app's (cuda-kernels/volume_sep_y.cuh grew from this file and sep3yg.cuh).
template <int R, int TX, int TY, int STAGES, int YP>
using VolSep3Yf = VolSep3Y<R, TX, TY, STAGES, YP>;

// A lab block's start (sep3yf, sep3yg): its slab barriers, and under clamp, reflect and mirror the list of halo cells an
// output inside the volume reads (dst << 16 | src, slab offsets; nf of them) with the in-volume cells they mirror.
// True where the block can take tensor copies: zero or folding ghost cells, each needed one mirroring into the slab.
template <class G, int R>
__device__ __forceinline__ bool vol_sep3yf_halo(int x0, int y0, int w, int h, int policy, float cval, int stages,
                                                unsigned long long* bars, int* fix, int* nfix, int& nf)
{
    constexpr int SW = G::SW, SH = G::SH, L = G::L, T = G::T;
    const int tid = threadIdx.x;
    const bool fold = policy == CONVOLAB_BORDER_CLAMP || policy == CONVOLAB_BORDER_REFLECT || policy == CONVOLAB_BORDER_MIRROR;
    bool ok = fold || (policy == CONVOLAB_BORDER_CONSTANT && cval == 0.0f);
    if (tid == 0) {
        *nfix = 0;
        for (int k = 0; k < stages; k++) convolab_mbar_init(bars + k, 1);
        convolab_mbar_init_fence();
    }
    __syncthreads();
    if (fold && ok) {
        for (int e = tid; e < SH * SW; e += T) {
            const int r = e / SW, c = e % SW;
            const int gy = y0 - R + r, gx = x0 - L + c;
            // a cell matters only where an output inside the volume reads it
            if (gy < -R || gy > h - 1 + R || gx < -R || gx > w - 1 + R) continue;
            if (gy >= 0 && gy < h && gx >= 0 && gx < w) continue;
            const int sr = convolab_border_index(gy, h, policy) - (y0 - R);
            const int sc = convolab_border_index(gx, w, policy) - (x0 - L);
            if (sr < 0 || sr >= SH || sc < 0 || sc >= SW) { ok = false; continue; }
            fix[atomicAdd(nfix, 1)] = e << 16 | (sr * SW + sc);
        }
    }
    const bool tma = __syncthreads_and(ok);
    nf = *nfix;
    return tma;
}

// OPT bits (round fifteen, call B): 1, only warp 0 waits on a slab's barrier (the step's __syncthreads passes the
// copy's completion on to the others); 2, the y item is the thread's own (YI <= T: no item loop).
template <int R, int TX, int TY, int STAGES, int YP, int ZU, int OPT = 0>
__device__ __forceinline__ void vol_sep3yf(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                           int zch, int policy, float cval, const ConvolabTensorMap* tmap)
{
    using G = VolSep3Yf<R, TX, TY, STAGES, YP>;
    constexpr int SW = G::SW, SW4 = G::SW4, SH = G::SH, M = G::M, L = G::L, T = G::T, SLAB = G::SLAB;
    static_assert(ZU == 1 || ZU == 2 || ZU == 4, "ZU");
    extern __shared__ float4 vol_sep3yf_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3yf_smem);
    slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    float* yrows = slabs + STAGES * SLAB;            // 2 x TY x SW
    unsigned long long* bars = reinterpret_cast<unsigned long long*>(yrows + 2 * TY * SW);
    int* fix = reinterpret_cast<int*>(bars + STAGES);   // halo cells to copy: dst << 16 | src (slab offsets)
    int* nfix = fix + G::FIX;
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const size_t slice = (size_t)w * h;

    const bool fold = policy == CONVOLAB_BORDER_CLAMP || policy == CONVOLAB_BORDER_REFLECT || policy == CONVOLAB_BORDER_MIRROR;
    int nf = 0;                                      // the halo list, and whether tensor copies serve the block
    const bool tma = vol_sep3yf_halo<G, R>(x0, y0, w, h, policy, cval, STAGES, bars, fix, nfix, nf);

    const int steps = (z1 - z0) + 2 * R;             // input slices z0-R .. z1-1+R
    auto issue = [&](int p) {                        // tensor copy of input slice z0-R+p into its slab (one thread)
        const int zi = z0 - R + p;
        const int sz = fold ? convolab_border_index(zi, d, policy) : zi;   // constant 0: the copy's zero fill
        float* slab = slabs + (p % STAGES) * SLAB;
        convolab_mbar_expect(bars + p % STAGES, 4 * SH * SW);
        convolab_tma_load_3d(slab, tmap, bars + p % STAGES, x0 - L, y0 - R, sz);
    };
    if (tma && tid == 0)
        for (int p = 0; p < STAGES - 1 && p < steps; p++) issue(p);

    const int xrow = tid / (TX / 4), xg = tid % (TX / 4);   // the x pass: the thread's row and float4 group
    const int x = x0 + 4 * xg, y = y0 + xrow;
    const bool store = x < w && y < h;
    float* zo = out + ((size_t)z0 * h + y) * w + x;
    float ring[4][M + ZU - 1];
#pragma unroll
    for (int q = 0; q < 4; q++)
#pragma unroll
        for (int k = 0; k < M + ZU - 1; k++) ring[q][k] = 0.0f;

    auto step = [&](int s, auto phase) {
        constexpr int F = decltype(phase)::value;
        float* slab = slabs + (s % STAGES) * SLAB;
        if (s < steps) {
            if (tma) {
                if (!(OPT & 1) || tid < 32) convolab_mbar_wait(bars + s % STAGES, (unsigned)(s / STAGES) & 1u);
                if (nf) {                            // halo cells from the in-volume cells they mirror
                    if constexpr ((OPT & 1) != 0) __syncthreads();   // the copy seen by all before the patch reads it
                    for (int k = tid; k < nf; k += T) {
                        const int f = fix[k];
                        slab[f >> 16] = slab[f & 0xffff];
                    }
                    convolab_fence_async_shared();   // before a later copy lands in this slab
                }
            } else {                                 // this block fills its slabs itself
                const int sz = convolab_border_index(z0 - R + s, d, policy);
                for (int e = tid; e < SH * SW; e += T) {
                    const int r = e / SW, c = e % SW;
                    const int sy = convolab_border_index(y0 - R + r, h, policy);
                    const int sx = convolab_border_index(x0 - L + c, w, policy);
                    slab[e] = (sz < 0 || sy < 0 || sx < 0) ? cval : in[(size_t)sz * slice + (size_t)sy * w + sx];
                }
            }
        }
        __syncthreads();                             // slab s in, yrows of s-1 written; slab s-1 and yrows of s-2 done
        if (tma && tid == 0 && s + STAGES - 1 < steps) issue(s + STAGES - 1);
        const int par = ZU == 1 ? (s & 1) : (F & 1);
        if (s < steps) {                             // y pass of slab s
            const float4* src = reinterpret_cast<const float4*>(slab);
            float4* dst = reinterpret_cast<float4*>(yrows + par * TY * SW);
            static_assert(!(OPT & 2) || G::YI <= T, "OPT 2: an item a thread at most");
            for (int i = tid; (OPT & 2) ? i == tid && i < G::YI : i < G::YI; i += T) {
                const int gi = i % SW4, r0 = i / SW4 * YP;
                float4 a[YP];
#pragma unroll
                for (int p = 0; p < YP; p++) a[p] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
                for (int j = 0; j < YP + 2 * R; j++) {
                    const float4 v = src[(r0 + j) * SW4 + gi];
#pragma unroll
                    for (int p = 0; p < YP; p++)
                        if (j - p >= 0 && j - p < M) {
                            const float c = cy[j - p];
                            a[p].x += c * v.x; a[p].y += c * v.y; a[p].z += c * v.z; a[p].w += c * v.w;
                        }
                }
#pragma unroll
                for (int p = 0; p < YP; p++) dst[(r0 + p) * SW4 + gi] = a[p];
            }
        }
        if (s >= 1) {                                // x pass and z pass of slice s-1
            const float4* row = reinterpret_cast<const float4*>(yrows + (1 - par) * TY * SW + xrow * SW) + xg;
            float v[4 + 2 * L];
#pragma unroll
            for (int k = 0; k < (4 + 2 * L) / 4; k++) {
                const float4 t = row[k];
                v[4 * k] = t.x; v[4 * k + 1] = t.y; v[4 * k + 2] = t.z; v[4 * k + 3] = t.w;
            }
#pragma unroll
            for (int q = 0; q < 4; q++) {
                float a = 0.0f;
#pragma unroll
                for (int i = 0; i < M; i++) a += cx[i] * v[L - R + q + i];
                ring[q][M - 1 + F] = a;
            }
            if (s - 1 >= 2 * R) {                    // output slice z0 + s-1 - 2R has its M slices
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
#pragma unroll 1
    for (int s = 0; s <= steps; s += ZU) {
        step(s, std::integral_constant<int, 0>());
        if constexpr (ZU >= 2) {
            if (s + 1 <= steps) step(s + 1, std::integral_constant<int, 1>());
        }
        if constexpr (ZU == 4) {
            if (s + 2 <= steps) step(s + 2, std::integral_constant<int, 2>());
            if (s + 3 <= steps) step(s + 3, std::integral_constant<int, 3>());
        }
#pragma unroll
        for (int q = 0; q < 4; q++)
#pragma unroll
            for (int k = 0; k < M - 1; k++) ring[q][k] = ring[q][k + ZU];
    }
}
