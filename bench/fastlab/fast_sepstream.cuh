#pragma once
#include <type_traits>
#include "fast.cuh"
#include "cp_async.cuh"

// =====================================================================================
// fast-separable, streamed (a lab kernel, kept beside bench/fastlab/seplab.cu that includes it; not in the fatbin). On an H100 it was not
// faster than the two-stage kernel of fast_separable.cu but at r = 7 (zero: 0.173 against 0.176 ms at
// 4096x4096, 0.610 against 0.636 at 8192x8192; mirror at 4096x4096 slower, 0.191 against 0.180), and slower
// at r = 10 and 15 and at r <= 4 (bench/results/h100-2026-11-27-h28b). A block of 32 x 8 threads walks down a strip of 128 columns and
// `chunk` rows. Input rows arrive in groups of OH = 2*PY rows through cp.async into NB raw
// buffers (NB - 1 groups ahead); a warp filters whole raw rows (4 outputs a lane, float4 reads)
// into a ring of row-filtered rows, so each input row is read from global memory and filtered
// along x once per strip; then each thread filters one column x PY rows down the ring. The 2R
// halo rows are filtered twice only at a chunk's start (2R / chunk of the row work), where the
// two-stage kernel of fast_separable.cu filters them again for every tile (2R / (8 PY)).
// The ring holds FR = M * OH rows (M steps of OH rows, FR >= OH + 2R), so step j's rows sit at the
// same places as step j + M's: the loop runs M steps a turn, each with its phase j % M and its
// column group as template arguments, and every ring read is a shared load at a constant offset
// (a first draft spent an add, a compare and a select a row on the wrap).
// =====================================================================================
template <int R>
struct SepStreamShape {
    static constexpr int LEAD = 4 * ((R + 3) / 4);   // floats left (and right) of the strip's 128 columns
    static constexpr int SW = 128 + 2 * LEAD;        // raw row, floats
};

// Input rows [lo, hi) of the strip into raw buffer `raw` (row lo at its row 0): cp.async where the
// 16 bytes are inside the image and aligned, else through the border function.
template <int R>
__device__ __forceinline__ void sepstream_load(float* raw, const float* __restrict__ in, int x0, int lo, int hi, int w,
                                               int h, int policy, float cval)
{
    constexpr int SW = SepStreamShape<R>::SW, LEAD = SepStreamShape<R>::LEAD, CPR = SW / 4;
    const int t = threadIdx.y * 32 + threadIdx.x;
    const int n = (hi - lo) * CPR;
    for (int k = t; k < n; k += 256) {
        const int r = k / CPR, c = k - r * CPR;
        const int y = lo + r, gx = x0 - LEAD + 4 * c;
        float* dst = raw + r * SW + 4 * c;
        if ((w & 3) == 0 && y >= 0 && y < h && gx >= 0 && gx + 4 <= w) {
            convolab_cp_async16(dst, in + (size_t)y * w + gx);
        } else {
#pragma unroll
            for (int e = 0; e < 4; ++e) convolab_cp_ghost(dst + e, in, gx + e, y, w, h, policy, cval);
        }
    }
}

template <int R, int PY>
struct SepStream2 {
    static constexpr int OH = 2 * PY;
    static constexpr int M = (OH + 2 * R + OH - 1) / OH;
    static constexpr int FR = M * OH;
    static constexpr int PRO = (2 * R + OH - 1) / OH;
};

// Shared memory of a block, bytes: NB raw buffers of OH rows and the ring.
template <int R, int PY, int NB>
__host__ __device__ constexpr int fastseps2_smem() { return 4 * (NB * 2 * PY * SepStreamShape<R>::SW + SepStream2<R, PY>::FR * 128); }

// Row-filters raw rows [0, n) of a group (input row lo + r goes to ring row (pos + r) % FR).
template <int R, int FR>
__device__ __forceinline__ void seps2_rows(const float* rb, float* ring, int n, int pos, const float* rowm)
{
    constexpr int N = 2 * R + 1, SW = SepStreamShape<R>::SW, LEAD = SepStreamShape<R>::LEAD, NV = 2 * LEAD / 4 + 1;
    const int lane = threadIdx.x;
    for (int r = threadIdx.y; r < n; r += 8) {
        const float4* rp = reinterpret_cast<const float4*>(rb + r * SW) + lane;
        float v[4 * NV];
#pragma unroll
        for (int t = 0; t < NV; ++t) {
            const float4 a = rp[t];
            v[4 * t] = a.x; v[4 * t + 1] = a.y; v[4 * t + 2] = a.z; v[4 * t + 3] = a.w;
        }
        float rv[4];
#pragma unroll
        for (int e = 0; e < 4; ++e) {
            float a = 0.f;
#pragma unroll
            for (int i = 0; i < N; ++i) a = fmaf(rowm[i], v[LEAD - R + e + i], a);
            rv[e] = a;
        }
        int rr = pos + r; if (rr >= FR) rr -= FR;
        reinterpret_cast<float4*>(ring + rr * 128)[lane] = make_float4(rv[0], rv[1], rv[2], rv[3]);
    }
}

// Column stage of one step: PY outputs down column cx from ring rows S, S+1, ... (mod FR), S static.
template <int R, int PY, int FR, int S>
__device__ __forceinline__ void seps2_cols(const float* ring, float* __restrict__ out, int cx, int x, int y0, int ye, int w,
                                           const float* colm)
{
    constexpr int N = 2 * R + 1;
    float acc[PY] = {};
#pragma unroll
    for (int k = 0; k < PY + 2 * R; ++k) {
        const float m = ring[((S + k) % FR) * 128 + cx];
#pragma unroll
        for (int q = 0; q < PY; ++q) {
            const int j = k - q;
            if (j >= 0 && j < N) acc[q] = fmaf(colm[j], m, acc[q]);
        }
    }
    if (x < w) {
#pragma unroll
        for (int q = 0; q < PY; ++q)
            if (y0 + q < ye) out[(size_t)(y0 + q) * w + x] = acc[q];
    }
}

template <int R, int PY, int NB>
__device__ __forceinline__ void fastseps2_body(const float* __restrict__ in, float* __restrict__ out, int w, int h, int chunk,
                                               int policy, float cval, const float* rowm, const float* colm, float* smem)
{
    // blocks of 32 x 8 threads: a warp a raw row (4 outputs a lane), 128 columns x 2 column groups
    using S = SepStream2<R, PY>;
    constexpr int OH = S::OH, FR = S::FR, M = S::M, PRO = S::PRO;
    constexpr int SW = SepStreamShape<R>::SW;
    float* raw = smem;                            // NB x OH x SW
    float* ring = smem + NB * OH * SW;            // FR x 128
    const int tid = threadIdx.y * 32 + threadIdx.x;
    const int x0 = blockIdx.x * 128;
    const int ys = blockIdx.y * chunk;
    const int ye = min(h, ys + chunk);
    if (ys >= ye) return;
    const int steps = (ye - ys + OH - 1) / OH;
    const int groups = PRO + steps;
    // Group g: the prologue's 2R halo rows (g < PRO), then OH rows a step; lo, hi: its input rows.
    auto range = [&](int g, int& lo, int& hi) {
        if (g < PRO) { lo = ys - R + g * OH; hi = min(lo + OH, ys + R); }
        else { lo = ys + R + (g - PRO) * OH; hi = min(lo + OH, ye + R); }
    };
    auto issue = [&](int g) {
        if (g < groups) {
            int lo, hi; range(g, lo, hi);
            sepstream_load<R>(raw + (g % NB) * OH * SW, in, x0, lo, hi, w, h, policy, cval);
        }
        convolab_cp_commit();
    };
    // Waits for group g, starts the load of group g + NB - 1 and row-filters group g into the ring.
    auto rows = [&](int g) {
        convolab_cp_wait<NB - 2>();
        __syncthreads();                          // group g landed; the ring rows it replaces are read
        issue(g + NB - 1);
        int lo, hi; range(g, lo, hi);
        seps2_rows<R, FR>(raw + (g % NB) * OH * SW, ring, hi - lo, (lo - (ys - R)) % FR, rowm);
    };
#pragma unroll
    for (int g = 0; g < NB - 1; ++g) issue(g);
    for (int g = 0; g < PRO; ++g) rows(g);
    const int cx = tid & 127, cg = tid >> 7;      // column stage: one column, PY rows (cg is warp-uniform)
    const int x = x0 + cx;
    // One step of phase PH (j % M == PH): its rows, then its outputs. The window of step j starts at
    // ring row (j * OH + cg * PY) % FR = (PH * OH + cg * PY) % FR.
    auto step = [&](int j, auto phase) {
        constexpr int PH = decltype(phase)::value;
        rows(PRO + j);
        __syncthreads();                          // the step's window is in the ring
        const int y0 = ys + j * OH + cg * PY;
        if (cg == 0) seps2_cols<R, PY, FR, (PH * OH) % FR>(ring, out, cx, x, y0, ye, w, colm);
        else seps2_cols<R, PY, FR, (PH * OH + PY) % FR>(ring, out, cx, x, y0, ye, w, colm);
    };
    static_assert(M >= 1 && M <= 4, "the ring holds 1 to 4 steps");
    for (int j = 0; j < steps; j += M) {
        step(j, std::integral_constant<int, 0>{});
        if constexpr (M > 1) { if (j + 1 < steps) step(j + 1, std::integral_constant<int, 1>{}); }
        if constexpr (M > 2) { if (j + 2 < steps) step(j + 2, std::integral_constant<int, 2>{}); }
        if constexpr (M > 3) { if (j + 3 < steps) step(j + 3, std::integral_constant<int, 3>{}); }
    }
}
