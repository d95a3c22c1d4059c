// Issue 25, round thirteen: can tensor copies multicast inside a thread-block cluster take the r 7 sweep's loads
// under the target? Round twelve timed the sweep's loads alone (cp.async, one barrier a step): 1.56x the floor at r 7
// with 64x16 tiles, 1.37x with 128x16; its cluster probe (sep3c.cu) shared halo rows through distributed shared
// memory with a cluster barrier a step and lost 1.3-2.1x. Here no cluster barrier in the loop:
//   - a slab is three bands of rows: the top 2R rows (band A_k), the middle TY-2R rows (B_k), the bottom 2R rows
//     (A_{k+1}, the next block's top band). Block k of a cluster of C along y copies A_k once, multicast to itself and
//     to block k-1 (whose bottom band it is); B_k to itself; the last block also A_C. So the cluster reads its rows
//     and 2R halo rows from L2 once, not C times its 2R halo rows.
//   - a band lands at the same offset in every block it goes to, so odd blocks keep their top and bottom bands in
//     swapped places (rowoff below).
//   - each slab has a full barrier (its bytes, from whichever block sent them) and an empty barrier: a block may copy
//     into slot j only when it and block k-1 are done with it (k-1 arrives remotely). AH: slabs copied ahead
//     (< ST, so a block may run ST - AH steps ahead of its neighbour).
// The output is in(x-R, y-R, z) + in(x+R, y+R, z), zero outside (the copies' fill), so the check sees both halos.
// C = 1 is the plain tensor-copy sweep: one box a slab, one barrier a step.
// Build here (x86-64, nvcc 13) and run on the GPU host:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab bench/volumelab/sep3mc.cu -o sep3mc
//   ./sep3mc check    every shape against the host's sums (several sizes, chunks 8 and 96)
//   ./sep3mc time     512^3 float: every shape at several z chunks, twice, and the app's r 7 kernel (Gaussian, mirror)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <cooperative_groups.h>
#include "volume.cu"
#include "sep3ref.h"
#include "../fastlab/labtime.cuh"
#include "sep3host.cuh"
#include "sep3tmap.cuh"

namespace cg = cooperative_groups;

// Multicast copy of a 3D box into the same shared offset (and barrier offset) of every block in mask.
__device__ __forceinline__ void mc_tma_load(void* dst, const ConvolabTensorMap* map, unsigned long long* bar, int x, int y,
                                            int z, unsigned short mask)
{
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"
                 " [%0], [%1, {%3, %4, %5}], [%2], %6;" ::"r"(convolab_smem(dst)),
                 "l"(reinterpret_cast<unsigned long long>(map)), "r"(convolab_smem(bar)), "r"(x), "r"(y), "r"(z), "h"(mask)
                 : "memory");
}

// Arrive (count 1, release at cluster scope) on the barrier at the same offset in block `cta` of the cluster.
__device__ __forceinline__ void mc_arrive_remote(unsigned long long* bar, unsigned cta)
{
    asm volatile("{\n\t.reg .b32 ra;\n\tmapa.shared::cluster.u32 ra, %0, %1;\n\t"
                 "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [ra];\n\t}" ::"r"(convolab_smem(bar)),
                 "r"(cta)
                 : "memory");
}

__device__ __forceinline__ void mc_arrive_local(unsigned long long* bar)
{
    asm volatile("mbarrier.arrive.release.cluster.shared::cta.b64 _, [%0];" ::"r"(convolab_smem(bar)) : "memory");
}

// Waits (acquire at cluster scope) for the phase of the given parity of a local barrier.
__device__ __forceinline__ void mc_wait_cluster(unsigned long long* bar, unsigned parity)
{
    unsigned ok = 0;
    do {
        asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(ok)
                     : "r"(convolab_smem(bar)), "r"(parity)
                     : "memory");
    } while (!ok);
}

template <int R, int TX, int TY, int C, int ST, int AH>
struct McShape {
    static constexpr int L = (R + 3) / 4 * 4, SW = TX + 2 * L, SH = TY + 2 * R;
    static constexpr int T = TX * TY / 4;             // threads: 4 outputs down y each
    static constexpr int SLAB = (SH * SW + 31) / 32 * 32;
    static constexpr int SMEM = 4 * ST * SLAB + 16 * ST + 128;
    static_assert(C == 1 || (2 * R <= TY && 2 * R * SW % 32 == 0 && TY * SW % 32 == 0), "bands on 128-byte boundaries");
    static_assert(AH >= 1 && AH < ST && TY % 4 == 0, "shape");
};

struct McMaps {
    ConvolabTensorMap full, band, mid;                // boxes of SH, 2R and TY - 2R rows
};

template <int R, int TX, int TY, int C, int ST, int AH>
__device__ __forceinline__ void vol_copy_mc(float* __restrict__ out, int w, int h, int d, int zch, const McMaps& maps)
{
    using S = McShape<R, TX, TY, C, ST, AH>;
    constexpr int L = S::L, SW = S::SW, SH = S::SH, SLAB = S::SLAB;
    extern __shared__ float4 vol_mc_smem[];
    float* slabs = reinterpret_cast<float*>(vol_mc_smem);
    slabs += (128 - (convolab_smem(slabs) & 127)) % 128 / 4;
    unsigned long long* full = reinterpret_cast<unsigned long long*>(slabs + ST * SLAB);
    unsigned long long* empty = full + ST;
    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
    const int z0 = blockIdx.z * zch, z1 = min(z0 + zch, d);
    const int k = C == 1 ? 0 : (int)cg::this_cluster().block_rank();
    const bool odd = C > 1 && (k & 1);
    if (tid == 0) {
        for (int j = 0; j < ST; j++) {
            convolab_mbar_init(full + j, 1);
            convolab_mbar_init(empty + j, k > 0 ? 2 : 1);
        }
        convolab_mbar_init_fence();
    }
    if (C > 1) cg::this_cluster().sync();             // every block's barriers made before anyone copies or arrives
    else __syncthreads();
    const int steps = (z1 - z0) + 2 * R;
    auto issue = [&](int p) {                         // thread 0: slab p (input slice z0 - R + p) into slot p % ST
        const int j = p % ST;
        float* slab = slabs + j * SLAB;
        const int z = z0 - R + p;
        convolab_mbar_expect(full + j, 4 * SH * SW);
        if constexpr (C == 1) {
            convolab_tma_load_3d(slab, &maps.full, full + j, x0 - L, y0 - R, z);
        } else {
            float* top = slab + (odd ? TY : 0) * SW;
            if (k == 0) convolab_tma_load_3d(top, &maps.band, full + j, x0 - L, y0 - R, z);
            else mc_tma_load(top, &maps.band, full + j, x0 - L, y0 - R, z, (unsigned short)(3u << (k - 1)));
            convolab_tma_load_3d(slab + 2 * R * SW, &maps.mid, full + j, x0 - L, y0 + R, z);
            if (k == C - 1) convolab_tma_load_3d(slab + (odd ? 0 : TY) * SW, &maps.band, full + j, x0 - L, y0 - R + TY, z);
        }
    };
    if (tid == 0)
        for (int p = 0; p < AH && p < steps; p++) issue(p);
    // Slab row r's offset: odd blocks keep their top and bottom bands swapped.
    auto rowoff = [&](int r) { return (odd ? (r < 2 * R ? r + TY : r >= TY ? r - TY : r) : r) * SW; };
    const int tx = tid % TX, yq = tid / TX;
    const int ox = x0 + tx;
#pragma unroll 1
    for (int s = 0; s < steps; s++) {
        convolab_mbar_wait(full + s % ST, (unsigned)(s / ST) & 1u);
        __syncthreads();                              // slab s in; every thread done with slab s-1
        if (tid == 0) {
            if (C > 1 && s >= 1) {                    // slot (s-1) % ST free here and, for block k+1's band, there
                mc_arrive_local(empty + (s - 1) % ST);
                if (k < C - 1) mc_arrive_remote(empty + (s - 1) % ST, k + 1);
            }
            const int sn = s + AH;
            if (sn < steps) {
                if (C > 1 && sn >= ST) mc_wait_cluster(empty + sn % ST, (unsigned)(sn / ST - 1) & 1u);
                issue(sn);
            }
        }
        const int zo = z0 - R + s;
        if (zo >= z0 && zo < z1 && ox < w) {
            const float* slab = slabs + (s % ST) * SLAB + L + tx;
#pragma unroll
            for (int p = 0; p < 4; p++) {
                const int ly = 4 * yq + p;
                if (y0 + ly < h) __stcs(out + ((size_t)zo * h + y0 + ly) * w + ox, slab[rowoff(ly) - R] + slab[rowoff(ly + 2 * R) + R]);
            }
        }
    }
    if (C > 1) cg::this_cluster().sync();             // no block leaves while a neighbour may still arrive on its barriers
}

typedef void (*MFn)(float*, int, int, int, int, const __grid_constant__ McMaps);
#define MK_(R, TX, TY, C, ST, AH)                                                                                  \
    __global__ void __cluster_dims__(1, C, 1) __launch_bounds__(McShape<R, TX, TY, C, ST, AH>::T)                  \
        mc_##R##_##TX##_##TY##_##C##_##ST##_##AH(float* __restrict__ out, int w, int h, int d, int zch,             \
                                                 const __grid_constant__ McMaps maps)                              \
    {                                                                                                              \
        vol_copy_mc<R, TX, TY, C, ST, AH>(out, w, h, d, zch, maps);                                                \
    }
#define MROW(R, TX, TY, C, ST, AH)                                                                                 \
    {R, C, McShape<R, TX, TY, C, ST, AH>::T, TX, TY, "mc r" #R " " #TX "x" #TY " cluster" #C " st" #ST " ah" #AH,    \
     McShape<R, TX, TY, C, ST, AH>::SMEM, mc_##R##_##TX##_##TY##_##C##_##ST##_##AH},
#ifndef MC_LIST
#define MC_LIST(X)                                                                                                 \
    X(7, 64, 16, 1, 4, 3) X(7, 64, 16, 1, 8, 7) X(7, 64, 16, 1, 8, 6)                                               \
    X(7, 64, 16, 2, 4, 2) X(7, 64, 16, 2, 6, 4) X(7, 64, 16, 2, 8, 6)                                               \
    X(7, 64, 16, 4, 4, 2) X(7, 64, 16, 4, 6, 4) X(7, 64, 16, 4, 8, 6) X(7, 64, 16, 8, 6, 4)                          \
    X(7, 32, 32, 1, 4, 3) X(7, 32, 32, 2, 6, 4) X(7, 32, 32, 4, 6, 4)                                               \
    X(7, 128, 16, 1, 4, 3) X(7, 128, 16, 2, 6, 4) X(7, 128, 16, 4, 6, 4)                                            \
    X(1, 64, 16, 1, 4, 3) X(3, 64, 16, 1, 4, 3)
#endif
MC_LIST(MK_)
struct Shape { int r, c, t, tx, ty; const char* name; int smem; MFn fn; };
static const Shape SHAPES[] = {MC_LIST(MROW)};

// The app's r 7 kernel (geometry.cuh's shape L, cp.async), timed beside the probes on a Gaussian, mirror.
__global__ void __launch_bounds__(256, 2) app_r7(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                                int zch, int policy, float cval)
{
    vol_sep3<7, 32, 8, 4, 4, 4, 4, false>(in, out, w, h, d, zch, policy, cval);
}

static void make_map(ConvolabTensorMap& m, const float* base, int w, int h, int d, int bw, int bh) {
    if (!lab_tensor_map(m, base, w, h, d, bw, bh)) exit(1);
}

static McMaps maps_of(const Shape& s, const float* in, int w, int h, int d) {
    McMaps m;
    const int L = (s.r + 3) / 4 * 4, sw = s.tx + 2 * L;
    make_map(m.full, in, w, h, d, sw, s.ty + 2 * s.r);
    make_map(m.band, in, w, h, d, sw, 2 * s.r);
    make_map(m.mid, in, w, h, d, sw, std::max(1, s.ty - 2 * s.r));
    return m;
}

// MC_SMEM (bytes, at least the shape's): dynamic shared memory a block asks for, to set the blocks an SM.
static int smem_of(const Shape& s) {
    static const int pad = getenv("MC_SMEM") ? atoi(getenv("MC_SMEM")) : 0;
    return std::max(s.smem, pad);
}

static void launch(const Shape& s, const McMaps& m, float* out, int w, int h, int d, int zch) {
    const int gy = (h + s.ty - 1) / s.ty;
    dim3 grid((w + s.tx - 1) / s.tx, (gy + s.c - 1) / s.c * s.c, (d + zch - 1) / zch);
    s.fn<<<grid, s.t, smem_of(s)>>>(out, w, h, d, zch, m);
}

static int check() {
    for (const Shape& s : SHAPES) CK(cudaFuncSetAttribute(s.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_of(s)));
    const int vols[][3] = {{64, 64, 20}, {128, 130, 17}, {68, 37, 9}, {512, 96, 12}, {8, 200, 5}};
    int bad = 0, cases = 0;
    unsigned seed = 3;
    for (auto& v : vols) {
        const int w = v[0], h = v[1], d = v[2];
        LabVolume vol(w, h, d, seed);
        auto at = [&](int x, int y, int z) -> double {
            return x < 0 || x >= w || y < 0 || y >= h ? 0.0 : vol.host[((size_t)z * h + y) * w + x];
        };
        for (const Shape& s : SHAPES) {
            std::vector<double> want(vol.n);
            for (int z = 0; z < d; z++)
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++)
                        want[((size_t)z * h + y) * w + x] = at(x - s.r, y - s.r, z) + at(x + s.r, y + s.r, z);
            const McMaps m = maps_of(s, vol.in, w, h, d);
            for (int zch : {8, 96}) {
                char what[160];
                snprintf(what, sizeof what, "%s zch %d", s.name, zch);
                check_case(vol, [&] { launch(s, m, vol.out, w, h, d, zch); }, want, 0.0, what, cases, bad);
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
    constexpr int appsmem = VolSep3<7, 32, 8, 4, 4, 4, false>::SMEM;
    CK(cudaFuncSetAttribute(app_r7, cudaFuncAttributeMaxDynamicSharedMemorySize, appsmem));
    auto g = gauss(7);
    set_lines(g, g, g);
    for (int round = 0; round < 2; round++) {
        const float app = timeit([&] {
            app_r7<<<dim3(size / 32, size / 32, (size + 95) / 96), dim3(32, 8), appsmem>>>(vol.in, vol.out, size, size, size, 96,
                                                                                       CONVOLAB_BORDER_MIRROR, 0.f);
        });
        printf("%-40s zch  96  %.4f ms  %.2fx floor\n", "app r7 (32x32, cp.async, Gaussian)", app, app / floor_ms);
        for (const Shape& s : SHAPES) {
            const McMaps m = maps_of(s, vol.in, size, size, size);
            int nb = 0;                               // (cluster kernels may not answer: 0)
            if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, s.fn, s.t, smem_of(s)) != cudaSuccess) nb = 0;
            cudaGetLastError();
            for (int zch : env_list("SEP3_ZCH", {64, 96, 128, 171})) {
                const float ms = timeit([&] { launch(s, m, vol.out, size, size, size, zch); });
                printf("%-40s zch %3d  %.4f ms  %.2fx floor  (%d blocks an SM)\n", s.name, zch, ms, ms / floor_ms, nb);
                fflush(stdout);
            }
        }
    }
}

int main(int argc, char** argv) { return sep3_main(argc, argv, check, time_all); }
