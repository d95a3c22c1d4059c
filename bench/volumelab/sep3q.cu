// Issue 25's next experiment (round nine, built and not yet run on a GPU): z chunks longest first. The app's one-sweep
// kernel (cuda-kernels/volume_sep.cuh, unchanged) gets its block's tile and z chunk from a table instead of blockIdx,
// so a grid can walk long chunks first (few halo slices re-read and re-filtered) and end on short ones (a short tail
// of idle SMs): "guided" schedules, z chunks of Lmax, then Lmax/2, Lmax/4 ... down to Lmin at the end of z, each chunk
// starting at a multiple of its length (vol_sep3 computes z0 = blockIdx.z * zch). Uniform schedules (the app's grid
// order and chunk) run through the same table, so the two differ only in the schedule.
// Build here (x86-64, nvcc 13) and run on the GPU host:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab bench/volumelab/sep3q.cu -o sep3q
//   ./sep3q check    the app's shapes at r 1, 2, 3, 7 x every policy (constant 77 too) x odd volumes x uniform and guided
//                    schedules against the double reference (sep3ref.h)
//   ./sep3q time     512^3 float, mirror, Gaussians r 3 and 7: the app's uniform chunk beside guided schedules
//                    (SEP3Q_GUIDED="128:16,64:16" as Lmax:Lmin pairs narrows them), kernel ms (labtime.cuh)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>
#include <cuda_pipeline.h>
#include "border.cuh"
#include "geometry.cuh"
#include "sep3ref.h"
#include "../fastlab/labtime.cuh"

__constant__ float c_vol_line[3 * CONVOLAB_MAX_1D];
__constant__ const int4* c_items;                   // a block's tile (x, y), chunk index and chunk length

__device__ __forceinline__ uint3 vol_sep3q_block()
{
    const int4 it = c_items[blockIdx.x];
    return make_uint3((unsigned)it.x, (unsigned)it.y, (unsigned)it.z);
}
#define blockIdx vol_sep3q_block()                  // what volume_sep.cuh reads as its block's place
#include "volume_sep.cuh"
#undef blockIdx
#include "sep3host.cuh"

// The app's shapes (geometry.cuh) by radius: S at r 1-2, M at r 3, L from r 4.
#define Q3(R, SH)                                                                                              \
    __global__ void __launch_bounds__(VOL_SEP3_##SH##_BX * VOL_SEP3_##SH##_BY, VOL_SEP3_##SH##_MINB) q3_r##R(   \
        const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int policy, float cval)    \
    {                                                                                                          \
        vol_sep3<R, VOL_SEP3_##SH##_BX, VOL_SEP3_##SH##_BY, VOL_SEP3_##SH##_PY, VOL_SEP3_##SH##_STAGES, 4,     \
                 VOL_SEP3_##SH##_ZU>(in, out, w, h, d, c_items[blockIdx.x].w, policy, cval);                   \
    }
Q3(1, S)
Q3(2, S)
Q3(3, M)
Q3(7, L)

typedef void (*QFn)(const float*, float*, int, int, int, int, float);
struct Shape { int r, bx, ty, threads_y, smem; QFn fn; };
static const Shape SHAPES[] = {
    {1, VOL_SEP3_S_BX, VOL_SEP3_S_BY * VOL_SEP3_S_PY, VOL_SEP3_S_BY, VOL_SEP3_S_SMEM(1), q3_r1},
    {2, VOL_SEP3_S_BX, VOL_SEP3_S_BY * VOL_SEP3_S_PY, VOL_SEP3_S_BY, VOL_SEP3_S_SMEM(2), q3_r2},
    {3, VOL_SEP3_M_BX, VOL_SEP3_M_BY * VOL_SEP3_M_PY, VOL_SEP3_M_BY, VOL_SEP3_M_SMEM(3), q3_r3},
    {7, VOL_SEP3_L_BX, VOL_SEP3_L_BY * VOL_SEP3_L_PY, VOL_SEP3_L_BY, VOL_SEP3_L_SMEM(7), q3_r7},
};
// The app's z chunks (VolumeKernels.SEP3_CHUNK) at these radii.
static int app_chunk(int r) { return r <= 2 ? 12 : r == 3 ? 26 : 96; }

// z chunks as (start, length), each start a multiple of its length, covering 0..d.
typedef std::vector<std::pair<int, int>> Chunks;

static Chunks uniform(int d, int len) {
    Chunks c;
    for (int z = 0; z < d; z += len) c.push_back({z, len});
    return c;
}

// Lmax chunks up to the last Lmax of z, then Lmax/2, Lmax/4 ... once each while they fit, then Lmin to the end.
static Chunks guided(int d, int lmax, int lmin) {
    Chunks c;
    int z = 0;
    while (z + 2 * lmax <= d) { c.push_back({z, lmax}); z += lmax; }
    for (int len = lmax / 2; len > lmin && z < d; len /= 2)
        if (z + len <= d && z % len == 0) { c.push_back({z, len}); z += len; }
    while (z < d) { c.push_back({z, lmin}); z += lmin; }
    return c;
}

// Blocks in launch order: a chunk's tiles (x fastest), chunk after chunk (so longest first for a guided schedule).
static std::vector<int4> items(const Chunks& chunks, int tiles_x, int tiles_y) {
    std::vector<int4> it;
    for (auto [z0, len] : chunks) {
        if (z0 % len != 0) { printf("schedule error: chunk at %d of %d\n", z0, len); exit(1); }
        for (int by = 0; by < tiles_y; by++)
            for (int bx = 0; bx < tiles_x; bx++) it.push_back(make_int4(bx, by, z0 / len, len));
    }
    return it;
}

struct Launch {
    int4* dev = nullptr;
    size_t n = 0;
    void set(const std::vector<int4>& it) {
        if (dev) CK(cudaFree(dev));
        CK(cudaMalloc(&dev, it.size() * sizeof(int4)));
        CK(cudaMemcpy(dev, it.data(), it.size() * sizeof(int4), cudaMemcpyHostToDevice));
        CK(cudaMemcpyToSymbol(c_items, &dev, sizeof(dev)));
        n = it.size();
    }
};

static void run(const Shape& s, const Launch& l, const float* in, float* out, int w, int h, int d, int policy, float cval) {
    s.fn<<<(unsigned)l.n, dim3(s.bx, s.threads_y), s.smem>>>(in, out, w, h, d, policy, cval);
}



static int check() {
    for (const Shape& s : SHAPES) CK(cudaFuncSetAttribute(s.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, s.smem));
    const int vols[][3] = {{1, 1, 1}, {5, 6, 7}, {33, 9, 17}, {70, 37, 41}, {64, 32, 70}, {131, 67, 23}, {9, 7, 70}};
    int bad = 0, cases = 0;
    unsigned seed = 7;
    Launch l;
    for (auto& vs : vols) {
        const int w = vs[0], h = vs[1], d = vs[2];
        LabVolume vol(w, h, d, seed);
        for (const Shape& s : SHAPES) {
            const int r = s.r;
            const int tx = (w + s.bx - 1) / s.bx, ty = (h + s.ty - 1) / s.ty;
            const std::vector<std::pair<const char*, Chunks>> schedules = {
                {"uniform app", uniform(d, app_chunk(r))}, {"uniform 8", uniform(d, 8)},
                {"guided 32:4", guided(d, 32, 4)}, {"guided 16:1", guided(d, 16, 1)}, {"guided 64:16", guided(d, 64, 16)}};
            each_policy_case(vol, r, seed, [&](int policy, float cval, const std::vector<double>& want, double bound) {
                for (auto& [name, chunks] : schedules) {
                    l.set(items(chunks, tx, ty));
                    CK(cudaMemset(vol.out, 0xff, vol.n * 4));
                    run(s, l, vol.in, vol.out, w, h, d, policy, cval);
                    if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) {
                        printf("BAD r%d %s: %s\n", r, name, cudaGetErrorString(e));
                        exit(1);
                    }
                    cases++;
                    char what[160];
                    snprintf(what, sizeof what, "r%d %s policy %d cval %g", r, name, policy, cval);
                    vol.matches(want, bound, what, bad);
                }
            });
        }
    }
    printf("check: %d cases, %d bad\n", cases, bad);
    return bad != 0;
}

static void time_all(int size) {
    const int w = size, h = size, d = size;
    unsigned seed = 1;
    LabVolume vol(w, h, d, seed, false);
    const size_t n = vol.n;
    float *din = vol.in, *dout = vol.out;
    for (const Shape& s : SHAPES) CK(cudaFuncSetAttribute(s.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, s.smem));
    const double floor_ms = 2.0 * 4 * n / 3.0e12 * 1e3;
    printf("# %dx%dx%d float, mirror, Gaussians; floor at 3.0 TB/s %.4f ms\n", w, h, d, floor_ms);
    std::vector<std::pair<int, int>> guides = {{128, 16}, {64, 16}, {128, 8}, {256, 16}, {256, 32}, {64, 8}};
    if (const char* e = getenv("SEP3Q_GUIDED")) {
        guides.clear();
        for (const char* p = e; *p;) {
            int a = atoi(p);
            while (*p && *p != ':') p++;
            if (*p) p++;
            guides.push_back({a, atoi(p)});
            while (*p && *p != ',') p++;
            if (*p) p++;
        }
    }
    Launch l;
    for (const Shape& s : SHAPES) {
        if (s.r != 3 && s.r != 7) continue;
        auto g = gauss(s.r);
        set_lines(g, g, g);
        const int tx = (w + s.bx - 1) / s.bx, ty = (h + s.ty - 1) / s.ty;
        std::vector<std::pair<std::string, Chunks>> schedules = {{"uniform " + std::to_string(app_chunk(s.r)), uniform(d, app_chunk(s.r))}};
        for (auto [a, b] : guides) schedules.push_back({"guided " + std::to_string(a) + ":" + std::to_string(b), guided(d, a, b)});
        for (auto& [name, chunks] : schedules) {
            l.set(items(chunks, tx, ty));
            const float t = timeit([&] { run(s, l, din, dout, w, h, d, 3, 0.f); });
            printf("r%d %-16s %4zu blocks (%2zu chunks a tile)  %.4f ms  %.2fx floor\n", s.r, name.c_str(), l.n, chunks.size(), t,
                   t / floor_ms);
        }
        fflush(stdout);
    }
}

int main(int argc, char** argv) { return sep3_main(argc, argv, check, time_all); }
