// Round eleven: the one-sweep rank-1 kernel (cuda-kernels/volume_sep.cuh, cp.async loader) with the knobs call W's
// per-instruction counts point at, at r 5-7 where the app keeps cp.async:
//   LEAN  a block whose chunks are all aligned float4s inside the volume along x (every tile but the x edges) loads
//         a slab as one 16-byte cp.async a chunk from the slice's base plus a 32-bit offset, with no per-chunk test
//         (the app's loader made a 64-bit address and tested a bit a chunk: ~60 instructions a thread a step at r 7);
//   ZU    up to 8 steps a loop turn (the z ring's slide, 4.5 instructions a voxel at ZU 4, halves), or ZU = 2R+1:
//         a turn of M steps, the ring M slots indexed modulo M at compile time and never slid;
//   XP    8 x outputs a thread in the x pass (6 float4 reads for 120 FFMA instead of 5 for 60);
//   TXS   the x pass's row buffer stride (a 16-wide tile pads its rows to 20 floats: no bank conflicts in the y pass);
//   SWP   the slab's row stride (a 16-wide tile pads its 32-float rows to 48: no conflicts in the x pass's reads);
//   XU    the x pass's row loop unrolled (its weights then need not be fetched again each step);
//   SPLIT 2: the x and z sums as two partial sums (twice the independent FFMA chains, one FADD more an output).
// Nothing in the app uses this header; bench/volumelab/sep3l.cu checks and times it.
#pragma once
#include <cuda_pipeline.h>
#include <type_traits>
#include "border.cuh"

#ifndef SEP3L_ROT
#define SEP3L_ROT false   // sep3lr.cu (call R) defines it true
#endif

// Calls f(integral_constant<int, I>) for I = B .. E-1 in order, at compile time.
template <int B, int E, class F>
__device__ __forceinline__ void vol_sep3l_each(F&& f)
{
    if constexpr (B < E) {
        f(std::integral_constant<int, B>());
        vol_sep3l_each<B + 1, E>(f);
    }
}

template <int R, int TX, int BY, int PY, int STAGES, int XP, int ZU, bool LEAN, int TXS, int SWP, bool XU, int SPLIT = 1>
__device__ __forceinline__ void vol_sep3l(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                          int zch, int policy, float cval)
{
    constexpr int L = (R + 3) / 4 * 4, SW = TX + 2 * L, TY = BY * PY, SH = TY + 2 * R;
    constexpr int Q4 = SW / 4, SN4 = Q4 * SH, T = TX * BY, CH = (SN4 + T - 1) / T, M = 2 * R + 1;
    constexpr int XQ = TX / XP, XR = T / XQ, SLAB = SH * SWP;
    static_assert(ZU == 1 || ZU == 2 || ZU == 4 || ZU == 8 || ZU == 2 * R + 1, "ZU");
    static_assert(SPLIT == 1 || SPLIT == 2, "SPLIT");
    static_assert(T % XQ == 0 && TX % XP == 0 && XP % 4 == 0 && TXS % 4 == 0 && SWP % 4 == 0 && SWP >= SW, "shape");
    static_assert(SWP == SW || T % Q4 == 0, "a padded slab needs whole rows a chunk step");
    extern __shared__ float4 vol_sep3l_buf[];
    float* slabs = reinterpret_cast<float*>(vol_sep3l_buf);
    float* rows = slabs + STAGES * SLAB;             // 2 x SH x TXS
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * TX + tx;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    // zch > 0: the chunk blockIdx.z of zch slices. zch < 0 (ROT = -zch; the grid one deep): the whole depth, from
    // slice zs = blockIdx.y * ROT % d to the end and then from 0 to zs, so that tile rows sweep different slices.
    // (Built with SEP3L_ROT only: the loop over two parts costs registers.)
    const int zs = !SEP3L_ROT || zch > 0 ? blockIdx.z * zch : (int)(((long long)blockIdx.y * -zch) % d);
    const int zend = !SEP3L_ROT || zch > 0 ? min(zs + zch, d) : d;
    const int parts = !SEP3L_ROT || zch > 0 || zs == 0 ? 1 : 2;
    const size_t slice = (size_t)w * h;

    // The chunks this thread copies: four slice offsets each (-1: the constant), made once (border_index's divisions
    // inside the loop cost more in code size than in work), and a bit a chunk that is one aligned float4 inside the
    // volume.
    int off[CH][4];
    unsigned vec = 0;
    const int srow = tid / Q4, scol = tid % Q4 * 4;
    const int sdst = srow * SWP + scol;              // chunk c sits at sdst + c * (T / Q4) * SWP where SWP != SW
#pragma unroll
    for (int c = 0; c < CH; c++) {
        const int e = tid + c * T;
        const int row = e / Q4, col = e % Q4 * 4;
        const int sy = convolab_border_index(y0 - R + row, h, policy);
        const int gx = x0 - L + col;
#pragma unroll
        for (int q = 0; q < 4; q++) {
            const int sx = convolab_border_index(gx + q, w, policy);
            off[c][q] = (sy < 0 || sx < 0) ? -1 : sy * w + sx;
        }
        if (e < SN4 && sy >= 0 && (w & 3) == 0 && gx >= 0 && gx + 3 < w) vec |= 1u << c;
    }
    constexpr unsigned ALL = (SN4 % T == 0) ? (CH == 32 ? ~0u : (1u << CH) - 1) : (1u << (CH - 1)) - 1;
    // LEAN: every chunk of the block is one float4 (the last, partial chunk step only where it exists)
    const bool lean = LEAN && __syncthreads_and((vec & ALL) == ALL && (tid + (CH - 1) * T >= SN4 || (vec >> (CH - 1) & 1)));

    auto dst_of = [&](float* slab, int c) {
        return SWP == SW ? slab + 4 * (tid + c * T) : slab + sdst + c * (T / Q4) * SWP;
    };
#pragma unroll 1
    for (int part = 0; part < parts; part++) {
    const int z0 = part == 0 ? zs : 0, z1 = part == 0 ? zend : zs;
    if (part > 0) { __pipeline_wait_prior(0); __syncthreads(); }
    const int steps = (z1 - z0) + 2 * R;
    auto load = [&](int p) {
        float* slab = slabs + (p % STAGES) * SLAB;
        const int sz = convolab_border_index(z0 - R + p, d, policy);
        if (sz < 0) {
#pragma unroll
            for (int c = 0; c < CH; c++) {
                if (SN4 % T != 0 && tid + c * T >= SN4) break;
                *reinterpret_cast<float4*>(dst_of(slab, c)) = make_float4(cval, cval, cval, cval);
            }
        } else if (lean) {
            const float* base = in + (size_t)sz * slice;
#pragma unroll
            for (int c = 0; c < CH; c++) {
                if (SN4 % T != 0 && c == CH - 1 && tid + c * T >= SN4) break;
                __pipeline_memcpy_async(dst_of(slab, c), base + off[c][0], 16);
            }
        } else {
            const float* base = in + (size_t)sz * slice;
#pragma unroll
            for (int c = 0; c < CH; c++) {
                if (SN4 % T != 0 && tid + c * T >= SN4) break;
                float* dst = dst_of(slab, c);
                if (vec & (1u << c)) {
                    __pipeline_memcpy_async(dst, base + off[c][0], 16);
                } else {
#pragma unroll
                    for (int q = 0; q < 4; q++) {
                        if (off[c][q] < 0) dst[q] = cval;
                        else __pipeline_memcpy_async(dst + q, base + off[c][q], 4);
                    }
                }
            }
        }
        __pipeline_commit();
    };
#pragma unroll
    for (int p = 0; p < STAGES - 1; p++) {
        if (p < steps) load(p);
        else __pipeline_commit();
    }
    const int x = x0 + tx;
    const int yt = y0 + ty * PY, yn = h - yt;
    const bool full = x < w && yn >= PY;
    float* zo = out + ((size_t)z0 * h + yt) * w + x;
    const int g = tid % XQ, row0 = tid / XQ;
    constexpr bool MOD = ZU == M;                    // the ring indexed modulo M, no slide
    constexpr int RN = MOD ? M : M + ZU - 1;
    float ring[PY][RN];
#pragma unroll
    for (int p = 0; p < PY; p++)
#pragma unroll
        for (int k = 0; k < RN; k++) ring[p][k] = 0.0f;

    auto xrow = [&](const float* slab, float* xr, int row) {
        const float4* src = reinterpret_cast<const float4*>(slab + row * SWP) + g * (XP / 4);
        float v[XP + 2 * L];
#pragma unroll
        for (int k = 0; k < (XP + 2 * L) / 4; k++) {
            const float4 t = src[k];
            v[4 * k] = t.x; v[4 * k + 1] = t.y; v[4 * k + 2] = t.z; v[4 * k + 3] = t.w;
        }
        float o[XP];
#pragma unroll
        for (int q = 0; q < XP; q++) {
            float a[SPLIT] = {};                     // SPLIT partial sums: more independent FFMA chains
#pragma unroll
            for (int i = 0; i < M; i++) a[i % SPLIT] += cx[i] * v[L - R + q + i];
            o[q] = SPLIT == 1 ? a[0] : a[0] + a[SPLIT - 1];
        }
#pragma unroll
        for (int q = 0; q < XP; q += 4)
            reinterpret_cast<float4*>(xr + row * TXS)[g * (XP / 4) + q / 4] = make_float4(o[q], o[q + 1], o[q + 2], o[q + 3]);
    };

    auto step = [&](int s, auto phase) {
        constexpr int F = decltype(phase)::value;
        __pipeline_wait_prior(STAGES - 2);
        __syncthreads();
        const int sn = s + STAGES - 1;
        if (sn < steps) load(sn);
        else __pipeline_commit();
        const int par = ZU % 2 == 1 ? (s & 1) : (F & 1);
        if (s < steps) {
            const float* slab = slabs + (s % STAGES) * SLAB;
            float* xr = rows + par * SH * TXS;
            if constexpr (XU) {
#pragma unroll
                for (int k = 0; k < (SH + XR - 1) / XR; k++)
                    if (row0 + k * XR < SH) xrow(slab, xr, row0 + k * XR);
            } else {
#pragma unroll 1
                for (int row = row0; row < SH; row += XR) xrow(slab, xr, row);
            }
        }
        if (s >= 1) {
            const float* yr = rows + (1 - par) * SH * TXS;
            float a[PY];
#pragma unroll
            for (int p = 0; p < PY; p++) a[p] = 0.0f;
#pragma unroll
            for (int j = 0; j < PY + 2 * R; j++) {
                const float v = yr[(ty * PY + j) * TXS + tx];
#pragma unroll
                for (int p = 0; p < PY; p++)
                    if (j - p >= 0 && j - p < M) a[p] += cy[j - p] * v;
            }
#pragma unroll
            for (int p = 0; p < PY; p++) ring[p][MOD ? (M - 1 + F) % M : M - 1 + F] = a[p];
            if (s - 1 >= 2 * R) {
                float zs[PY];
#pragma unroll
                for (int p = 0; p < PY; p++) {
                    float part[SPLIT] = {};
#pragma unroll
                    for (int k = 0; k < M; k++) part[k % SPLIT] += cz[k] * ring[p][MOD ? (F + k) % M : F + k];
                    zs[p] = SPLIT == 1 ? part[0] : part[0] + part[SPLIT - 1];
                }
                if (full) {
#pragma unroll
                    for (int p = 0; p < PY; p++) __stcs(zo + p * w, zs[p]);
                } else if (x < w) {
#pragma unroll
                    for (int p = 0; p < PY; p++)
                        if (p < yn) __stcs(zo + p * w, zs[p]);
                }
                zo += slice;
            }
        }
    };
#pragma unroll 1
    for (int s = 0; s <= steps; s += ZU) {
        step(s, std::integral_constant<int, 0>());
        if constexpr (MOD) {
            vol_sep3l_each<1, ZU>([&](auto f) { if (s + decltype(f)::value <= steps) step(s + decltype(f)::value, f); });
        } else {
            if constexpr (ZU >= 2) if (s + 1 <= steps) step(s + 1, std::integral_constant<int, 1>());
            if constexpr (ZU >= 4) {
                if (s + 2 <= steps) step(s + 2, std::integral_constant<int, 2>());
                if (s + 3 <= steps) step(s + 3, std::integral_constant<int, 3>());
            }
            if constexpr (ZU >= 8) {
                if (s + 4 <= steps) step(s + 4, std::integral_constant<int, 4>());
                if (s + 5 <= steps) step(s + 5, std::integral_constant<int, 5>());
                if (s + 6 <= steps) step(s + 6, std::integral_constant<int, 6>());
                if (s + 7 <= steps) step(s + 7, std::integral_constant<int, 7>());
            }
#pragma unroll
            for (int p = 0; p < PY; p++)
#pragma unroll
                for (int k = 0; k < M - 1; k++) ring[p][k] = ring[p][k + ZU];
        }
    }
    }
}

/** Shared memory of a vol_sep3l shape, bytes. */
constexpr int vol_sep3l_smem(int R, int TX, int BY, int PY, int STAGES, int TXS, int SWP) {
    return 4 * (STAGES * (BY * PY + 2 * R) * SWP + 2 * (BY * PY + 2 * R) * TXS);
}
