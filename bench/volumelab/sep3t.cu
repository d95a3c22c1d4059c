// Issue 25, round twelve: sep3tc.cuh (x and y passes on the tensor cores in 3xTF32, the z pass as running sums) beside
// the app's cp.async kernel (cuda-kernels/volume_sep.cuh) at r 4-7.
// Build here (x86-64, nvcc 13) and run on the GPU host:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab bench/volumelab/sep3t.cu -o sep3t
//   ./sep3t check    every variant x every policy (constant 77 too) x volumes (odd widths, tiles the volume ends
//                    inside of, volumes smaller than the mask) x z chunks, against the double reference
//   ./sep3t time     512^3 float, mirror, Gaussians: every variant at several z chunks, twice
//                    (SEP3_RADII=7 narrows the radii, SEP3_ZCH=96,128 the chunks)
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
#include "sep3tc.cuh"
#include "sep3tc2.cuh"

typedef void (*LFn)(const float*, float*, int, int, int, int, int, float);

// The app's kernel (cp.async) at a shape: radius, TX, BY, PY, stages, min blocks an SM, ZU.
#define APP(R, TX, BY, PY, ST, MB, ZU)                                                                             \
    __global__ void __launch_bounds__(TX * BY, MB) app_##R##_##TX##_##BY##_##ST##_##ZU(                             \
        const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch, int policy, float cval) \
    {                                                                                                              \
        vol_sep3<R, TX, BY, PY, ST, 4, ZU, false>(in, out, w, h, d, zch, policy, cval);                            \
    }
// A tensor-core variant: radius, TX, TY, stages, min blocks an SM, TRUNC, FUSE.
#define TC(R, TX, TY, ST, MB, TR, FU)                                                                              \
    __global__ void __launch_bounds__(VolSep3Tc<R, TX, TY, ST>::T, MB) tc_##R##_##TX##_##TY##_##ST##_##MB##_##TR##_##FU( \
        const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch, int policy, float cval) \
    {                                                                                                              \
        vol_sep3tc<R, TX, TY, ST, TR, FU>(in, out, w, h, d, zch, policy, cval);                                    \
    }
// The second form (sep3tc2.cuh): radius, TX, TY, stages, min blocks an SM, ACC2, SAME (x and y weights equal), SU.
// ZROW: the same with a z pass of radius ZR (diagnostic: timed, not checked).
// CP: no x and y passes either (the slab's centre copied: the loads, barriers and stores alone).
#define TCZ(R, TX, TY, ST, MB, ZR, CP)                                                                             \
    __global__ void __launch_bounds__(VolSep3Tc2<R, TX, TY, ST>::T, MB)                                            \
        tcz_##R##_##TX##_##TY##_##ST##_##MB##_##ZR##_##CP(const float* __restrict__ in, float* __restrict__ out, int w, \
                                                          int h, int d, int zch, int policy, float cval)           \
    {                                                                                                              \
        vol_sep3tc2<R, TX, TY, ST, false, true, 2, ZR, CP>(in, out, w, h, d, zch, policy, cval);                   \
    }
#define ZROW(R, TX, TY, ST, MB, ZR, CP)                                                                            \
    {R, VolSep3Tc2<R, TX, TY, ST>::T, 1, TX, TY, "tc2 diagnostic: z radius " #ZR " copy" #CP " st" #ST " mb" #MB,       \
     VolSep3Tc2<R, TX, TY, ST>::SMEM, tcz_##R##_##TX##_##TY##_##ST##_##MB##_##ZR##_##CP, true, true},
#define TC2(R, TX, TY, ST, MB, A2, SA, SU)                                                                         \
    __global__ void __launch_bounds__(VolSep3Tc2<R, TX, TY, ST>::T, MB)                                            \
        tcb_##R##_##TX##_##TY##_##ST##_##MB##_##A2##_##SA##_##SU(const float* __restrict__ in, float* __restrict__ out,   \
                                                                int w, int h, int d, int zch, int policy, float cval) \
    {                                                                                                              \
        vol_sep3tc2<R, TX, TY, ST, A2, SA, SU>(in, out, w, h, d, zch, policy, cval);                               \
    }
#define T2ROW(R, TX, TY, ST, MB, A2, SA, SU)                                                                       \
    {R, VolSep3Tc2<R, TX, TY, ST>::T, 1, TX, TY, "tc2 tx" #TX " ty" #TY " st" #ST " mb" #MB " acc2" #A2 " same" #SA " su" #SU, \
     VolSep3Tc2<R, TX, TY, ST>::SMEM, tcb_##R##_##TX##_##TY##_##ST##_##MB##_##A2##_##SA##_##SU, SA},
#define AROW(R, TX, BY, PY, ST, MB, ZU)                                                                            \
    {R, TX, BY, TX, BY * PY, "app tx" #TX " ty" #BY "x" #PY " st" #ST " zu" #ZU, VolSep3<R, TX, BY, PY, ST>::SMEM,    \
     app_##R##_##TX##_##BY##_##ST##_##ZU, false},
#define TROW(R, TX, TY, ST, MB, TR, FU)                                                                            \
    {R, VolSep3Tc<R, TX, TY, ST>::T, 1, TX, TY, "tc tx" #TX " ty" #TY " st" #ST " minb" #MB " trunc" #TR " fuse" #FU,   \
     VolSep3Tc<R, TX, TY, ST>::SMEM, tc_##R##_##TX##_##TY##_##ST##_##MB##_##TR##_##FU, false},

#ifndef APP_LIST
#define APP_LIST(X) X(7, 32, 8, 4, 4, 2, 4)
#endif
#ifndef TC_LIST
#define TC_LIST(X) X(7, 64, 16, 4, 2, true, true)
#endif
#ifndef TC2_LIST
#define TC2_LIST(X)                                                                                                \
    X(7, 64, 16, 4, 2, false, true, 2) X(7, 128, 16, 4, 1, false, true, 2) X(7, 128, 16, 6, 1, false, true, 2)       \
    X(7, 128, 16, 8, 1, false, true, 2) X(7, 128, 16, 8, 1, false, true, 1) X(7, 128, 16, 8, 1, false, false, 1)
#endif
#ifndef TCZ_LIST
#define TCZ_LIST(X)                                                                                                \
    X(7, 64, 16, 4, 2, 0, true) X(7, 128, 16, 8, 1, 0, true) X(7, 128, 16, 8, 1, 0, false) X(7, 128, 16, 8, 1, 3, false)
#endif
APP_LIST(APP)
TC_LIST(TC)
TC2_LIST(TC2)
TCZ_LIST(TCZ)

struct Shape { int r, bx, by, tx, ty; const char* name; int smem; LFn fn; bool same; bool diag = false; };
static const Shape SHAPES[] = {APP_LIST(AROW) TC_LIST(TROW) TC2_LIST(T2ROW) TCZ_LIST(ZROW)};

static void launch(const Shape& s, const float* in, float* out, int w, int h, int d, int zch, int policy, float cval) {
    dim3 grid((w + s.tx - 1) / s.tx, (h + s.ty - 1) / s.ty, (d + zch - 1) / zch);
    s.fn<<<grid, dim3(s.bx, s.by), s.smem>>>(in, out, w, h, d, zch, policy, cval);
}

static void allow_smem() {
    for (const Shape& s : SHAPES) CK(cudaFuncSetAttribute(s.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, s.smem));
}

static int check() {
    allow_smem();
    const int vols[][3] = {{4, 4, 4}, {8, 7, 70}, {36, 9, 17}, {64, 70, 40}, {68, 37, 41}, {96, 133, 40},
                           {128, 67, 23}, {12, 5, 9}, {33, 9, 17}, {50, 90, 20}, {160, 80, 19}, {1, 1, 1}, {3, 70, 4}};
    int bad = 0, cases = 0;
    unsigned seed = 7;
    for (auto& vs : vols) {
        const int w = vs[0], h = vs[1], d = vs[2];
        LabVolume vol(w, h, d, seed);
        for (const Shape& s : SHAPES) {
            if (s.diag) continue;
            const int r = s.r;
            auto run = [&](int policy, float cval, const std::vector<double>& want, double bound) {
                for (int zch : {8, 96, 512}) {
                    char what[200];
                    snprintf(what, sizeof what, "r%d %s zch %d policy %d cval %g", r, s.name, zch, policy, cval);
                    check_case(vol, [&] { launch(s, vol.in, vol.out, w, h, d, zch, policy, cval); }, want, bound, what,
                               cases, bad);
                }
            };
            each_policy_case(vol, r, seed, run, s.same);   // same: the kernel reads the x line for y too
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
    for (int r : env_list("SEP3_RADII", {7, 6, 5, 4})) {
        auto gl = gauss(r);
        set_lines(gl, gl, gl);
        time_radius(vol, floor_ms, r, env_list("SEP3_ZCH", {64, 96, 128, 171}), SHAPES,
                    [&](const Shape& s, int zch) { launch(s, vol.in, vol.out, size, size, size, zch, 3, 0.f); });
    }
}

int main(int argc, char** argv) { return sep3_main(argc, argv, check, time_all); }
