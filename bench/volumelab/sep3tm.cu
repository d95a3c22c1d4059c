// Issue 25, round thirteen, call C: sep3tc2.cuh (x and y passes on the tensor cores, z as running sums) with each
// slab brought by one tensor copy (TMA), beside the same kernel's cp.async loader and the app's r 7 kernel. Call B
// timed the loads alone by tensor copies at r 7 (64x16 tiles, 8 slabs): 1.27-1.29x the floor, against 1.50x by cp.async.
// Build here (x86-64, nvcc 13) and run on the GPU host:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab bench/volumelab/sep3tm.cu -o sep3tm
//   ./sep3tm check   both loaders x every policy (constant 77 too) x volumes (widths not a multiple of 4, tiles the
//                    volume ends inside of, volumes smaller than the mask) x z chunks, against the double reference
//   ./sep3tm time    512^3 float, mirror, Gaussian r 7: every variant at several z chunks, twice
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
#include "sep3tc.cuh"
#include "sep3tc2.cuh"

typedef void (*TFn)(const float*, float*, int, int, int, int, int, float, const __grid_constant__ ConvolabTensorMap);

__global__ void __launch_bounds__(256, 2) app_r7(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d,
                                                int zch, int policy, float cval, const __grid_constant__ ConvolabTensorMap)
{
    vol_sep3<7, 32, 8, 4, 4, 4, 4, false>(in, out, w, h, d, zch, policy, cval);
}

// A variant: radius, TX, TY, stages, min blocks an SM, SAME (x and y weights equal), SU, loader (0: cp.async; 1, 2, 3:
// tensor copies with FOLD 0, 1, 2: see sep3tc2.cuh's head).
#define TM(R, TX, TY, ST, MB, SA, SU, LD)                                                                          \
    __global__ void __launch_bounds__(VolSep3Tc2<R, TX, TY, ST>::T, MB)                                            \
        tm_##R##_##TX##_##TY##_##ST##_##MB##_##SA##_##SU##_##LD(const float* __restrict__ in, float* __restrict__ out, \
                                                               int w, int h, int d, int zch, int policy, float cval, \
                                                               const __grid_constant__ ConvolabTensorMap map)      \
    {                                                                                                              \
        vol_sep3tc2<R, TX, TY, ST, false, SA, SU, -1, false, (LD > 0), (LD > 0 ? LD - 1 : 0)>(in, out, w, h, d, zch,  \
                                                                                             policy, cval, &map);  \
    }
#define TMROW(R, TX, TY, ST, MB, SA, SU, LD)                                                                       \
    {R, VolSep3Tc2<R, TX, TY, ST>::T, TX, TY, VolSep3Tc2<R, TX, TY, ST>::SWP, VolSep3Tc2<R, TX, TY, ST>::SH,          \
     "tc2 " #TX "x" #TY " st" #ST " mb" #MB " same" #SA " su" #SU " loader" #LD,                                    \
     LD ? VolSep3Tc2<R, TX, TY, ST>::SMEM_TMA : VolSep3Tc2<R, TX, TY, ST>::SMEM,                                    \
     tm_##R##_##TX##_##TY##_##ST##_##MB##_##SA##_##SU##_##LD, SA, LD > 0},
#ifndef TM_LIST
#define TM_LIST(X)                                                                                                 \
    X(7, 64, 16, 4, 2, true, 2, 0) X(7, 64, 16, 4, 2, true, 2, 1) X(7, 64, 16, 4, 2, true, 2, 2)                   \
    X(7, 64, 16, 4, 2, true, 2, 3) X(7, 128, 16, 4, 1, true, 2, 0) X(7, 128, 16, 4, 1, true, 2, 1)                 \
    X(7, 128, 16, 4, 1, true, 2, 2) X(7, 128, 16, 4, 1, true, 2, 3) X(7, 64, 16, 4, 2, false, 2, 0)                \
    X(7, 64, 16, 4, 2, false, 2, 2)
#endif
TM_LIST(TM)

struct Shape { int r, t, tx, ty, bw, bh; const char* name; int smem; TFn fn; bool same, tma; };
static const Shape SHAPES[] = {
    {7, 256, 32, 32, 48, 46, "app tx32 ty8x4 st4 zu4 (cp.async)", VolSep3<7, 32, 8, 4, 4, 4, false>::SMEM, app_r7, false, false},
    TM_LIST(TMROW)};

// The volume's 3D map with the shape's box (SWP x SH x 1); an empty map where the width is not a multiple of 4 (the
// kernel then keeps cp.async).
static ConvolabTensorMap map_of(const Shape& s, const float* base, int w, int h, int d) {
    ConvolabTensorMap m;
    memset(&m, 0, sizeof m);
    if (!s.tma || w % 4 != 0) return m;
    if (!lab_tensor_map(m, base, w, h, d, s.bw, s.bh)) exit(1);
    return m;
}

static void launch(const Shape& s, const ConvolabTensorMap& m, const float* in, float* out, int w, int h, int d, int zch,
                   int policy, float cval) {
    dim3 grid((w + s.tx - 1) / s.tx, (h + s.ty - 1) / s.ty, (d + zch - 1) / zch);
    if (s.fn == app_r7) app_r7<<<grid, dim3(32, 8), s.smem>>>(in, out, w, h, d, zch, policy, cval, m);
    else s.fn<<<grid, s.t, s.smem>>>(in, out, w, h, d, zch, policy, cval, m);
}

static void allow_smem() {
    for (const Shape& s : SHAPES) CK(cudaFuncSetAttribute(s.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, s.smem));
}

static int check() {
    allow_smem();
    const int vols[][3] = {{4, 4, 4}, {8, 7, 70}, {36, 9, 17}, {64, 70, 40}, {68, 37, 41}, {96, 133, 40},
                           {128, 67, 23}, {12, 5, 9}, {33, 9, 17}, {52, 90, 20}, {160, 80, 19}, {1, 1, 1}, {3, 70, 4},
                           {200, 40, 30}};
    int bad = 0, cases = 0;
    unsigned seed = 7;
    for (auto& vs : vols) {
        const int w = vs[0], h = vs[1], d = vs[2];
        LabVolume vol(w, h, d, seed);
        for (const Shape& s : SHAPES) {
            const ConvolabTensorMap m = map_of(s, vol.in, w, h, d);
            auto run = [&](int policy, float cval, const std::vector<double>& want, double bound) {
                for (int zch : {8, 96, 512}) {
                    char what[200];
                    snprintf(what, sizeof what, "r%d %s zch %d policy %d cval %g", s.r, s.name, zch, policy, cval);
                    check_case(vol, [&] { launch(s, m, vol.in, vol.out, w, h, d, zch, policy, cval); }, want, bound, what,
                               cases, bad);
                }
            };
            each_policy_case(vol, s.r, seed, run, s.same);
        }
    }
    printf("check: %d cases, %d bad\n", cases, bad);
    return bad != 0;
}

static void time_all(int size) {
    unsigned seed = 1;
    LabVolume vol(size, size, size, seed, false);
    const double floor_ms = lab_floor(vol);
    allow_smem();
    auto gl = gauss(7);
    set_lines(gl, gl, gl);
    const int policy = getenv("SEP3_POLICY") ? atoi(getenv("SEP3_POLICY")) : CONVOLAB_BORDER_MIRROR;   // 0: zero halo
    printf("# policy %d (the header's 'mirror' is the floor's line)\n", policy);
    std::vector<ConvolabTensorMap> maps;
    for (const Shape& s : SHAPES) maps.push_back(map_of(s, vol.in, size, size, size));
    time_radius(vol, floor_ms, 7, env_list("SEP3_ZCH", {64, 96, 128, 171, 256}), SHAPES, [&](const Shape& s, int zch) {
        launch(s, maps[&s - SHAPES], vol.in, vol.out, size, size, size, zch, policy, 0.f);
    });
}

int main(int argc, char** argv) { return sep3_main(argc, argv, check, time_all); }
