// Round seventeen (issue 25, lab; written at the end of the session and compiled, NOT yet run on a GPU): the wide sweep
// with its ghost cells fixed one step ahead by the warps that have room, so that no side block runs more instructions
// in the warps that set the step's time. Round seventeen's probes (bench/results/h100-2026-11-28-round17, calls C and
// E) found each fold of the app's wide sweep (cuda-kernels/volume_sep_w.cuh) costs what its extra instructions and
// live registers cost every thread of a side block: left/right blocks 4% over the inside ones, top/bottom 8%.
// Here one sweep serves every block, and a step s does, after its one barrier:
//   1. warps 9-15 (no y items; x pass only): at the top or bottom, the R halo rows of slab s copied from the slab rows
//      they mirror (the tensor copy's out-of-box zeros overwritten), then a proxy fence (the next tensor copy into that
//      buffer is issued two steps later, for slab s + STAGES);
//   2. warps 0-8: the y pass of slab s - 1 into ybuf[(s - 1) % 4];
//   3. warp 8 (the halo warp), at the left or right: the halo columns of ybuf[(s - 2) % 4] from the columns they mirror
//      (a lane a row and group: 4 floats read, one float4 written);
//   4. every warp: the x pass of ybuf[(s - 3) % 4] and the z sums of slice s - 3 - 2R.
// So the sweep runs 3 steps behind its slabs (4 y buffers, the buffer index fixed by the step's phase, ZU 4), one slab
// fewer in flight, and no fold is compiled per policy: the fixes read the policy at run time, in their warps only.
// Timing probe FX (lab): bit 0 skips the row fix, bit 1 the column fix (wrong sums at the sides).
#pragma once
#include <type_traits>
#include "border.cuh"
#include "geometry.cuh"
#include "tma.cuh"
#include "volume_sep_y.cuh"

template <int R, int TX, int TY, int STAGES, int YP>
struct VolSep3Wp {
    using G = VolSep3Y<R, TX, TY, STAGES, YP>;
    static constexpr int L = G::L, SW = G::SW, SW4 = G::SW4, SH = G::SH, M = G::M, T = G::T, SLAB = G::SLAB;
    static constexpr int RG = TY / YP, YI = (SW4 - 4) * RG + 32, NYB = 4;
    static constexpr int SMEM = 4 * (STAGES * SLAB + NYB * TY * SW) + 8 * STAGES + 128;
    static_assert(L == 8 && TX / 4 == 32 && SW4 - 4 == 32 && RG == 8, "the wide sweep's shape");
    static_assert(T / 32 - (YI + 31) / 32 == 7, "the 7 warps with no y item fix the rows");
};

template <int R, int TX, int TY, int STAGES, int YP, int ZU, int FX = 0>
__device__ __forceinline__ void vol_sep3wp(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                           int zch, int policy, float cval, const ConvolabTensorMap* tmap)
{
    using K = VolSep3Wp<R, TX, TY, STAGES, YP>;
    constexpr int SW = K::SW, SW4 = K::SW4, SH = K::SH, M = K::M, L = K::L, T = K::T, SLAB = K::SLAB;
    constexpr int LAG = 3;                                   // the x pass runs LAG steps behind the slabs
    constexpr int PRO = (2 * R + LAG + ZU - 1) / ZU * ZU;    // from here on every step stores an output slice
    static_assert(ZU == 4, "the y buffers' index comes from the step's phase");
    extern __shared__ float4 vol_sep3wp_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3wp_smem);
    slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    float* ybuf = slabs + STAGES * SLAB;
    unsigned long long* bars = reinterpret_cast<unsigned long long*>(ybuf + K::NYB * TY * SW);
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const size_t slice = (size_t)w * h;
    const bool fold = policy == CONVOLAB_BORDER_CLAMP || policy == CONVOLAB_BORDER_REFLECT || policy == CONVOLAB_BORDER_MIRROR;
    const bool zero = policy == CONVOLAB_BORDER_CONSTANT && cval == 0.0f;
    if ((!fold && !zero) || w % TX != 0 || h % TY != 0 || w < 2 * TX || h < 2 * TY) __trap();
    const bool left = x0 == 0, right = x0 + TX == w, top = y0 == 0, bottom = y0 + TY == h;
    const bool rows = fold && (top || bottom) && (FX & 1) == 0;
    const bool cols = fold && (left || right) && (FX & 2) == 0;
    const bool mi = policy == CONVOLAB_BORDER_MIRROR, re = policy == CONVOLAB_BORDER_REFLECT;
    const int steps = (z1 - z0) + 2 * R;
    if (tid == 0) {
        for (int k = 0; k < STAGES; k++) convolab_mbar_init(bars + k, 1);
        convolab_mbar_init_fence();
    }
    __syncthreads();
    auto issue = [&](int p) {
        const int zi = z0 - R + p;
        const int sz = fold ? convolab_border_index(zi, d, policy) : zi;
        convolab_mbar_expect(bars + p % STAGES, 4 * SH * SW);
        convolab_tma_load_3d(slabs + (p % STAGES) * SLAB, tmap, bars + p % STAGES, x0 - L, y0 - R, sz);
    };
    // slab s is read by the row fix in step s and the y pass in step s + 1, so a step issues slab s + STAGES - 2
    if (tid == 0)
        for (int p = 0; p < STAGES - 2 && p < steps; p++) issue(p);

    const bool yitem = tid < K::YI;
    const bool hwarp = warp == K::RG;
    const int yrg = hwarp ? lane / 4 : warp;
    const int ycg = hwarp ? (lane % 4 < 2 ? lane % 4 : SW4 - 4 + lane % 4) : 2 + lane;
    const int yoff = yrg * YP * SW4 + ycg;
    const int xrow = warp, xg = lane;
    float* zo = out + ((size_t)z0 * h + y0 + xrow) * w + x0 + 4 * xg;
    const int xoff = xrow * SW4 + xg;
    const int fixer = tid - (T - 7 * 32);                    // warps 9-15 number 0..223 for the row fix
    float ring[4][M + ZU - 1];
#pragma unroll
    for (int q = 0; q < 4; q++)
#pragma unroll
        for (int k = 0; k < M + ZU - 1; k++) ring[q][k] = 0.0f;

    auto step = [&](int s, auto phase, auto check) {
        constexpr int F = decltype(phase)::value;
        constexpr bool CHECK = decltype(check)::value;
        float* slab = slabs + (s % STAGES) * SLAB;
        if (!CHECK || s < steps) convolab_mbar_wait(bars + s % STAGES, (unsigned)(s / STAGES) & 1u);
        __syncthreads();
        if (tid == 0 && s + STAGES - 2 < steps) issue(s + STAGES - 2);
        // 1. the halo rows of slab s (top: rows 0..R-1, bottom: SH-R..SH-1) from the rows they mirror
        if (rows && fixer >= 0 && (!CHECK || s < steps)) {
            float4* s4 = reinterpret_cast<float4*>(slab);
            for (int e = fixer; e < R * SW4; e += 7 * 32) {
                const int k = e / SW4, g = e % SW4;
                const int j = top ? k : SH - R + k;
                const int js = top ? (mi ? 2 * R - j : re ? 2 * R - 1 - j : R)
                                   : (mi ? 2 * (SH - R - 1) - j : re ? 2 * (SH - R) - 1 - j : SH - R - 1);
                s4[j * SW4 + g] = s4[js * SW4 + g];
            }
            convolab_fence_async_shared();
        }
        // 2. the y pass of slab s - 1
        if (yitem && (!CHECK || (s >= 1 && s - 1 < steps))) {
            const float* ys = slabs + ((s - 1 + STAGES) % STAGES) * SLAB;
            float4 a[YP];
            vol_sep3y_ysum<R, YP, SW4>(a, reinterpret_cast<const float4*>(ys) + yoff, cy);
            float4* dst = reinterpret_cast<float4*>(ybuf + ((F + 3) & 3) * TY * SW) + yoff;
#pragma unroll
            for (int p = 0; p < YP; p++) dst[p * SW4] = a[p];
        }
        // 3. the halo columns of ybuf[(s - 2) % 4]: lane = row (0..15) x group (0, 1: the side's two groups)
        if (cols && hwarp && (!CHECK || (s >= 2 && s - 2 < steps))) {
            float* yb = ybuf + ((F + 2) & 3) * TY * SW + (lane / 2) * SW;
            const int tg = left ? lane % 2 : SW4 - 2 + lane % 2;
            // column c's source: left 2L - c (mirror), 2L - 1 - c (reflect), L (clamp); right 2 (SW - L - 1) - c,
            // 2 (SW - L) - 1 - c, SW - L - 1
            const int base = left ? (mi ? 2 * L : 2 * L - 1) : (mi ? 2 * (SW - L - 1) : 2 * (SW - L) - 1);
            const int cc = left ? L : SW - L - 1;
            float f[4];
#pragma unroll
            for (int k = 0; k < 4; k++) {
                const int c = 4 * tg + k;
                f[k] = yb[mi || re ? base - c : cc];
            }
            reinterpret_cast<float4*>(yb)[tg] = make_float4(f[0], f[1], f[2], f[3]);
        }
        // 4. the x pass of ybuf[(s - 3) % 4] and the z sums
        if (!CHECK || (s >= LAG && s - LAG < steps))
            vol_sep3y_xz<R, L, ZU, F>(ring, reinterpret_cast<const float4*>(ybuf + ((F + 1) & 3) * TY * SW) + xoff, cx, cz,
                                      !CHECK || s - LAG >= 2 * R, true, zo, slice);
    };
    const int last = steps + LAG - 1;                        // the last step (its x pass: slab steps - 1)
    auto turn = [&](int s, auto check) {
        step(s, std::integral_constant<int, 0>(), check);
        if (!decltype(check)::value || s + 1 <= last) step(s + 1, std::integral_constant<int, 1>(), check);
        if (!decltype(check)::value || s + 2 <= last) step(s + 2, std::integral_constant<int, 2>(), check);
        if (!decltype(check)::value || s + 3 <= last) step(s + 3, std::integral_constant<int, 3>(), check);
#pragma unroll
        for (int q = 0; q < 4; q++)
#pragma unroll
            for (int k = 0; k < M - 1; k++) ring[q][k] = ring[q][k + ZU];
    };
#pragma unroll 1
    for (int s = 0; s <= last; s += ZU) {
        // unchecked: every part of all four steps runs (the slabs up to s + 3 exist, the x pass stores)
        if (s >= PRO && s + ZU <= steps) turn(s, std::false_type());
        else turn(s, std::true_type());
    }
}
