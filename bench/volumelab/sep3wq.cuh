// Round nineteen, call H (lab probe, not the app; written and compiled, NOT yet run: the device time ran out):
// cuda-kernels/volume_sep_w.cuh's sweep (commit 8fa3d08) with FX: bit 0 drops the columns' fold (the yscat/yhalo stores),
// bit 1 the rows' copies (cp.async, commit, wait). Wrong sums at the sides; timing only. Which part of the one fold
// sweep's cost over the plain sweep (488 against 417 us a block)?
#pragma once
#include "volume_sep_w.cuh"
// The sweep of one block down [z0, z1). SIDE: under the folding policy PK, with the columns' fold (left, right) and
// the rows' (ysh +PAD or -PAD at the top or bottom: where the tensor copy lands, 0 elsewhere; rsrc: the 8 moved rows'
// source offsets in a slice); else the plain sweep (zero ghost cells).
template <int R, int TX, int TY, int STAGES, int YP, int ZU, bool SIDE, int PK, int FX>
__device__ __noinline__ void vol_sep3wq_sweep(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
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
        convolab_tma_load_3d(slab + (SIDE ? ysh * SW : 0), tmap, bars + p % STAGES, x0 - L, y0 - R + (SIDE ? ysh : 0), sz);
    };
    // Rows (ysh != 0): thread RT0 + t brings float4 group t % SW4 of moved row t / SW4 (groups outside the volume's
    // columns are left unwritten: their y sums are never stored, see yscat). These threads, the last PAD * SW4 (whole
    // warps with no y item), commit a group a step (empty or not) and wait for all but the newest STAGES - 2, so slab
    // s's rows are in when step s starts; the other threads run no cp.async code.
    constexpr int RT0 = K::T - PAD * SW4;
    static_assert(RT0 % 32 == 0 && RT0 >= 32 * (K::RG + 1), "the moved rows' threads: whole warps after the y items");
    const bool rwarp = SIDE && (FX & 2) == 0 && ysh != 0 && tid >= RT0;   // warp-uniform
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
    const bool yhalo = SIDE && (FX & 1) == 0 && hwarp && ((left && hg < 2) || (right && hg >= 2));
    constexpr bool CL = PK == CONVOLAB_BORDER_CLAMP;
    const bool yscat = SIDE && (FX & 1) == 0 && !hwarp && (CL ? (left && lane == 0) || (right && lane == 31)
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
        const int par = F & 1;
        const bool xz = !CHECK || s >= 1;
        if (have && yitem) {                         // y pass of slab s
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
}

// A block: its barriers, which side it touches, and the sweep that folds it. The launcher's volumes are whole tiles,
// at least two each way, and the policy zero (constant 0), clamp, reflect or mirror; a block finding otherwise traps.
template <int R, int TX, int TY, int STAGES, int YP, int ZU, int FX>
__device__ __forceinline__ void vol_sep3wq(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                          int zch, int policy, float cval, const ConvolabTensorMap* tmap)
{
    using K = VolSep3W<R, TX, TY, STAGES, YP>;
    constexpr int SW = K::SW, SH = K::SH, SLABP = K::SLABP, PAD = K::PAD;
    extern __shared__ float4 vol_sep3wq_smem[];
    float* slabs = reinterpret_cast<float*>(vol_sep3wq_smem);
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
    if (!fold) {
        vol_sep3wq_sweep<R, TX, TY, STAGES, YP, ZU, false, 0, FX>(in, out, w, h, d, z0, z1, policy, tmap, slabs, yrows, bars,
                                                             rsrc, 0, false, false);
        return;
    }
    const int ysh = top ? PAD : bottom ? -PAD : 0;
    if (policy == CONVOLAB_BORDER_MIRROR)
        vol_sep3wq_sweep<R, TX, TY, STAGES, YP, ZU, true, CONVOLAB_BORDER_MIRROR, FX>(in, out, w, h, d, z0, z1, policy, tmap,
                                                                             slabs, yrows, bars, rsrc, ysh, left, right);
    else if (policy == CONVOLAB_BORDER_REFLECT)
        vol_sep3wq_sweep<R, TX, TY, STAGES, YP, ZU, true, CONVOLAB_BORDER_REFLECT, FX>(in, out, w, h, d, z0, z1, policy, tmap,
                                                                              slabs, yrows, bars, rsrc, ysh, left, right);
    else
        vol_sep3wq_sweep<R, TX, TY, STAGES, YP, ZU, true, CONVOLAB_BORDER_CLAMP, FX>(in, out, w, h, d, z0, z1, policy, tmap,
                                                                            slabs, yrows, bars, rsrc, ysh, left, right);
}
