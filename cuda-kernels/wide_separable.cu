// =====================================================================================
// fast-separable for wide 1D masks (any width and height up to WS_MAX_TAPS, radius up to 511),
// where the compiled kernels (radius 0..15, fast_separable.cu) stop: a row pass into a scratch
// plane, then a column pass from it, one channel a launch. The weights come from global memory
// into shared memory once a block (the constant bank is full: the 2D masks and the volumes').
//
// Both passes keep a register window: a thread computes P consecutive outputs; for each run of P
// taps it loads P new inputs, reads each tap's weight once (the same address for the whole warp:
// a broadcast) and does P*P FMAs. The weights are padded with zeros to a multiple of P; the last
// run skips the padded taps.
//
// Rows (convolab_wsep_rows): a block is WSR_BY warps, a warp one row of WSR_OW outputs; the row's
// inputs (the outputs' span and the mask's halo, ghost cells resolved by the policy) go into
// shared memory; lane l computes columns l*WSR_PX .. +WSR_PX-1 (WSR_PX is odd, so the lanes' reads
// fall in 32 distinct banks), writes them back into its row of shared memory, and the warp stores
// the row coalesced.
// Columns (convolab_wsep_cols): a thread owns one column and WSC_PY consecutive rows; the inputs
// come through the read-only cache (the warp reads 32 consecutive floats of a row: coalesced; the
// block's warps read overlapping rows, which L1 and L2 serve). Ghost rows follow the policy; under
// a constant policy their value is V * sum(row mask), which the launcher passes as cval.
// Sums are taken in tap order with fmaf, as the other direct kernels take them.
// =====================================================================================
#include "border.cuh"
#include "geometry.cuh"

// One run of P taps from i0 on: acc[p] += w[i0+k] * u[p+k]. The last run (tail) skips the padded taps
// rather than multiplying them by zero, so an Inf or NaN input past the mask never reaches a sum.
template <int P>
__device__ __forceinline__ void wsep_taps(float (&acc)[P], const float (&u)[2 * P - 1], const float* wts, int i0, int n,
                                          bool tail)
{
#pragma unroll
    for (int k = 0; k < P; ++k) {
        if (!tail || i0 + k < n) {
            const float wk = wts[i0 + k];
#pragma unroll
            for (int p = 0; p < P; ++p) acc[p] = fmaf(wk, u[p + k], acc[p]);
        }
    }
}

extern "C" __global__ void __launch_bounds__(WSR_BX * WSR_BY)
convolab_wsep_rows(const float* __restrict__ in, float* __restrict__ out, const float* __restrict__ weights,
                   int w, int h, int n, int policy, float cval)
{
    constexpr int P = WSR_PX;
    extern __shared__ float wsr_shared[];
    const int np = (n + P - 1) / P * P;
    const int span = WSR_OW + np - 1;        // inputs a row's tile holds
    float* wts = wsr_shared;
    float* tile = wsr_shared + np + threadIdx.y * span;
    const int tid = threadIdx.y * WSR_BX + threadIdx.x;
    for (int i = tid; i < np; i += WSR_BX * WSR_BY) wts[i] = i < n ? weights[i] : 0.f;
    const int r = n / 2;
    const int x0 = blockIdx.x * WSR_OW;
    const int y = blockIdx.y * WSR_BY + threadIdx.y;
    if (y < h) {
        const float* row = in + (size_t)y * w;
        for (int j = threadIdx.x; j < span; j += WSR_BX) {
            const int x = x0 - r + j;
            float v;
            if (x >= 0 && x < w) {
                v = __ldg(row + x);
            } else {
                const int sx = convolab_border_index(x, w, policy);
                v = sx < 0 ? cval : __ldg(row + sx);
            }
            tile[j] = v;
        }
    }
    __syncthreads();
    if (y >= h) return;
    const float* s = tile + threadIdx.x * P;
    float acc[P];
    float u[2 * P - 1];
#pragma unroll
    for (int p = 0; p < P; ++p) acc[p] = 0.f;
#pragma unroll
    for (int k = 0; k < P - 1; ++k) u[k] = s[k];
    int i0 = 0;
    for (; i0 + P <= n; i0 += P) {
#pragma unroll
        for (int k = 0; k < P; ++k) u[P - 1 + k] = s[i0 + P - 1 + k];
        wsep_taps<P>(acc, u, wts, i0, n, false);
#pragma unroll
        for (int k = 0; k < P - 1; ++k) u[k] = u[P + k];
    }
    if (i0 < n) {
#pragma unroll
        for (int k = 0; k < P; ++k) u[P - 1 + k] = s[i0 + P - 1 + k];
        wsep_taps<P>(acc, u, wts, i0, n, true);
    }
    __syncwarp();                            // every lane has read the tile: the sums go where the inputs were
#pragma unroll
    for (int p = 0; p < P; ++p) tile[threadIdx.x * P + p] = acc[p];
    __syncwarp();
    float* o = out + (size_t)y * w;
    for (int j = threadIdx.x; j < WSR_OW && x0 + j < w; j += WSR_BX) o[x0 + j] = tile[j];
}

extern "C" __global__ void __launch_bounds__(WSC_BX * WSC_BY)
convolab_wsep_cols(const float* __restrict__ in, float* __restrict__ out, const float* __restrict__ weights,
                   int w, int h, int n, int policy, float cval)
{
    constexpr int P = WSC_PY;
    extern __shared__ float wsc_shared[];
    const int np = (n + P - 1) / P * P;
    const int tid = threadIdx.y * WSC_BX + threadIdx.x;
    for (int i = tid; i < np; i += WSC_BX * WSC_BY) wsc_shared[i] = i < n ? weights[i] : 0.f;
    __syncthreads();
    const int x = blockIdx.x * WSC_BX + threadIdx.x;
    const int y0 = (blockIdx.y * WSC_BY + threadIdx.y) * P;
    if (x >= w || y0 >= h) return;
    const int top = y0 - n / 2;              // the input row of tap 0 for the first output
    // the input of row top + j (the last run may load rows past the mask's, which no sum takes)
    auto at = [&](int j) -> float {
        const int yy = top + j;
        if (yy >= 0 && yy < h) return __ldg(in + (size_t)yy * w + x);
        const int sy = convolab_border_index(yy, h, policy);
        return sy < 0 ? cval : __ldg(in + (size_t)sy * w + x);
    };
    float acc[P];
    float u[2 * P - 1];
#pragma unroll
    for (int p = 0; p < P; ++p) acc[p] = 0.f;
#pragma unroll
    for (int k = 0; k < P - 1; ++k) u[k] = at(k);
    int i0 = 0;
    for (; i0 + P <= n; i0 += P) {
#pragma unroll
        for (int k = 0; k < P; ++k) u[P - 1 + k] = at(i0 + P - 1 + k);
        wsep_taps<P>(acc, u, wsc_shared, i0, n, false);
#pragma unroll
        for (int k = 0; k < P - 1; ++k) u[k] = u[P + k];
    }
    if (i0 < n) {
#pragma unroll
        for (int k = 0; k < P; ++k) u[P - 1 + k] = at(i0 + P - 1 + k);
        wsep_taps<P>(acc, u, wsc_shared, i0, n, true);
    }
#pragma unroll
    for (int p = 0; p < P; ++p) {
        if (y0 + p < h) out[(size_t)(y0 + p) * w + x] = acc[p];
    }
}
