// Issue 25, round twelve, call K: would halo rows shared inside a thread-block cluster take the sweep's loads under
// 1.3x at r 7? Call C timed the copy alone (sep3tc2.cuh's COPY: the slab loads, barriers and stores, no arithmetic):
// 1.50-1.56x the floor at r 7 with 64x16 tiles, 1.37x with 128x16. Here the same copy, but the blocks of a cluster of
// C along y load only their own rows from L2 (the cluster's top and bottom blocks also the R rows beyond it) and take
// their halo rows from their neighbours' slabs through distributed shared memory, one cluster barrier a step.
// The output is in(x, y-R, z) + in(x, y+R, z) (mirror in y), so the check sees both exchanged halos.
// Build here (x86-64, nvcc 13) and run on the GPU host:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab bench/volumelab/sep3c.cu -o sep3c
//   ./sep3c check    every cluster size against the host's sums (mirror, several sizes, chunks 8 and 96)
//   ./sep3c time     512^3 float: every cluster size and slab count at several z chunks, twice
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <cooperative_groups.h>
#include <cuda_pipeline.h>
#include "volume.cu"
#include "sep3ref.h"
#include "../fastlab/labtime.cuh"
#include "sep3host.cuh"
#include "sep3tc.cuh"

namespace cg = cooperative_groups;

template <int R, int TX, int TY, int C, int STAGES>
struct CopyShape {
    static constexpr int L = (R + 3) / 4 * 4, SW = TX + 2 * L, SH = TY + 2 * R;
    static constexpr int T = 32 * (TX / 16) * (TY / 8);
    static constexpr int SWP = vol_tc_swp(SW);
    static constexpr int SMEM = 4 * (STAGES * SH * SWP + SW);
};

// R: halo; TX x TY tile (8 warps, 4 outputs a thread as sep3tc2's y pass holds them); C: blocks a cluster along y.
template <int R, int TX, int TY, int C, int STAGES>
__device__ __forceinline__ void vol_copy_cluster(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                                                 int d, int zch)
{
    using S = CopyShape<R, TX, TY, C, STAGES>;
    constexpr int L = S::L, SW = S::SW, SH = S::SH, SWP = S::SWP, Q4 = SW / 4;
    constexpr int T = 32 * (TX / 16) * (TY / 8), SLAB = SH * SWP, YN = TY / 8;
    extern __shared__ float4 vol_copy_smem[];
    float* slabs = reinterpret_cast<float*>(vol_copy_smem);
    int* xsrc = reinterpret_cast<int*>(slabs + STAGES * SLAB);
    const int policy = CONVOLAB_BORDER_MIRROR;
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, g = lane >> 2, t4 = lane & 3;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const size_t slice = (size_t)w * h;
    cg::cluster_group cluster = cg::this_cluster();
    const int rank = C == 1 ? 0 : (int)cluster.block_rank();
    // Rows this block loads itself: its own, and the halo beyond the cluster at the cluster's ends.
    const int rb = rank == 0 ? 0 : R, re = rank == C - 1 ? SH : R + TY;
    for (int i = tid; i < SW; i += T) xsrc[i] = convolab_border_index(x0 - L + i, w, policy);
    __syncthreads();
    const float* up = nullptr;                       // the neighbours' slabs (rank - 1, rank + 1)
    const float* dn = nullptr;
    if (C > 1) {
        if (rank > 0) up = cluster.map_shared_rank(slabs, rank - 1);
        if (rank < C - 1) dn = cluster.map_shared_rank(slabs, rank + 1);
    }
    const int steps = (z1 - z0) + 2 * R;
    // The chunks this thread copies (as sep3tc2's loader): made once; a negative source: a chunk not one float4 inside
    // along x, copied a float at a time through xsrc.
    constexpr int CH = (SH * Q4 + T - 1) / T;
    unsigned dst[CH];
    int src[CH], scol[CH];
#pragma unroll
    for (int c = 0; c < CH; c++) {
        const int e = tid + c * T;
        const int row = rb + e / Q4, col = e % Q4 * 4;
        const int sy = convolab_border_index(y0 - R + row, h, policy);
        const int gx = x0 - L + col;
        dst[c] = (unsigned)__cvta_generic_to_shared(slabs + (e < (re - rb) * Q4 ? row * SWP + col : 0));
        src[c] = ((w & 3) == 0 && gx >= 0 && gx + 3 < w) ? sy * w + gx : -1 - sy * w;
        scol[c] = col;
    }
    auto load = [&](int p) {
        const unsigned so = (p % STAGES) * (SLAB * 4);
        const int sz = convolab_border_index(z0 - R + p, d, policy);
        const float* base = in + (size_t)sz * slice;
#pragma unroll
        for (int c = 0; c < CH; c++) {
            if (tid + c * T >= (re - rb) * Q4) continue;
            if (src[c] >= 0) {
                vol_tc_cp16(dst[c] + so, base + src[c]);
            } else {
#pragma unroll
                for (int q = 0; q < 4; q++) vol_tc_cp4(dst[c] + so + 4 * q, base + (-1 - src[c]) + xsrc[scol[c] + q]);
            }
        }
        __pipeline_commit();
    };
    // The halo floats4 this thread takes from a neighbour each step: my slab offset and the neighbour's (-1: none).
    constexpr int XC = (2 * R * Q4 + T - 1) / T;
    int xmine[XC], xtheirs[XC];
    bool xup[XC];
#pragma unroll
    for (int c = 0; c < XC; c++) {
        const int e = tid + c * T;
        const bool top = e < R * Q4;
        const int k = top ? e : e - R * Q4, row = k / Q4, col = k % Q4 * 4;
        xup[c] = top;
        const bool has = e < 2 * R * Q4 && (top ? rank > 0 : rank < C - 1);
        xmine[c] = has ? (top ? row : R + TY + row) * SWP + col : -1;
        xtheirs[c] = top ? (TY + row) * SWP + col : (R + row) * SWP + col;
    }
#pragma unroll
    for (int p = 0; p < STAGES - 1; p++) {
        if (p < steps) load(p);
        else __pipeline_commit();
    }
    const int ym = warp / YN, yj = warp % YN;
    const int lx = 16 * ym + g, ly = 8 * yj + 2 * t4;          // the thread's outputs (lx | lx+8, ly | ly+1)
    const int ox = x0 + lx, oy = y0 + ly;
    const bool vx0 = ox < w, vx1 = ox + 8 < w, vy0 = oy < h, vy1 = oy + 1 < h;
#pragma unroll 1
    for (int s = 0; s < steps; s++) {
        __pipeline_wait_prior(STAGES - 2);
        if (C > 1) cluster.sync();                   // every block's rows of slab s in; step s-1's reads done
        else __syncthreads();
        const int sn = s + STAGES - 1;
        if (sn < steps) load(sn);
        else __pipeline_commit();
        float* slab = slabs + (s % STAGES) * SLAB;
        if (C > 1) {                                 // halo rows from the neighbours' slab s
            const int off = (s % STAGES) * SLAB;
#pragma unroll
            for (int c = 0; c < XC; c++)
                if (xmine[c] >= 0)
                    *reinterpret_cast<float4*>(slab + xmine[c]) =
                        *reinterpret_cast<const float4*>((xup[c] ? up : dn) + off + xtheirs[c]);
            __syncthreads();
        }
        const int zo = z0 - R + s;                   // this slab's slice, emitted as that output slice
        if (zo >= z0 && zo < z1 && vy0) {
            const float* c = slab + ly * SWP + L + lx;   // row ly is y - R, row ly + 2R is y + R
            float* o = out + ((size_t)zo * h + oy) * w + ox;
            if (vx0) __stcs(o, c[0] + c[2 * R * SWP]);
            if (vx1) __stcs(o + 8, c[8] + c[2 * R * SWP + 8]);
            if (vy1 && vx0) __stcs(o + w, c[SWP] + c[(2 * R + 1) * SWP]);
            if (vy1 && vx1) __stcs(o + w + 8, c[SWP + 8] + c[(2 * R + 1) * SWP + 8]);
        }
    }
    if (C > 1) cluster.sync();                       // no block leaves while a neighbour may read its slabs
}


typedef void (*CFn)(const float*, float*, int, int, int, int);
#define CK_(R, TX, TY, C, ST)                                                                                      \
    __global__ void __cluster_dims__(1, C, 1) __launch_bounds__(CopyShape<R, TX, TY, C, ST>::T)                     \
        cp_##R##_##TX##_##TY##_##C##_##ST(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, \
                                          int zch)                                                                 \
    {                                                                                                              \
        vol_copy_cluster<R, TX, TY, C, ST>(in, out, w, h, d, zch);                                                 \
    }
// The same kernel launched without a cluster attribute (C = 1): is a cluster launch of one block slower by itself?
#define PK_(R, TX, TY, ST)                                                                                         \
    __global__ void __launch_bounds__(CopyShape<R, TX, TY, 1, ST>::T)                                               \
        pl_##R##_##TX##_##TY##_##ST(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch) \
    {                                                                                                              \
        vol_copy_cluster<R, TX, TY, 1, ST>(in, out, w, h, d, zch);                                                 \
    }
#define PROW(R, TX, TY, ST)                                                                                        \
    {R, 1, CopyShape<R, TX, TY, 1, ST>::T, TX, TY, "copy r" #R " tx" #TX " ty" #TY " no cluster attribute st" #ST,    \
     CopyShape<R, TX, TY, 1, ST>::SMEM, pl_##R##_##TX##_##TY##_##ST},
#define PLIST(X) X(7, 64, 16, 4) X(7, 64, 16, 8) X(1, 64, 16, 4) X(7, 64, 32, 4)
#define CROW(R, TX, TY, C, ST)                                                                                     \
    {R, C, CopyShape<R, TX, TY, C, ST>::T, TX, TY, "copy r" #R " tx" #TX " ty" #TY " cluster" #C " st" #ST,          \
     CopyShape<R, TX, TY, C, ST>::SMEM, cp_##R##_##TX##_##TY##_##C##_##ST},
#define CLIST(X)                                                                                                   \
    X(7, 64, 16, 1, 4) X(7, 64, 16, 2, 4) X(7, 64, 16, 4, 4) X(7, 64, 16, 8, 4) X(7, 64, 16, 1, 8) X(7, 64, 16, 2, 8) \
    X(7, 64, 16, 4, 6) X(1, 64, 16, 1, 4) X(7, 64, 32, 1, 4) X(7, 64, 32, 2, 4) X(7, 64, 32, 4, 4)
CLIST(CK_)
PLIST(PK_)
struct Shape { int r, c, t, tx, ty; const char* name; int smem; CFn fn; };
static const Shape SHAPES[] = {CLIST(CROW) PLIST(PROW)};

// SEP3C_SMEM (bytes, at least the shape's): dynamic shared memory a block asks for, to set the blocks an SM.
static int smem_of(const Shape& s) {
    static const int pad = getenv("SEP3C_SMEM") ? atoi(getenv("SEP3C_SMEM")) : 0;   // read once: launches use it
    return std::max(s.smem, pad);
}

static void launch(const Shape& s, const float* in, float* out, int w, int h, int d, int zch) {
    const int gy = (h + s.ty - 1) / s.ty;
    dim3 grid((w + s.tx - 1) / s.tx, (gy + s.c - 1) / s.c * s.c, (d + zch - 1) / zch);
    s.fn<<<grid, s.t, smem_of(s)>>>(in, out, w, h, d, zch);
}

static int check() {
    for (const Shape& s : SHAPES) CK(cudaFuncSetAttribute(s.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_of(s)));
    const int vols[][3] = {{64, 64, 20}, {128, 130, 17}, {68, 37, 9}, {512, 96, 12}};
    int bad = 0, cases = 0;
    unsigned seed = 3;
    for (auto& v : vols) {
        const int w = v[0], h = v[1], d = v[2];
        LabVolume vol(w, h, d, seed);
        for (const Shape& s : SHAPES) {
            std::vector<double> want(vol.n);
            for (int z = 0; z < d; z++)
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++) {
                        const int a = convolab_border_index(y - s.r, h, CONVOLAB_BORDER_MIRROR);
                        const int b = convolab_border_index(y + s.r, h, CONVOLAB_BORDER_MIRROR);
                        const size_t k = (size_t)z * w * h;
                        want[k + (size_t)y * w + x] = (double)(vol.host[k + (size_t)a * w + x] + vol.host[k + (size_t)b * w + x]);
                    }
            for (int zch : {8, 96}) {
                char what[160];
                snprintf(what, sizeof what, "%s zch %d", s.name, zch);
                check_case(vol, [&] { launch(s, vol.in, vol.out, w, h, d, zch); }, want, 0.0, what, cases, bad);
            }
        }
    }
    printf("check: %d cases, %d bad\n", cases, bad);
    return bad != 0;
}

static void time_all(int size) {
    unsigned seed = 1;
    LabVolume vol(size, size, size, seed, false);
    const double floor_ms = lab_floor(vol);
    for (const Shape& s : SHAPES) CK(cudaFuncSetAttribute(s.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_of(s)));
    for (int round = 0; round < 2; round++)
        for (const Shape& s : SHAPES)
            for (int zch : env_list("SEP3_ZCH", {64, 96, 128, 171})) {
                const float ms = timeit([&] { launch(s, vol.in, vol.out, size, size, size, zch); });
                int nb = 0;
                CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, s.fn, s.t, smem_of(s)));
                printf("%-36s zch %3d  %.4f ms  %.2fx floor  (%d blocks an SM)\n", s.name, zch, ms, ms / floor_ms, nb);
                fflush(stdout);
            }
}

int main(int argc, char** argv) { return sep3_main(argc, argv, check, time_all); }
