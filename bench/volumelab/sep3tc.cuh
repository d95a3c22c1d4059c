// Round twelve: the one-sweep rank-1 kernel with its x and y passes on the tensor cores (3xTF32) and its z pass as
// running sums in registers. Round eleven found the FFMA sweep (cuda-kernels/volume_sep.cuh) issue-bound at r 7:
// 114 instructions a voxel, 52 of them FFMA of the x and y passes. Here
//   - a 1D pass along x over a slab tile is a product with a banded Toeplitz matrix: out[row][8j + n] =
//     sum_k slab[row][8j + 8d + k + (L - R)] * B_d[k][n], B_d[k][n] = w[8d + k - n] (0 outside 0..2R), d = 0, 1, 2
//     (R <= 8: 8 outputs need 8 + 2R <= 24 inputs, three k-steps of 8). B_d is the same for every tile: each warp
//     holds its fragments in registers for the whole sweep;
//   - the y pass is the same product on the x pass's output read transposed (A[x][y] = rows[y][x]);
//   - fp32 accuracy from TF32 units: a = hi + lo with hi = tf32(a); a*b ~ hi*bhi + hi*blo + lo*bhi (3 mma a k-step;
//     the dropped lo*blo is below 2^-22 of the product), fp32 accumulation;
//   - the z pass keeps, for each of the thread's 4 columns (its y pass fragment), 2R running sums: slice p adds
//     w[k] * v to the sum of output p - k, the oldest sum leaves complete. The sums shift by being written one slot
//     down as they are updated (acc[j] = acc[j + 1] + w * v), so there is no ring to slide.
// One block of 8 warps (TX / 16 * TY / 8 of them) owns a TX x TY tile and walks its z chunk as the app's kernel does:
// slabs by cp.async STAGES deep, the x pass of slab s and the y and z passes of slab s-1 in one step, one barrier.
// Nothing in the app uses this header yet; bench/volumelab/sep3t.cu checks and times it.
#pragma once
#include <cuda_pipeline.h>
#include "border.cuh"

__device__ __forceinline__ unsigned vol_tc_tf32(float x)
{
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
    return r;
}

// x = hi + lo, hi rounded to TF32; lo is left in fp32 (the unit reads its top 19 bits: an error below 2^-22 of x).
// TRUNC: hi is x's top 19 bits (one LOP3; sm_90 has no cvt.rna.tf32 instruction, it takes five): |lo| < 2^-10 |x|,
// and lo as the unit reads it is off by less than 2^-20 |x|.
template <bool TRUNC = false>
__device__ __forceinline__ void vol_tc_split(float x, unsigned& hi, unsigned& lo)
{
    hi = TRUNC ? (__float_as_uint(x) & 0xffffe000u) : vol_tc_tf32(x);
    lo = __float_as_uint(x - __uint_as_float(hi));
}

// c += A (16x8, row) * B (8x8, col), TF32 in, fp32 accumulate.
__device__ __forceinline__ void vol_tc_mma(float (&c)[4], const unsigned (&a)[4], unsigned b0, unsigned b1)
{
    asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// The band's B fragments of one pass (weights w, 2R+1 of them): [d][0] = B_d[t4][g], [d][1] = B_d[t4 + 4][g].
struct VolTcBand {
    unsigned hi[3][2], lo[3][2];
};

template <int R>
__device__ __forceinline__ VolTcBand vol_tc_band(const float* w, int g, int t4)
{
    VolTcBand b;
#pragma unroll
    for (int d = 0; d < 3; d++)
#pragma unroll
        for (int e = 0; e < 2; e++) {
            const int i = 8 * d + t4 + 4 * e - g;
            vol_tc_split(i >= 0 && i <= 2 * R ? w[i] : 0.0f, b.hi[d][e], b.lo[d][e]);
        }
    return b;
}

// c += A * B_d in 3xTF32: the small products first.
__device__ __forceinline__ void vol_tc_mma3(float (&c)[4], const unsigned (&ah)[4], const unsigned (&al)[4],
                                           const VolTcBand& b, int d)
{
    vol_tc_mma(c, al, b.hi[d][0], b.hi[d][1]);
    vol_tc_mma(c, ah, b.lo[d][0], b.lo[d][1]);
    vol_tc_mma(c, ah, b.hi[d][0], b.hi[d][1]);
}

// A compile-time bool that converts in device code (std::integral_constant's conversion is host-only here).
template <bool B>
struct VolTcFlag {
    __device__ constexpr operator bool() const { return B; }
};

constexpr int vol_tc_swp(int need)
{   // a slab row stride of an odd number of float4s: the x pass's A reads (8 rows x 4 columns) hit 32 banks
    return ((need + 3) / 4 % 2 == 0) ? (need + 3) / 4 * 4 + 4 : (need + 3) / 4 * 4;
}

// cp.async by 32-bit shared addresses (the generic pointer's conversion costs instructions a chunk).
__device__ __forceinline__ void vol_tc_cp16(unsigned saddr, const float* g)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(saddr), "l"(g));
}
__device__ __forceinline__ void vol_tc_cp4(unsigned saddr, const float* g)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(saddr), "l"(g));
}
__device__ __forceinline__ void vol_tc_st4(unsigned saddr, float v)
{
    asm volatile("st.shared.f32 [%0], %1;\n" ::"r"(saddr), "f"(v));
}
// A chunk that is not one float4 inside the volume, a float at a time: src is its row's offset in the slice (negative:
// a ghost row with the constant), xs[q] each float's source column (negative: a ghost column with the constant).
__device__ __forceinline__ void vol_tc_cp_floats(unsigned saddr, const float* base, int src, const int* xs, float cval)
{
#pragma unroll
    for (int q = 0; q < 4; q++) {
        if (src < 0 || xs[q] < 0) vol_tc_st4(saddr + 4 * q, cval);
        else vol_tc_cp4(saddr + 4 * q, base + src + xs[q]);
    }
}
__device__ __forceinline__ void vol_tc_st16(unsigned saddr, float v)
{
    asm volatile("st.shared.v4.f32 [%0], {%1, %1, %1, %1};\n" ::"r"(saddr), "f"(v));
}

// The z pass of a thread's 4 columns, a y pass fragment's (ox | ox+8, oy | oy+1): 2Z running sums a column (Z = 0:
// none, the slice passes through), walked down z from output slice z0, and their stores.
template <int Z>
struct VolTcZ {
    float za[4][2 * Z + 1];                          // za[i][j]: the running sum of the output 2Z - j slices back
    float* zo;                                       // the next output slice's first voxel of the thread
    int w;
    size_t slice;
    bool full, vx0, vx1, vy0, vy1;

    __device__ __forceinline__ VolTcZ(float* out, int z0, int ox, int oy, int w_, int h, size_t slice_)
        : w(w_), slice(slice_)
    {
        vx0 = ox < w; vx1 = ox + 8 < w; vy0 = oy < h; vy1 = oy + 1 < h;
        full = vx1 && vy1;
        zo = out + ((size_t)z0 * h + (vy0 ? oy : 0)) * w + ox;
#pragma unroll
        for (int i = 0; i < 4; i++)
#pragma unroll
            for (int j = 0; j < 2 * Z + 1; j++) za[i][j] = 0.0f;
    }

    // v: the thread's columns of the next slice. Where emit, the output slice it completes is stored; then the sums
    // move one slot down as they take v (acc[j] = acc[j + 1] + w * v: nothing slides).
    __device__ __forceinline__ void step(const float (&v)[4], const float* cz, bool emit)
    {
        if (emit) {
            float o[4];
#pragma unroll
            for (int i = 0; i < 4; i++) o[i] = Z == 0 ? v[i] : za[i][0] + cz[2 * Z] * v[i];
            if (full) {
                __stcs(zo, o[0]); __stcs(zo + w, o[1]); __stcs(zo + 8, o[2]); __stcs(zo + w + 8, o[3]);
            } else if (vy0) {
                if (vx0) __stcs(zo, o[0]);
                if (vx0 && vy1) __stcs(zo + w, o[1]);
                if (vx1) __stcs(zo + 8, o[2]);
                if (vx1 && vy1) __stcs(zo + w + 8, o[3]);
            }
            zo += slice;
        }
        if (Z > 0)
#pragma unroll
            for (int i = 0; i < 4; i++) {
#pragma unroll
                for (int j = 0; j < 2 * Z - 1; j++) za[i][j] = za[i][j + 1] + cz[2 * Z - 1 - j] * v[i];
                za[i][2 * Z - 1] = cz[0] * v[i];
            }
    }
};

template <int R, int TX, int TY, int STAGES>
struct VolSep3Tc {
    static constexpr int L = (R + 3) / 4 * 4;       // slab columns left (and right) of the tile
    static constexpr int SW = TX + 2 * L;           // slab columns loaded
    static constexpr int SH = TY + 2 * R;           // slab rows loaded
    static constexpr int SHP = (SH + 15) / 16 * 16; // slab rows the x pass's m-tiles cover (the rest zero)
    static constexpr int SWP = vol_tc_swp(SW > TX + 16 + L - R ? SW : TX + 16 + L - R);  // row stride (the rest zero)
    static constexpr int TXS = TX + 8;              // the x pass's row stride: the y pass's transposed reads hit 32 banks
    static constexpr int NW = TX / 16 * (TY / 8);   // warps: one y pass m16n8 tile each
    static constexpr int T = 32 * NW;
    static constexpr int Q4 = SW / 4, SN4 = Q4 * SH, CH = (SN4 + T - 1) / T;
    static constexpr int XM = SHP / 16, XN = TX / 8, XU = XM * XN / NW;  // x pass: m-tiles, n-tiles, n-tiles a warp
    static constexpr int SLAB = SHP * SWP;
    static constexpr int SMEM = 4 * (STAGES * SLAB + 2 * SHP * TXS + SW);  // + the slab columns' sources
    static_assert(R >= 1 && R <= 8, "three k-steps of 8 hold 8 + 2R inputs");
    static_assert(TX % 32 == 0 && TY % 16 == 0 && (XM * XN) % NW == 0 && XN % XU == 0 && CH <= 32, "VolSep3Tc shape");
    static_assert(SW % 4 == 0 && SWP >= SW, "slab");
};

// TRUNC: the split by truncation (vol_tc_split). FUSE: the loop peeled (the first step has no y pass, the last no x
// pass) so that each step's x and y passes run in one unrolled k loop: three independent mma chains instead of two
// and then one.
template <int R, int TX, int TY, int STAGES, bool TRUNC = false, bool FUSE = false>
__device__ __forceinline__ void vol_sep3tc(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                           int zch, int policy, float cval)
{
    using G = VolSep3Tc<R, TX, TY, STAGES>;
    constexpr int L = G::L, SW = G::SW, SH = G::SH, SHP = G::SHP, SWP = G::SWP, TXS = G::TXS, T = G::T;
    constexpr int Q4 = G::Q4, SN4 = G::SN4, CH = G::CH, XU = G::XU, SLAB = G::SLAB, YN = TY / 8;
    extern __shared__ float4 vol_sep3tc_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3tc_smem);
    float* rows = slabs + STAGES * SLAB;             // 2 x SHP x TXS: the x pass's output, by the step's parity
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, g = lane >> 2, t4 = lane & 3;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const size_t slice = (size_t)w * h;

    // The slabs' pad rows (SH..SHP-1) and columns (SW..SWP-1) are read by the passes (times a zero weight): zeros,
    // written once (the loads never touch them).
    {
        constexpr int PADR = (SHP - SH) * SWP, PADC = SH * (SWP - SW), PAD = PADR + PADC;
        for (int e = tid; e < STAGES * PAD; e += T) {
            const int st = e / PAD, k = e % PAD;
            const int at = k < PADR ? SH * SWP + k : (k - PADR) / (SWP - SW) * SWP + SW + (k - PADR) % (SWP - SW);
            slabs[st * SLAB + at] = 0.0f;
        }
    }

    // The source column of each slab column (-1: the constant), for the chunks that are not one aligned float4
    // inside the volume (the tiles at the volume's x edges).
    int* xsrc = reinterpret_cast<int*>(rows + 2 * SHP * TXS);
    for (int i = tid; i < SW; i += T) xsrc[i] = convolab_border_index(x0 - L + i, w, policy);
    // The chunks this thread copies: shared byte address in slab 0, source offset in a slice (row and column where
    // the chunk is one aligned float4 inside the volume, bit set in vec; else the row's, -1 for a constant row).
    const unsigned sbase = (unsigned)__cvta_generic_to_shared(slabs);
    unsigned dst[CH];
    int src[CH];
    unsigned vec = 0;
    bool all = true;
#pragma unroll
    for (int c = 0; c < CH; c++) {
        const int e = tid + c * T;
        const int row = e / Q4, col = e % Q4 * 4;
        dst[c] = sbase + 4 * (row * SWP + col);
        const int sy = convolab_border_index(y0 - R + row, h, policy);
        const int gx = x0 - L + col;
        const bool v = e < SN4 && sy >= 0 && (w & 3) == 0 && gx >= 0 && gx + 3 < w;
        src[c] = sy < 0 ? -1 : sy * w + (v ? gx : 0);
        if (v) vec |= 1u << c;
        else if (e < SN4) all = false;
    }
    const bool lean = __syncthreads_and(all);        // every chunk of the block one float4 (also: xsrc written)
    const int steps = (z1 - z0) + 2 * R;             // input slices z0-R .. z1-1+R
    auto load = [&](int p) {
        const unsigned so = (p % STAGES) * (SLAB * 4);
        const int sz = convolab_border_index(z0 - R + p, d, policy);
        if (sz < 0) {
#pragma unroll
            for (int c = 0; c < CH; c++)
                if (SN4 % T == 0 || tid + c * T < SN4) vol_tc_st16(dst[c] + so, cval);
        } else if (lean) {
            const float* base = in + (size_t)sz * slice;
#pragma unroll
            for (int c = 0; c < CH; c++)
                if (SN4 % T == 0 || tid + c * T < SN4) vol_tc_cp16(dst[c] + so, base + src[c]);
        } else {
            const float* base = in + (size_t)sz * slice;
#pragma unroll
            for (int c = 0; c < CH; c++) {
                const int e = tid + c * T;
                if (SN4 % T != 0 && e >= SN4) break;
                if (vec & (1u << c)) {
                    vol_tc_cp16(dst[c] + so, base + src[c]);
                } else {
                    vol_tc_cp_floats(dst[c] + so, base, src[c], xsrc + e % Q4 * 4, cval);
                }
            }
        }
        __pipeline_commit();
    };
#pragma unroll
    for (int p = 0; p < STAGES - 1; p++) {
        if (p < steps) load(p);
        else __pipeline_commit();
    }

    const VolTcBand bx = vol_tc_band<R>(cx, g, t4), by = vol_tc_band<R>(cy, g, t4);
    // x pass: m-tile xm (slab rows 16 xm ..), n-tiles xj .. xj+XU-1 (outputs 8 xj ..); A k-tiles xj .. xj+XU+1
    const int xm = warp / (G::XN / XU), xj = warp % (G::XN / XU) * XU;
    // y pass: m-tile ym (x 16 ym ..), n-tile yj (y 8 yj ..)
    const int ym = warp / YN, yj = warp % YN;
    VolTcZ<R> zp(out, z0, x0 + 16 * ym + g, y0 + 8 * yj + 2 * t4, w, h, slice);  // the z pass of the y fragment

    // Step s: the x pass of slab s (dox), the y and z passes of slab s-1 (doy); dox and doy are bools or, peeled,
    // integral constants.
    auto step = [&](int s, auto dox, auto doy) {
        __pipeline_wait_prior(STAGES - 2);
        __syncthreads();                             // slab s in, rows of s-1 written; slab s-1 and rows of s-2 done
        const int sn = s + STAGES - 1;
        if (sn < steps) load(sn);
        else __pipeline_commit();
        const int par = s & 1;
        const float* sl = slabs + (s % STAGES) * SLAB + (16 * xm + g) * SWP + (L - R) + t4;
        const float* yr = rows + (1 - par) * SHP * TXS + t4 * TXS + 16 * ym + g;
        float acc[XU][4];
        float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
        for (int u = 0; u < XU; u++)
#pragma unroll
            for (int q = 0; q < 4; q++) acc[u][q] = 0.0f;
#pragma unroll
        for (int kt = 0; kt < XU + 2; kt++) {
            if (dox) {
                const float* a = sl + 8 * (xj + kt);
                unsigned ah[4], al[4];
                vol_tc_split<TRUNC>(a[0], ah[0], al[0]);
                vol_tc_split<TRUNC>(a[8 * SWP], ah[1], al[1]);
                vol_tc_split<TRUNC>(a[4], ah[2], al[2]);
                vol_tc_split<TRUNC>(a[8 * SWP + 4], ah[3], al[3]);
#pragma unroll
                for (int u = 0; u < XU; u++)
                    if (kt - u >= 0 && kt - u < 3) vol_tc_mma3(acc[u], ah, al, bx, kt - u);
            }
            if (doy && kt < 3) {
                const float* a = yr + 8 * (yj + kt) * TXS;
                unsigned ah[4], al[4];
                vol_tc_split<TRUNC>(a[0], ah[0], al[0]);
                vol_tc_split<TRUNC>(a[8], ah[1], al[1]);
                vol_tc_split<TRUNC>(a[4 * TXS], ah[2], al[2]);
                vol_tc_split<TRUNC>(a[4 * TXS + 8], ah[3], al[3]);
                vol_tc_mma3(v, ah, al, by, kt);
            }
        }
        if (dox) {
            float* xr = rows + par * SHP * TXS + (16 * xm + g) * TXS + 2 * t4;
#pragma unroll
            for (int u = 0; u < XU; u++) {
                *reinterpret_cast<float2*>(xr + 8 * (xj + u)) = make_float2(acc[u][0], acc[u][1]);
                *reinterpret_cast<float2*>(xr + 8 * TXS + 8 * (xj + u)) = make_float2(acc[u][2], acc[u][3]);
            }
        }
        if (doy) {
            zp.step(v, cz, s - 1 >= 2 * R);         // v: slice p = s-1; output slice z0 + p - 2R is complete
        }
    };
    if constexpr (FUSE) {
        using Y = VolTcFlag<true>;
        using N = VolTcFlag<false>;
        step(0, Y(), N());                           // steps >= 2R + 1 >= 3
#pragma unroll 1
        for (int s = 1; s < steps; s++) step(s, Y(), Y());
        step(steps, N(), Y());
    } else {
#pragma unroll 1
        for (int s = 0; s <= steps; s++) step(s, s < steps, s >= 1);
    }
}
