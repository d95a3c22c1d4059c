// =====================================================================================
// Fast strategies (the performance issue): all channels in one launch (blockIdx.z picks the
// channel; a grid of depth 3 for an image, 1 for the single plane of a grey or 16-bit image,
// which then reads in0 and writes out0 only), compile-time radius for square masks r = 0..15
// (every weight becomes an immediate constant-bank operand of its FFMA), and a sliding window in
// registers: each
// thread computes PY outputs down a column, so every value it reads feeds up to PY * (2r+1)
// multiply-adds. Radius 0 to 3 reads float4s from global memory through L1; radius 4 streams
// rows into a shared-memory ring with cp.async; radius 5 to 15 uses a shared-memory tile whose
// ghost cells are resolved while it is loaded, through convolab_border_index; other mask shapes
// take a runtime-size kernel (FANY_PX x FANY_PY outputs per thread, the mask in passes of rows). fast-separable filters rows into
// shared memory and columns from there, in one kernel. Block shapes and tile sizes
// are in geometry.cuh.
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

// =====================================================================================
// fast, radius 0 to 3: no shared memory. Each thread computes 4 consecutive outputs along x and
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

// =====================================================================================
// fast, radius 4, streamed: a block of 32 x 8 threads walks down a strip of 128 columns
// and `chunk` rows, OH = 8*PY output rows a step. Input rows go to a ring of shared-memory rows
// with cp.async (16 bytes a thread, no registers held while they fly), two steps ahead of the
// step being computed, so memory and FMAs overlap inside every block and each input row is
// read from global memory once per strip. Each thread computes 4 columns x PY rows from the
// ring as in fast2dv_body. Border chunks of a row are filled with plain loads through the
// border function. Ring: the step's window (OH + 2R rows) plus the rows of the next two steps.
// =====================================================================================
__device__ __forceinline__ void convolab_cp_async16(float* smem, const float* gmem)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
#else
    *reinterpret_cast<float4*>(smem) = __ldg(reinterpret_cast<const float4*>(gmem));
#endif
}

__device__ __forceinline__ void convolab_cp_commit()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}

// Waits until at most one committed group of this thread is still in flight.
__device__ __forceinline__ void convolab_cp_wait_all_but_one()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group 1;\n" ::);
#endif
}

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
            const int sy = convolab_border_index(y, h, policy);
#pragma unroll
            for (int e = 0; e < 4; ++e) {
                const int sx = convolab_border_index(gx + e, w, policy);
                dst[e] = (sx < 0 || sy < 0) ? cval : __ldg(&in[(size_t)sy * w + sx]);
            }
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

// =====================================================================================
// Instantiations with C names the launchers find: convolab_fast2d_r0 .. r15 and
// convolab_fastsep_r0 .. r15. Outputs per thread and blocks per SM as bench/fastlab measured
// them on an H200; FastLauncher and FastSeparableLauncher mirror them.
// =====================================================================================
// Radius 0 to 3: the float4 kernel, 3 outputs per thread down a column; up to radius 2 with the
// next row prefetched and at most 48 registers, so that 5 blocks share an SM (at radius 2 ptxas
// spills 24 bytes for it and the kernel is still the fastest variant measured: 0.121 ms at
// 4096x4096 against 0.129 ms without the prefetch).
// (Turing holds at most 1024 threads an SM: 4 blocks of 256.)
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define FASTV_MINB 4
#else
#define FASTV_MINB 5
#endif
#define CONVOLAB_FAST2DV_KERNEL(R, PY, MINB, PREFETCH)                                        \
    extern "C" __global__ void __launch_bounds__(FASTV_BX * FASTV_BY, MINB)                   \
    convolab_fast2d_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)         \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; fast2dv_body<R, PY, PREFETCH>(p, w, h, policy, cval); }
CONVOLAB_FAST2DV_KERNEL(0, FASTV_PY, FASTV_MINB, true)
CONVOLAB_FAST2DV_KERNEL(1, FASTV_PY, FASTV_MINB, true)
CONVOLAB_FAST2DV_KERNEL(2, FASTV_PY, FASTV_MINB, true)
// Radius 3 without the prefetch: with it the kernel took 92 registers and ran 20% slower.
CONVOLAB_FAST2DV_KERNEL(3, FASTV_PY, 1, false)

// Radius 4: the streamed kernel (3 outputs per thread down a column, `chunk` rows a block).
extern "C" __global__ void __launch_bounds__(FASTS_BX * FASTS_BY)
convolab_fast2d_r4(CONVOLAB_PLANE_PARAMS, int w, int h, int chunk, int policy, float cval)
{
    const ConvolabPlanes3 p = CONVOLAB_PLANES;
    const int c = blockIdx.z;
    fast2ds_body<FASTS_R, FASTS_PY>(plane_in(p, c), plane_out(p, c), w, h, chunk, policy, cval);
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

// Separable, every radius: the two-stage kernel. Up to radius 7, 4 outputs per thread down a
// column and 4 blocks an SM; from 8, 8 outputs (fewer halo rows filtered twice) and 3 blocks an
// SM (without the bound the compiler spent 103 registers at r = 15 and ran at half the speed).
#define CONVOLAB_FASTSEPT_KERNEL(R, PY, MINB)                                                 \
    extern "C" __global__ void __launch_bounds__(FSEPT_BX * FSEPT_BY, MINB)                   \
    convolab_fastsep_r##R(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)        \
    { const ConvolabPlanes3 p = CONVOLAB_PLANES; const int c = blockIdx.z;                    \
      fastsept_body<R, PY>(plane_in(p, c), plane_out(p, c), w, h, policy, cval, c_fast_row, c_fast_col); }
CONVOLAB_FASTSEPT_KERNEL(0, FSEPT_PY_SMALL, 4)
CONVOLAB_FASTSEPT_KERNEL(1, FSEPT_PY_SMALL, 4)
CONVOLAB_FASTSEPT_KERNEL(2, FSEPT_PY_SMALL, 4)
CONVOLAB_FASTSEPT_KERNEL(3, FSEPT_PY_SMALL, 4)
CONVOLAB_FASTSEPT_KERNEL(4, FSEPT_PY_SMALL, 4)
CONVOLAB_FASTSEPT_KERNEL(5, FSEPT_PY_SMALL, 4)
CONVOLAB_FASTSEPT_KERNEL(6, FSEPT_PY_SMALL, 4)
CONVOLAB_FASTSEPT_KERNEL(7, FSEPT_PY_SMALL, 4)
CONVOLAB_FASTSEPT_KERNEL(8, FSEPT_PY_LARGE, 3)
CONVOLAB_FASTSEPT_KERNEL(9, FSEPT_PY_LARGE, 3)
CONVOLAB_FASTSEPT_KERNEL(10, FSEPT_PY_LARGE, 3)
CONVOLAB_FASTSEPT_KERNEL(11, FSEPT_PY_LARGE, 3)
CONVOLAB_FASTSEPT_KERNEL(12, FSEPT_PY_LARGE, 3)
CONVOLAB_FASTSEPT_KERNEL(13, FSEPT_PY_LARGE, 3)
CONVOLAB_FASTSEPT_KERNEL(14, FSEPT_PY_LARGE, 3)
CONVOLAB_FASTSEPT_KERNEL(15, FSEPT_PY_LARGE, 3)

// =====================================================================================
// fast on packed 8-bit ARGB, radius 0 to 7: the app's own path in one kernel. The planes path
// unpacks once, filters three float planes (24 bytes a pixel) and packs (20 bytes a pixel); these
// kernels read the packed words (4 bytes a pixel) and write packed words (4 bytes), with the
// register window and FMA order of fast2dv_body for each of R, G and B, so their results are the
// planes path's bit for bit (radius 4 to 7: the streamed and shared-tile kernels' order, the
// same). Alpha is passed through from the input pixel. Radius 0 and 1 read the words straight into
// registers (argb2d_body: memory bound there); radius 2 to 7 stage the tile in shared memory as floats
// first (argbs_body: there the instructions that turn bytes into floats, repeated for every
// thread that reads a word, were the cost).
// =====================================================================================
#include "pack.cuh"

// The channel's value of a packed pixel as a float (channel byte k: B = 0, G = 1, R = 2): one byte
// permute puts the byte under the exponent of 2^23 and one subtraction removes it, exact for 0..255.
// (I2F runs at a quarter of the FMA rate; this takes one integer and one FADD instruction.)
template <int K>
__device__ __forceinline__ float argb_channel(unsigned int p)
{
    return __int_as_float((int)__byte_perm(p, 0x4B000000u, 0x7540u | K)) - 8388608.0f;
}

// Inputs x .. x + 11 of row y as packed words; valid[e] is false where the policy gives the
// constant instead of a pixel.
__device__ __forceinline__ void argb_border_row(unsigned int (&p)[12], bool (&valid)[12], const unsigned int* __restrict__ in,
                                                int x, int y, int w, int h, int policy)
{
    const int sy = convolab_border_index(y, h, policy);
#pragma unroll
    for (int e = 0; e < 12; ++e) {
        const int sx = convolab_border_index(x + e, w, policy);
        valid[e] = sx >= 0 && sy >= 0;
        p[e] = valid[e] ? __ldg(&in[(size_t)sy * w + sx]) : 0u;
    }
}

// Row k of the window (12 packed words) into the three channels' accumulators, in the FMA order of
// fast_row_fmas (R, then G, then B).
template <int R, int PY>
__device__ __forceinline__ void argb_row_fmas(float (&acc)[3][PY][4], const unsigned int (&p)[12], int k)
{
    float v[12];
#pragma unroll
    for (int e = 0; e < 12; ++e) v[e] = argb_channel<2>(p[e]);
    fast_row_fmas<R, PY>(acc[0], v, k);
#pragma unroll
    for (int e = 0; e < 12; ++e) v[e] = argb_channel<1>(p[e]);
    fast_row_fmas<R, PY>(acc[1], v, k);
#pragma unroll
    for (int e = 0; e < 12; ++e) v[e] = argb_channel<0>(p[e]);
    fast_row_fmas<R, PY>(acc[2], v, k);
}

// R, G and B bytes gathered into one word with byte permutes, R first: after R the word is R;
// pushing G (c = 1) gives (R << 8) | G, pushing B (c = 2) gives (R << 16) | (G << 8) | B. The
// bytes above a channel's value are zero, and the permute takes them as the zero bytes.
__device__ __forceinline__ unsigned int argb_push_channel(unsigned int word, unsigned int byte, int c)
{
    return c == 1 ? __byte_perm(byte, word, 0x1140u) : __byte_perm(byte, word, 0x1540u);
}

// Writes a thread's 4 columns (from x0) x PY rows (from y0, those inside the image) of packed
// outputs: rgb[q][e] holds R, G and B, alpha comes from the input pixel; one uint4 a row where the
// row is 16-byte aligned and the 4 columns are inside the image.
template <int PY>
__device__ __forceinline__ void argb_store_rows(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,
                                                const unsigned int (&rgb)[PY][4], int x0, int y0, int w, int h)
{
    const bool vector = w % 4 == 0 && x0 + 4 <= w;
#pragma unroll
    for (int q = 0; q < PY; ++q) {
        const int y = y0 + q;
        if (y >= h) break;
        unsigned int a[4];
        if (vector) {
            const uint4 s = __ldg(reinterpret_cast<const uint4*>(in + (size_t)y * w + x0));
            a[0] = s.x; a[1] = s.y; a[2] = s.z; a[3] = s.w;
        } else {
#pragma unroll
            for (int e = 0; e < 4; ++e) a[e] = __ldg(&in[(size_t)y * w + min(x0 + e, w - 1)]);
        }
        unsigned int o[4];
#pragma unroll
        for (int e = 0; e < 4; ++e) o[e] = (a[e] & 0xff000000u) | rgb[q][e];
        if (vector) {
            *reinterpret_cast<uint4*>(out + (size_t)y * w + x0) = make_uint4(o[0], o[1], o[2], o[3]);
        } else {
            for (int e = 0; e < 4; ++e)
                if (x0 + e < w) out[(size_t)y * w + x0 + e] = o[e];
        }
    }
}

template <int R, int PY>
__device__ __forceinline__ void argb2d_body(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, int w,
                                            int h, int policy, float cval, float divisor, float offset, int abs_first)
{
    const int x0 = (blockIdx.x * FASTV_BX + threadIdx.x) * 4;
    const int y0 = (blockIdx.y * FASTV_BY + threadIdx.y) * PY;
    if (x0 >= w || y0 >= h) return;
    const bool interior = (w % 4 == 0) && x0 >= 4 && x0 + 8 <= w && y0 >= R && y0 + PY + R <= h;
    float acc[3][PY][4] = {};
    if (interior) {
        // Packed rows are small (three uint4): the next row is loaded before this row's FMAs.
        const uint4* rp = reinterpret_cast<const uint4*>(in + (size_t)(y0 - R) * w + x0 - 4);
        const int stride = w / 4;
        uint4 na = __ldg(rp), nb = __ldg(rp + 1), nd = __ldg(rp + 2);
#pragma unroll
        for (int k = 0; k < PY + 2 * R; ++k) {
            const unsigned int p[12] = {na.x, na.y, na.z, na.w, nb.x, nb.y, nb.z, nb.w, nd.x, nd.y, nd.z, nd.w};
            if (k + 1 < PY + 2 * R) {
                rp += stride;
                na = __ldg(rp); nb = __ldg(rp + 1); nd = __ldg(rp + 2);
            }
            argb_row_fmas<R, PY>(acc, p, k);
        }
    } else {
#pragma unroll
        for (int k = 0; k < PY + 2 * R; ++k) {
            unsigned int p[12];
            bool valid[12];
            argb_border_row(p, valid, in, x0 - 4, y0 - R + k, w, h, policy);
            float v[12];
#pragma unroll
            for (int c = 0; c < 3; ++c) {
#pragma unroll
                for (int e = 0; e < 12; ++e)
                    v[e] = !valid[e] ? cval : (c == 0 ? argb_channel<2>(p[e]) : c == 1 ? argb_channel<1>(p[e]) : argb_channel<0>(p[e]));
                fast_row_fmas<R, PY>(acc[c], v, k);
            }
        }
    }
    const ConvolabByteMap bm = convolab_byte_map(divisor, offset, abs_first);
    unsigned int o[PY][4];
#pragma unroll
    for (int q = 0; q < PY; ++q)
#pragma unroll
        for (int e = 0; e < 4; ++e) {
            o[q][e] = convolab_map_byte(acc[0][q][e], bm);
            o[q][e] = argb_push_channel(o[q][e], convolab_map_byte(acc[1][q][e], bm), 1);
            o[q][e] = argb_push_channel(o[q][e], convolab_map_byte(acc[2][q][e], bm), 2);
        }
    argb_store_rows<PY>(in, out, o, x0, y0, w, h);
}

// Through shared memory: a block of 32 x 8 threads owns 128 columns x 8*PY rows. It reads its
// packed tile (4 columns left and right, R rows above and below) once, with 16-byte loads, turns
// each pixel into three floats once (ghost cells resolved here: the constant where the policy gives
// it) and keeps three float planes of the tile in shared memory; then each thread runs the float4
// kernel's register window (4 columns x PY rows, same FMA order: the same bits) over each plane in
// turn, one channel's accumulators live at a time, and packs. The register kernel above turns the
// 12 words of every row it reads into floats again for each thread that reads them.
// Float4 columns of the tile left and right of a block's 128 outputs: enough for the radius.
#define ARGBS_LEAD4(R) ((R) <= 4 ? 1 : ((R) + 3) / 4)
// Shared memory of a block, bytes (the launcher passes it as dynamic shared memory).
#define ARGBS_SMEM(R, PY) (3 * (FASTV_BX + 2 * ARGBS_LEAD4(R)) * (FASTV_BY * (PY) + 2 * (R)) * 16)

// R, G and B of pixels x .. x + 3 of row y as floats, through the border function (the constant
// where the policy gives it).
__device__ __forceinline__ void argb_border_quad(float (&v)[3][4], const unsigned int* __restrict__ in, int x, int y, int w,
                                                 int h, int policy, float cval)
{
    const int sy = convolab_border_index(y, h, policy);
#pragma unroll
    for (int e = 0; e < 4; ++e) {
        const int sx = convolab_border_index(x + e, w, policy);
        if (sx < 0 || sy < 0) {
            v[0][e] = v[1][e] = v[2][e] = cval;
        } else {
            const unsigned int p = __ldg(&in[(size_t)sy * w + sx]);
            v[0][e] = argb_channel<2>(p); v[1][e] = argb_channel<1>(p); v[2][e] = argb_channel<0>(p);
        }
    }
}

template <int R, int PY, bool IDENTITY>
__device__ __forceinline__ void argbs_body(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, int w,
                                           int h, int policy, float cval, float divisor, float offset, int abs_first)
{
    constexpr int LEAD4 = ARGBS_LEAD4(R), LEAD = 4 * LEAD4;
    constexpr int TW4 = FASTV_BX + 2 * LEAD4;     // float4 columns of a tile row
    constexpr int NV = 1 + 2 * LEAD4;             // float4s of a thread's window row
    constexpr int TH = FASTV_BY * PY + 2 * R;
    constexpr int PLANE = TW4 * TH;
    extern __shared__ float4 argbs_tile[];
    const int x0 = blockIdx.x * 4 * FASTV_BX, y0 = blockIdx.y * FASTV_BY * PY;
    const int gx = x0 - LEAD, gy = y0 - R;
    const bool interior = (w % 4 == 0) && gx >= 0 && gx + 4 * TW4 <= w && gy >= 0 && gy + TH <= h;
    for (int k = threadIdx.y * FASTV_BX + threadIdx.x; k < PLANE; k += FASTV_BX * FASTV_BY) {
        const int ty = k / TW4, tx = k - ty * TW4;
        float v[3][4];
        if (interior) {
            const uint4 q = __ldg(reinterpret_cast<const uint4*>(in + (size_t)(gy + ty) * w + gx) + tx);
            const unsigned int p[4] = {q.x, q.y, q.z, q.w};
#pragma unroll
            for (int e = 0; e < 4; ++e) {
                v[0][e] = argb_channel<2>(p[e]); v[1][e] = argb_channel<1>(p[e]); v[2][e] = argb_channel<0>(p[e]);
            }
        } else {
            argb_border_quad(v, in, gx + 4 * tx, gy + ty, w, h, policy, cval);
        }
#pragma unroll
        for (int c = 0; c < 3; ++c) argbs_tile[c * PLANE + k] = make_float4(v[c][0], v[c][1], v[c][2], v[c][3]);
    }
    __syncthreads();
    const int xo = x0 + 4 * threadIdx.x, yo = y0 + threadIdx.y * PY;
    if (xo >= w || yo >= h) return;
    const ConvolabByteMap bm = convolab_byte_map(divisor, offset, abs_first);
    unsigned int o[PY][4];
    // From radius 4 one channel at a time (a loop the compiler keeps): unrolled, the identity
    // kernel's compiler ran the three channels' windows side by side and spilled (96 to 712 bytes).
    constexpr int CHANNEL_UNROLL = R >= 4 ? 1 : 3;
#pragma unroll CHANNEL_UNROLL
    for (int c = 0; c < 3; ++c) {
        float acc[PY][4] = {};
        const float4* base = argbs_tile + c * PLANE + threadIdx.y * PY * TW4 + threadIdx.x;
#pragma unroll
        for (int k = 0; k < PY + 2 * R; ++k) {
            float v[4 * NV];
#pragma unroll
            for (int f = 0; f < NV; ++f) {
                const float4 a = base[k * TW4 + f];
                v[4 * f] = a.x; v[4 * f + 1] = a.y; v[4 * f + 2] = a.z; v[4 * f + 3] = a.w;
            }
            fast_row_fmas<R, PY, LEAD>(acc, v, k);
        }
#pragma unroll
        for (int q = 0; q < PY; ++q)
#pragma unroll
            for (int e = 0; e < 4; ++e) {
                const unsigned int byte = convolab_map_byte<IDENTITY>(acc[q][e], bm);
                o[q][e] = c == 0 ? byte : argb_push_channel(o[q][e], byte, c);
            }
    }
    argb_store_rows<PY>(in, out, o, xo, yo, w, h);
}

// Radius 0 and 1: the register kernel. At least 4 blocks an SM (at most 64 registers): measured on
// an H100, 4096x4096, kernel ms for radius 1 / 2 / 3 (before the shared-memory kernel took 2 and 3):
// unbounded (96-128 registers) 0.117 / 0.183 / 0.324; 3 blocks (80) 0.097 / 0.158 / 0.271; 4 blocks
// 0.090 / 0.152 / 0.269. With the cheaper output mapping (pack.cuh) radius 1 takes 0.064 ms.
#define ARGB2D_MINB 4
#define CONVOLAB_ARGB2D_KERNEL(R)                                                              \
    extern "C" __global__ void __launch_bounds__(FASTV_BX * FASTV_BY, ARGB2D_MINB)            \
    convolab_argb2d_r##R(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, \
                         int w, int h, int policy, float cval, float divisor, float offset,   \
                         int abs_first)                                                        \
    { argb2d_body<R, FASTV_PY>(in, out, w, h, policy, cval, divisor, offset, abs_first); }
CONVOLAB_ARGB2D_KERNEL(0)
CONVOLAB_ARGB2D_KERNEL(1)

// Radius 2 to 7: the shared-memory kernel, ARGBS_PY outputs per thread down a column, in two
// entry points: convolab_argbs_rN for the identity mapping (divisor 1, offset 0, no abs: every
// normalised mask), compiled for it alone and bounded to 40 registers so that 6 blocks share an
// SM, and convolab_argbs_rN_map for any mapping (5 blocks). The launcher picks. Measured with
// bench/fastlab/argblab.cu on an H100 (4096x4096 mirror, kernel ms, radius 2 / 3): identity kernel
// 0.093 / 0.129, one kernel for every mapping 0.099 / 0.133, the register kernel 0.116 / 0.228.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define ARGBS_MINB_IDENTITY 4           // Turing holds at most 1024 threads an SM
#define ARGBS_MINB_MAP 4
#else
#define ARGBS_MINB_IDENTITY 6
#define ARGBS_MINB_MAP 5
#endif
#define CONVOLAB_ARGBS_KERNEL(R, MINB_IDENTITY, MINB_MAP)                                     \
    extern "C" __global__ void __launch_bounds__(FASTV_BX * FASTV_BY, MINB_IDENTITY)          \
    convolab_argbs_r##R(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,  \
                        int w, int h, int policy, float cval, float divisor, float offset,    \
                        int abs_first)                                                         \
    { argbs_body<R, ARGBS_PY, true>(in, out, w, h, policy, cval, divisor, offset, abs_first); } \
    extern "C" __global__ void __launch_bounds__(FASTV_BX * FASTV_BY, MINB_MAP)               \
    convolab_argbs_r##R##_map(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, \
                              int w, int h, int policy, float cval, float divisor, float offset, \
                              int abs_first)                                                   \
    { argbs_body<R, ARGBS_PY, false>(in, out, w, h, policy, cval, divisor, offset, abs_first); }
CONVOLAB_ARGBS_KERNEL(2, ARGBS_MINB_IDENTITY, ARGBS_MINB_MAP)
CONVOLAB_ARGBS_KERNEL(3, ARGBS_MINB_IDENTITY, ARGBS_MINB_MAP)
CONVOLAB_ARGBS_KERNEL(4, ARGBS_MINB_IDENTITY, ARGBS_MINB_MAP)
// Radius 5 to 7: two float4s of tile left and right (window rows of 20 values), 44 to 52 KB of
// shared memory a block (4 blocks an SM; above 48 KB the launch opts in). Measured on an H100
// (4096x4096, the app's path): radius 7 0.444 ms, where the planes and pack kernels took 0.811.
CONVOLAB_ARGBS_KERNEL(5, 4, 4)
CONVOLAB_ARGBS_KERNEL(6, 4, 4)
CONVOLAB_ARGBS_KERNEL(7, 4, 4)
