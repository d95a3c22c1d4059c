// Issue 25, round fifteen, call K: a probe of sep3yg (the y pass first, 64x16 tiles, one tensor copy a slab) with no
// block-wide barrier in the sweep. Call D's profile had 19% of the warps' stall samples at the step's __syncthreads:
// every warp waits for the slowest each step, and all then start the next step's shared loads together. Here each
// hand-over has its own mbarriers, so warps drift within the buffers' slack:
//   sfull[k]  the slab's tensor copy landed (the copy's bytes; thread 0 arrives with them)
//   sempty[k] the y threads are done with the slab (YI arrivals); thread 0 waits on it before the next copy into it
//   yfull[k]  the y pass of the slice is in ybuf[k] (YI arrivals); every thread waits on it before its x pass
//   yempty[k] every thread has read ybuf[k] (T arrivals); the y threads wait on it before writing it again
// K = 4 y buffers (= ZU: the buffer of a step is its phase), slabs issued STAGES - 2 ahead (two steps of slack for
// the y threads to free a slab). A probe: tensor copies and constant 0 only (the copies' zero fill), no halo list;
// the harness times it with SEP3_POLICY=0 and compares it with the app's kernel.
#pragma once
#include <type_traits>
#include "sep3yf.cuh"

template <int R, int TX, int TY, int STAGES, int YP>
struct VolSep3Yd {
    using G = VolSep3Yf<R, TX, TY, STAGES, YP>;
    static constexpr int K = 4;
    static constexpr int SMEM = 4 * (STAGES * G::SLAB + K * TY * G::SW) + 8 * (2 * STAGES + 2 * K) + 128;
};

template <int R, int TX, int TY, int STAGES, int YP>
__device__ __forceinline__ void vol_sep3yd(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                           int zch, const ConvolabTensorMap* tmap)
{
    using G = VolSep3Yf<R, TX, TY, STAGES, YP>;
    constexpr int SW = G::SW, SW4 = G::SW4, SH = G::SH, M = G::M, L = G::L, T = G::T, SLAB = G::SLAB, K = 4, ZU = 4;
    constexpr int PRO = (2 * R + 1 + ZU - 1) / ZU * ZU;
    constexpr int AHEAD = STAGES - 2;
    static_assert(G::YI % 32 == 0 && G::YI <= T && STAGES >= 4, "VolSep3Yd shape");
    extern __shared__ float4 vol_sep3yd_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3yd_smem);
    slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    float* ybuf = slabs + STAGES * SLAB;             // K x TY x SW
    unsigned long long* sfull = reinterpret_cast<unsigned long long*>(ybuf + K * TY * SW);
    unsigned long long* sempty = sfull + STAGES;
    unsigned long long* yfull = sempty + STAGES;
    unsigned long long* yempty = yfull + K;
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const size_t slice = (size_t)w * h;
    const int steps = (z1 - z0) + 2 * R;
    if (tid == 0) {
        for (int k = 0; k < STAGES; k++) {
            convolab_mbar_init(sfull + k, 1);
            convolab_mbar_init(sempty + k, G::YI);
        }
        for (int k = 0; k < K; k++) {
            convolab_mbar_init(yfull + k, G::YI);
            convolab_mbar_init(yempty + k, T);
        }
        convolab_mbar_init_fence();
    }
    __syncthreads();
    auto issue = [&](int p) {                        // constant 0: slices outside come as the copy's zeros
        convolab_mbar_expect(sfull + p % STAGES, 4 * SH * SW);
        convolab_tma_load_3d(slabs + (p % STAGES) * SLAB, tmap, sfull + p % STAGES, x0 - L, y0 - R, z0 - R + p);
    };
    if (tid == 0)
        for (int p = 0; p < AHEAD && p < steps; p++) issue(p);

    const int xrow = tid / (TX / 4), xg = tid % (TX / 4);
    const bool store = x0 + 4 * xg < w && y0 + xrow < h;
    float* zo = out + ((size_t)z0 * h + y0 + xrow) * w + x0 + 4 * xg;
    const bool yitem = tid < G::YI;
    const int yoff = tid / SW4 * YP * SW4 + tid % SW4;
    const int xoff = xrow * SW4 + xg;
    float ring[4][M + ZU - 1];
#pragma unroll
    for (int q = 0; q < 4; q++)
#pragma unroll
        for (int k = 0; k < M + ZU - 1; k++) ring[q][k] = 0.0f;

    auto step = [&](int s, auto phase, auto check) {
        constexpr int F = decltype(phase)::value;
        constexpr bool CHECK = decltype(check)::value;
        const bool have = !CHECK || s < steps;
        if (tid == 0 && s + AHEAD < steps) {         // the copy AHEAD slabs on, once the y threads freed its slab
            const int p = s + AHEAD;
            if (p >= STAGES) convolab_mbar_wait(sempty + p % STAGES, (unsigned)(p / STAGES - 1) & 1u);
            issue(p);
        }
        if (have && yitem) {                         // y pass of slab s into ybuf[F]
            convolab_mbar_wait(sfull + s % STAGES, (unsigned)(s / STAGES) & 1u);
            if (s >= K) convolab_mbar_wait(yempty + F, (unsigned)(s / K - 1) & 1u);
            const float4* src = reinterpret_cast<const float4*>(slabs + (s % STAGES) * SLAB) + yoff;
            float4* dst = reinterpret_cast<float4*>(ybuf + F * TY * SW) + yoff;
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
            convolab_mbar_arrive(sempty + s % STAGES);
#pragma unroll
            for (int p = 0; p < YP; p++) dst[p * SW4] = a[p];
            convolab_mbar_arrive(yfull + F);
        }
        if (!CHECK || s >= 1) {                      // x and z passes of slice s-1 from ybuf[(F + 3) % 4]
            constexpr int B = (F + K - 1) % K;
            convolab_mbar_wait(yfull + B, (unsigned)((s - 1) / K) & 1u);
            const float4* row = reinterpret_cast<const float4*>(ybuf + B * TY * SW) + xoff;
            float v[4 + 2 * L];
#pragma unroll
            for (int k = 0; k < (4 + 2 * L) / 4; k++) {
                const float4 t = row[k];
                v[4 * k] = t.x; v[4 * k + 1] = t.y; v[4 * k + 2] = t.z; v[4 * k + 3] = t.w;
            }
            convolab_mbar_arrive(yempty + B);
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
        if (!decltype(check)::value || s + 1 <= steps) step(s + 1, std::integral_constant<int, 1>(), check);
        if (!decltype(check)::value || s + 2 <= steps) step(s + 2, std::integral_constant<int, 2>(), check);
        if (!decltype(check)::value || s + 3 <= steps) step(s + 3, std::integral_constant<int, 3>(), check);
#pragma unroll
        for (int q = 0; q < 4; q++)
#pragma unroll
            for (int k = 0; k < M - 1; k++) ring[q][k] = ring[q][k + ZU];
    };
#pragma unroll 1
    for (int s = 0; s <= steps; s += ZU) {
        if (s >= PRO && s + ZU <= steps) turn(s, std::false_type());
        else turn(s, std::true_type());
    }
}
