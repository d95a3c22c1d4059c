#include "fast.cuh"
#include "cp_async.cuh"

// =====================================================================================
// fast, radius 3 and 4, streamed: a block of 32 x 8 threads walks down a strip of 128 columns
// and `chunk` rows, OH = 8*PY output rows a step. Input rows go to a ring of shared-memory rows
// with cp.async (16 bytes a thread, no registers held while they fly), two steps ahead of the
// step being computed, so memory and FMAs overlap inside every block and each input row is
// read from global memory once per strip. Each thread computes 4 columns x PY rows from the
// ring as in fast2dv_body. Border chunks of a row are filled with plain loads through the
// border function. Ring: the step's window (OH + 2R rows) plus the rows of the next two steps.
// =====================================================================================
// Copies input rows [ylo, yhi) of the strip (x0 - LEAD .. x0 + OW + LEAD) into the ring.
template <int RB>
__device__ __forceinline__ void fasts_load_rows(float* ring, const float* __restrict__ in, int x0, int ybase, int ylo,
                                                int yhi, int w, int h, int policy, float cval)
{
    constexpr int CPR = FASTS_SW / 4;             // 16-byte chunks a row
    const int t = threadIdx.y * FASTS_BX + threadIdx.x;
    const int n = (yhi - ylo) * CPR;
    for (int k = t; k < n; k += FASTS_BX * FASTS_BY) {
        const int r = k / CPR, c = k - r * CPR;
        const int y = ylo + r;
        const int gx = x0 - FASTS_LEAD + 4 * c;
        float* dst = ring + ((y - ybase) % RB) * FASTS_SW + 4 * c;
        if ((w & 3) == 0 && y >= 0 && y < h && gx >= 0 && gx + 4 <= w) {
            convolab_cp_async16(dst, in + (size_t)y * w + gx);
        } else {
#pragma unroll
            for (int e = 0; e < 4; ++e) convolab_cp_ghost(dst + e, in, gx + e, y, w, h, policy, cval);
        }
    }
}

template <int R, int PY>
__device__ __forceinline__ void fast2ds_body(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                                             int chunk, int policy, float cval)
{
    constexpr int OH = FASTS_BY * PY;
    constexpr int RB = 3 * OH + 2 * R;            // ring rows
    static_assert(R <= FASTS_LEAD, "the streamed kernel covers radius 0 to 4");
    __shared__ __align__(16) float ring[RB * FASTS_SW];
    const int lane = threadIdx.x, wy = threadIdx.y;
    const int x0 = blockIdx.x * FASTS_OW;
    const int xt = x0 + 4 * lane;
    const int ys = blockIdx.y * chunk;
    const int ye = min(h, ys + chunk);
    if (ys >= ye) return;
    const int ybase = ys - R;                     // input row at ring row 0
    const int steps = (ye - ys + OH - 1) / OH;
    // Step s needs input rows [ys + s*OH - R, ys + (s+1)*OH + R); step 0 loads them all, step s > 0
    // adds the OH rows from ys + s*OH + R.
    auto load_step = [&](int s) {
        const int lo = s == 0 ? ys - R : ys + s * OH + R;
        const int hi = min(ys + (s + 1) * OH + R, ye + R);
        if (lo < hi) fasts_load_rows<RB>(ring, in, x0, ybase, lo, hi, w, h, policy, cval);
        convolab_cp_commit();
    };
    load_step(0);
    if (steps > 1) load_step(1); else convolab_cp_commit();
    for (int s = 0; s < steps; ++s) {
        convolab_cp_wait_all_but_one();
        __syncthreads();                          // step s has landed; step s - 1 is computed
        if (s + 2 < steps) load_step(s + 2); else convolab_cp_commit();
        const int yo = ys + s * OH + wy * PY;     // this thread's first output row
        float acc[PY][4] = {};
#pragma unroll
        for (int k = 0; k < PY + 2 * R; ++k) {
            const float4* rp = reinterpret_cast<const float4*>(ring + ((yo - R + k - ybase) % RB) * FASTS_SW) + lane;
            const float4 a = rp[0], b = rp[1], d = rp[2];
            const float v[12] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w, d.x, d.y, d.z, d.w};
            fast_row_fmas<R, PY>(acc, v, k);
        }
        if (xt < w) fast_store_rows(out, acc, xt, yo, ye, w);
    }
}


// Radius 3 and 4: the streamed kernel (3 outputs per thread down a column, `chunk` rows a block).
#define CONVOLAB_FAST2DS_KERNEL(R)                                                              \
    extern "C" __global__ void __launch_bounds__(FASTS_BX * FASTS_BY)                           \
    convolab_fast2d_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int chunk, int policy, float cval) \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; const int c = blockIdx.z;                      \
      fast2ds_body<R, FASTS_PY>(plane_in(p, c), plane_out(p, c), w, h, chunk, policy, cval); }
CONVOLAB_FAST2DS_KERNEL(3)
CONVOLAB_FAST2DS_KERNEL(4)
