#pragma once
// =====================================================================================
// Fast strategies (the performance issue): all channels in one launch (blockIdx.z picks the
// channel; a grid of depth 3 for an image, 1 for the single plane of a grey or 16-bit image,
// which then reads in0 and writes out0 only), compile-time radius for square masks r = 0..15
// (every weight becomes an immediate constant-bank operand of its FFMA), and a sliding window in
// registers: each
// thread computes PY outputs down a column, so every value it reads feeds up to PY * (2r+1)
// multiply-adds. Radius 0 to 2 reads float4s from global memory through L1; radius 3 and 4 stream
// rows into a shared-memory ring with cp.async; radius 5 to 15 uses a shared-memory tile whose
// ghost cells are resolved while it is loaded, through convolab_border_index; other mask shapes
// take a runtime-size kernel (FANY_PX x FANY_PY outputs per thread, the mask in passes of rows). fast-separable filters rows into
// shared memory and columns from there, in one kernel. Block shapes, tile sizes and blocks per
// SM are in geometry.cuh, one policy a variant.
// This header holds what the families share; each family is in its own file: fast_vec.cu
// (r 0..2), fast_stream.cu (r 3..4), fast_tile.cu (r 5..15), fast_any.cu (run-time size),
// fast_separable.cu (fast-separable) and fast_argb.cu (packed 8-bit ARGB, r 0..7).
// =====================================================================================
#include "border.cuh"
#include "geometry.cuh"

__constant__ float c_fast_mask[CONVOLAB_MAX_MASK * CONVOLAB_MAX_MASK];
__constant__ float c_fast_row[CONVOLAB_MAX_1D];
__constant__ float c_fast_col[CONVOLAB_MAX_1D];

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

// Reads inputs x .. x + NN - 1 of row y into v through the border function (threads at the
// image's edges).
template <int NN>
__device__ __forceinline__ void fast_border_row(float (&v)[NN], const float* __restrict__ in, int x, int y, int w, int h,
                                                int policy, float cval)
{
    const int sy = convolab_border_index(y, h, policy);
#pragma unroll
    for (int e = 0; e < NN; ++e) {
        const int sx = convolab_border_index(x + e, w, policy);
        v[e] = (sx < 0 || sy < 0) ? cval : __ldg(&in[(size_t)sy * w + sx]);
    }
}

// The register window of the float4 kernels: input row k of a thread's window (v holds its
// 4 + 2 * LEAD values from LEAD left of the thread's first column, LEAD >= R) feeds output q through
// mask row j = k - q.
template <int R, int PY, int LEAD = 4>
__device__ __forceinline__ void fast_row_fmas(float (&acc)[PY][4], const float (&v)[4 + 2 * LEAD], int k)
{
    constexpr int N = 2 * R + 1;
#pragma unroll
    for (int q = 0; q < PY; ++q) {
        const int j = k - q;
        if (j >= 0 && j < N) {
#pragma unroll
            for (int e = 0; e < 4; ++e)
#pragma unroll
                for (int i = 0; i < N; ++i) acc[q][e] = fmaf(c_fast_mask[j * N + i], v[LEAD - R + e + i], acc[q][e]);
        }
    }
}

// Writes a thread's 4 columns (from x) x PY rows (from y0, those below ylimit) of outputs: one
// float4 a row where the row is 16-byte aligned and the 4 columns are inside the image.
template <int PY>
__device__ __forceinline__ void fast_store_rows(float* __restrict__ out, const float (&acc)[PY][4], int x, int y0, int ylimit,
                                                int w)
{
#pragma unroll
    for (int q = 0; q < PY; ++q) {
        const int y = y0 + q;
        if (y >= ylimit) break;
        if (w % 4 == 0 && x + 4 <= w) {
            *reinterpret_cast<float4*>(out + (size_t)y * w + x) = make_float4(acc[q][0], acc[q][1], acc[q][2], acc[q][3]);
        } else {
            for (int e = 0; e < 4; ++e)
                if (x + e < w) out[(size_t)y * w + x + e] = acc[q][e];
        }
    }
}
