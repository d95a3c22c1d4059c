// =====================================================================================
// The wide sweep (convolab_vol_sep3w_rN, sm_90 and up): rank-1 cubes of radius 6 and 7 on volumes of whole
// 128 x 16 tiles, at least two each way, under zero, clamp, reflect or mirror ghost cells. It is the y-first sweep of
// volume_sep_y.cuh on a tile twice as wide, whose blocks at the volume's sides make their ghost cells without copying
// cells in shared memory each step (round sixteen found those copies set the sweep's time: the side blocks lag, and
// every block waits on them):
//   - rows (a block at the top or bottom): the slab's tensor copy lands 8 rows away from the side (each slab has 8
//     rows of room before and after it), and the 8 rows it leaves come by 16-byte cp.async from the rows they mirror
//     (a list of 8 row offsets made once). The tensor copy never writes those rows, so no proxy fence is needed;
//   - columns (a block at the left or right): the y items of the two column groups next to the side also store their
//     sums where the halo columns mirror them (four floats each; under clamp, the side column's sum into all 8), and
//     the halo items there store nothing. The x pass then reads the y pass's rows with their ghost cells in place.
//     Every warp runs the same instructions: round seventeen's call B found a sweep whose halo warp took its own path
//     through the y pass 36% slower at the sides (the step's code no longer shared by the warps), and call L's
//     selects in the x pass cost every thread 24 instructions a step.
// Under a fold EVERY block runs the one sweep compiled with both (a block with no side stores no halo and copies no
// row): round nineteen's call D found that the instruction caches set the pace, and they are shared between SMs, so
// two sweeps in one grid slow every block (the same plain sweep in a second function, run by the left and right
// blocks under zero, took YP 4 from 0.42 to 0.56 ms). Under zero ghost cells (the tensor copy's out-of-box zeros)
// every block runs a sweep compiled without folds. y items: the 32 inner column groups YP = 4 rows an item (four
// warps, 18 shared loads for 4 rows where YP 2 took 16 for 2: the y pass's shared-memory traffic falls by 40%), the 4
// halo groups in a fifth warp; the moved rows are copied by the last nine warps, which have no y item. The x items lie
// a warp a row, so their row reads meet no bank conflict.
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
    static constexpr int RG = TY / YP;              // row groups of the y pass's inner items (a warp each)
    /** Dynamic shared memory: the slabs, YB y-pass buffers, a barrier a slab, the 8 mirrored rows' offsets, and
     *  128 bytes to align the slabs. */
    static constexpr int SMEM = 4 * (STAGES * SLABP + YB * TY * SW) + 8 * STAGES + 4 * PAD + 128;
    static_assert(L == 8 && R <= PAD, "the halo: two column groups a side, at most 8 moved rows");
    static_assert(TX / 4 == 32, "x items: one warp a row");
    static_assert(SW4 - 4 == 32 && TY % YP == 0, "y items: a warp a row group of the 32 inner column groups");
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
    // columns are left unwritten: their y sums are never stored, see yscat). These threads, the last PAD * SW4 (whole
    // warps with no y item), commit a group a step (empty or not) and wait for all but the newest STAGES - 2, so slab
    // s's rows are in when step s starts; the other threads run no cp.async code.
    constexpr int RT0 = K::T - PAD * SW4;
    static_assert(RT0 % 32 == 0 && RT0 >= 32 * (K::RG + 1), "the moved rows' threads: whole warps after the y items");
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

    // y items: warp k < RG the inner column groups 2..SW4-3 of row group k; warp RG (the halo warp) lane l < 4 RG the
    // halo group l % 4 (groups 0, 1, SW4-2, SW4-1) of row group l / 4; YP rows an item
    const bool hwarp = warp == K::RG;
    const bool yitem = warp < K::RG || (hwarp && lane < 4 * K::RG);
    const int hg = lane % 4;
    const int yrg = hwarp ? lane / 4 : warp;
    const int ycg = hwarp ? (hg < 2 ? hg : SW4 - 4 + hg) : 2 + lane;
    const int yoff = yrg * YP * SW4 + ycg;          // the y item's first float4, in a slab and in yrows
    // SIDE: the halo warp's items at the block's side store nothing (their slab columns are the copy's zeros or, in
    // the moved rows, unwritten); the two
    // items next to the side (lanes 0 and 1, or 30 and 31, of the other y warps) also store the halo's two groups:
    //   reflect: lane 0 (columns L..L+3) stores its sums reversed in group 1, lane 1 (L+4..L+7) in group 0; on the
    //     right lane 31 (the last 4 columns) in group SW4-2, lane 30 in group SW4-1;
    //   mirror: the same lanes store each float where its column's mirror lies (4 scalar stores: a shuffle to make
    //     float4s was slower, round seventeen's call D);
    //   clamp: lane 0 (or 31) stores the side column's sum (its x, or w) in both groups.
    const bool yhalo = SIDE && hwarp && ((left && hg < 2) || (right && hg >= 2));
    constexpr bool CL = PK == CONVOLAB_BORDER_CLAMP;
    const bool yscat = SIDE && !hwarp && (CL ? (left && lane == 0) || (right && lane == 31)
                                             : (left && lane < 2) || (right && lane >= 30));
    const int soff = yrg * YP * SW4 + (CL ? (left ? 0 : SW4 - 2) : left ? 1 - lane : SW4 - 2 + (31 - lane));
    // mirror: float k of column c lands on halo column 2L - c (left) or 2 (SW - L - 1) - c (right), at hoff - k from
    // the lane's own group (every target is a halo column or, once, the float's own column)
    const int hoff = (left ? 2 * L : 2 * (SW - L - 1)) - 8 * ycg;
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
            float4* dst = reinterpret_cast<float4*>(yrows + YW * TY * SW) + yoff;
            float4 a[YP];
            vol_sep3y_ysum<R, YP, SW4>(a, reinterpret_cast<const float4*>(slab) + yoff, cy);
#pragma unroll
            for (int p = 0; p < YP; p++) {
                if (!yhalo) dst[p * SW4] = a[p];
                if constexpr (SIDE) {                // the halo's columns (see yscat)
                    float4* eb = reinterpret_cast<float4*>(yrows + YW * TY * SW) + soff + p * SW4;
                    if (PK == CONVOLAB_BORDER_CLAMP) {
                        const float n = left ? a[p].x : a[p].w;
                        if (yscat) { eb[0] = make_float4(n, n, n, n); eb[1] = make_float4(n, n, n, n); }
                    } else if (PK == CONVOLAB_BORDER_REFLECT) {
                        if (yscat) eb[0] = make_float4(a[p].w, a[p].z, a[p].y, a[p].x);
                    } else if (yscat) {                  // mirror: float by float
                        float* hb = reinterpret_cast<float*>(dst + p * SW4) + hoff;
                        hb[0] = a[p].x; hb[-1] = a[p].y; hb[-2] = a[p].z; hb[-3] = a[p].w;
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
