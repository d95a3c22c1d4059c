// =====================================================================================
// Fast strategies (the performance issue): all three channels in one launch (blockIdx.z picks
// the channel), compile-time radius for square masks r = 0..15 (every weight becomes an
// immediate constant-bank operand of its FFMA), and a sliding window in registers: each
// thread computes PY outputs down a column, so every value it reads feeds up to PY * (2r+1)
// multiply-adds. Radius 0 to 4 reads float4s from global memory through L1; radius 5 to 15
// uses a shared-memory tile whose ghost cells are resolved while it is loaded, through
// convolab_border_index; other mask shapes take a runtime-radius kernel (FAST_PY outputs per
// thread). The launchers (FastLauncher, FastSeparableLauncher) mirror these constants.
// =====================================================================================
#include "border.cuh"

#define FAST_BX 64      // threads along x = output tile width
#define FAST_BY 4       // threads along y
#define FAST_PY 8       // outputs per thread, down a column (runtime-radius kernel)
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

// =====================================================================================
// fast, radius 0 to 4: no shared memory. Each thread computes 4 consecutive outputs along x and
// PY down a column, reading each input row as three aligned float4 loads (x0-4 .. x0+7) through
// L1, where its neighbours' overlapping reads hit. The vector path needs w % 4 == 0 and a thread
// clear of the border; other threads read scalars through the border function. Measured on an
// H200 (bench/fastlab): 1.8 to 2x the shared-tile kernel's speed at these radii.
// =====================================================================================
#define FASTV_BX 32
#define FASTV_BY 8

template <int R, int PY>
__device__ __forceinline__ void fast2dv_body(const ConvolabPlanes3& p, int w, int h, int policy, float cval)
{
    constexpr int N = 2 * R + 1;
    const int c = blockIdx.z;
    const float* in = plane_in(p, c);
    float* out = plane_out(p, c);
    const int x0 = (blockIdx.x * FASTV_BX + threadIdx.x) * 4;
    const int y0 = (blockIdx.y * FASTV_BY + threadIdx.y) * PY;
    if (x0 >= w || y0 >= h) return;
    const bool interior = (w % 4 == 0) && x0 >= 4 && x0 + 8 <= w && y0 >= R && y0 + PY + R <= h;
    float acc[PY][4];
#pragma unroll
    for (int q = 0; q < PY; ++q)
#pragma unroll
        for (int e = 0; e < 4; ++e) acc[q][e] = 0.f;
#pragma unroll
    for (int k = 0; k < PY + 2 * R; ++k) {
        float v[12];
        const int y = y0 - R + k;
        if (interior) {
            const float4* rp = reinterpret_cast<const float4*>(in + (size_t)y * w + x0 - 4);
            float4 a = __ldg(rp), b = __ldg(rp + 1), d = __ldg(rp + 2);
            v[0] = a.x; v[1] = a.y; v[2] = a.z; v[3] = a.w; v[4] = b.x; v[5] = b.y; v[6] = b.z; v[7] = b.w;
            v[8] = d.x; v[9] = d.y; v[10] = d.z; v[11] = d.w;
        } else {
            const int sy = convolab_border_index(y, h, policy);
#pragma unroll
            for (int e = 0; e < 12; ++e) {
                const int sx = convolab_border_index(x0 - 4 + e, w, policy);
                v[e] = (sx < 0 || sy < 0) ? cval : __ldg(&in[(size_t)sy * w + sx]);
            }
        }
#pragma unroll
        for (int q = 0; q < PY; ++q) {
            const int j = k - q;
            if (j >= 0 && j < N) {
#pragma unroll
                for (int e = 0; e < 4; ++e)
#pragma unroll
                    for (int i = 0; i < N; ++i) acc[q][e] = fmaf(c_fast_mask[j * N + i], v[4 - R + e + i], acc[q][e]);
            }
        }
    }
#pragma unroll
    for (int q = 0; q < PY; ++q) {
        const int y = y0 + q;
        if (y >= h) break;
        if (w % 4 == 0 && x0 + 4 <= w) {
            *reinterpret_cast<float4*>(out + (size_t)y * w + x0) = make_float4(acc[q][0], acc[q][1], acc[q][2], acc[q][3]);
        } else {
            for (int e = 0; e < 4; ++e)
                if (x0 + e < w) out[(size_t)y * w + x0 + e] = acc[q][e];
        }
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
// fast-separable, radius 0 to 4, registers only: each thread computes 4 outputs along x and PY down a column.
// For every input row it needs (PY + 2R rows), it loads 4 + 2R values as aligned float4s through
// L1, filters them along the row in registers (4 row outputs), and adds those into the PY column
// accumulators with the register window. Needs w % 4 == 0 on the vector path; threads near the
// border read scalars through the border function. Measured on an H200 (bench/fastlab): 1.2
// to 1.9x the shared-tile kernel at these radii, slower above them.
// =====================================================================================
template <int R, int PY>
__device__ __forceinline__ void fastsepv_body(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                                              int policy, float cval, const float* rowm, const float* colm)
{
    constexpr int N = 2 * R + 1;
    constexpr int LEAD = 4 * ((R + 3) / 4);       // floats loaded left of x0 (a multiple of 4)
    constexpr int NV = 2 * LEAD / 4 + 1;          // float4 loads per row
    const int x0 = (blockIdx.x * 32 + threadIdx.x) * 4;
    const int y0 = (blockIdx.y * 8 + threadIdx.y) * PY;
    if (x0 >= w || y0 >= h) return;
    const bool interior = (w % 4 == 0) && x0 >= LEAD && x0 + 4 + LEAD <= w && y0 >= R && y0 + PY + R <= h;
    float acc[PY][4];
#pragma unroll
    for (int q = 0; q < PY; ++q)
#pragma unroll
        for (int e = 0; e < 4; ++e) acc[q][e] = 0.f;
#pragma unroll
    for (int k = 0; k < PY + 2 * R; ++k) {
        float v[4 * NV];
        const int y = y0 - R + k;
        if (interior) {
            const float4* rp = reinterpret_cast<const float4*>(in + (size_t)y * w + x0 - LEAD);
#pragma unroll
            for (int t = 0; t < NV; ++t) {
                float4 a = __ldg(rp + t);
                v[4 * t] = a.x; v[4 * t + 1] = a.y; v[4 * t + 2] = a.z; v[4 * t + 3] = a.w;
            }
        } else {
            const int sy = convolab_border_index(y, h, policy);
#pragma unroll
            for (int e = 0; e < 4 * NV; ++e) {
                const int sx = convolab_border_index(x0 - LEAD + e, w, policy);
                v[e] = (sx < 0 || sy < 0) ? cval : __ldg(&in[(size_t)sy * w + sx]);
            }
        }
        float rv[4];
#pragma unroll
        for (int e = 0; e < 4; ++e) {
            float a = 0.f;
#pragma unroll
            for (int i = 0; i < N; ++i) a = fmaf(rowm[i], v[LEAD - R + e + i], a);
            rv[e] = a;
        }
#pragma unroll
        for (int q = 0; q < PY; ++q) {
            const int j = k - q;
            if (j >= 0 && j < N) {
#pragma unroll
                for (int e = 0; e < 4; ++e) acc[q][e] = fmaf(colm[j], rv[e], acc[q][e]);
            }
        }
    }
#pragma unroll
    for (int q = 0; q < PY; ++q) {
        const int y = y0 + q;
        if (y >= h) break;
        if (w % 4 == 0 && x0 + 4 <= w) {
            *reinterpret_cast<float4*>(out + (size_t)y * w + x0) = make_float4(acc[q][0], acc[q][1], acc[q][2], acc[q][3]);
        } else {
            for (int e = 0; e < 4; ++e)
                if (x0 + e < w) out[(size_t)y * w + x0 + e] = acc[q][e];
        }
    }
}

// =====================================================================================
// Instantiations with C names the launchers find: convolab_fast2d_r0 .. r15 and
// convolab_fastsep_r0 .. r15.
// =====================================================================================
// Radius 0 to 4: the float4 kernel (2 outputs per thread down a column up to r = 2, then 4);
// radius 5 to 15: the shared-tile kernel with 4 outputs per thread (8 spent registers on the
// window and ran at half the speed at r = 15).
#define CONVOLAB_FAST2DV_KERNEL(R, PY)                                                        \
    extern "C" __global__ void __launch_bounds__(FASTV_BX * FASTV_BY)                         \
    convolab_fast2d_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)         \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; fast2dv_body<R, PY>(p, w, h, policy, cval); }
#define CONVOLAB_FAST2D_KERNEL(R)                                                             \
    extern "C" __global__ void __launch_bounds__(FAST_BX * FAST_BY)                           \
    convolab_fast2d_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)         \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; fast2d_body<R, 4>(p, w, h, policy, cval); }
#define CONVOLAB_FASTSEP_KERNEL(R)                                                            \
    extern "C" __global__ void __launch_bounds__(FSEP_BX * FSEP_BY)                           \
    convolab_fastsep_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)        \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; fastsep_body<R>(p, w, h, policy, cval); }

CONVOLAB_FAST2DV_KERNEL(0, 2)
CONVOLAB_FAST2DV_KERNEL(1, 2)
CONVOLAB_FAST2DV_KERNEL(2, 2)
CONVOLAB_FAST2DV_KERNEL(3, 4)
CONVOLAB_FAST2DV_KERNEL(4, 4)
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
#define CONVOLAB_FASTSEPV_KERNEL(R)                                                           \
    extern "C" __global__ void __launch_bounds__(FASTV_BX * FASTV_BY)                         \
    convolab_fastsep_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)        \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; const int c = blockIdx.z;                    \
      fastsepv_body<R, 4>(plane_in(p, c), plane_out(p, c), w, h, policy, cval, c_fast_row, c_fast_col); }

CONVOLAB_FASTSEPV_KERNEL(0)
CONVOLAB_FASTSEPV_KERNEL(1)
CONVOLAB_FASTSEPV_KERNEL(2)
CONVOLAB_FASTSEPV_KERNEL(3)
CONVOLAB_FASTSEPV_KERNEL(4)
CONVOLAB_FASTSEP_KERNEL(5)
CONVOLAB_FASTSEP_KERNEL(6)
CONVOLAB_FASTSEP_KERNEL(7)
CONVOLAB_FASTSEP_KERNEL(8)
CONVOLAB_FASTSEP_KERNEL(9)
CONVOLAB_FASTSEP_KERNEL(10)
CONVOLAB_FASTSEP_KERNEL(11)
CONVOLAB_FASTSEP_KERNEL(12)
CONVOLAB_FASTSEP_KERNEL(13)
CONVOLAB_FASTSEP_KERNEL(14)
CONVOLAB_FASTSEP_KERNEL(15)
