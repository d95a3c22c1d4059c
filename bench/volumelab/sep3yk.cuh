// Round sixteen (issue 25): the y-first sweep with no halo copy in shared memory. Calls E and F found the app's sweep
// (cuda-kernels/volume_sep_y.cuh) at 1.23x the floor at r 7 on 128x16 tiles at whole depth when its blocks run a sweep
// compiled without the per-step halo copy, and at 1.58x under mirror, where the blocks at the volume's sides copy
// their halo cells every step. Here a side block folds its halo with no such copy:
//   - rows (a block at the top or bottom): the slab's tensor copy is moved 8 rows away from the halo rows (each slab
//     has 8 rows of room before and after it), and the 8 rows it leaves come by 16-byte cp.async from the rows they
//     mirror (call G: 1D bulk copies of whole rows, one a row, ran r 7 at 1.3 ms). The tensor copies never write those
//     rows, so there is nothing to fence;
//   - columns (a block at the left or right): a halo column's y-pass output is the y-pass output of the column it
//     mirrors, and each x item's window (20 columns) holds the columns its halo mirrors. The x items whose window
//     crosses a side are gathered in one warp per side (warp 0: the two leftmost items of every row; warp 1: the two
//     rightmost), which overwrite their halo values from their own window (warp-uniform, no divergence).
// Three sweeps, each compiled on its own: KIND 0 (no halo: interior blocks, zero halo), KIND 1 (the folds above), KIND 2
// (the app's copy, for blocks whose edges do not fall on tile boundaries: partial tiles, small volumes). YKM (a probe)
// picks which folds KIND 1 makes; bit 2 makes the column fold selects with the policy fixed at compile time, with no
// branch (call L: the best form, r 7 mirror 0.542-0.548 ms at 128x16 and whole depth, against the app's 0.574-0.579).
// Each block's time goes to vol_yk_block_ns (call J's probe). Lab only; results in bench/results/h100-2026-11-28-round16.
#pragma once
#include <type_traits>
#include "border.cuh"
#include "geometry.cuh"
#include "tma.cuh"
#include "cp_async.cuh"
#include "volume_sep_y.cuh"

template <int R, int TX, int TY, int STAGES, int YP>
struct VolSep3Yk {
    using G = VolSep3Y<R, TX, TY, STAGES, YP>;
    static constexpr int SW = G::SW, SH = G::SH, PAD = 8;
    static constexpr int SLABP = ((SH + 2 * PAD) * SW + 31) / 32 * 32;   // a slab with PAD rows of room either side
    static constexpr int SMEM = 4 * (STAGES * SLABP + 2 * TY * SW) + 8 * STAGES + 4 * G::FIX + 16 + 128;
    static_assert(PAD * SW * 4 % 128 == 0, "the moved copy must stay 128-byte aligned");
    static_assert(TY * 2 == 32, "the side warps: two x items a row, TY rows");
};

// KIND 1's column fold. Left: lanes 0-15 hold x group 0 (window columns 0-7 left of the volume), lanes 16-31 group 1
// (columns 0-3). Right: lanes 0-15 hold the group two from the right (columns 16-19 past the volume), lanes 16-31 the
// rightmost (12-19).
template <int N>
__device__ __forceinline__ void vol_yk_fold_left(float (&v)[N], int policy, bool g0)
{
    if (policy == CONVOLAB_BORDER_MIRROR) {
#pragma unroll
        for (int k = 0; k < 8; k++) v[k] = g0 ? v[16 - k] : (k < 4 ? v[8 - k] : v[k]);
    } else if (policy == CONVOLAB_BORDER_REFLECT) {
#pragma unroll
        for (int k = 0; k < 8; k++) v[k] = g0 ? v[15 - k] : (k < 4 ? v[7 - k] : v[k]);
    } else {
#pragma unroll
        for (int k = 0; k < 8; k++) v[k] = g0 ? v[8] : (k < 4 ? v[4] : v[k]);
    }
}
template <int N>
__device__ __forceinline__ void vol_yk_fold_right(float (&v)[N], int policy, bool g16)
{
    static_assert(N == 20, "window of 20");
    if (policy == CONVOLAB_BORDER_MIRROR) {
#pragma unroll
        for (int k = 12; k < N; k++) v[k] = g16 ? (k >= 16 ? v[30 - k] : v[k]) : v[22 - k];
    } else if (policy == CONVOLAB_BORDER_REFLECT) {
#pragma unroll
        for (int k = 12; k < N; k++) v[k] = g16 ? (k >= 16 ? v[31 - k] : v[k]) : v[23 - k];
    } else {
#pragma unroll
        for (int k = 12; k < N; k++) v[k] = g16 ? (k >= 16 ? v[15] : v[k]) : v[11];
    }
}

// The same folds with the policy fixed (PK) and no branch: every thread of a side block selects (YKM bit 2, call L).
template <int PK, int N>
__device__ __forceinline__ void vol_yk_fold_sel(float (&v)[N], bool l0, bool l1, bool r16, bool r12)
{
    static_assert(N == 20, "window of 20");
    constexpr bool MI = PK == CONVOLAB_BORDER_MIRROR, RE = PK == CONVOLAB_BORDER_REFLECT;
#pragma unroll
    for (int k = 0; k < 8; k++) {
        const float a = v[MI ? 16 - k : RE ? 15 - k : 8];
        const float b = k < 4 ? v[MI ? 8 - k : RE ? 7 - k : 4] : v[k];
        v[k] = l0 ? a : l1 ? b : v[k];
    }
#pragma unroll
    for (int k = 12; k < N; k++) {
        const float a = v[MI ? 22 - k : RE ? 23 - k : 11];
        const float b = k >= 16 ? v[MI ? 30 - k : RE ? 31 - k : 15] : v[k];
        v[k] = r12 ? a : r16 ? b : v[k];
    }
}

// The sweep of one block. KIND 1: ysh = +8 (top block) or -8 (bottom block) or 0; fl / fr: this block folds its left /
// right columns. KIND 2: nf halo cells listed in fix, copied each step.
template <int R, int TX, int TY, int STAGES, int YP, int ZU, int KIND, int PK = -1>
__device__ __noinline__ void vol_sep3yk_sweep(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                              int z0, int z1, int policy, const ConvolabTensorMap* tmap,
                                              float* slabs, float* yrows, unsigned long long* bars, const int* fix, int nf,
                                              int ysh, bool fl, bool fr, const int* rsrc)
{
    using G = VolSep3Y<R, TX, TY, STAGES, YP>;
    using K = VolSep3Yk<R, TX, TY, STAGES, YP>;
    constexpr int SW = G::SW, SW4 = G::SW4, SH = G::SH, M = G::M, L = G::L, T = G::T, SLABP = K::SLABP, PAD = K::PAD;
    constexpr int PRO = (2 * R + 1 + ZU - 1) / ZU * ZU;
    constexpr int NXG = TX / 4;                      // x items a row
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const size_t slice = (size_t)w * h;
    const bool fold = policy == CONVOLAB_BORDER_CLAMP || policy == CONVOLAB_BORDER_REFLECT || policy == CONVOLAB_BORDER_MIRROR;
    const int steps = (z1 - z0) + 2 * R;
    // KIND 1's moved rows: the 8 slab rows the box leaves (top block: 0..7, bottom block: SH-8..SH-1)
    const int rj0 = ysh > 0 ? 0 : SH - PAD;

    auto issue = [&](int p) {
        const int zi = z0 - R + p;
        const int sz = fold ? convolab_border_index(zi, d, policy) : zi;
        float* slab = slabs + (p % STAGES) * SLABP + PAD * SW;
        if (KIND == 1 && ysh != 0) {
            convolab_mbar_expect(bars + p % STAGES, 4 * SH * SW);
            convolab_tma_load_3d(slab + ysh * SW, tmap, bars + p % STAGES, x0 - L, y0 - R + ysh, sz);
        } else {
            convolab_mbar_expect(bars + p % STAGES, 4 * SH * SW);
            convolab_tma_load_3d(slab, tmap, bars + p % STAGES, x0 - L, y0 - R, sz);
        }
    };
    // KIND 1's rows: the 8 the moved box leaves, by 16-byte cp.async from the rows they mirror (thread t < 8 SW4: row
    // rj0 + t / SW4, float4 group t % SW4; groups outside the volume's columns are left, their columns fold in registers).
    // Every thread of a top or bottom block commits one group a step and waits for all but the newest STAGES - 2.
    // (Call K gave the copies to the threads with no y item, in a loop with the rows' sources in shared memory: slower.)
    const bool rthread = KIND == 1 && ysh != 0;      // a top or bottom block: its threads copy and wait
    const int rt = tid / SW4, rg = tid % SW4, rgx = x0 - L + 4 * rg;
    const bool rcopy = rthread && tid < PAD * SW4 && rgx >= 0 && rgx < w;
    const float* rsrc0 = in + (rcopy ? (size_t)rsrc[rt] + rgx : 0);
    const int rdst = (rj0 + rt) * SW + 4 * rg;
    auto rowcopy = [&](int p) {
        if (rcopy && p < steps)
            convolab_cp_async16(slabs + (p % STAGES) * SLABP + PAD * SW + rdst,
                                rsrc0 + (size_t)convolab_border_index(z0 - R + p, d, policy) * slice);
        convolab_cp_commit();
    };
    if (tid == 0)
        for (int p = 0; p < STAGES - 1 && p < steps; p++) issue(p);
    if (rthread)
        for (int p = 0; p < STAGES - 1; p++) rowcopy(p);

    // x items: warp 0 the two leftmost of every row, warp 1 the two rightmost, the others the rest row by row
    int xrow, xg;
    // x items: warp 0 the two leftmost of every row, warp 1 the two rightmost, the others the rest row by row (call K
    // gave the sides to the last two warps, which have no y items: slower)
    if (warp == 0) { xrow = lane % 16; xg = lane / 16; }
    else if (warp == 1) { xrow = lane % 16; xg = NXG - 2 + lane / 16; }
    else { const int i = tid - 64; xrow = i / (NXG - 4); xg = 2 + i % (NXG - 4); }
    const bool foldl = KIND == 1 && fl && warp == 0, foldr = KIND == 1 && fr && warp == 1;
    const bool store = x0 + 4 * xg < w && y0 + xrow < h;
    float* zo = out + ((size_t)z0 * h + y0 + xrow) * w + x0 + 4 * xg;
    const bool yitem = tid < G::YI;
    const int yoff = tid / SW4 * YP * SW4 + tid % SW4;
    const int xoff = xrow * SW4 + xg;
    float ring[4][M + ZU - 1];
#pragma unroll
    for (int q = 0; q < 4; q++)
#pragma unroll
        for (int k = 0; k < M + ZU - 1; k++) ring[q][k] = 0.0f;

    auto step = [&](int s, auto phase, auto check) {
        constexpr int F = decltype(phase)::value;
        constexpr bool CHECK = decltype(check)::value;
        float* slab = slabs + (s % STAGES) * SLABP + PAD * SW;
        const bool have = !CHECK || s < steps;
        if (have) {
            convolab_mbar_wait(bars + s % STAGES, (unsigned)(s / STAGES) & 1u);
            if constexpr (KIND == 1) {
                if (rthread) convolab_cp_wait<STAGES - 2>();
            }
            if constexpr (KIND == 2) {
                for (int k = tid; k < nf; k += T) {
                    const int f = fix[k];
                    slab[f >> 16] = slab[f & 0xffff];
                }
                convolab_fence_async_shared();
            }
        }
        __syncthreads();
        if (tid == 0 && s + STAGES - 1 < steps) issue(s + STAGES - 1);
        if constexpr (KIND == 1) {
            if (rthread) rowcopy(s + STAGES - 1);
        }
        const int par = F & 1;
        const bool xz = !CHECK || s >= 1;
        float v[4 + 2 * L];
        if (have && yitem) {
            const float4* src = reinterpret_cast<const float4*>(slab) + yoff;
            float4* dst = reinterpret_cast<float4*>(yrows + par * TY * SW) + yoff;
            float4 a[YP];
#pragma unroll
            for (int p = 0; p < YP; p++) a[p] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
            for (int j = 0; j < YP + 2 * R; j++) {
                const float4 t = src[j * SW4];
#pragma unroll
                for (int p = 0; p < YP; p++)
                    if (j - p >= 0 && j - p < M) {
                        const float c = cy[j - p];
                        a[p].x += c * t.x; a[p].y += c * t.y; a[p].z += c * t.z; a[p].w += c * t.w;
                    }
            }
#pragma unroll
            for (int p = 0; p < YP; p++) dst[p * SW4] = a[p];
        }
        if (xz) {
            const float4* row = reinterpret_cast<const float4*>(yrows + (1 - par) * TY * SW) + xoff;
#pragma unroll
            for (int k = 0; k < (4 + 2 * L) / 4; k++) {
                const float4 t = row[k];
                v[4 * k] = t.x; v[4 * k + 1] = t.y; v[4 * k + 2] = t.z; v[4 * k + 3] = t.w;
            }
            if constexpr (KIND == 1) {
                if constexpr (PK >= 0) {
                    vol_yk_fold_sel<PK>(v, foldl && lane < 16, foldl && lane >= 16, foldr && lane < 16, foldr && lane >= 16);
                } else {
                    if (foldl) vol_yk_fold_left(v, policy, lane < 16);
                    else if (foldr) vol_yk_fold_right(v, policy, lane < 16);
                }
            }
#pragma unroll
            for (int q = 0; q < 4; q++) {
                float a = 0.0f;
#pragma unroll
                for (int i = 0; i < M; i++) a += cx[i] * v[L - R + q + i];
                ring[q][M - 1 + F] = a;
            }
            if (!CHECK || s - 1 >= 2 * R) {
                float zs[4];
#pragma unroll
                for (int q = 0; q < 4; q++) {
                    zs[q] = 0.0f;
#pragma unroll
                    for (int k = 0; k < M; k++) zs[q] += cz[k] * ring[q][F + k];
                }
                if (store) __stcs(reinterpret_cast<float4*>(zo), make_float4(zs[0], zs[1], zs[2], zs[3]));
                zo += slice;
            }
        }
    };
    auto turn = [&](int s, auto check) {
        step(s, std::integral_constant<int, 0>(), check);
        if constexpr (ZU >= 2) {
            if (!decltype(check)::value || s + 1 <= steps) step(s + 1, std::integral_constant<int, 1>(), check);
        }
        if constexpr (ZU == 4) {
            if (!decltype(check)::value || s + 2 <= steps) step(s + 2, std::integral_constant<int, 2>(), check);
            if (!decltype(check)::value || s + 3 <= steps) step(s + 3, std::integral_constant<int, 3>(), check);
        }
#pragma unroll
        for (int q = 0; q < 4; q++)
#pragma unroll
            for (int k = 0; k < M - 1; k++) ring[q][k] = ring[q][k + ZU];
    };
#pragma unroll 1
    for (int s = 0; s <= steps; s += ZU) {
        if (s >= PRO && s + ZU <= steps) turn(s, std::false_type());
        else turn(s, std::true_type());
    }
}

// The probe of call J: each block's time (globaltimer, ns) and the sweep it ran.
__device__ long long vol_yk_block_ns[1 << 16];
__device__ int vol_yk_block_kind[1 << 16];
__device__ __forceinline__ long long vol_yk_now()
{
    long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// A block: zero and folding policies only (the lab's checks run only these here; the app's kernel keeps its own
// loads for wrap and constants other than 0). Picks KIND 0, 1 or 2.
template <int R, int TX, int TY, int STAGES, int YP, int ZU, int YKM = 3>
__device__ __forceinline__ int vol_sep3yk_run(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                           int zch, int policy, float cval, const ConvolabTensorMap* tmap)
{
    using G = VolSep3Y<R, TX, TY, STAGES, YP>;
    using K = VolSep3Yk<R, TX, TY, STAGES, YP>;
    constexpr int SW = G::SW, SH = G::SH, L = G::L, T = G::T, SLABP = K::SLABP, PAD = K::PAD;
    static_assert(G::YI % 32 == 0 && G::YI <= T && L == 8, "VolSep3Yk shape");
    extern __shared__ float4 vol_sep3yk_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3yk_smem);
    slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    float* yrows = slabs + STAGES * SLABP;
    unsigned long long* bars = reinterpret_cast<unsigned long long*>(yrows + 2 * TY * SW);
    int* fix = reinterpret_cast<int*>(bars + STAGES);
    int* nfix = fix + G::FIX;
    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const bool fold = policy == CONVOLAB_BORDER_CLAMP || policy == CONVOLAB_BORDER_REFLECT || policy == CONVOLAB_BORDER_MIRROR;
    if (tid == 0) {
        *nfix = 0;
        for (int k = 0; k < STAGES; k++) convolab_mbar_init(bars + k, 1);
        convolab_mbar_init_fence();
    }
    __syncthreads();
    // Does this block touch a side, and can KIND 1 fold it? Tiles must end on the volume's sides, the volume at least
    // two tiles each way (so the moved copy never reaches the other side), widths a multiple of 4.
    const bool left = x0 - R < 0, right = x0 + TX + R > w, top = y0 - R < 0, bottom = y0 + TY + R > h;
    if (!fold || !(left || right || top || bottom)) {
        vol_sep3yk_sweep<R, TX, TY, STAGES, YP, ZU, 0>(in, out, w, h, d, z0, z1, policy, tmap, slabs, yrows, bars, fix, 0,
                                                      0, false, false, nullptr);
        return 0;
    }
    const bool aligned = w % TX == 0 && h % TY == 0 && w >= 2 * TX && h >= 2 * TY && w % 4 == 0;
    // YKM (a probe): bit 0, KIND 1 folds columns; bit 1, rows; a block needing a fold left out takes KIND 2
    if (aligned && (!(left || right) || (YKM & 1)) && (!(top || bottom) || (YKM & 2))) {
        if (tid < PAD) {                             // the moved rows' sources: row offsets in a slice
            const int j = (top ? 0 : SH - PAD) + tid;
            fix[tid] = convolab_border_index(y0 - R + j, h, policy) * w;
        }
        __syncthreads();
        const int ysh = top ? PAD : bottom ? -PAD : 0;
        if constexpr ((YKM & 4) != 0) {
            if (policy == CONVOLAB_BORDER_MIRROR)
                vol_sep3yk_sweep<R, TX, TY, STAGES, YP, ZU, 1, CONVOLAB_BORDER_MIRROR>(in, out, w, h, d, z0, z1, policy, tmap,
                                                                                    slabs, yrows, bars, fix, 0, ysh, left, right, fix);
            else if (policy == CONVOLAB_BORDER_REFLECT)
                vol_sep3yk_sweep<R, TX, TY, STAGES, YP, ZU, 1, CONVOLAB_BORDER_REFLECT>(in, out, w, h, d, z0, z1, policy, tmap,
                                                                                     slabs, yrows, bars, fix, 0, ysh, left, right, fix);
            else
                vol_sep3yk_sweep<R, TX, TY, STAGES, YP, ZU, 1, CONVOLAB_BORDER_CLAMP>(in, out, w, h, d, z0, z1, policy, tmap,
                                                                                   slabs, yrows, bars, fix, 0, ysh, left, right, fix);
        } else {
            vol_sep3yk_sweep<R, TX, TY, STAGES, YP, ZU, 1>(in, out, w, h, d, z0, z1, policy, tmap, slabs, yrows, bars, fix, 0,
                                                          ysh, left, right, fix);
        }
        return 1;
    }
    bool ok = true;
    for (int e = tid; e < SH * SW; e += T) {
        const int r = e / SW, c = e % SW;
        const int gy = y0 - R + r, gx = x0 - L + c;
        if (gy < -R || gy > h - 1 + R || gx < -R || gx > w - 1 + R) continue;
        if (gy >= 0 && gy < h && gx >= 0 && gx < w) continue;
        const int sr = convolab_border_index(gy, h, policy) - (y0 - R);
        const int sc = convolab_border_index(gx, w, policy) - (x0 - L);
        if (sr < 0 || sr >= SH || sc < 0 || sc >= SW) { ok = false; continue; }
        fix[atomicAdd(nfix, 1)] = e << 16 | (sr * SW + sc);
    }
    if (!__syncthreads_and(ok)) __trap();          // the lab's volumes all fold into the slab (else: the app's own loads)
    vol_sep3yk_sweep<R, TX, TY, STAGES, YP, ZU, 2>(in, out, w, h, d, z0, z1, policy, tmap, slabs, yrows, bars, fix, *nfix,
                                                  0, false, false, nullptr);
    return 2;
}

template <int R, int TX, int TY, int STAGES, int YP, int ZU, int YKM = 3>
__device__ __forceinline__ void vol_sep3yk(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                           int zch, int policy, float cval, const ConvolabTensorMap* tmap)
{
    const long long t0 = vol_yk_now();
    const int kind = vol_sep3yk_run<R, TX, TY, STAGES, YP, ZU, YKM>(in, out, w, h, d, zch, policy, cval, tmap);
    __syncthreads();
    if (threadIdx.x == 0) {
        const int b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
        if (b < (1 << 16)) { vol_yk_block_ns[b] = vol_yk_now() - t0; vol_yk_block_kind[b] = kind; }
    }
}
