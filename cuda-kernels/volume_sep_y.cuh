// =====================================================================================
// Rank-1 cubes of radius VOL_SEP3Y_MIN_R..VOL_SEP3_MAX_R on Hopper and later: the one sweep down z of
// volume_sep.cuh with the y pass first, on wide tiles whose slabs come by tensor copies (convolab_vol_sep3y_rN).
// The x pass first (volume_sep.cuh) filters the slab's TY + 2R rows, which on a short tile is almost twice the
// outputs; the y pass first filters the slab's TX + 2L columns instead (1.25x at 64 wide), and the x pass then
// covers the tile's own rows. A block of TX * TY / 4 threads owns a TX x TY tile and a chunk of zch output slices:
//   1. slab s (SW = TX + 2L columns x SH = TY + 2R rows) lands by one tensor copy issued by thread 0, STAGES - 1
//      slabs ahead, on an mbarrier every thread waits on (zeros outside the volume serve constant 0). Under clamp,
//      reflect and mirror a block at the volume's edge then copies each needed halo cell from the in-volume cell it
//      mirrors (a list made once, in shared memory) before the step's barrier, so no barrier is added for it;
//   2. the y pass of slab s: an item is a float4 column group and YP rows down it (the first YI threads, whole
//      warps), into yrows[s % 2] (TY x SW);
//   3. the x pass of slice s-1 from yrows[(s-1) % 2]: each thread filters 4 consecutive x outputs of one row and
//      keeps the z window of those 4 voxels in registers (ring[4][M + ZU - 1], slid ZU slots every ZU steps), then
//      stores the 4 z sums as one float4 (widths a multiple of 4: the tensor map's rows and these stores).
// One barrier a step: the y pass and the x pass work on different yrows buffers. The steps between the first
// output and the last whole turn test nothing but the copy's issue. A block whose halo cells do not all mirror
// into its slab fills its slabs itself, one step at a time (exact, slow; the launcher's volumes never need it,
// the checks' do). The launcher is cuda/VolumeKernels.java, the shape VOL_SEP3Y_* in geometry.cuh; the lab's
// bench/volumelab/sep3yf.cu (round fifteen, sep3yg.cuh) tuned and checked it.
// =====================================================================================
#pragma once
#include <type_traits>
#include "border.cuh"
#include "geometry.cuh"
#include "tma.cuh"

/** The y-first sweep's shape: slab, threads, y items and dynamic shared memory (VOL_SEP3Y_SMEM(R)). */
template <int R, int TX, int TY, int STAGES, int YP>
struct VolSep3Y {
    static constexpr int L = (R + 3) / 4 * 4;       // slab columns left (and right) of the tile
    static constexpr int SW = TX + 2 * L, SW4 = SW / 4;
    static constexpr int SH = TY + 2 * R;
    static constexpr int M = 2 * R + 1;
    static constexpr int T = TX * TY / 4;           // threads: one x-pass item (4 outputs) each
    static constexpr int YI = SW4 * (TY / YP);      // y-pass items
    static constexpr int SLAB = (SH * SW + 31) / 32 * 32;
    static constexpr int FIX = SH * SW;             // room for the halo list (at most every cell of a slab)
    /** Dynamic shared memory: the slabs (128-byte aligned), two y-pass buffers, a barrier a slab, the halo list and
     *  its count, and 128 bytes to align the slabs. */
    static constexpr int SMEM = 4 * (STAGES * SLAB + 2 * TY * SW) + 8 * STAGES + 4 * FIX + 16 + 128;
    static_assert(TY % YP == 0 && TX % 4 == 0 && L >= R, "VolSep3Y shape");
};

// a += c * t, lane by lane (a y item's float4 or float2 of columns)
__device__ __forceinline__ void vol_sep3y_fma(float4& a, float c, const float4& t)
{
    a.x += c * t.x; a.y += c * t.y; a.z += c * t.z; a.w += c * t.w;
}
__device__ __forceinline__ void vol_sep3y_fma(float2& a, float c, const float2& t)
{
    a.x += c * t.x; a.y += c * t.y;
}

// The y pass of one item: YP sums of a column group (V: float4 or float2) from the YP + 2R slab rows at src (STRIDE
// groups apart).
template <int R, int YP, int STRIDE, typename V>
__device__ __forceinline__ void vol_sep3y_ysum(V (&a)[YP], const V* src, const float* cy)
{
    constexpr int M = 2 * R + 1;
#pragma unroll
    for (int p = 0; p < YP; p++) a[p] = V{};
#pragma unroll
    for (int j = 0; j < YP + 2 * R; j++) {
        const V t = src[j * STRIDE];
#pragma unroll
        for (int p = 0; p < YP; p++)
            if (j - p >= 0 && j - p < M) vol_sep3y_fma(a[p], cy[j - p], t);
    }
}

// The x pass of one item (4 outputs of a row) from its y-pass row (the 4 + 2L floats at row) into ring slot
// M - 1 + F; then, where out, the 4 z sums of ring slots F..F + M - 1 stored (where store) at zo, which steps a slice.
template <int R, int L, int ZU, int F>
__device__ __forceinline__ void vol_sep3y_xz(float (&ring)[4][2 * R + ZU], const float4* row, const float* cx, const float* cz,
                                             bool out, bool store, float*& zo, size_t slice)
{
    constexpr int M = 2 * R + 1;
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
    if (out) {
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

// The sweep's loop: steps 0..steps in turns of ZU, 1 to 4 (step(s, phase, check) with the phase and CHECK as types; CHECK
// where a turn reaches before pro or past steps, and everywhere under ALL_CHECKED), the z ring slid ZU slots after
// each turn.
template <int R, int ZU, bool ALL_CHECKED, typename Step>
__device__ __forceinline__ void vol_sep3y_walk(int steps, int pro, float (&ring)[4][2 * R + ZU], Step&& step)
{
    constexpr int M = 2 * R + 1;
    auto turn = [&](int s, auto check) {
        step(s, std::integral_constant<int, 0>(), check);
        if constexpr (ZU >= 2) {
            if (!decltype(check)::value || s + 1 <= steps) step(s + 1, std::integral_constant<int, 1>(), check);
        }
        if constexpr (ZU >= 3) {
            if (!decltype(check)::value || s + 2 <= steps) step(s + 2, std::integral_constant<int, 2>(), check);
        }
        if constexpr (ZU == 4) {
            if (!decltype(check)::value || s + 3 <= steps) step(s + 3, std::integral_constant<int, 3>(), check);
        }
#pragma unroll
        for (int q = 0; q < 4; q++)
#pragma unroll
            for (int k = 0; k < M - 1; k++) ring[q][k] = ring[q][k + ZU];
    };
#pragma unroll 1
    for (int s = 0; s <= steps; s += ZU) {
        if (!ALL_CHECKED && s >= pro && s + ZU <= steps) turn(s, std::false_type());
        else turn(s, std::true_type());
    }
}

// The sweep of one block down its chunk: TMAP, slabs by tensor copies (nf halo cells listed in fix to copy each
// step); else the block fills each slab itself.
template <int R, int TX, int TY, int STAGES, int YP, int ZU, bool TMAP>
__device__ __forceinline__ void vol_sep3y_sweep(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                                 int z0, int z1, int policy, float cval, const ConvolabTensorMap* tmap,
                                                 float* slabs, float* yrows, unsigned long long* bars, const int* fix, int nf)
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
    const bool store = x0 + 4 * xg < w && y0 + xrow < h;
    float* zo = out + ((size_t)z0 * h + y0 + xrow) * w + x0 + 4 * xg;
    const bool yitem = tid < G::YI;                  // whole warps (YI a multiple of 32)
    const int yoff = tid / SW4 * YP * SW4 + tid % SW4;   // the y item's first float4, in a slab and in yrows
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
        if (have && yitem) {                         // y pass of slab s
            float4 a[YP];
            vol_sep3y_ysum<R, YP, SW4>(a, reinterpret_cast<const float4*>(slab) + yoff, cy);
            float4* dst = reinterpret_cast<float4*>(yrows + par * TY * SW) + yoff;
#pragma unroll
            for (int p = 0; p < YP; p++) dst[p * SW4] = a[p];
        }
        if (xz)                                      // x pass and z pass of slice s-1
            vol_sep3y_xz<R, L, ZU, F>(ring, reinterpret_cast<const float4*>(yrows + (1 - par) * TY * SW) + xoff, cx, cz,
                                      !CHECK || s - 1 >= 2 * R, store, zo, slice);
    };
    vol_sep3y_walk<R, ZU, !TMAP>(steps, PRO, ring, step);
}

// A block: its barriers, its halo list (clamp, reflect, mirror) and whether every needed halo cell mirrors into its
// slab (then tensor copies, else its own loads; wrap and constants other than 0 always take its own loads).
template <int R, int TX, int TY, int STAGES, int YP, int ZU>
__device__ __forceinline__ void vol_sep3y(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                           int zch, int policy, float cval, const ConvolabTensorMap* tmap)
{
    using G = VolSep3Y<R, TX, TY, STAGES, YP>;
    constexpr int SW = G::SW, SH = G::SH, L = G::L, T = G::T, SLAB = G::SLAB;
    static_assert(G::YI % 32 == 0 && G::YI <= T, "y items: whole warps, at most one a thread");
    extern __shared__ float4 vol_sep3y_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3y_smem);
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
    if (fold && ok) {
        for (int e = tid; e < SH * SW; e += T) {
            const int r = e / SW, c = e % SW;
            const int gy = y0 - R + r, gx = x0 - L + c;
            if (gy < -R || gy > h - 1 + R || gx < -R || gx > w - 1 + R) continue;
            if (gy >= 0 && gy < h && gx >= 0 && gx < w) continue;
            const int sr = convolab_border_index(gy, h, policy) - (y0 - R);
            const int sc = convolab_border_index(gx, w, policy) - (x0 - L);
            if (sr < 0 || sr >= SH || sc < 0 || sc >= SW) { ok = false; continue; }
            fix[atomicAdd(nfix, 1)] = e << 16 | (sr * SW + sc);
        }
    }
    const bool tma = __syncthreads_and(ok);
    const int nf = *nfix;
    if (tma)
        vol_sep3y_sweep<R, TX, TY, STAGES, YP, ZU, true>(in, out, w, h, d, z0, z1, policy, cval, tmap, slabs, yrows, bars, fix, nf);
    else
        vol_sep3y_sweep<R, TX, TY, STAGES, YP, ZU, false>(in, out, w, h, d, z0, z1, policy, cval, tmap, slabs, yrows, bars, fix, 0);
}
