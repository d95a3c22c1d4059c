// =====================================================================================
// The wide sweep (convolab_vol_sep3w_rN, sm_90 and up): rank-1 cubes of radius 6 and 7 on volumes of whole
// 128 x 16 tiles, at least two each way, under zero, clamp, reflect or mirror ghost cells. It is the y-first sweep of
// volume_sep_y.cuh on a tile twice as wide, whose blocks at the volume's sides make their ghost cells without copying
// cells in shared memory each step (round sixteen found those copies set the sweep's time: the side blocks lag, and
// every block waits on them):
//   - rows (a block at the top or bottom): the slab's tensor copy lands 8 rows away from the side (each slab has 8
//     rows of room before and after it), and the 8 rows it leaves come by 16-byte cp.async from the rows they mirror
//     (a list of 8 row offsets made once). The tensor copy never writes those rows, so no proxy fence is needed;
//   - columns (a block at the left or right): the y items of the columns next to the side also store their sums
//     where the halo columns mirror them (a float or a reversed float2 each; under clamp, the side column's sum into
//     all 8), and the halo items there store nothing. The x pass then reads the y pass's rows with their ghost cells
//     in place. Every y warp runs the same instructions: round seventeen's call B found a sweep whose halo warp took
//     its own path through the y pass 36% slower at the sides (the step's code no longer shared by the warps), and
//     call L's selects in the x pass cost every thread 24 instructions a step.
// Under a fold EVERY block runs the one sweep compiled with both (a block with no side stores no halo and copies no
// row): round nineteen's call D found that the instruction caches set the pace, and they are shared between SMs, so
// two sweeps in one grid slow every block (the same plain sweep in a second function, run by the left and right
// blocks under zero, took YP 4 from 0.42 to 0.56 ms). Under zero ghost cells (the tensor copy's out-of-box zeros)
// every block runs a sweep compiled without folds. y items: float2 column pairs, YP = 4 rows an item (18 shared loads
// for 4 rows where YP 2 took 16 for 2), the slab's 72 pairs of each row group, halo and inner alike, in nine warps of
// the same code. Round twenty's call H (H200) found them faster than float4 groups in four warps and a halo warp
// (r 7 mirror 0.466 against 0.482 ms): the warps that also run the y pass, which every warp waits for at the step's
// barrier, carry half the work. The moved rows are copied by the last nine warps (two of them also hold y items).
// The x items lie a warp a row, so their row reads meet no bank conflict.
// The steps are those of volume_sep_y.cuh: slab s lands (tensor copy, STAGES - 1 ahead); the y pass of slab s into a
// y buffer; the x pass of slice s - 1 from the last step's buffer into the z ring in registers; the z sums stored.
// Three steps a turn of the z ring (ZU 3; round twenty's call F, H200, r 7 mirror 0.482 ms against ZU 4's 0.495): the
// turn's code, which every y warp runs through, is a quarter smaller, for 19 ring moves a step instead of 14. An odd
// turn takes a y buffer a phase (vol_sep3w_ybuf), so that each step's buffers stay fixed offsets.
// The launcher is cuda/VolumeKernels.java (wide), the shape VOL_SEP3W_* in geometry.cuh; the lab's
// bench/volumelab/sep3yf.cu times it beside round sixteen's sep3yk.cuh.
// =====================================================================================
#pragma once
#include <type_traits>
#include "border.cuh"
#include "geometry.cuh"
#include "tma.cuh"
#include "cp_async.cuh"
#include "volume_sep_y.cuh"

/** The y pass's row buffers for ZU steps a turn: two where ZU is even, else ZU (a buffer a phase, so that each
 *  step's buffers are fixed offsets of its phase). */
__host__ __device__ constexpr int vol_sep3w_ybuf(int zu) { return zu % 2 == 0 ? 2 : zu; }

/** The wide sweep's shape: a slab with PAD rows of room either side, YB y-pass buffers, and its dynamic shared
 *  memory. */
template <int R, int TX, int TY, int STAGES, int YP, int YB = 2>
struct VolSep3W {
    using G = VolSep3Y<R, TX, TY, STAGES, YP>;
    static constexpr int L = G::L, SW = G::SW, SW4 = G::SW4, SH = G::SH, M = G::M, T = G::T, PAD = 8;
    static constexpr int SLABP = ((SH + 2 * PAD) * SW + 31) / 32 * 32;
    static constexpr int RG = TY / YP;              // row groups of the y pass's items
    /** Dynamic shared memory: the slabs, YB y-pass buffers, a barrier a slab, the 8 mirrored rows' offsets, and
     *  128 bytes to align the slabs. */
    static constexpr int SMEM = 4 * (STAGES * SLABP + YB * TY * SW) + 8 * STAGES + 4 * PAD + 128;
    static_assert(L == 8 && R <= PAD, "the halo: two column groups a side, at most 8 moved rows");
    static_assert(TX / 4 == 32, "x items: one warp a row");
    static_assert(SW4 - 4 == 32 && TY % YP == 0, "the slab: 32 inner float4 groups and 4 halo groups a row");
    static_assert(PAD * SW * 4 % 128 == 0, "VolSep3W shape");
};

// The sweep of one block down [z0, z1). SIDE: under the folding policy PK, with the columns' fold (left, right) and
// the rows' (ysh +PAD or -PAD at the top or bottom: where the tensor copy lands, 0 elsewhere; rsrc: the 8 moved rows'
// source offsets in a slice); else the plain sweep (zero ghost cells).
template <int R, int TX, int TY, int STAGES, int YP, int ZU, bool SIDE, int PK>
__device__ __noinline__ void vol_sep3w_sweep(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                                int z0, int z1, int policy, const ConvolabTensorMap* tmap, float* slabs,
                                                float* yrows, unsigned long long* bars, const int* rsrc, int ysh,
                                                bool left, bool right)
{
    constexpr int YB = vol_sep3w_ybuf(ZU);
    using K = VolSep3W<R, TX, TY, STAGES, YP, YB>;
    constexpr int SW = K::SW, SW4 = K::SW4, SH = K::SH, M = K::M, L = K::L, SLABP = K::SLABP, PAD = K::PAD;
    constexpr int PRO = (2 * R + 1 + ZU - 1) / ZU * ZU;   // from this step on every step stores an output slice
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const size_t slice = (size_t)w * h;
    const bool fold = policy == CONVOLAB_BORDER_CLAMP || policy == CONVOLAB_BORDER_REFLECT || policy == CONVOLAB_BORDER_MIRROR;
    const int steps = (z1 - z0) + 2 * R;

    auto issue = [&](int p) {
        const int zi = z0 - R + p;
        const int sz = fold ? convolab_border_index(zi, d, policy) : zi;
        float* slab = slabs + (p % STAGES) * SLABP + PAD * SW;
        convolab_mbar_expect(bars + p % STAGES, 4 * SH * SW);
        convolab_tma_load_3d(slab + (SIDE ? ysh * SW : 0), tmap, bars + p % STAGES, x0 - L, y0 - R + (SIDE ? ysh : 0), sz);
    };
    // Rows (ysh != 0): thread RT0 + t brings float4 group t % SW4 of moved row t / SW4 (groups outside the volume's
    // columns are left unwritten: their y sums are never stored, see yhalo). These threads, the last PAD * SW4 (whole
    // warps), commit a group a step (empty or not) and wait for all but the newest STAGES - 2, so slab s's rows are
    // in when step s starts; the other threads run no cp.async code.
    constexpr int RT0 = K::T - PAD * SW4;
    static_assert(RT0 % 32 == 0, "the moved rows' threads: whole warps");
    const bool rwarp = SIDE && ysh != 0 && tid >= RT0;   // warp-uniform
    const int rt = (tid - RT0) / SW4, rg = (tid - RT0) % SW4, rgx = x0 - L + 4 * rg;
    const bool rcopy = rwarp && rgx >= 0 && rgx < w;
    const float* rsrc0 = in + (rcopy ? (size_t)rsrc[rt] + rgx : 0);
    const int rdst = ((ysh > 0 ? 0 : SH - PAD) + rt) * SW + 4 * rg;
    auto rowcopy = [&](int p) {
        const int zi = z0 - R + p;
        if (!rwarp) return;
        if (rcopy && p < steps)                      // (the in-range test first keeps the fold out of the common step)
            convolab_cp_async16(slabs + (p % STAGES) * SLABP + PAD * SW + rdst,
                                rsrc0 + (size_t)(zi >= 0 && zi < d ? zi : convolab_border_index(zi, d, policy)) * slice);
        convolab_cp_commit();
    };
    if (tid == 0)
        for (int p = 0; p < STAGES - 1 && p < steps; p++) issue(p);
    if constexpr (SIDE) {
        for (int p = 0; p < STAGES - 1; p++) rowcopy(p);
    }

    // y items: float2 column pairs, YP rows each, item t = tid < YI (whole warps, SW / 2 pairs a row group): the pair
    // t % (SW / 2) of row group t / (SW / 2). Every y warp runs the same instructions; a warp may hold two row groups.
    constexpr int SW2 = SW / 2, YI = SW2 * K::RG, E = SW - L - 1;   // E: the last inner column
    static_assert(YI % 32 == 0 && YI <= K::T, "y items: whole warps");
    const bool yitem = tid < YI;
    const int yrg = tid / SW2, c0 = 2 * (tid % SW2);   // row group; the pair's first column
    const int yoff = yrg * YP * SW2 + c0 / 2;          // the item's first float2, in a slab and in yrows
    // SIDE: the items in the halo at the block's side store nothing (their slab columns are the copy's zeros or, in the
    // moved rows, unwritten); the inner items whose columns the halo mirrors also store them there (float offsets in
    // a yrows row; left: halo columns 0..L-1, right: E+1..SW-1):
    //   mirror: column c lands on 2L - c (left) or 2E - c (right), a float each (.x at h0, .y at h0 - 1);
    //   reflect: column c on 2L - 1 - c or 2E + 1 - c: the pair reversed, one float2 at h0 - 1 (even);
    //   clamp: the side column's sum (column L, or E) in all L halo columns, two float4s at hc.
    const bool yhalo = SIDE && ((left && c0 < L) || (right && c0 > E));
    constexpr bool MI = PK == CONVOLAB_BORDER_MIRROR, RF = PK == CONVOLAB_BORDER_REFLECT, CL = PK == CONVOLAB_BORDER_CLAMP;
    const int h0 = left ? (RF ? 2 * L - 1 : 2 * L) - c0 : (RF ? 2 * E + 1 : 2 * E) - c0;
    auto inhalo = [&](int c) { return left ? c >= 0 && c < L : right && c > E && c < SW; };
    const bool ys0 = SIDE && !yhalo && (MI ? inhalo(h0) : RF && inhalo(h0) && inhalo(h0 - 1));
    const bool ys1 = SIDE && !yhalo && MI && inhalo(h0 - 1);
    const bool ycl = SIDE && CL && (left ? c0 == L : right && c0 + 1 == E);
    const int hc = left ? 0 : E + 1;
    // x items: a warp a row, lane = float4 group
    const int xrow = warp, xg = lane;
    const bool store = x0 + 4 * xg < w && y0 + xrow < h;
    float* zo = out + ((size_t)z0 * h + y0 + xrow) * w + x0 + 4 * xg;
    const int xoff = xrow * SW4 + xg;
    float ring[4][M + ZU - 1];
#pragma unroll
    for (int q = 0; q < 4; q++)
#pragma unroll
        for (int k = 0; k < M + ZU - 1; k++) ring[q][k] = 0.0f;

    // Step s at phase F of its turn; CHECK: the steps near the sweep's ends (else s < steps and s > 2R hold).
    auto step = [&](int s, auto phase, auto check) {
        constexpr int F = decltype(phase)::value;
        constexpr bool CHECK = decltype(check)::value;
        float* slab = slabs + (s % STAGES) * SLABP + PAD * SW;
        const bool have = !CHECK || s < steps;
        if (have) {
            convolab_mbar_wait(bars + s % STAGES, (unsigned)(s / STAGES) & 1u);
            if constexpr (SIDE) {
                if (rwarp) convolab_cp_wait<STAGES - 2>();
            }
        }
        __syncthreads();
        if (tid == 0 && s + STAGES - 1 < steps) issue(s + STAGES - 1);
        if constexpr (SIDE) rowcopy(s + STAGES - 1);
        constexpr int YW = F % YB, XR = (F + ZU - 1) % ZU % YB;   // this step's y buffer; the last step's
        const bool xz = !CHECK || s >= 1;
        if (have && yitem) {                         // y pass of slab s
            float* yb = yrows + YW * TY * SW + yrg * YP * SW;
            float2 a[YP];
            vol_sep3y_ysum<R, YP, SW2>(a, reinterpret_cast<const float2*>(slab) + yoff, cy);
#pragma unroll
            for (int p = 0; p < YP; p++) {
                float* row = yb + p * SW;
                if (!yhalo) *reinterpret_cast<float2*>(row + c0) = a[p];
                if constexpr (SIDE) {                // the halo's columns (see yhalo)
                    if constexpr (CL) {
                        const float n = left ? a[p].x : a[p].y;
                        if (ycl) {
                            *reinterpret_cast<float4*>(row + hc) = make_float4(n, n, n, n);
                            *reinterpret_cast<float4*>(row + hc + 4) = make_float4(n, n, n, n);
                        }
                    } else if constexpr (RF) {
                        if (ys0) *reinterpret_cast<float2*>(row + h0 - 1) = make_float2(a[p].y, a[p].x);
                    } else {
                        if (ys0) row[h0] = a[p].x;
                        if (ys1) row[h0 - 1] = a[p].y;
                    }
                }
            }
        }
        if (xz)                                      // x pass and z pass of slice s-1
            vol_sep3y_xz<R, L, ZU, F>(ring, reinterpret_cast<const float4*>(yrows + XR * TY * SW) + xoff, cx, cz,
                                      !CHECK || s - 1 >= 2 * R, store, zo, slice);
    };
    vol_sep3y_walk<R, ZU, false>(steps, PRO, ring, step);
}

// A block: its barriers, which side it touches, and the sweep that folds it. The launcher's volumes are whole tiles,
// at least two each way, and the policy zero (constant 0), clamp, reflect or mirror; a block finding otherwise traps.
template <int R, int TX, int TY, int STAGES, int YP, int ZU>
__device__ __forceinline__ void vol_sep3w(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                          int zch, int policy, float cval, const ConvolabTensorMap* tmap)
{
    using K = VolSep3W<R, TX, TY, STAGES, YP, vol_sep3w_ybuf(ZU)>;
    constexpr int SW = K::SW, SH = K::SH, SLABP = K::SLABP, PAD = K::PAD;
    extern __shared__ float4 vol_sep3w_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3w_smem);
    slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    float* yrows = slabs + STAGES * SLABP;
    unsigned long long* bars = reinterpret_cast<unsigned long long*>(yrows + vol_sep3w_ybuf(ZU) * TY * SW);
    int* rsrc = reinterpret_cast<int*>(bars + STAGES);
    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const bool fold = policy == CONVOLAB_BORDER_CLAMP || policy == CONVOLAB_BORDER_REFLECT || policy == CONVOLAB_BORDER_MIRROR;
    const bool zero = policy == CONVOLAB_BORDER_CONSTANT && cval == 0.0f;
    if ((!fold && !zero) || w % TX != 0 || h % TY != 0 || w < 2 * TX || h < 2 * TY) __trap();
    const bool left = x0 == 0, right = x0 + TX == w, top = y0 == 0, bottom = y0 + TY == h;
    if (tid == 0) {
        for (int k = 0; k < STAGES; k++) convolab_mbar_init(bars + k, 1);
        convolab_mbar_init_fence();
    }
    if (tid < PAD && (top || bottom)) {              // the moved rows' sources: row offsets in a slice
        const int j = (top ? 0 : SH - PAD) + tid;
        rsrc[tid] = convolab_border_index(y0 - R + j, h, fold ? policy : CONVOLAB_BORDER_CLAMP) * w;
    }
    __syncthreads();
    if (!fold) {
        vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, false, 0>(in, out, w, h, d, z0, z1, policy, tmap, slabs, yrows, bars,
                                                             rsrc, 0, false, false);
        return;
    }
    const int ysh = top ? PAD : bottom ? -PAD : 0;
    if (policy == CONVOLAB_BORDER_MIRROR)
        vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, true, CONVOLAB_BORDER_MIRROR>(in, out, w, h, d, z0, z1, policy, tmap,
                                                                             slabs, yrows, bars, rsrc, ysh, left, right);
    else if (policy == CONVOLAB_BORDER_REFLECT)
        vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, true, CONVOLAB_BORDER_REFLECT>(in, out, w, h, d, z0, z1, policy, tmap,
                                                                              slabs, yrows, bars, rsrc, ysh, left, right);
    else
        vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, true, CONVOLAB_BORDER_CLAMP>(in, out, w, h, d, z0, z1, policy, tmap,
                                                                            slabs, yrows, bars, rsrc, ysh, left, right);
}
