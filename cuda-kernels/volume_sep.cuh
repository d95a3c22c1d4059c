// =====================================================================================
// Rank-1 cubes of radius R (1..VOL_SEP3_MAX_R): the x, y and z 1D passes fused into one sweep down z,
// as 3D stencil codes do. A block of TX x BY threads owns an x-y tile of TX x (BY*PY) outputs and a chunk
// of zch output slices; it walks the input slices of its chunk (and R either side) one step each:
//   1. the slab (tile + halo, rows padded to a multiple of 4 floats so they start 16-byte aligned) comes
//      into shared memory by cp.async (16 bytes where a float4 lies inside the volume, else a float at a
//      time through convolab_border_index or the constant), STAGES slabs in flight ahead of the one in use;
//      the TMA variant (Hopper, convolab_vol_sep3t_rN) brings each slab by one tensor copy instead (below);
//   2. the x pass of slab s: each thread filters XP (4 or 8) consecutive x outputs of a row from float4
//      reads of the slab into rows[s % 2];
//   3. in the same step, the y pass of slab s-1 from rows[(s-1) % 2]: each thread filters PY outputs down
//      its column, each row value read once for all PY;
//   4. the z pass in registers: ring[p][] keeps the last M = 2R+1 x-y filtered values of each of the
//      thread's PY voxels. The loop is unrolled by ZU (1, 2 or 4) so the ring slides ZU slots every ZU steps.
// Steps 2 and 3 work on different buffers, so one barrier a step is enough (it also covers the slab that
// cp.async brought and the slab buffer the next load overwrites); the x pass's threads that have no row
// left go on to the y pass instead of waiting at a second barrier.
// The ghost cells are the raw volume's (x, y and z alike), so the constant policy needs no scaling.
// Included by volume.cu after c_vol_line; the launcher is cuda/VolumeKernels.java, the shapes by radius
// VOL_SEP3_* in geometry.cuh; bench/volumelab/sep3d.cu tunes and checks them.
// =====================================================================================
#pragma once
#ifdef __CUDACC__
#include <cuda_pipeline.h>
#endif
#include <type_traits>
#include "border.cuh"
#include "geometry.cuh"
#include "tma.cuh"

template <int R, int TX, int BY, int PY, int STAGES, int XP = 4, bool TMA = false>
struct VolSep3 {
    static constexpr int L = (R + 3) / 4 * 4;       // slab columns left (and right) of the tile
    static constexpr int SW = TX + 2 * L;           // slab row, floats
    static constexpr int TY = BY * PY;              // outputs along y
    static constexpr int SH = TY + 2 * R;           // slab rows
    static constexpr int SN4 = SW / 4 * SH;         // float4 chunks of a slab
    static constexpr int T = TX * BY;               // threads
    static constexpr int CH = (SN4 + T - 1) / T;    // chunks a thread loads
    static constexpr int M = 2 * R + 1;
    static constexpr int XQ = TX / XP;              // x pass items a slab row: XP outputs each (4 or 8)
    static constexpr int SLAB = TMA ? (SH * SW + 31) / 32 * 32 : SH * SW;  // floats a slab takes (TMA: 128-byte steps)
    /** Dynamic shared memory, bytes: STAGES slabs and the x pass's two row buffers; with TMA also a barrier a slab,
     *  the halo columns' sources (2L ints) and 128 bytes to align the slabs. */
    static constexpr int SMEM = 4 * (STAGES * SLAB + 2 * SH * TX) + (TMA ? 8 * STAGES + 8 * L + 128 : 0);
    static_assert(CH <= 32 && TX % XP == 0 && XP % 4 == 0, "VolSep3 shape");
};

// The chunks of a slab one thread copies: offsets in a slice of its four floats (-1: a ghost cell with the
// constant), and a bit per chunk that is one aligned float4 inside the volume (copied as 16 bytes).
template <int CH>
struct VolSep3Loads {
    int off[CH][4];
    unsigned vec;
};

template <class G>
__device__ __forceinline__ void vol_sep3_load(float* slab, const VolSep3Loads<G::CH>& ld, const float* __restrict__ in,
                                              int zi, int d, size_t slice, int policy, float cval, int tid)
{
    const int sz = convolab_border_index(zi, d, policy);
    const float* base = in + (sz < 0 ? 0 : (size_t)sz * slice);
#pragma unroll
    for (int c = 0; c < G::CH; c++) {
        const int e = tid + c * G::T;
        if (G::SN4 % G::T != 0 && e >= G::SN4) break;
        float* dst = slab + 4 * e;
        if (sz < 0) {
            *reinterpret_cast<float4*>(dst) = make_float4(cval, cval, cval, cval);
        } else if (ld.vec & (1u << c)) {
            __pipeline_memcpy_async(dst, base + ld.off[c][0], 16);
        } else {
#pragma unroll
            for (int q = 0; q < 4; q++) {
                if (ld.off[c][q] < 0) dst[q] = cval;
                else __pipeline_memcpy_async(dst + q, base + ld.off[c][q], 4);
            }
        }
    }
    __pipeline_commit();
}

template <int R, int TX, int BY, int PY, int STAGES, int XP, int ZU, bool TMA = false>
__device__ __forceinline__ void vol_sep3(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                         int zch, int policy, float cval, const ConvolabTensorMap* tmap = nullptr)
{
    using G = VolSep3<R, TX, BY, PY, STAGES, XP, TMA>;
    static_assert(ZU == 1 || ZU == 2 || ZU == 4, "ZU");
    constexpr int SW = G::SW, SH = G::SH, M = G::M, L = G::L, XQ = G::XQ, SLAB = G::SLAB;
    static_assert(G::T % XQ == 0, "threads a multiple of the x pass's groups a row");
    constexpr int XR = G::T / XQ;                    // rows a sweep of the x pass covers
    static_assert(!TMA || SH <= 2 * XR, "TMA: a thread's x pass takes at most two slab rows");
    extern __shared__ float4 vol_sep3_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3_smem);
    if constexpr (TMA)                               // the copies land on 128-byte boundaries
        slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    float* rows = slabs + STAGES * SLAB;             // 2 x SH x TX, the x pass's output, by the step's parity
    unsigned long long* bars = reinterpret_cast<unsigned long long*>(rows + 2 * SH * TX);  // TMA: a barrier a slab
    int* xsrc = reinterpret_cast<int*>(bars + STAGES);   // TMA: the slab column each halo column mirrors (2L)
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * TX + tx;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * G::TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const size_t slice = (size_t)w * h;

    // TMA: the block's slabs come by tensor copies (zero outside the volume) when its halo cells are either zero
    // (constant 0) or mirrors of cells inside the slab (clamp, reflect, mirror): the x pass then reads the mirrored
    // rows and patches the halo columns. Otherwise (wrap, another constant, a tile the volume ends inside of along
    // x) the block loads by cp.async as without TMA.
    bool tma = false, fixl = false, fixr = false;    // fixl, fixr: this thread patches left / right halo columns
    int srow0 = 0, srow1 = 0;                        // the slab rows the thread's x pass reads (TMA)
    if constexpr (TMA) {
        const int g = tid % XQ, row0 = tid / XQ;
        srow0 = row0;
        srow1 = row0 + XR;
        const bool fold = policy != CONVOLAB_BORDER_CONSTANT;
        bool ok = policy != CONVOLAB_BORDER_WRAP && (fold || cval == 0.0f);
        if (fold) {
            if (x0 + TX + L > w && x0 + TX != w) ok = false;
            auto mirrored = [&](int row) {
                const int b = convolab_border_index(y0 - R + row, h, policy) - (y0 - R);
                if (b < 0 || b >= SH) ok = false;
                return b;
            };
            srow0 = mirrored(row0);
            if (row0 + XR < SH) srow1 = mirrored(row0 + XR);
            if (tid < 2 * L) {                       // halo column k left (k < L) or right of the tile
                const int gx = tid < L ? x0 - L + tid : x0 + TX + tid - L;
                const int b = convolab_border_index(gx, w, policy) - (x0 - L);
                if (b < 0 || b >= SW) ok = false;
                xsrc[tid] = b;
            }
            fixl = x0 == 0 && g * XP < L;            // groups whose window reaches a halo column outside
            fixr = x0 + TX == w && g * XP + XP + L > TX;
        }
        if (tid == 0) {
            for (int k = 0; k < STAGES; k++) convolab_mbar_init(bars + k, 1);
            convolab_mbar_init_fence();
        }
        tma = __syncthreads_and(ok);
        if (!tma) { srow0 = row0; srow1 = row0 + XR; fixl = fixr = false; }
    }

    VolSep3Loads<G::CH> ld;
    ld.vec = 0;
#pragma unroll
    for (int c = 0; c < G::CH; c++) {
        const int e = tid + c * G::T;
        const int row = e / (SW / 4), col = e % (SW / 4) * 4;
        const int sy = convolab_border_index(y0 - R + row, h, policy);
        const int gx = x0 - L + col;
#pragma unroll
        for (int q = 0; q < 4; q++) {
            const int sx = convolab_border_index(gx + q, w, policy);
            ld.off[c][q] = (sy < 0 || sx < 0) ? -1 : sy * w + sx;
        }
        if (e < G::SN4 && sy >= 0 && (w & 3) == 0 && gx >= 0 && gx + 3 < w) ld.vec |= 1u << c;
    }

    const int steps = (z1 - z0) + 2 * R;             // input slices z0-R .. z1-1+R
    // Brings input slice z0-R+p into its slab: by one tensor copy, or the constant by every thread, or cp.async.
    auto load = [&](int p) {
        float* slab = slabs + (p % STAGES) * SLAB;
        if constexpr (TMA) {
            if (tma) {
                unsigned long long* bar = bars + p % STAGES;
                const int sz = convolab_border_index(z0 - R + p, d, policy);
                if (sz < 0) {                        // a constant slice: the threads write it, then arrive
                    for (int e = tid; e < G::SN4; e += G::T)
                        reinterpret_cast<float4*>(slab)[e] = make_float4(cval, cval, cval, cval);
                    convolab_fence_async_shared();   // before a later copy writes the same slab
                    if (tid == 0) convolab_mbar_arrive(bar);
                } else if (tid == 0) {
                    convolab_mbar_expect(bar, 4 * SH * SW);
                    convolab_tma_load_3d(slab, tmap, bar, x0 - L, y0 - R, sz);
                }
                return;
            }
        }
        vol_sep3_load<G>(slab, ld, in, z0 - R + p, d, slice, policy, cval, tid);
    };
#pragma unroll
    for (int p = 0; p < STAGES - 1; p++) {
        if (p < steps) load(p);
        else if (!tma) __pipeline_commit();
    }
    const int x = x0 + tx;
    const int yt = y0 + ty * PY, yn = h - yt;        // the thread's first output row, rows left in the volume
    const bool full = x < w && yn >= PY;              // all the thread's PY outputs inside the volume
    float* zo = out + ((size_t)z0 * h + yt) * w + x;  // the thread's first output of the next output slice
    const int g = tid % XQ, row0 = tid / XQ;         // the x pass: float4 group and first row of the thread
    float ring[PY][M + ZU - 1];                      // at phase f of a step, slot f + k holds slice s-1-2R+k
#pragma unroll
    for (int p = 0; p < PY; p++)
#pragma unroll
        for (int k = 0; k < M + ZU - 1; k++) ring[p][k] = 0.0f;

    // Step s: the x pass of slab s (s < steps), the y and z passes of slab s-1 (s >= 1). F is s % ZU.
    auto step = [&](int s, auto phase) {
        constexpr int F = decltype(phase)::value;
        if (tma) {
            if (s < steps) convolab_mbar_wait(bars + s % STAGES, (unsigned)(s / STAGES) & 1u);
        } else {
            __pipeline_wait_prior(STAGES - 2);
        }
        __syncthreads();                             // slab s in, rows of s-1 written; slab s-1 and rows of s-2 done
        const int sn = s + STAGES - 1;
        if (sn < steps) load(sn);
        else if (!tma) __pipeline_commit();
        const int par = ZU == 1 ? (s & 1) : (F & 1);   // s = turn + F, the turn a multiple of ZU (even)
        if (s < steps) {
            // x pass: each thread keeps one float4 column group g of the rows and steps down them
            const float4* slab = reinterpret_cast<const float4*>(slabs + (s % STAGES) * SLAB) + g * (XP / 4);
            float4* xr = reinterpret_cast<float4*>(rows + par * SH * TX) + g * (XP / 4);
#pragma unroll 1
            for (int row = row0; row < SH; row += XR) {
                const float4* src = slab + (!TMA ? row : row == row0 ? srow0 : srow1) * (SW / 4);
                float v[XP + 2 * L];
#pragma unroll
                for (int k = 0; k < (XP + 2 * L) / 4; k++) {
                    const float4 t = src[k];
                    v[4 * k] = t.x; v[4 * k + 1] = t.y; v[4 * k + 2] = t.z; v[4 * k + 3] = t.w;
                }
                if constexpr (TMA) {                 // halo columns outside the volume: their mirrors in the slab
                    const float* row_start = reinterpret_cast<const float*>(src) - g * XP;
                    if (fixl) {                      // slab columns 0..L-1
#pragma unroll
                        for (int k = 0; k < L; k++)
                            if (g * XP + k < L) v[k] = row_start[xsrc[g * XP + k]];
                    }
                    if (fixr) {                      // slab columns TX+L..TX+2L-1
#pragma unroll
                        for (int k = L + XP; k < XP + 2 * L; k++)
                            if (g * XP + k >= TX + L) v[k] = row_start[xsrc[g * XP + k - TX]];
                    }
                }
                float o[XP];
#pragma unroll
                for (int q = 0; q < XP; q++) {
                    float a = 0.0f;
#pragma unroll
                    for (int i = 0; i < M; i++) a += cx[i] * v[L - R + q + i];
                    o[q] = a;
                }
#pragma unroll
                for (int q = 0; q < XP; q += 4) xr[row * (TX / 4) + q / 4] = make_float4(o[q], o[q + 1], o[q + 2], o[q + 3]);
            }
        }
        if (s >= 1) {
            const float* yr = rows + (1 - par) * SH * TX;
            float a[PY];                             // y pass: PY outputs down the column
#pragma unroll
            for (int p = 0; p < PY; p++) a[p] = 0.0f;
#pragma unroll
            for (int j = 0; j < PY + 2 * R; j++) {
                const float v = yr[(ty * PY + j) * TX + tx];
#pragma unroll
                for (int p = 0; p < PY; p++)
                    if (j - p >= 0 && j - p < M) a[p] += cy[j - p] * v;
            }
#pragma unroll
            for (int p = 0; p < PY; p++) ring[p][M - 1 + F] = a[p];
            if (s - 1 >= 2 * R) {                    // output slice z0 + s-1 - 2R has its M slices
                float zs[PY];                        // the z sums of the thread's PY outputs
#pragma unroll
                for (int p = 0; p < PY; p++) {
                    zs[p] = 0.0f;
#pragma unroll
                    for (int k = 0; k < M; k++) zs[p] += cz[k] * ring[p][F + k];
                }
                if (full) {                          // every row inside: no per-row tests, one IMAD a row's address
#pragma unroll
                    for (int p = 0; p < PY; p++) __stcs(zo + p * w, zs[p]);
                } else if (x < w) {
#pragma unroll
                    for (int p = 0; p < PY; p++)
                        if (p < yn) __stcs(zo + p * w, zs[p]);
                }
                zo += slice;                         // the next step's output slice
            }
        }
    };
#pragma unroll 1
    for (int s = 0; s <= steps; s += ZU) {
        step(s, std::integral_constant<int, 0>());
        if constexpr (ZU >= 2) {
            if (s + 1 <= steps) step(s + 1, std::integral_constant<int, 1>());
        }
        if constexpr (ZU == 4) {                     // every ZU steps the ring slides once: M-1 moves for ZU steps
            if (s + 2 <= steps) step(s + 2, std::integral_constant<int, 2>());
            if (s + 3 <= steps) step(s + 3, std::integral_constant<int, 3>());
        }
#pragma unroll
        for (int p = 0; p < PY; p++)                 // the ring slides ZU slots
#pragma unroll
            for (int k = 0; k < M - 1; k++) ring[p][k] = ring[p][k + ZU];
    }
}
