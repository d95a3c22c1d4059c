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
// Blocks with no side (and all blocks under zero ghost cells, which the tensor copy's out-of-box zeros give) run a
// sweep compiled without either. The x items lie a warp a row, so their row reads meet no bank conflict.
// The steps are those of volume_sep_y.cuh: slab s lands (tensor copy, STAGES - 1 ahead); the y pass of slab s into
// yrows[s % 2]; the x pass of slice s - 1 from yrows[(s - 1) % 2] into the z ring in registers; the z sums stored.
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

/** The wide sweep's shape: a slab with PAD rows of room either side, and its dynamic shared memory. */
template <int R, int TX, int TY, int STAGES, int YP>
struct VolSep3W {
    using G = VolSep3Y<R, TX, TY, STAGES, YP>;
    static constexpr int L = G::L, SW = G::SW, SW4 = G::SW4, SH = G::SH, M = G::M, T = G::T, PAD = 8;
    static constexpr int SLABP = ((SH + 2 * PAD) * SW + 31) / 32 * 32;
    static constexpr int RG = TY / YP;              // row groups of the y pass's inner items (a warp each)
    /** Dynamic shared memory: the slabs, two y-pass buffers, a barrier a slab, the 8 mirrored rows' offsets, and
     *  128 bytes to align the slabs. */
    static constexpr int SMEM = 4 * (STAGES * SLABP + 2 * TY * SW) + 8 * STAGES + 4 * PAD + 128;
    static_assert(L == 8 && R <= PAD, "the halo: two column groups a side, at most 8 moved rows");
    static_assert(TX / 4 == 32, "x items: one warp a row");
    static_assert(SW4 - 4 == 32 && TY % YP == 0, "y items: a warp a row group of the 32 inner column groups");
    static_assert(PAD * SW * 4 % 128 == 0, "VolSep3W shape");
};

// The sweep of one block down [z0, z1). SIDE: a block at a side under the folding policy PK; ROWS: at the top or
// bottom (ysh +PAD or -PAD: where the tensor copy lands; rsrc: the 8 moved rows' source offsets in a slice).
#ifdef CONVOLAB_LAB_LOCK
// Lab only (round nineteen's probe): blocks held in step with each other, LOCK steps apart, at most SLACK - 1
// checkpoints ahead: arrivals at the checkpoints, and the blocks done (the last one resets both).
__device__ unsigned vol_sep3w_lock[2];
#endif

// The y items: the inner column groups YP rows an item (warps 0..TY/YP-1, a lane a group), and the 4 halo groups
// (0, 1, SW4-2, SW4-1) YPH rows an item, spread over HW warps after them (HW 4: one a scheduler).
template <int R, int TX, int TY, int STAGES, int YP, int ZU, bool SIDE, bool ROWS, int PK, int YPH = YP, int HW = 1,
          int LOCK = 0, int SLACK = 1>
__device__ __noinline__ void vol_sep3w_sweep(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                                int z0, int z1, int policy, const ConvolabTensorMap* tmap, float* slabs,
                                                float* yrows, unsigned long long* bars, const int* rsrc, int ysh,
                                                bool left, bool right)
{
    using K = VolSep3W<R, TX, TY, STAGES, YP>;
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
        convolab_tma_load_3d(slab + (ROWS ? ysh * SW : 0), tmap, bars + p % STAGES, x0 - L, y0 - R + (ROWS ? ysh : 0), sz);
    };
    // ROWS: thread t < PAD * SW4 brings float4 group t % SW4 of moved row t / SW4 (groups outside the volume's columns
    // are left unwritten: their y sums are never stored, see yscat). Every thread commits a group a step (empty or not) and
    // waits for all but the newest STAGES - 2, so slab s's rows are in when step s starts.
    // (the last PAD * SW4 threads: whole warps with no y item where the y items take five warps, YP 4)
    constexpr int RT0 = K::T - PAD * SW4;
    static_assert(RT0 >= 0 && RT0 % 32 == 0, "the moved rows' threads: whole warps");
    const bool rwarp = ROWS && ysh != 0 && tid >= RT0;   // warp-uniform: only these threads copy, commit and wait
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
    if constexpr (ROWS) {
        for (int p = 0; p < STAGES - 1; p++) rowcopy(p);
    }

    // y items: warp k < RG the inner column groups 2..SW4-3 of row group k (YP rows); halo item i (lane l of warp
    // RG + j, l < HL) the halo group i % 4 (groups 0, 1, SW4-2, SW4-1) of halo row group i / 4 (YPH rows)
    constexpr int HN = 4 * (TY / YPH), HL = HN / HW;  // halo items, and a halo warp's
    static_assert(TY % YPH == 0 && HN % HW == 0 && HL <= 32 && (K::RG + HW) * 32 <= K::T, "the wide sweep's y items");
    const bool hwarp = warp >= K::RG && warp < K::RG + HW;
    const bool yitem = warp < K::RG || (hwarp && lane < HL);
    const int hi = (warp - K::RG) * HL + lane;
    const int hg = hi % 4;
    const int yrg = hwarp ? hi / 4 : warp;
    const int ycg = hwarp ? (hg < 2 ? hg : SW4 - 4 + hg) : 2 + lane;
    const int yoff = yrg * (hwarp ? YPH : YP) * SW4 + ycg;   // the y item's first float4, in a slab and in yrows
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
            if constexpr (ROWS) {
                if (rwarp) convolab_cp_wait<STAGES - 2>();
            }
        }
#ifdef CONVOLAB_LAB_LOCK
        if constexpr (LOCK > 0 && F == 0) {
            const unsigned nblk = gridDim.x * gridDim.y * gridDim.z;
            if (nblk <= 128 && gridDim.z == 1 && tid == 0 && s % LOCK == 0) {
                const unsigned k = s / LOCK;
                atomicAdd(&vol_sep3w_lock[0], 1u);
                if (k + 1 >= SLACK) {
                    const unsigned need = nblk * (k + 2 - SLACK);
                    while (*(volatile unsigned*)&vol_sep3w_lock[0] < need) __nanosleep(40);
                }
            }
        }
#endif
        __syncthreads();
        if (tid == 0 && s + STAGES - 1 < steps) issue(s + STAGES - 1);
        if constexpr (ROWS) rowcopy(s + STAGES - 1);
        const int par = F & 1;
        const bool xz = !CHECK || s >= 1;
        if constexpr (YPH != YP) {                   // the halo items' y pass, YPH rows (their own code: the warps differ)
            if (have && hwarp && lane < HL && !yhalo) {
                float4* dst = reinterpret_cast<float4*>(yrows + par * TY * SW) + yoff;
                float4 a[YPH];
                vol_sep3y_ysum<R, YPH, SW4>(a, reinterpret_cast<const float4*>(slab) + yoff, cy);
#pragma unroll
                for (int p = 0; p < YPH; p++) dst[p * SW4] = a[p];
            }
        }
        if (have && (YPH != YP ? warp < K::RG : yitem)) {   // y pass of slab s
            float4* dst = reinterpret_cast<float4*>(yrows + par * TY * SW) + yoff;
            float4 a[YP];
            vol_sep3y_ysum<R, YP, SW4>(a, reinterpret_cast<const float4*>(slab) + yoff, cy);
#pragma unroll
            for (int p = 0; p < YP; p++) {
                if (!yhalo) dst[p * SW4] = a[p];
                if constexpr (SIDE) {                // the halo's columns (see yscat)
                    float4* eb = reinterpret_cast<float4*>(yrows + par * TY * SW) + soff + p * SW4;
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
            vol_sep3y_xz<R, L, ZU, F>(ring, reinterpret_cast<const float4*>(yrows + (1 - par) * TY * SW) + xoff, cx, cz,
                                      !CHECK || s - 1 >= 2 * R, store, zo, slice);
    };
    vol_sep3y_walk<R, ZU, false>(steps, PRO, ring, step);
#ifdef CONVOLAB_LAB_LOCK
    if constexpr (LOCK > 0) {
        const unsigned nblk = gridDim.x * gridDim.y * gridDim.z;
        if (nblk <= 128 && gridDim.z == 1 && tid == 0 && atomicAdd(&vol_sep3w_lock[1], 1u) == nblk - 1) {
            vol_sep3w_lock[0] = 0;
            vol_sep3w_lock[1] = 0;
        }
    }
#endif
}

template <int R, int TX, int TY, int STAGES, int YP, int ZU, int PK, int YPH, int HW, int LOCK, int SLACK>
__device__ __forceinline__ void vol_sep3w_side(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                               int z0, int z1, int policy, const ConvolabTensorMap* tmap, float* slabs,
                                               float* yrows, unsigned long long* bars, const int* rsrc, int ysh,
                                               bool left, bool right)
{
    if (ysh != 0)
        vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, true, true, PK, YPH, HW, LOCK, SLACK>(in, out, w, h, d, z0, z1, policy, tmap, slabs, yrows,
                                                                   bars, rsrc, ysh, left, right);
    else
        vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, true, false, PK, YPH, HW, LOCK, SLACK>(in, out, w, h, d, z0, z1, policy, tmap, slabs, yrows,
                                                                    bars, rsrc, 0, left, right);
}

// A block: its barriers, which side it touches, and the sweep that folds it. The launcher's volumes are whole tiles,
// at least two each way, and the policy zero (constant 0), clamp, reflect or mirror; a block finding otherwise traps.
template <int R, int TX, int TY, int STAGES, int YP, int ZU, int YPH = YP, int HW = 1, int LOCK = 0, int SLACK = 1,
          int PROBE = 0>
__device__ __forceinline__ void vol_sep3w(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                          int zch, int policy, float cval, const ConvolabTensorMap* tmap)
{
    using K = VolSep3W<R, TX, TY, STAGES, YP>;
    constexpr int SW = K::SW, SH = K::SH, SLABP = K::SLABP, PAD = K::PAD;
    extern __shared__ float4 vol_sep3w_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3w_smem);
    slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    float* yrows = slabs + STAGES * SLABP;
    unsigned long long* bars = reinterpret_cast<unsigned long long*>(yrows + 2 * TY * SW);
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
    if constexpr (PROBE == 1) {                      // lab: the side blocks under zero run a copy of the plain sweep
        if (!fold && (left || right)) {
            vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, false, false, 0, YPH, HW, LOCK, SLACK + 1>(in, out, w, h, d, z0, z1,
                policy, tmap, slabs, yrows, bars, rsrc, 0, false, false);
            return;
        }
    }
    if constexpr (PROBE == 2 || PROBE == 3) {        // lab: every block under a fold runs one side sweep (2: with rows)
        if (fold && (PROBE == 2 || !(top || bottom))) {
            constexpr bool RW = PROBE == 2;
            const int ysh = top ? PAD : bottom ? -PAD : 0;
            if (policy == CONVOLAB_BORDER_MIRROR)
                vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, true, RW, CONVOLAB_BORDER_MIRROR, YPH, HW, LOCK, SLACK>(in, out, w,
                    h, d, z0, z1, policy, tmap, slabs, yrows, bars, rsrc, ysh, left, right);
            else if (policy == CONVOLAB_BORDER_REFLECT)
                vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, true, RW, CONVOLAB_BORDER_REFLECT, YPH, HW, LOCK, SLACK>(in, out,
                    w, h, d, z0, z1, policy, tmap, slabs, yrows, bars, rsrc, ysh, left, right);
            else
                vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, true, RW, CONVOLAB_BORDER_CLAMP, YPH, HW, LOCK, SLACK>(in, out, w,
                    h, d, z0, z1, policy, tmap, slabs, yrows, bars, rsrc, ysh, left, right);
            return;
        }
    }
    if (!fold || !(left || right || top || bottom)) {
        vol_sep3w_sweep<R, TX, TY, STAGES, YP, ZU, false, false, 0, YPH, HW, LOCK, SLACK>(in, out, w, h, d, z0, z1, policy, tmap, slabs, yrows,
                                                                    bars, rsrc, 0, false, false);
        return;
    }
    const int ysh = top ? PAD : bottom ? -PAD : 0;
    if (policy == CONVOLAB_BORDER_MIRROR)
        vol_sep3w_side<R, TX, TY, STAGES, YP, ZU, CONVOLAB_BORDER_MIRROR, YPH, HW, LOCK, SLACK>(in, out, w, h, d, z0, z1, policy, tmap, slabs,
                                                                         yrows, bars, rsrc, ysh, left, right);
    else if (policy == CONVOLAB_BORDER_REFLECT)
        vol_sep3w_side<R, TX, TY, STAGES, YP, ZU, CONVOLAB_BORDER_REFLECT, YPH, HW, LOCK, SLACK>(in, out, w, h, d, z0, z1, policy, tmap, slabs,
                                                                          yrows, bars, rsrc, ysh, left, right);
    else
        vol_sep3w_side<R, TX, TY, STAGES, YP, ZU, CONVOLAB_BORDER_CLAMP, YPH, HW, LOCK, SLACK>(in, out, w, h, d, z0, z1, policy, tmap, slabs,
                                                                        yrows, bars, rsrc, ysh, left, right);
}
