// Round fourteen: the L2 prefetch of vol_sep3p, the app's one-sweep kernel (cuda-kernels/volume_sep.cuh, vol_sep3, its
// cp.async loader only) with a prefetch into L2, PF steps ahead of the slab it loads, of the rows the tile will read of
// that input slice: one cp.async.bulk.prefetch.L2 a row (sm_90), issued by the first SH threads. Round fourteen's call A
// found the sweep's loads, barriers and stores alone at 1.53x the floor with cp.async: a block's few slabs in flight
// wait out the latency of HBM. vol_sep3p itself is made from the app's source by sep3p.py (so that it stays the app's
// kernel plus this one call); PF = 0 is the app's kernel as it is. bench/volumelab/sep3k.cu times it.
#pragma once
#include "volume_sep.cuh"   // vol_sep3, VolSep3 (include after volume.cu, which defines c_vol_line)

// Row gy of input slice gz (mapped by the policy; nothing for a constant ghost) over the tile's columns x0-L ..
// x0+TX+L-1 clipped to the volume, into L2.
template <int R, int TX>
__device__ __forceinline__ void vol_sep3p_prefetch(const float* __restrict__ in, int w, int h, int d, size_t slice,
                                                   int policy, int gz, int gy, int x0)
{
    constexpr int L = (R + 3) / 4 * 4;
    const int sz = convolab_border_index(gz, d, policy), sy = convolab_border_index(gy, h, policy);
    if (sz < 0 || sy < 0) return;
    const int xa = max(x0 - L, 0), xb = min(x0 + TX + L, w);
    if (xb <= xa) return;
    const float* row = in + (size_t)sz * slice + (size_t)sy * w;
    const unsigned long long a = reinterpret_cast<unsigned long long>(row + xa) & ~15ull;
    const unsigned long long e = (reinterpret_cast<unsigned long long>(row + xb) + 15) & ~15ull;
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(a), "r"((unsigned)(e - a)) : "memory");
}

