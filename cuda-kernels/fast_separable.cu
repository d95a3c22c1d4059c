#include "fast.cuh"

// =====================================================================================
// fast-separable, any radius 0 to 15, two stages in one block: rows from global memory into
// shared memory, then columns from shared memory. A block of 32 x 8 threads owns an output tile
// of 128 columns x 8*PY rows. Stage 1: each warp filters whole tile rows (halo rows included):
// a lane loads its 4 + 2*LEAD inputs as float4s through L1 (neighbours' overlapping reads hit
// there) and writes 4 row-filtered values as one float4. Stage 2: each thread filters 4 columns
// x PY rows down the shared tile with a register window. Every FMA beyond the 2(2r+1) a pixel
// comes from the 2R halo rows of stage 1, (8*PY + 2R) / (8*PY) of the row work.
// =====================================================================================
template <int R, int PY>
__device__ __forceinline__ void fastsept_body(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                                              int policy, float cval, const float* rowm, const float* colm)
{
    constexpr int N = 2 * R + 1;
    constexpr int OH = FSEPT_BY * PY;
    constexpr int MH = OH + 2 * R;                // tile rows, halo included
    constexpr int LEAD = 4 * ((R + 3) / 4);       // floats loaded left of a lane's first column
    constexpr int NV = 2 * LEAD / 4 + 1;          // float4 loads per row and lane
    __shared__ float4 mid[MH * FSEPT_BX];         // row-filtered tile: 128 columns as 32 float4s
    const int lane = threadIdx.x, wy = threadIdx.y;
    const int x0 = blockIdx.x * FSEPT_OW, y0 = blockIdx.y * OH;
    const int xt = x0 + 4 * lane;
    const bool interior_x = (w % 4 == 0) && x0 >= LEAD && x0 + FSEPT_OW + LEAD <= w;
    for (int r = wy; r < MH; r += FSEPT_BY) {
        const int y = y0 - R + r;
        float v[4 * NV];
        if (interior_x && y >= 0 && y < h) {
            const float4* rp = reinterpret_cast<const float4*>(in + (size_t)y * w + xt - LEAD);
#pragma unroll
            for (int t = 0; t < NV; ++t) {
                const float4 a = __ldg(rp + t);
                v[4 * t] = a.x; v[4 * t + 1] = a.y; v[4 * t + 2] = a.z; v[4 * t + 3] = a.w;
            }
        } else {
            fast_border_row(v, in, xt - LEAD, y, w, h, policy, cval);
        }
        float rv[4];
#pragma unroll
        for (int e = 0; e < 4; ++e) {
            float a = 0.f;
#pragma unroll
            for (int i = 0; i < N; ++i) a = fmaf(rowm[i], v[LEAD - R + e + i], a);
            rv[e] = a;
        }
        mid[r * FSEPT_BX + lane] = make_float4(rv[0], rv[1], rv[2], rv[3]);
    }
    __syncthreads();
    if (xt >= w) return;
    float acc[PY][4] = {};
#pragma unroll
    for (int k = 0; k < PY + 2 * R; ++k) {
        const float4 m = mid[(wy * PY + k) * FSEPT_BX + lane];
        const float mv[4] = {m.x, m.y, m.z, m.w};
#pragma unroll
        for (int q = 0; q < PY; ++q) {
            const int j = k - q;
            if (j >= 0 && j < N) {
#pragma unroll
                for (int e = 0; e < 4; ++e) acc[q][e] = fmaf(colm[j], mv[e], acc[q][e]);
            }
        }
    }
    fast_store_rows(out, acc, xt, y0 + wy * PY, h, w);
}


// Separable, every radius: the two-stage kernel. Up to radius 7, 4 outputs per thread down a
// column and 4 blocks an SM; from 8, 8 outputs (fewer halo rows filtered twice) and 3 blocks an
// SM (without the bound the compiler spent 103 registers at r = 15 and ran at half the speed).
#define CONVOLAB_FASTSEPT_KERNEL(R, PY, MINB)                                                 \
    extern "C" __global__ void __launch_bounds__(FSEPT_BX * FSEPT_BY, MINB)                   \
    convolab_fastsep_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)        \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; const int c = blockIdx.z;                    \
      fastsept_body<R, PY>(plane_in(p, c), plane_out(p, c), w, h, policy, cval, c_fast_row, c_fast_col); }
CONVOLAB_FASTSEPT_KERNEL(0, FSEPT_PY_SMALL, CONVOLAB_ARCH_MINB(FSEPT_MINB_SMALL))
CONVOLAB_FASTSEPT_KERNEL(1, FSEPT_PY_SMALL, CONVOLAB_ARCH_MINB(FSEPT_MINB_SMALL))
CONVOLAB_FASTSEPT_KERNEL(2, FSEPT_PY_SMALL, CONVOLAB_ARCH_MINB(FSEPT_MINB_SMALL))
CONVOLAB_FASTSEPT_KERNEL(3, FSEPT_PY_SMALL, CONVOLAB_ARCH_MINB(FSEPT_MINB_SMALL))
CONVOLAB_FASTSEPT_KERNEL(4, FSEPT_PY_SMALL, CONVOLAB_ARCH_MINB(FSEPT_MINB_SMALL))
CONVOLAB_FASTSEPT_KERNEL(5, FSEPT_PY_SMALL, CONVOLAB_ARCH_MINB(FSEPT_MINB_SMALL))
CONVOLAB_FASTSEPT_KERNEL(6, FSEPT_PY_SMALL, CONVOLAB_ARCH_MINB(FSEPT_MINB_SMALL))
CONVOLAB_FASTSEPT_KERNEL(7, FSEPT_PY_SMALL, CONVOLAB_ARCH_MINB(FSEPT_MINB_SMALL))
CONVOLAB_FASTSEPT_KERNEL(8, FSEPT_PY_LARGE, CONVOLAB_ARCH_MINB(FSEPT_MINB_LARGE))
CONVOLAB_FASTSEPT_KERNEL(9, FSEPT_PY_LARGE, CONVOLAB_ARCH_MINB(FSEPT_MINB_LARGE))
CONVOLAB_FASTSEPT_KERNEL(10, FSEPT_PY_LARGE, CONVOLAB_ARCH_MINB(FSEPT_MINB_LARGE))
CONVOLAB_FASTSEPT_KERNEL(11, FSEPT_PY_LARGE, CONVOLAB_ARCH_MINB(FSEPT_MINB_LARGE))
CONVOLAB_FASTSEPT_KERNEL(12, FSEPT_PY_LARGE, CONVOLAB_ARCH_MINB(FSEPT_MINB_LARGE))
CONVOLAB_FASTSEPT_KERNEL(13, FSEPT_PY_LARGE, CONVOLAB_ARCH_MINB(FSEPT_MINB_LARGE))
CONVOLAB_FASTSEPT_KERNEL(14, FSEPT_PY_LARGE, CONVOLAB_ARCH_MINB(FSEPT_MINB_LARGE))
CONVOLAB_FASTSEPT_KERNEL(15, FSEPT_PY_LARGE, CONVOLAB_ARCH_MINB(FSEPT_MINB_LARGE))
