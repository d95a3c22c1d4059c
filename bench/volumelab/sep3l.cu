// Issue 25, round eleven: sep3lean.cuh's knobs (lean loader, ZU 8, XP 8, 16 x 64 tiles, unrolled x rows) beside
// the app's cp.async kernel (cuda-kernels/volume_sep.cuh) at r 5-7.
// Build here (x86-64, nvcc 13) and run on the GPU host:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab bench/volumelab/sep3l.cu -o sep3l
//   ./sep3l check    every variant x every policy (constant 77 too) x volumes (odd widths, tiles the volume ends
//                    inside of, volumes smaller than the mask) x z chunks, against the double reference
//   ./sep3l time     512^3 float, mirror, Gaussians: every variant at several z chunks, twice
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
#include "sep3lean.cuh"

typedef void (*LFn)(const float*, float*, int, int, int, int, int, float);

// The app's kernel (cp.async) at a shape: radius, TX, BY, PY, stages, min blocks an SM, ZU.
#define APP(R, TX, BY, PY, ST, MB, ZU)                                                                             \
    __global__ void __launch_bounds__(TX * BY, MB) app_##R##_##TX##_##BY##_##ST##_##ZU(                             \
        const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch, int policy, float cval) \
    {                                                                                                              \
        vol_sep3<R, TX, BY, PY, ST, 4, ZU, false>(in, out, w, h, d, zch, policy, cval);                            \
    }
// A lean variant: radius, TX, BY, PY, stages, min blocks, ZU, lean loader, XP, row stride, slab stride, x unrolled,
// partial sums an output (SPLIT).
#define LV(R, TX, BY, PY, ST, MB, ZU, LN, XP, TXS, SWP, XU, SP)                                                     \
    __global__ void __launch_bounds__(TX * BY, MB)                                                                 \
        lv_##R##_##TX##_##BY##_##PY##_##ST##_##MB##_##ZU##_##LN##_##XP##_##TXS##_##SWP##_##XU##_##SP(                     \
            const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch, int policy, float cval) \
    {                                                                                                              \
        vol_sep3l<R, TX, BY, PY, ST, XP, ZU, LN, TXS, SWP, XU, SP>(in, out, w, h, d, zch, policy, cval);               \
    }
#define LROW(R, TX, BY, PY, ST, MB, ZU, LN, XP, TXS, SWP, XU, SP)                                                   \
    {R, TX, BY, PY, "lean" #LN " tx" #TX " by" #BY " zu" #ZU " xp" #XP " txs" #TXS " swp" #SWP " xu" #XU " split" #SP,        \
     vol_sep3l_smem(R, TX, BY, PY, ST, TXS, SWP),                                                                   \
     lv_##R##_##TX##_##BY##_##PY##_##ST##_##MB##_##ZU##_##LN##_##XP##_##TXS##_##SWP##_##XU##_##SP},
#define AROW(R, TX, BY, PY, ST, MB, ZU)                                                                            \
    {R, TX, BY, PY, "app tx" #TX " by" #BY " zu" #ZU, VolSep3<R, TX, BY, PY, ST>::SMEM, app_##R##_##TX##_##BY##_##ST##_##ZU},

#ifndef APP_LIST
#define APP_LIST(X) X(5, 32, 8, 4, 4, 2, 4) X(6, 32, 8, 4, 4, 2, 4) X(7, 32, 8, 4, 4, 2, 4)
#endif
#ifndef LV_LIST
#define LV_LIST(X)                                                                                                 \
    X(7, 32, 8, 4, 4, 2, 4, false, 4, 32, 48, false, 1) /* sep3lean's own baseline: the app's code path */            \
    X(7, 32, 8, 4, 4, 2, 4, true, 4, 32, 48, false, 1)  /* + lean loader */                                            \
    X(7, 32, 8, 4, 4, 2, 4, true, 4, 32, 48, true, 1)   /* + x rows unrolled */                                        \
    X(7, 32, 8, 4, 4, 2, 8, true, 4, 32, 48, true, 1)   /* + ZU 8 */                                                   \
    X(7, 32, 8, 4, 4, 2, 4, true, 8, 32, 48, true, 1)   /* XP 8 */                                                     \
    X(7, 32, 8, 4, 4, 2, 8, true, 8, 32, 48, true, 1)   /* XP 8, ZU 8 */                                               \
    X(7, 16, 16, 4, 4, 2, 4, true, 4, 20, 48, true, 1)  /* a 16 x 64 tile, padded */                                   \
    X(7, 16, 16, 4, 4, 2, 8, true, 4, 20, 48, true, 1)                                                                 \
    X(7, 16, 16, 4, 4, 2, 4, true, 4, 16, 32, true, 1)  /* a 16 x 64 tile, unpadded */                                 \
    X(5, 32, 8, 4, 4, 2, 4, true, 4, 32, 48, true, 1) X(5, 32, 8, 4, 4, 2, 8, true, 4, 32, 48, true, 1)                    \
    X(6, 32, 8, 4, 4, 2, 4, true, 4, 32, 48, true, 1) X(6, 32, 8, 4, 4, 2, 8, true, 4, 32, 48, true, 1)
#endif
APP_LIST(APP)
LV_LIST(LV)

struct Shape { int r, bx, by, py; const char* name; int smem; LFn fn; };
static const Shape SHAPES[] = {APP_LIST(AROW) LV_LIST(LROW)};

static void launch(const Shape& s, const float* in, float* out, int w, int h, int d, int zch, int policy, float cval) {
    dim3 grid((w + s.bx - 1) / s.bx, (h + s.by * s.py - 1) / (s.by * s.py), zch < 0 ? 1 : (d + zch - 1) / zch);   // zch < 0: sep3lean.cuh's rotated whole-depth sweeps
    s.fn<<<grid, dim3(s.bx, s.by), s.smem>>>(in, out, w, h, d, zch, policy, cval);
}

static void allow_smem() {
    for (const Shape& s : SHAPES) CK(cudaFuncSetAttribute(s.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, s.smem));
}

static int check() {
    allow_smem();
    const int vols[][3] = {{4, 4, 4}, {8, 7, 70}, {36, 9, 17}, {64, 70, 40}, {68, 37, 41}, {96, 133, 40},
                           {128, 67, 23}, {12, 5, 9}, {33, 9, 17}, {50, 90, 20}, {160, 80, 19}};
    int bad = 0, cases = 0;
    unsigned seed = 7;
    for (auto& vs : vols) {
        const int w = vs[0], h = vs[1], d = vs[2];
        LabVolume vol(w, h, d, seed);
        for (const Shape& s : SHAPES) {
            const int r = s.r;
            each_policy_case(vol, r, seed, [&](int policy, float cval, const std::vector<double>& want, double bound) {
                for (int zch : {8, 96, 512, -3, -40}) {
                    if (zch < 0 && !SEP3L_ROT) continue;   // whole-depth rotated sweeps: sep3lr.cu only
                    char what[200];
                    snprintf(what, sizeof what, "r%d %s zch %d policy %d cval %g", r, s.name, zch, policy, cval);
                    check_case(vol, [&] { launch(s, vol.in, vol.out, w, h, d, zch, policy, cval); }, want, bound, what,
                               cases, bad);
                }
            });
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
    for (int r : env_list("SEP3_RADII", {5, 6, 7})) {
        auto gl = gauss(r);
        set_lines(gl, gl, gl);
        time_radius(vol, floor_ms, r, env_list("SEP3_ZCH", {96, 128, 171, 256}), SHAPES,
                    [&](const Shape& s, int zch) { launch(s, vol.in, vol.out, size, size, size, zch, 3, 0.f); });
    }
}

int main(int argc, char** argv) { return sep3_main(argc, argv, check, time_all); }
