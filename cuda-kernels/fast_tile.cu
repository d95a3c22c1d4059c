#include "fast.cuh"

// Loads the (FAST_OW + 2rx) x (output rows + 2ry) input tile of this block, ghost cells included.
// Interior tiles skip the border function.
__device__ __forceinline__ void fast_load_tile(float* tile, const float* __restrict__ in, int x0, int y0,
                                               int tw, int th, int w, int h, int rx, int ry,
                                               int policy, float cval)
{
    const int nthreads = FAST_BX * FAST_BY;
    const int t = threadIdx.y * FAST_BX + threadIdx.x;
    const int gx0 = x0 - rx, gy0 = y0 - ry;
    const bool interior = gx0 >= 0 && gy0 >= 0 && gx0 + tw <= w && gy0 + th <= h;
    if (interior) {
        for (int k = t; k < tw * th; k += nthreads) {
            int ty = k / tw, tx = k - ty * tw;
            tile[k] = __ldg(&in[(size_t)(gy0 + ty) * w + gx0 + tx]);
        }
    } else {
        for (int k = t; k < tw * th; k += nthreads) {
            int ty = k / tw, tx = k - ty * tw;
            int sx = convolab_border_index(gx0 + tx, w, policy);
            int sy = convolab_border_index(gy0 + ty, h, policy);
            tile[k] = (sx < 0 || sy < 0) ? cval : __ldg(&in[(size_t)sy * w + sx]);
        }
    }
}


// =====================================================================================
// fast: 2D, square masks of compile-time radius R
// =====================================================================================
template <int R, int PY>
__device__ __forceinline__ void fast2d_body(const ConvolabPlanes3& p, int w, int h, int policy, float cval)
{
    constexpr int N = 2 * R + 1;
    constexpr int OH = FAST_BY * PY;
    constexpr int TW = FAST_OW + 2 * R;
    constexpr int TH = OH + 2 * R;
    __shared__ float tile[TW * TH];
    const int c = blockIdx.z;
    const int x0 = blockIdx.x * FAST_OW, y0 = blockIdx.y * OH;
    fast_load_tile(tile, plane_in(p, c), x0, y0, TW, TH, w, h, R, R, policy, cval);
    __syncthreads();

    const int lx = threadIdx.x;
    const int ly0 = threadIdx.y * PY;       // first output row of this thread in the tile
    float acc[PY];
#pragma unroll
    for (int q = 0; q < PY; ++q) acc[q] = 0.0f;
    // Input rows ly0 .. ly0 + PY + 2R - 1 of the tile; row k feeds outputs q with j = k - q.
#pragma unroll
    for (int k = 0; k < PY + 2 * R; ++k) {
        float v[N];
        const float* row = tile + (ly0 + k) * TW + lx;
#pragma unroll
        for (int i = 0; i < N; ++i) v[i] = row[i];
#pragma unroll
        for (int q = 0; q < PY; ++q) {
            const int j = k - q;
            if (j >= 0 && j < N) {
#pragma unroll
                for (int i = 0; i < N; ++i) acc[q] = fmaf(c_fast_mask[j * N + i], v[i], acc[q]);
            }
        }
        // Keep the next row's loads after this row's FMAs: otherwise the compiler hoists the
        // loads of many rows at once and, for radii 8 to 11, spills them.
        asm volatile("" ::: "memory");
    }
    const int x = x0 + lx;
    if (x >= w) return;
    float* out = plane_out(p, c);
#pragma unroll
    for (int q = 0; q < PY; ++q) {
        int y = y0 + ly0 + q;
        if (y < h) out[(size_t)y * w + x] = acc[q];
    }
}


// Radius 5 to 15: the shared-tile kernel with 4 outputs per thread (8 spent registers on the
// window and ran at half the speed at r = 15).
#define CONVOLAB_FAST2D_KERNEL(R)                                                             \
    extern "C" __global__ void __launch_bounds__(FAST_BX * FAST_BY)                           \
    convolab_fast2d_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)         \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; fast2d_body<R, FAST_TILE_PY>(p, w, h, policy, cval); }
CONVOLAB_FAST2D_KERNEL(5)
CONVOLAB_FAST2D_KERNEL(6)
CONVOLAB_FAST2D_KERNEL(7)
CONVOLAB_FAST2D_KERNEL(8)
CONVOLAB_FAST2D_KERNEL(9)
CONVOLAB_FAST2D_KERNEL(10)
CONVOLAB_FAST2D_KERNEL(11)
CONVOLAB_FAST2D_KERNEL(12)
CONVOLAB_FAST2D_KERNEL(13)
CONVOLAB_FAST2D_KERNEL(14)
CONVOLAB_FAST2D_KERNEL(15)
