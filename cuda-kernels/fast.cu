// =====================================================================================
// Fast strategies (the performance issue): all three channels in one launch (blockIdx.z picks
// the channel), compile-time radius for square masks r = 1..15 (every weight becomes an
// immediate constant-bank operand of its FFMA), and a sliding window in registers: each
// thread computes FAST_PY outputs down a column, so every value it reads from shared memory
// feeds up to FAST_PY * (2r+1) multiply-adds. Other mask shapes take a runtime-radius kernel
// with the same tiling. Ghost cells are resolved while the tile is loaded, through
// convolab_border_index, so the inner loops never test a bound.
// =====================================================================================
#include "border.cuh"

#define FAST_BX 64      // threads along x = output tile width
#define FAST_BY 4       // threads along y
#define FAST_PY 8       // outputs per thread, down a column
#define FAST_OW FAST_BX
#define FAST_OH (FAST_BY * FAST_PY)
#define FAST_MAX_R 31

__constant__ float c_fast_mask[63 * 63];
__constant__ float c_fast_row[63];
__constant__ float c_fast_col[63];

struct ConvolabPlanes3 {
    const float* in[3];
    float* out[3];
};

// Kernels take the six planes as plain pointer parameters (simple to pass from the driver API).
#define CONVOLAB_PLANE_PARAMS const float* __restrict__ in0, const float* __restrict__ in1, \
    const float* __restrict__ in2, float* __restrict__ out0, float* __restrict__ out1, float* __restrict__ out2
#define CONVOLAB_PLANES {{in0, in1, in2}, {out0, out1, out2}}

// The channel's planes, chosen without indexing the parameter struct at run time (which would
// copy it to local memory).
__device__ __forceinline__ const float* plane_in(const ConvolabPlanes3& p, int c)
{
    return c == 0 ? p.in[0] : (c == 1 ? p.in[1] : p.in[2]);
}

__device__ __forceinline__ float* plane_out(const ConvolabPlanes3& p, int c)
{
    return c == 0 ? p.out[0] : (c == 1 ? p.out[1] : p.out[2]);
}

// Loads the (FAST_OW + 2rx) x (FAST_OH + 2ry) input tile of this block, ghost cells included.
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
template <int R>
__device__ __forceinline__ void fast2d_body(const ConvolabPlanes3& p, int w, int h, int policy, float cval)
{
    constexpr int N = 2 * R + 1;
    constexpr int TW = FAST_OW + 2 * R;
    constexpr int TH = FAST_OH + 2 * R;
    __shared__ float tile[TW * TH];
    const int c = blockIdx.z;
    const int x0 = blockIdx.x * FAST_OW, y0 = blockIdx.y * FAST_OH;
    fast_load_tile(tile, plane_in(p, c), x0, y0, TW, TH, w, h, R, R, policy, cval);
    __syncthreads();

    const int lx = threadIdx.x;
    const int ly0 = threadIdx.y * FAST_PY;       // first output row of this thread in the tile
    float acc[FAST_PY];
#pragma unroll
    for (int q = 0; q < FAST_PY; ++q) acc[q] = 0.0f;
    // Input rows ly0 .. ly0 + FAST_PY + 2R - 1 of the tile; row k feeds outputs q with j = k - q.
#pragma unroll
    for (int k = 0; k < FAST_PY + 2 * R; ++k) {
        float v[N];
        const float* row = tile + (ly0 + k) * TW + lx;
#pragma unroll
        for (int i = 0; i < N; ++i) v[i] = row[i];
#pragma unroll
        for (int q = 0; q < FAST_PY; ++q) {
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
    for (int q = 0; q < FAST_PY; ++q) {
        int y = y0 + ly0 + q;
        if (y < h) out[(size_t)y * w + x] = acc[q];
    }
}

// Runtime radius, any odd rectangular mask up to 63 x 63 (dynamic shared memory).
extern "C" __global__ void __launch_bounds__(FAST_BX * FAST_BY)
convolab_fast2d_any(CONVOLAB_PLANE_PARAMS, int w, int h, int mw, int mh, int policy, float cval)
{
    const ConvolabPlanes3 p = CONVOLAB_PLANES;
    extern __shared__ float dtile[];
    const int rx = mw / 2, ry = mh / 2;
    const int tw = FAST_OW + 2 * rx, th = FAST_OH + 2 * ry;
    const int c = blockIdx.z;
    const int x0 = blockIdx.x * FAST_OW, y0 = blockIdx.y * FAST_OH;
    fast_load_tile(dtile, plane_in(p, c), x0, y0, tw, th, w, h, rx, ry, policy, cval);
    __syncthreads();
    const int lx = threadIdx.x, ly0 = threadIdx.y * FAST_PY;
    float acc[FAST_PY];
#pragma unroll
    for (int q = 0; q < FAST_PY; ++q) acc[q] = 0.0f;
    for (int k = 0; k < FAST_PY + 2 * ry; ++k) {
        const float* row = dtile + (ly0 + k) * tw + lx;
        for (int i = 0; i < mw; ++i) {
            const float v = row[i];
#pragma unroll
            for (int q = 0; q < FAST_PY; ++q) {
                const int j = k - q;
                if (j >= 0 && j < mh) acc[q] = fmaf(c_fast_mask[j * mw + i], v, acc[q]);
            }
        }
    }
    const int x = x0 + lx;
    if (x >= w) return;
    float* out = plane_out(p, c);
#pragma unroll
    for (int q = 0; q < FAST_PY; ++q) {
        int y = y0 + ly0 + q;
        if (y < h) out[(size_t)y * w + x] = acc[q];
    }
}

// =====================================================================================
// fast-separable: one pass. The block loads its input tile, filters its rows into a second
// shared-memory tile (the intermediate never touches global memory), then filters columns
// with the register window. Compile-time radius R (row and column masks of 2R+1).
// =====================================================================================
#define FSEP_BX 64
#define FSEP_BY 8
#define FSEP_PY 4
#define FSEP_OW FSEP_BX
#define FSEP_OH (FSEP_BY * FSEP_PY)

template <int R>
__device__ __forceinline__ void fastsep_body(const ConvolabPlanes3& p, int w, int h, int policy, float cval)
{
    constexpr int N = 2 * R + 1;
    constexpr int TW = FSEP_OW + 2 * R;
    constexpr int TH = FSEP_OH + 2 * R;
    __shared__ float tile[TW * TH];       // input, halo included (at most 94 x 62 floats)
    __shared__ float mid[TH * FSEP_OW];   // row-filtered (at most 62 x 64 floats)
    const int c = blockIdx.z;
    const int x0 = blockIdx.x * FSEP_OW, y0 = blockIdx.y * FSEP_OH;
    const int nthreads = FSEP_BX * FSEP_BY;
    const int t = threadIdx.y * FSEP_BX + threadIdx.x;
    {
        const float* in = plane_in(p, c);
        const int gx0 = x0 - R, gy0 = y0 - R;
        const bool interior = gx0 >= 0 && gy0 >= 0 && gx0 + TW <= w && gy0 + TH <= h;
        for (int k = t; k < TW * TH; k += nthreads) {
            int ty = k / TW, tx = k - ty * TW;
            if (interior) {
                tile[k] = __ldg(&in[(size_t)(gy0 + ty) * w + gx0 + tx]);
            } else {
                int sx = convolab_border_index(gx0 + tx, w, policy);
                int sy = convolab_border_index(gy0 + ty, h, policy);
                tile[k] = (sx < 0 || sy < 0) ? cval : __ldg(&in[(size_t)sy * w + sx]);
            }
        }
    }
    __syncthreads();
    // Rows: every tile row (halo rows included), FSEP_OW outputs each.
    for (int k = t; k < TH * FSEP_OW; k += nthreads) {
        int ty = k / FSEP_OW, tx = k - ty * FSEP_OW;
        const float* row = tile + ty * TW + tx;
        float a = 0.0f;
#pragma unroll
        for (int i = 0; i < N; ++i) a = fmaf(c_fast_row[i], row[i], a);
        mid[k] = a;
    }
    __syncthreads();
    // Columns: FSEP_PY outputs per thread with a register window.
    const int lx = threadIdx.x, ly0 = threadIdx.y * FSEP_PY;
    float acc[FSEP_PY];
#pragma unroll
    for (int q = 0; q < FSEP_PY; ++q) acc[q] = 0.0f;
#pragma unroll
    for (int k = 0; k < FSEP_PY + 2 * R; ++k) {
        const float v = mid[(ly0 + k) * FSEP_OW + lx];
#pragma unroll
        for (int q = 0; q < FSEP_PY; ++q) {
            const int j = k - q;
            if (j >= 0 && j < N) acc[q] = fmaf(c_fast_col[j], v, acc[q]);
        }
    }
    const int x = x0 + lx;
    if (x >= w) return;
    float* out = plane_out(p, c);
#pragma unroll
    for (int q = 0; q < FSEP_PY; ++q) {
        int y = y0 + ly0 + q;
        if (y < h) out[(size_t)y * w + x] = acc[q];
    }
}

// =====================================================================================
// Instantiations with C names the launchers find: convolab_fast2d_r0 .. r15 and
// convolab_fastsep_r0 .. r15.
// =====================================================================================
#define CONVOLAB_FAST_KERNELS(R)                                                              \
    extern "C" __global__ void __launch_bounds__(FAST_BX * FAST_BY)                           \
    convolab_fast2d_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)         \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; fast2d_body<R>(p, w, h, policy, cval); }     \
    extern "C" __global__ void __launch_bounds__(FSEP_BX * FSEP_BY)                           \
    convolab_fastsep_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)        \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; fastsep_body<R>(p, w, h, policy, cval); }

CONVOLAB_FAST_KERNELS(0)
CONVOLAB_FAST_KERNELS(1)
CONVOLAB_FAST_KERNELS(2)
CONVOLAB_FAST_KERNELS(3)
CONVOLAB_FAST_KERNELS(4)
CONVOLAB_FAST_KERNELS(5)
CONVOLAB_FAST_KERNELS(6)
CONVOLAB_FAST_KERNELS(7)
CONVOLAB_FAST_KERNELS(8)
CONVOLAB_FAST_KERNELS(9)
CONVOLAB_FAST_KERNELS(10)
CONVOLAB_FAST_KERNELS(11)
CONVOLAB_FAST_KERNELS(12)
CONVOLAB_FAST_KERNELS(13)
CONVOLAB_FAST_KERNELS(14)
CONVOLAB_FAST_KERNELS(15)
