#include "fast.cuh"

// =====================================================================================
// fast, radius 0 to 2 (and the template of the fused ARGB kernels' window): no shared memory. Each thread computes 4 consecutive outputs along x and
// PY down a column, reading each input row as three aligned float4 loads (x0-4 .. x0+7) through
// L1, where its neighbours' overlapping reads hit, and loading the next row before it spends the
// FMAs of this one (the loads are in flight while it computes). The vector path needs w % 4 == 0
// and a thread clear of the border; other threads read scalars through the border function.
// Measured on an H200 (bench/fastlab): 1.8 to 2x the shared-tile kernel's speed at these radii.
// =====================================================================================
// Border threads: scalar reads through the border function.
template <int R, int PY>
__device__ __forceinline__ void fast2dv_border(const float* __restrict__ in, int x0, int y0, int w, int h, int policy,
                                               float cval, float (&acc)[PY][4])
{
#pragma unroll
    for (int k = 0; k < PY + 2 * R; ++k) {
        float v[12];
        fast_border_row(v, in, x0 - 4, y0 - R + k, w, h, policy, cval);
        fast_row_fmas<R, PY>(acc, v, k);
    }
}

template <int R, int PY, bool PREFETCH = true>
__device__ __forceinline__ void fast2dv_body(const ConvolabPlanes3& p, int w, int h, int policy, float cval)
{
    const int c = blockIdx.z;
    const float* in = plane_in(p, c);
    float* out = plane_out(p, c);
    const int x0 = (blockIdx.x * FASTV_BX + threadIdx.x) * 4;
    const int y0 = (blockIdx.y * FASTV_BY + threadIdx.y) * PY;
    if (x0 >= w || y0 >= h) return;
    const bool interior = (w % 4 == 0) && x0 >= 4 && x0 + 8 <= w && y0 >= R && y0 + PY + R <= h;
    float acc[PY][4] = {};
    if constexpr (!PREFETCH) {
        // One loop for both kinds of thread, the row's loads just before its FMAs (fewer registers).
#pragma unroll
        for (int k = 0; k < PY + 2 * R; ++k) {
            float v[12];
            const int y = y0 - R + k;
            if (interior) {
                const float4* rp = reinterpret_cast<const float4*>(in + (size_t)y * w + x0 - 4);
                const float4 a = __ldg(rp), b = __ldg(rp + 1), d = __ldg(rp + 2);
                v[0] = a.x; v[1] = a.y; v[2] = a.z; v[3] = a.w; v[4] = b.x; v[5] = b.y; v[6] = b.z; v[7] = b.w;
                v[8] = d.x; v[9] = d.y; v[10] = d.z; v[11] = d.w;
            } else {
                fast_border_row(v, in, x0 - 4, y, w, h, policy, cval);
            }
            fast_row_fmas<R, PY>(acc, v, k);
        }
    } else if (interior) {
        const float4* rp = reinterpret_cast<const float4*>(in + (size_t)(y0 - R) * w + x0 - 4);
        const int stride = w / 4;
        float4 na = __ldg(rp), nb = __ldg(rp + 1), nd = __ldg(rp + 2);
#pragma unroll
        for (int k = 0; k < PY + 2 * R; ++k) {
            const float v[12] = {na.x, na.y, na.z, na.w, nb.x, nb.y, nb.z, nb.w, nd.x, nd.y, nd.z, nd.w};
            if (k + 1 < PY + 2 * R) {      // the next row, in flight during this row's FMAs
                rp += stride;
                na = __ldg(rp); nb = __ldg(rp + 1); nd = __ldg(rp + 2);
            }
            fast_row_fmas<R, PY>(acc, v, k);
        }
    } else {
        fast2dv_border<R, PY>(in, x0, y0, w, h, policy, cval, acc);
    }
    fast_store_rows(out, acc, x0, y0, h, w);
}


// Radius 0 to 2: the float4 kernel, 3 outputs per thread down a column, with the
// next row prefetched and at most 48 registers, so that 5 blocks share an SM (at radius 2 ptxas
// spills 24 bytes for it and the kernel is still the fastest variant measured: 0.121 ms at
// 4096x4096 against 0.129 ms without the prefetch).
// (Blocks per SM: FASTV_MINB in geometry.cuh; Turing holds at most 4 blocks of 256, CONVOLAB_ARCH_MINB.)
#define CONVOLAB_FAST2DV_KERNEL(R, PY, MINB, PREFETCH)                                        \
    extern "C" __global__ void __launch_bounds__(FASTV_BX * FASTV_BY, MINB)                   \
    convolab_fast2d_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)         \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; fast2dv_body<R, PY, PREFETCH>(p, w, h, policy, cval); }
CONVOLAB_FAST2DV_KERNEL(0, FASTV_PY, CONVOLAB_ARCH_MINB(FASTV_MINB), true)
CONVOLAB_FAST2DV_KERNEL(1, FASTV_PY, CONVOLAB_ARCH_MINB(FASTV_MINB), true)
CONVOLAB_FAST2DV_KERNEL(2, FASTV_PY, CONVOLAB_ARCH_MINB(FASTV_MINB), true)
// Radius 3 is the streamed kernel's (fast_stream.cu): this kernel without the prefetch ran 0.207 ms at
// 4096x4096 on an H100 against its 0.175 (bench/results/h100-2026-11-27-h28b).
