// h25b's one-sweep kernel as it was merged (commit e234a90's cuda-kernels/volume_sep.cuh), renamed, kept only so that
// bench/volumelab/sep3d.cu times the kernel before and after in the same run. Not in the fatbin.
#pragma once
#include <cuda_pipeline.h>
#include "border.cuh"
#include "geometry.cuh"

template <int R, int PY, int BY, int STAGES, int XP = 4>
struct VolSep3Old {
    static constexpr int TX = 64;          // outputs along x = threads along x
    static constexpr int L = (R + 3) / 4 * 4;       // slab columns left (and right) of the tile
    static constexpr int SW = TX + 2 * L;           // slab row, floats
    static constexpr int TY = BY * PY;              // outputs along y
    static constexpr int SH = TY + 2 * R;           // slab rows
    static constexpr int SN4 = SW / 4 * SH;         // float4 chunks of a slab
    static constexpr int T = TX * BY;               // threads
    static constexpr int CH = (SN4 + T - 1) / T;    // chunks a thread loads
    static constexpr int M = 2 * R + 1;
    static constexpr int XQ = TX / XP;              // x pass items a slab row: XP outputs each (4 or 8)
    /** Dynamic shared memory, bytes: STAGES slabs and the x pass's rows. */
    static constexpr int SMEM = 4 * (STAGES * SH * SW + SH * TX);
};

// The chunks of a slab one thread copies: offsets in a slice of its four floats (-1: a ghost cell with the
// constant), and a bit per chunk that is one aligned float4 inside the volume (copied as 16 bytes).
template <int CH>
struct VolSep3OldLoads {
    int off[CH][4];
    unsigned vec;
};

template <int R, int PY, int BY, int STAGES>
__device__ __forceinline__ void vol_sep3_old_load(float* slab, const VolSep3OldLoads<VolSep3Old<R, PY, BY, STAGES>::CH>& ld,
                                              const float* __restrict__ in, int zi, int d, size_t slice, int policy,
                                              float cval, int tid)
{
    using G = VolSep3Old<R, PY, BY, STAGES>;
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

template <int R, int PY, int BY, int STAGES, int XP = 4>
__device__ __forceinline__ void vol_sep3_old(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                         int zch, int policy, float cval)
{
    using G = VolSep3Old<R, PY, BY, STAGES, XP>;
    constexpr int TX = G::TX, SW = G::SW, SH = G::SH, M = G::M, L = G::L, XQ = G::XQ;
    extern __shared__ float4 vol_sep3_old_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3_old_smem);
    float* rows = slabs + STAGES * SH * SW;          // SH x TX, the x pass's output
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * TX + tx;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * G::TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const size_t slice = (size_t)w * h;

    VolSep3OldLoads<G::CH> ld;
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
#pragma unroll
    for (int p = 0; p < STAGES - 1; p++) {
        if (p < steps) vol_sep3_old_load<R, PY, BY, STAGES>(slabs + p * SH * SW, ld, in, z0 - R + p, d, slice, policy, cval, tid);
        else __pipeline_commit();
    }
    const int x = x0 + tx;
    float ring[PY][M];
#pragma unroll
    for (int p = 0; p < PY; p++)
#pragma unroll
        for (int k = 0; k < M; k++) ring[p][k] = 0.0f;

#pragma unroll 1
    for (int s = 0; s < steps; s++) {
        __pipeline_wait_prior(STAGES - 2);
        __syncthreads();                             // slab s in; everyone is done with slab s-1 and the rows
        const int sn = s + STAGES - 1;
        if (sn < steps) vol_sep3_old_load<R, PY, BY, STAGES>(slabs + (sn % STAGES) * SH * SW, ld, in, z0 - R + sn, d, slice,
                                                         policy, cval, tid);
        else __pipeline_commit();
        const float* slab = slabs + (s % STAGES) * SH * SW;
#pragma unroll 1
        for (int e = tid; e < SH * XQ; e += G::T) {  // x pass: XP outputs of a row from float4 reads
            const int row = e / XQ, g = e % XQ;
            const float4* src = reinterpret_cast<const float4*>(slab + row * SW) + g * (XP / 4);
            float v[XP + 2 * L];
#pragma unroll
            for (int k = 0; k < (XP + 2 * L) / 4; k++) {
                const float4 t = src[k];
                v[4 * k] = t.x; v[4 * k + 1] = t.y; v[4 * k + 2] = t.z; v[4 * k + 3] = t.w;
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
            for (int q = 0; q < XP; q += 4)
                reinterpret_cast<float4*>(rows + row * TX + g * XP)[q / 4] = make_float4(o[q], o[q + 1], o[q + 2], o[q + 3]);
        }
        __syncthreads();
        float a[PY];                                 // y pass: PY outputs down the column
#pragma unroll
        for (int p = 0; p < PY; p++) a[p] = 0.0f;
#pragma unroll
        for (int j = 0; j < PY + 2 * R; j++) {
            const float v = rows[(ty * PY + j) * TX + tx];
#pragma unroll
            for (int p = 0; p < PY; p++)
                if (j - p >= 0 && j - p < M) a[p] += cy[j - p] * v;
        }
#pragma unroll
        for (int p = 0; p < PY; p++) {               // the ring slides: slot k holds step s-2R+k
#pragma unroll
            for (int k = 0; k < M - 1; k++) ring[p][k] = ring[p][k + 1];
            ring[p][M - 1] = a[p];
        }
        if (s >= 2 * R && x < w) {                   // output slice z0 + s - 2R has its M slices
            const int zo = z0 + s - 2 * R;
#pragma unroll
            for (int p = 0; p < PY; p++) {
                const int y = y0 + ty * PY + p;
                float o = 0.0f;
#pragma unroll
                for (int k = 0; k < M; k++) o += cz[k] * ring[p][k];
                if (y < h) out[((size_t)zo * h + y) * w + x] = o;
            }
        }
    }
}
