#include "fast.cuh"

// =====================================================================================
// fast, any odd mask up to 63 x 63 of run-time width and height (square masks above radius 15
// and every rectangular one). Each thread computes FANY_PX x FANY_PY outputs: 4 neighbours along x
// (one float4) down FANY_PY rows. The mask is taken FANY_ROWS rows a pass: its weights (rows
// padded with zeros to whole float4s) and the input rows the pass reads go to shared memory. Each
// input row the thread reads feeds every output row q whose mask row j = k - q lies in the pass;
// along the row, a window of 8 floats (two float4 reads) slides 4 taps at a time and a float4
// of weights per output row serves 16 FMAs. So one shared read of the tile serves 4 x 4 x
// FANY_PY FMAs and one of the weights 16, and no weight is read through the constant cache at a
// run-time index (the old kernel's 8 outputs per thread read one weight per FMA that way).
// =====================================================================================
// Loads a tw x th rectangle of the plane from (gx0, gy0), ghost cells included, into tile
// (row pitch tw). Interior rectangles skip the border function.
__device__ __forceinline__ void fany_load(float* tile, const float* __restrict__ in, int gx0, int gy0, int tw, int th,
                                          int w, int h, int policy, float cval)
{
    const bool interior = gx0 >= 0 && gy0 >= 0 && gx0 + tw <= w && gy0 + th <= h;
    for (int ty = threadIdx.y; ty < th; ty += FANY_BY) {
        float* dst = tile + ty * tw;
        if (interior) {
            const float* src = in + (size_t)(gy0 + ty) * w + gx0;
            for (int tx = threadIdx.x; tx < tw; tx += FANY_BX) dst[tx] = __ldg(&src[tx]);
        } else {
            const int sy = convolab_border_index(gy0 + ty, h, policy);
            for (int tx = threadIdx.x; tx < tw; tx += FANY_BX) {
                const int sx = convolab_border_index(gx0 + tx, w, policy);
                dst[tx] = (sx < 0 || sy < 0) ? cval : __ldg(&in[(size_t)sy * w + sx]);
            }
        }
    }
}

// One input row (row: the thread's first column in the tile) into the outputs: for each output
// row q with CHECK false all of them, else only qlo..qhi; the weights of mask row k - q of the
// pass are at wts + (k - q) * mwp.
template <bool CHECK>
__device__ __forceinline__ void fany_row(float (&acc)[FANY_PY][4], const float* row, const float* wts, int k, int mwp,
                                         int qlo, int qhi)
{
    float4 lo = *reinterpret_cast<const float4*>(row);
    for (int i = 0; i < mwp; i += 4) {
        const float4 hi = *reinterpret_cast<const float4*>(row + i + 4);
        const float v[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
#pragma unroll
        for (int q = 0; q < FANY_PY; ++q) {
            if (!CHECK || (q >= qlo && q <= qhi)) {
                const float4 wq = *reinterpret_cast<const float4*>(wts + (k - q) * mwp + i);
                const float wv[4] = {wq.x, wq.y, wq.z, wq.w};
#pragma unroll
                for (int d = 0; d < 4; ++d)
#pragma unroll
                    for (int e = 0; e < 4; ++e) acc[q][e] = fmaf(wv[d], v[e + d], acc[q][e]);
            }
        }
        lo = hi;
    }
}

// Dynamic shared memory: rows x mwp weights, then (FANY_OH + rows - 1) x (FANY_OW + mwp) floats
// of tile, where rows = min(mh, FANY_ROWS) and mwp = mw rounded up to a multiple of 4.
extern "C" __global__ void __launch_bounds__(FANY_BX * FANY_BY)
convolab_fast2d_any(CONVOLAB_PLANE_PARAMS, int w, int h, int mw, int mh, int policy, float cval)
{
    const ConvolabPlanes3 p = CONVOLAB_PLANES;
    extern __shared__ __align__(16) float dsm[];
    const int rx = mw / 2, ry = mh / 2;
    const int mwp = (mw + 3) & ~3;
    const int rows = min(mh, FANY_ROWS);
    const int tw = FANY_OW + mwp;             // a multiple of 4: every float4 read is aligned
    float* wts = dsm;
    float* tile = dsm + rows * mwp;
    const int c = blockIdx.z;
    const float* __restrict__ in = plane_in(p, c);
    const int x0 = blockIdx.x * FANY_OW, y0 = blockIdx.y * FANY_OH;
    const int ly0 = threadIdx.y * FANY_PY;
    const float* myTile = tile + ly0 * tw + FANY_PX * threadIdx.x;
    float acc[FANY_PY][4];
#pragma unroll
    for (int q = 0; q < FANY_PY; ++q)
#pragma unroll
        for (int e = 0; e < 4; ++e) acc[q][e] = 0.0f;

    for (int j0 = 0; j0 < mh; j0 += rows) {
        const int nj = min(rows, mh - j0);
        if (j0 > 0) __syncthreads();          // the previous pass is done with the tile
        for (int k = threadIdx.y * FANY_BX + threadIdx.x; k < nj * mwp; k += FANY_BX * FANY_BY) {
            const int jj = k / mwp, i = k - jj * mwp;
            wts[k] = i < mw ? c_fast_mask[(j0 + jj) * mw + i] : 0.0f;
        }
        fany_load(tile, in, x0 - rx, y0 - ry + j0, tw, FANY_OH + nj - 1, w, h, policy, cval);
        __syncthreads();
        for (int k = 0; k < FANY_PY + nj - 1; ++k) {
            const int qlo = max(0, k - nj + 1), qhi = min(FANY_PY - 1, k);
            if (qlo == 0 && qhi == FANY_PY - 1) {
                fany_row<false>(acc, myTile + k * tw, wts, k, mwp, qlo, qhi);
            } else {
                fany_row<true>(acc, myTile + k * tw, wts, k, mwp, qlo, qhi);
            }
        }
    }
    const int x = x0 + FANY_PX * threadIdx.x;
    if (x < w) fast_store_rows(plane_out(p, c), acc, x, y0 + ly0, h, w);
}
