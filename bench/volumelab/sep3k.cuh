// Round fourteen: the one-sweep rank-1 kernel (cuda-kernels/volume_sep.cuh) with its three passes decoupled, so that
// the z pass holds fewer registers a thread and an SM runs more warps. Rounds twelve and thirteen found the r 7 sweep
// issue-bound at 16 warps an SM (about one eligible warp a scheduler): every thread holds the z windows of PY = 4
// voxels (72 registers), because the thread that filters a column down y also owns its outputs' z windows.
// Here each pass maps the tile's work onto the threads its own way, through shared memory:
//   1. the slab of step s comes by the app's cp.async loader (vol_sep3_load), STAGES slabs in flight;
//   2. x pass of slab s: items of XP outputs of a slab row (float4 reads) into rows[s % 2] (SH x TX);
//   3. y pass of rows[(s-1) % 2]: items of PY outputs down a column into yz[(s-1) % 2] (TY x TX);
//   4. z pass of yz[(s-2) % 2]: each thread owns K voxels down a column and keeps their last 2R+1 values in registers
//      (K x (2R + ZU) floats: K = 1 or 2 instead of 4).
// The three passes read and write different buffers, so one barrier a step still suffices. The cost: one more shared
// store and load a voxel (yz), and a step more of latency down z.
// COPY (diagnostic): no arithmetic: the slab's centre goes through rows and yz and the z pass stores it (the same
// loads, barriers and stores, fewer shared accesses), to time the loader and the barriers at each shape.
// Nothing in the app uses this header; bench/volumelab/sep3k.cu checks and times it.
#pragma once
#include <cuda_pipeline.h>
#include <type_traits>
#include "border.cuh"
#include "geometry.cuh"

template <int R, int TX, int TY, int K, int STAGES, int XP = 4, int PY = 8>
struct VolSep3K {
    static constexpr int L = (R + 3) / 4 * 4;       // slab columns left (and right) of the tile
    static constexpr int SW = TX + 2 * L;           // slab row, floats
    static constexpr int SH = TY + 2 * R;           // slab rows
    static constexpr int SN4 = SW / 4 * SH;         // float4 chunks of a slab
    static constexpr int T = TX * TY / K;           // threads: one a z column of K voxels
    static constexpr int CH = (SN4 + T - 1) / T;    // chunks a thread loads
    static constexpr int M = 2 * R + 1;
    static constexpr int XQ = TX / XP;              // x pass items a slab row
    static constexpr int NX = SH * XQ;              // x pass items
    static constexpr int NY = TX * (TY / PY);       // y pass items
    static constexpr int SLAB = SH * SW;
    static constexpr int SMEM = 4 * (STAGES * SLAB + 2 * SH * TX + 2 * TY * TX);
    static_assert(CH <= 32 && TX % XP == 0 && XP % 4 == 0 && TY % PY == 0 && TY % K == 0 && T % 32 == 0, "VolSep3K shape");
};

template <int R, int TX, int TY, int K, int STAGES, int XP, int PY, int ZU, bool COPY = false>
__device__ __forceinline__ void vol_sep3k(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                          int zch, int policy, float cval)
{
    using G = VolSep3K<R, TX, TY, K, STAGES, XP, PY>;
    static_assert(ZU == 1 || ZU == 2 || ZU == 4, "ZU");
    constexpr int SW = G::SW, SH = G::SH, M = G::M, L = G::L, XQ = G::XQ, SLAB = G::SLAB, T = G::T;
    extern __shared__ float4 vol_sep3k_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3k_smem);
    float* rows = slabs + STAGES * SLAB;            // 2 x SH x TX: the x pass's output, by step parity
    float* yz = rows + 2 * SH * TX;                 // 2 x TY x TX: the y pass's output, by step parity
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const size_t slice = (size_t)w * h;

    VolSep3Loads<G::CH> ld;                         // the app's loader: offsets made once, 16-byte copies inside
    ld.vec = 0;
#pragma unroll
    for (int c = 0; c < G::CH; c++) {
        const int e = tid + c * T;
        const int row = e / (SW / 4), col = e % (SW / 4) * 4;
        const int sy = convolab_border_index(y0 - R + row, h, policy);
        const int gx = x0 - L + col;
#pragma unroll
        for (int q = 0; q < 4; q++) {
            const int sx = convolab_border_index(gx + q, w, policy);
            ld.off[c][q] = (sy < 0 || sx < 0) ? -1 : sy * w + sx;
        }
        if (e < G::SN4 && sy >= 0 && (w & 3) == 0 && gx >= 0 && gx + 3 < w) ld.vec |= 1u << c;
    }
    const int steps = (z1 - z0) + 2 * R;            // input slices z0-R .. z1-1+R
    auto load = [&](int p) { vol_sep3_load<G>(slabs + (p % STAGES) * SLAB, ld, in, z0 - R + p, d, slice, policy, cval, tid); };
#pragma unroll
    for (int p = 0; p < STAGES - 1; p++) {
        if (p < steps) load(p);
        else __pipeline_commit();
    }
    // the z pass: thread tid owns column zx, rows zy .. zy+K-1 of the tile
    const int zx = tid % TX, zy = tid / TX * K;
    const int x = x0 + zx, yt = y0 + zy, yn = h - yt;
    const bool full = x < w && yn >= K;
    float* zo = out + ((size_t)z0 * h + yt) * w + x;
    float ring[K][M + ZU - 1];
#pragma unroll
    for (int p = 0; p < K; p++)
#pragma unroll
        for (int k = 0; k < M + ZU - 1; k++) ring[p][k] = 0.0f;

    // Step s: x pass of slab s (s < steps), y pass of slab s-1 (1 <= s <= steps), z pass of slab s-2 (s >= 2).
    auto step = [&](int s, auto phase) {
        constexpr int F = decltype(phase)::value;
        __pipeline_wait_prior(STAGES - 2);
        __syncthreads();
        const int sn = s + STAGES - 1;
        if (sn < steps) load(sn);
        else __pipeline_commit();
        const int par = s & 1;
        if (COPY && s < steps) {                     // the slab's centre into the rows
            const float* slab = slabs + (s % STAGES) * SLAB;
            float* xr = rows + par * SH * TX;
            for (int i = tid; i < TX * TY; i += T) xr[(i / TX + R) * TX + i % TX] = slab[(i / TX + R) * SW + L + i % TX];
        }
        if (!COPY && s < steps) {
            const float* slab = slabs + (s % STAGES) * SLAB;
            float* xr = rows + par * SH * TX;
#pragma unroll 1
            for (int i = tid; i < G::NX; i += T) {
                const int row = i / XQ, g = i % XQ;
                const float4* src = reinterpret_cast<const float4*>(slab + row * SW) + g * (XP / 4);
                float v[XP + 2 * L];
#pragma unroll
                for (int k = 0; k < (XP + 2 * L) / 4; k++) {
                    const float4 t = src[k];
                    v[4 * k] = t.x; v[4 * k + 1] = t.y; v[4 * k + 2] = t.z; v[4 * k + 3] = t.w;
                }
                float o[XP];
#pragma unroll
                for (int q = 0; q < XP; q++) {
                    float a = 0.0f;
#pragma unroll
                    for (int j = 0; j < M; j++) a += cx[j] * v[L - R + q + j];
                    o[q] = a;
                }
#pragma unroll
                for (int q = 0; q < XP; q += 4)
                    reinterpret_cast<float4*>(xr + row * TX + g * XP)[q / 4] = make_float4(o[q], o[q + 1], o[q + 2], o[q + 3]);
            }
        }
        if (s >= 1 && s <= steps) {
            float* yo = yz + (1 - par) * TY * TX;
            const float* yr = rows + (1 - par) * SH * TX;
            if (COPY) {                              // the rows' centre of slice s-1
                for (int i = tid; i < TX * TY; i += T) yo[i] = yr[(i / TX + R) * TX + i % TX];
            } else {
#pragma unroll 1
                for (int i = tid; i < G::NY; i += T) {
                    const int cxl = i % TX, b = i / TX * PY;
                    float a[PY];
#pragma unroll
                    for (int p = 0; p < PY; p++) a[p] = 0.0f;
#pragma unroll
                    for (int j = 0; j < PY + 2 * R; j++) {
                        const float v = yr[(b + j) * TX + cxl];
#pragma unroll
                        for (int p = 0; p < PY; p++)
                            if (j - p >= 0 && j - p < M) a[p] += cy[j - p] * v;
                    }
#pragma unroll
                    for (int p = 0; p < PY; p++) yo[(b + p) * TX + cxl] = a[p];
                }
            }
        }
        if (s >= 2) {
            const float* zi = yz + par * TY * TX;   // written at step s-1 with parity 1 - (s-1)&1 = s&1
#pragma unroll
            for (int p = 0; p < K; p++) ring[p][M - 1 + F] = zi[(zy + p) * TX + zx];
            if (COPY ? s - 2 >= R && s - 2 - R < z1 - z0 : s - 2 >= 2 * R) {   // COPY: slice s-2 is output slice s-2-R
                float zs[K];
#pragma unroll
                for (int p = 0; p < K; p++) {
                    if (COPY) {
                        zs[p] = ring[p][M - 1 + F];
                    } else {
                        zs[p] = 0.0f;
#pragma unroll
                        for (int k = 0; k < M; k++) zs[p] += cz[k] * ring[p][F + k];
                    }
                }
                if (full) {
#pragma unroll
                    for (int p = 0; p < K; p++) __stcs(zo + p * w, zs[p]);
                } else if (x < w) {
#pragma unroll
                    for (int p = 0; p < K; p++)
                        if (p < yn) __stcs(zo + p * w, zs[p]);
                }
                zo += slice;
            }
        }
    };
    const int last = steps + 1;                     // the z pass of slab steps-1 runs at step steps+1
#pragma unroll 1
    for (int s = 0; s <= last; s += ZU) {
        step(s, std::integral_constant<int, 0>());
        if constexpr (ZU >= 2) {
            if (s + 1 <= last) step(s + 1, std::integral_constant<int, 1>());
        }
        if constexpr (ZU == 4) {
            if (s + 2 <= last) step(s + 2, std::integral_constant<int, 2>());
            if (s + 3 <= last) step(s + 3, std::integral_constant<int, 3>());
        }
#pragma unroll
        for (int p = 0; p < K; p++)
#pragma unroll
            for (int k = 0; k < M - 1; k++) ring[p][k] = ring[p][k + ZU];
    }
}
