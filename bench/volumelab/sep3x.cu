// Issue 25, round ten: the one-sweep rank-1 kernel (cuda-kernels/volume_sep.cuh) with its slabs brought by tensor
// copies (TMA: one cp.async.bulk.tensor a slab, issued by one thread, completing on an mbarrier) beside the app's
// cp.async loader (a 16-byte copy a thread a chunk, addresses made each step). Same shapes, same passes.
// Build here (x86-64, nvcc 13) and run on the GPU host:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab bench/volumelab/sep3x.cu -o sep3x
//   ./sep3x check    both loaders x the app's shapes (r 1-7) x every policy (constant 77 too) x volumes (widths a
//                    multiple of 4, tiles the volume ends inside of, volumes smaller than the mask) x z chunks
//   ./sep3x time     512^3 float, mirror, Gaussians: both loaders at several z chunks, alternately twice
//                    (SEP3_RADII=3,7 narrows the radii)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "volume.cu"
#include "sep3ref.h"
#include "../fastlab/labtime.cuh"
#include "sep3host.cuh"
#include "sep3tmap.cuh"

typedef void (*XFn)(const float*, float*, int, int, int, int, int, float, const __grid_constant__ ConvolabTensorMap);

// A variant: radius, TX, BY, PY, stages, min blocks an SM, ZU (the app's shapes are geometry.cuh's S, M and L).
#define X3(R, TX, BY, PY, ST, MB, ZU, T)                                                                          \
    __global__ void __launch_bounds__(TX * BY, MB) x3_##R##_##TX##_##BY##_##PY##_##ST##_##MB##_##ZU##_##T(            \
        const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch, int policy, float cval, \
        const __grid_constant__ ConvolabTensorMap map)                                                         \
    {                                                                                                          \
        vol_sep3<R, TX, BY, PY, ST, 4, ZU, T>(in, out, w, h, d, zch, policy, cval, &map);                      \
    }
#define X3BOTH(R, TX, BY, PY, ST, MB, ZU, CHUNK) X3(R, TX, BY, PY, ST, MB, ZU, false) X3(R, TX, BY, PY, ST, MB, ZU, true)
#define X3ROW(R, TX, BY, PY, ST, MB, ZU, CHUNK)                                                                 \
    {R, TX, BY, PY, CHUNK, "tx" #TX " by" #BY " st" #ST " mb" #MB,                                            \
     {VolSep3<R, TX, BY, PY, ST, 4, false>::SMEM, VolSep3<R, TX, BY, PY, ST, 4, true>::SMEM},                  \
     {x3_##R##_##TX##_##BY##_##PY##_##ST##_##MB##_##ZU##_false, x3_##R##_##TX##_##BY##_##PY##_##ST##_##MB##_##ZU##_true}, \
     VolSep3<R, TX, BY, PY, ST>::SW, VolSep3<R, TX, BY, PY, ST>::SH},
// The app's shapes and z chunks first (geometry.cuh, VolumeKernels.SEP3_CHUNK), then others.
#ifndef X3_LIST
#define X3_LIST(X)                                                                                             \
    X(1, 64, 8, 4, 3, 2, 2, 12) X(2, 64, 8, 4, 3, 2, 2, 12) X(3, 64, 4, 4, 3, 3, 4, 26) X(4, 32, 8, 4, 4, 2, 4, 80) \
    X(5, 32, 8, 4, 4, 2, 4, 96) X(6, 32, 8, 4, 4, 2, 4, 96) X(7, 32, 8, 4, 4, 2, 4, 96)                         \
    X(2, 64, 8, 4, 4, 2, 2, 12) X(3, 64, 4, 4, 4, 3, 4, 26) X(3, 64, 4, 4, 5, 3, 4, 26) X(3, 64, 8, 4, 3, 2, 4, 26)  \
    X(3, 64, 8, 4, 4, 2, 4, 26) X(7, 32, 8, 4, 5, 2, 4, 96) X(7, 32, 8, 4, 3, 2, 4, 96)
#endif
X3_LIST(X3BOTH)

struct Shape { int r, bx, by, py, chunk; const char* name; int smem[2]; XFn fn[2]; int sw, sh; };
static const Shape SHAPES[] = {X3_LIST(X3ROW)};
// The first variant of a radius in the list (the app's shape there): timed with both loaders, checked on every volume.
static bool first_of_radius(const Shape& s) {
    for (const Shape& t : SHAPES)
        if (t.r == s.r) return &t == &s;
    return false;
}

// The 3D tensor map of a w x h x d float volume with the shape's slab as its box, or false where TMA cannot take it.
static bool make_map(ConvolabTensorMap& m, const float* base, int w, int h, int d, const Shape& s) {
    memset(&m, 0, sizeof m);
    return w % 4 == 0 && lab_tensor_map(m, base, w, h, d, s.sw, s.sh);
}

static void launch(const Shape& s, int t, const ConvolabTensorMap& m, const float* in, float* out, int w, int h, int d, int zch,
                   int policy, float cval) {
    dim3 grid((w + s.bx - 1) / s.bx, (h + s.by * s.py - 1) / (s.by * s.py), (d + zch - 1) / zch);
    s.fn[t]<<<grid, dim3(s.bx, s.by), s.smem[t]>>>(in, out, w, h, d, zch, policy, cval, m);
}

static void allow_smem() {
    for (const Shape& s : SHAPES)
        for (int t = 0; t < 2; t++) CK(cudaFuncSetAttribute(s.fn[t], cudaFuncAttributeMaxDynamicSharedMemorySize, s.smem[t]));
}

static int check() {
    allow_smem();
    const int vols[][3] = {{4, 4, 4}, {8, 7, 70}, {36, 9, 17}, {64, 32, 70}, {68, 37, 41}, {96, 33, 40},
                           {128, 67, 23}, {12, 5, 9}, {33, 9, 17}, {32, 64, 20}, {160, 80, 19}};
    int bad = 0, cases = 0, tma_cases = 0;
    unsigned seed = 7;
    for (auto& vs : vols) {
        const int w = vs[0], h = vs[1], d = vs[2];
        LabVolume vol(w, h, d, seed);
        for (const Shape& s : SHAPES) {
            const int r = s.r;
            if (!first_of_radius(s) && w > 40) continue;   // other variants on the small volumes only
            ConvolabTensorMap m;
            const bool mapped = make_map(m, vol.in, w, h, d, s);
            each_policy_case(vol, r, seed, [&](int policy, float cval, const std::vector<double>& want, double bound) {
                for (int t = 0; t < 2; t++) {
                    if (t == 1 && !mapped) continue;
                    for (int zch : {8, s.chunk, 512}) {
                        CK(cudaMemset(vol.out, 0xff, vol.n * 4));
                        launch(s, t, m, vol.in, vol.out, w, h, d, zch, policy, cval);
                        if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) {
                            printf("BAD r%d t%d %dx%dx%d: %s\n", r, t, w, h, d, cudaGetErrorString(e));
                            exit(1);
                        }
                        cases++;
                        tma_cases += t;
                        char what[160];
                        snprintf(what, sizeof what, "r%d %s %s zch %d policy %d cval %g", r, s.name, t ? "tma" : "cp.async", zch, policy, cval);
                        vol.matches(want, bound, what, bad);
                    }
                }
            });
        }
    }
    printf("check: %d cases (%d with the tensor-copy kernel), %d bad\n", cases, tma_cases, bad);
    return bad != 0;
}

static void time_all(int size) {
    const int w = size, h = size, d = size;
    unsigned seed = 1;
    LabVolume vol(w, h, d, seed, false);
    const size_t n = vol.n;
    const double floor_ms = lab_floor(vol);
    allow_smem();
    std::vector<float> a(n), b(n);
    for (int r : env_list("SEP3_RADII", {1, 2, 3, 4, 5, 6, 7})) {
        auto gl = gauss(r);
        set_lines(gl, gl, gl);
        std::vector<int> zs = r <= 2 ? std::vector<int>{8, 12, 16, 24, 32} : r == 3 ? std::vector<int>{20, 26, 32, 48, 64}
                                                                          : std::vector<int>{64, 80, 96, 128, 171};
        zs = env_list("SEP3_ZCH", zs);
        for (const Shape& s : SHAPES) {
            if (s.r != r) continue;
            ConvolabTensorMap m;
            if (!make_map(m, vol.in, w, h, d, s)) return;
            // the two loaders' outputs at the chunk, compared
            launch(s, 0, m, vol.in, vol.out, w, h, d, s.chunk, 3, 0.f);
            CK(cudaMemcpy(a.data(), vol.out, n * 4, cudaMemcpyDeviceToHost));
            launch(s, 1, m, vol.in, vol.out, w, h, d, s.chunk, 3, 0.f);
            CK(cudaMemcpy(b.data(), vol.out, n * 4, cudaMemcpyDeviceToHost));
            double diff = 0;
            for (size_t k = 0; k < n; k++) diff = std::max(diff, (double)std::fabs(a[k] - b[k]));
            const bool app = first_of_radius(s) || getenv("SEP3_BOTH");   // SEP3_BOTH: both loaders for every variant
            for (int round = 0; round < 2; round++)
                for (int zch : zs)
                    for (int t = app ? 0 : 1; t < 2; t++) {
                        const float ms = timeit([&] { launch(s, t, m, vol.in, vol.out, w, h, d, zch, 3, 0.f); });
                        cudaFuncAttributes fa;
                        cudaFuncGetAttributes(&fa, s.fn[t]);
                        printf("r%d %-22s %-8s zch %3d  %.4f ms  %.2fx floor  (%d regs, %zu B local, %d B smem; loaders differ by %.2g)\n",
                               r, s.name, t ? "tma" : "cp.async", zch, ms, ms / floor_ms, fa.numRegs, fa.localSizeBytes, s.smem[t], diff);
                    }
            fflush(stdout);
        }
    }
}

int main(int argc, char** argv) { return sep3_main(argc, argv, check, time_all); }
