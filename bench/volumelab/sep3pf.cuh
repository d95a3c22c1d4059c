// Round fourteen: the L2 prefetch of vol_sep3p, the app's one-sweep kernel (cuda-kernels/volume_sep.cuh, vol_sep3, its
// cp.async loader only) with a prefetch into L2, PF steps ahead of the slab it loads, of the rows the tile will read of
// that input slice (by one bulk prefetch a row, or a prefetch a line: PM below); and HINT, an L2 prefetch-size hint on
// the slab's 16-byte copies. Round fourteen's call A
// found the sweep's loads, barriers and stores alone at 1.53x the floor with cp.async: a block's few slabs in flight
// wait out the latency of HBM. vol_sep3p itself is made from the app's source by sep3p.py (so that it stays the app's
// kernel plus this one call); PF = 0 is the app's kernel as it is. bench/volumelab/sep3k.cu times it.
#pragma once
#include "volume_sep.cuh"   // vol_sep3, VolSep3 (include after volume.cu, which defines c_vol_line)

// Input slice gz's rows gy0 .. gy0+SH-1 (mapped by the policy; nothing for a constant ghost) over the tile's columns
// x0-L .. x0+TX+L-1 clipped to the volume, into L2. PM 1: one cp.async.bulk.prefetch.L2 a row (thread tid < SH);
// PM 2: one prefetch.global.L2 a 128-byte line (thread tid < SH x NL, NL lines a row at most); PM 3: as 2 with
// the evict_last priority.
template <int R, int TX, int SH, int PM>
__device__ __forceinline__ void vol_sep3p_prefetch(const float* __restrict__ in, int w, int h, int d, size_t slice,
                                                   int policy, int gz, int gy0, int x0, int tid)
{
    constexpr int L = (R + 3) / 4 * 4;
    constexpr int NL = ((TX + 2 * L) * 4 + 127) / 128 + 1;     // lines a row spans, at most
    const int row = PM == 1 ? tid : tid / NL;
    if (row >= SH) return;
    const int sz = convolab_border_index(gz, d, policy), sy = convolab_border_index(gy0 + row, h, policy);
    if (sz < 0 || sy < 0) return;
    const int xa = max(x0 - L, 0), xb = min(x0 + TX + L, w);
    if (xb <= xa) return;
    const float* src = in + (size_t)sz * slice + (size_t)sy * w;
    if constexpr (PM == 1) {
        const unsigned long long a = reinterpret_cast<unsigned long long>(src + xa) & ~15ull;
        const unsigned long long e = (reinterpret_cast<unsigned long long>(src + xb) + 15) & ~15ull;
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(a), "r"((unsigned)(e - a)) : "memory");
    } else {
        const unsigned long long a = (reinterpret_cast<unsigned long long>(src + xa) & ~127ull) + 128ull * (tid % NL);
        if (a >= reinterpret_cast<unsigned long long>(src + xb)) return;
        if constexpr (PM == 2) asm volatile("prefetch.global.L2 [%0];" ::"l"(a));
        else asm volatile("prefetch.global.L2::evict_last [%0];" ::"l"(a));
    }
}

// A 16-byte cp.async with an L2 prefetch-size hint: HINT 0 none (the app's __pipeline_memcpy_async), 1 L2::128B,
// 2 L2::256B.
template <int HINT>
__device__ __forceinline__ void vol_sep3p_cp16(void* dst, const void* src)
{
    if constexpr (HINT == 0) {
        __pipeline_memcpy_async(dst, src, 16);
        return;
    }
    const unsigned d = (unsigned)__cvta_generic_to_shared(dst);
    if constexpr (HINT == 1) asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16, 16;" ::"r"(d), "l"(src) : "memory");
    else asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16, 16;" ::"r"(d), "l"(src) : "memory");
}
