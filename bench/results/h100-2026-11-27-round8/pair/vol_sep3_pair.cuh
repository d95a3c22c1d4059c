// Experiment (round eight): vol_sep3 with one barrier every TWO slices. Step pair s (s even): the x passes of slabs
// s and s+1 and the y/z passes of slabs s-2 and s-1 (four row buffers, so the rows a pair reads were written before
// its barrier); STAGES (4 or 6) slabs, the pair loading slabs s+STAGES-2 and s+STAGES-1. Ring as vol_sep3's, ZU 4.
#pragma once
#include "volume_sep.cuh"

template <int R, int TX, int BY, int PY, int STAGES, int XP>
__device__ __forceinline__ void vol_sep3_pair(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                              int zch, int policy, float cval)
{
    using G = VolSep3<R, TX, BY, PY, STAGES, XP>;
    constexpr int ZU = 4;
    static_assert(STAGES >= 4 && STAGES % 2 == 0, "STAGES");
    constexpr int SW = G::SW, SH = G::SH, M = G::M, L = G::L, XQ = G::XQ;
    static_assert(G::T % XQ == 0, "threads a multiple of the x pass's groups a row");
    extern __shared__ float4 vol_sep3_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3_smem);
    float* rows = slabs + STAGES * SH * SW;          // 4 x SH x TX, by the slab's index mod 4
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * TX + tx;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * G::TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const size_t slice = (size_t)w * h;

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
#pragma unroll
    for (int p = 0; p < STAGES - 2; p++) {
        if (p < steps) vol_sep3_load<G>(slabs + p * SH * SW, ld, in, z0 - R + p, d, slice, policy, cval, tid);
        else __pipeline_commit();
    }
    const int x = x0 + tx;
    const int yt = y0 + ty * PY, yn = h - yt;
    const int g = tid % XQ, row0 = tid / XQ;
    constexpr int XR = G::T / XQ;
    float ring[PY][M + ZU - 1];
#pragma unroll
    for (int p = 0; p < PY; p++)
#pragma unroll
        for (int k = 0; k < M + ZU - 1; k++) ring[p][k] = 0.0f;

    auto xpass = [&](int s, int rb) {            // slab s into row buffer rb
        const float4* slab = reinterpret_cast<const float4*>(slabs + (s % STAGES) * SH * SW) + g * (XP / 4);
        float4* xr = reinterpret_cast<float4*>(rows + rb * SH * TX) + g * (XP / 4);
#pragma unroll 1
        for (int row = row0; row < SH; row += XR) {
            const float4* src = slab + row * (SW / 4);
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
            for (int q = 0; q < XP; q += 4) xr[row * (TX / 4) + q / 4] = make_float4(o[q], o[q + 1], o[q + 2], o[q + 3]);
        }
    };
    auto yzpass = [&](int t, int rb, auto phase) {   // slab t from row buffer rb, ring phase F
        constexpr int F = decltype(phase)::value;
        const float* yr = rows + rb * SH * TX;
        float a[PY];
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
        if (t >= 2 * R && x < w) {
            float* o = out + ((size_t)(z0 + t - 2 * R) * h + yt) * w + x;
#pragma unroll
            for (int p = 0; p < PY; p++, o += w) {
                float a = 0.0f;
#pragma unroll
                for (int k = 0; k < M; k++) a += cz[k] * ring[p][F + k];
                if (p < yn) __stcs(o, a);
            }
        }
    };
    // Pair s (s = turn or turn + 2): x of s, s+1 into buffers (s, s+1) mod 4 = (H, H+1) with H = 0 or 2 (turn % 4 == 0);
    // y/z of s-2, s-1 from buffers (H+2, H+3) mod 4, ring phases 2H'.. (pair A: 0, 1; pair B: 2, 3).
    auto pair = [&](int s, auto half) {
        constexpr int H = decltype(half)::value;     // 0: pair A (s = turn), 2: pair B (s = turn + 2)
        __pipeline_wait_prior(STAGES - 4);
        __syncthreads();                             // slabs s, s+1 in; rows of s-2, s-1 written; their buffers free
#pragma unroll
        for (int q = 0; q < 2; q++) {
            const int sn = s + STAGES - 2 + q;
            if (sn < steps) vol_sep3_load<G>(slabs + (sn % STAGES) * SH * SW, ld, in, z0 - R + sn, d, slice, policy, cval, tid);
            else __pipeline_commit();
        }
        if (s < steps) xpass(s, H);
        if (s + 1 < steps) xpass(s + 1, H + 1);
        if (s >= 2 && s - 2 < steps) yzpass(s - 2, (H + 2) & 3, std::integral_constant<int, H>());
        if (s >= 1 && s - 1 < steps) yzpass(s - 1, (H + 3) & 3, std::integral_constant<int, H + 1>());
    };
    // The ring at phase F holds (for the y/z pass of slab t = turn - 2 + F) slabs t-2R .. t in slots F .. F+2R.
#pragma unroll 1
    for (int turn = 0; turn < steps + 2; turn += ZU) {
        pair(turn, std::integral_constant<int, 0>());
        if (turn + 2 < steps + 2) pair(turn + 2, std::integral_constant<int, 2>());
#pragma unroll
        for (int p = 0; p < PY; p++)
#pragma unroll
            for (int k = 0; k < M - 1; k++) ring[p][k] = ring[p][k + ZU];
    }
}
