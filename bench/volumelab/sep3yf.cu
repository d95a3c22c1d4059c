// Issue 25, round fifteen: sep3yf.cuh (the y pass first, wide tiles, one tensor copy a slab) beside the app's r 7
// kernel (convolab_vol_sep3_r7's shape: cuda-kernels/volume_sep.cuh, 32x32, cp.async).
// Build here (x86-64, nvcc 13) and run on the GPU host:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab bench/volumelab/sep3yf.cu -o sep3yf
//   ./sep3yf check   every variant x every policy (constant 77 and wrap take the block's own loads) x volumes (tiles the
//                    volume ends inside of, volumes smaller than the mask; widths a multiple of 4) x z chunks 8, 96,
//                    512, against the double reference; counts the blocks that ran on tensor copies
//   ./sep3yf time    512^3 float, mirror, Gaussian r 7 (sigma 3.5): the app's kernel, then each variant at several z
//                    chunks, twice (SEP3_ZCH: the chunks; SEP3_POLICY: another policy; SEP3_REF: first every kernel
//                    against the double reference at that size)
#include <algorithm>
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
#include "sep3yf.cuh"
#include "sep3yg.cuh"
#include "sep3yd.cuh"
#include "sep3yh.cuh"
#include "sep3yk.cuh"

typedef void (*YFn)(const float*, float*, int, int, int, int, int, float, const __grid_constant__ ConvolabTensorMap);

#define APP(R)                                                                                                  \
    __global__ void __launch_bounds__(256, 2) app_r##R(const float* __restrict__ in, float* __restrict__ out, int w,  \
                                                      int h, int d, int zch, int policy, float cval,               \
                                                      const __grid_constant__ ConvolabTensorMap)                   \
    {                                                                                                           \
        vol_sep3<R, 32, 8, 4, 4, 4, 4, false>(in, out, w, h, d, zch, policy, cval);                               \
    }
APP(5) APP(6) APP(7)

// A variant: radius, TX, TY, stages, YP (y outputs an item), ZU, min blocks an SM, OPT (sep3yf.cuh).
#define YF(R, TX, TY, ST, YP, ZU, MB, OPT)                                                                        \
    __global__ void __launch_bounds__(VolSep3Yf<R, TX, TY, ST, YP>::T, MB)                                        \
        yf_##R##_##TX##_##TY##_##ST##_##YP##_##ZU##_##MB##_##OPT(const float* __restrict__ in, float* __restrict__ out, \
                                                        int w, int h, int d, int zch, int policy, float cval,      \
                                                        const __grid_constant__ ConvolabTensorMap map)             \
    {                                                                                                             \
        vol_sep3yf<R, TX, TY, ST, YP, ZU, OPT>(in, out, w, h, d, zch, policy, cval, &map);                       \
    }
#define YF_ROW(R, TX, TY, ST, YP, ZU, MB, OPT)                                                                    \
    {R, "yf " #TX "x" #TY " st" #ST " yp" #YP " zu" #ZU " mb" #MB " opt" #OPT, VolSep3Yf<R, TX, TY, ST, YP>::SMEM,  \
     yf_##R##_##TX##_##TY##_##ST##_##YP##_##ZU##_##MB##_##OPT, TX, TY, VolSep3Yf<R, TX, TY, ST, YP>::T,            \
     VolSep3Yf<R, TX, TY, ST, YP>::SW, VolSep3Yf<R, TX, TY, ST, YP>::SH, false},
#if defined(ROUND16) && !defined(YF_LIST)       // round sixteen: the app's kernels and sep3yh only
#define YF_LIST(X)
#define YG_LIST(X)
#endif
#ifndef YF_LIST
#ifdef ROUND15_K
#define YF_LIST(X) X(7, 128, 16, 6, 2, 4, 1, 0) X(3, 64, 16, 8, 2, 4, 2, 3)
#else
#define YF_LIST(X) X(3, 64, 16, 8, 2, 4, 2, 3)
#endif
#endif
YF_LIST(YF)

// sep3yg.cuh's variants (calls D, E): radius, TX, TY, stages, YP, ZU, min blocks an SM, ISO (one line for x, y and z),
// XPRE (the x window read before the y pass).
#define YG(R, TX, TY, ST, YP, ZU, MB, ISO, XP, SP)                                                                        \
    __global__ void __launch_bounds__(VolSep3Yf<R, TX, TY, ST, YP>::T, MB)                                        \
        yg_##R##_##TX##_##TY##_##ST##_##YP##_##ZU##_##MB##_##ISO##_##XP##_##SP(const float* __restrict__ in, float* __restrict__ out, \
                                                        int w, int h, int d, int zch, int policy, float cval,      \
                                                        const __grid_constant__ ConvolabTensorMap map)             \
    {                                                                                                             \
        vol_sep3yg<R, TX, TY, ST, YP, ZU, ISO, XP, SP>(in, out, w, h, d, zch, policy, cval, &map);                       \
    }
#define YG_ROW(R, TX, TY, ST, YP, ZU, MB, ISO, XP, SP)                                                                \
    {R, "yg " #TX "x" #TY " st" #ST " yp" #YP " zu" #ZU " mb" #MB " iso" #ISO " xpre" #XP " split" #SP, VolSep3Yf<R, TX, TY, ST, YP>::SMEM, \
     yg_##R##_##TX##_##TY##_##ST##_##YP##_##ZU##_##MB##_##ISO##_##XP##_##SP, TX, TY, VolSep3Yf<R, TX, TY, ST, YP>::T,            \
     VolSep3Yf<R, TX, TY, ST, YP>::SW, VolSep3Yf<R, TX, TY, ST, YP>::SH, ISO},
#ifndef YG_LIST
#if defined(ROUND15_E)
#define YG_LIST(X)                                                                                                 \
    X(7, 64, 16, 8, 2, 4, 2, true, false, false) X(7, 128, 16, 6, 2, 4, 1, true, false, false)                       \
    X(7, 64, 16, 8, 2, 4, 2, true, true, false) X(7, 128, 16, 6, 2, 4, 1, true, true, false)                         \
    X(7, 64, 16, 8, 2, 2, 2, true, false, false) X(7, 128, 16, 6, 2, 2, 1, true, false, false)                       \
    X(7, 128, 16, 8, 2, 4, 1, true, true, false) X(5, 64, 16, 8, 2, 4, 2, true, true, false)
#elif defined(ROUND15_F)             // call F: radii 5-7, one line a pass (the app's general form)
#define YG_LIST(X)                                                                                                 \
    X(7, 64, 16, 8, 2, 4, 2, false, false, false) X(7, 128, 16, 6, 2, 4, 1, false, false, false)                     \
    X(6, 64, 16, 8, 2, 4, 2, false, false, false) X(6, 128, 16, 6, 2, 4, 1, false, false, false)                     \
    X(5, 64, 16, 8, 2, 4, 2, false, false, false) X(5, 128, 16, 6, 2, 4, 1, false, false, false)
#elif defined(ROUND15_H)              // call H (build with -DROUND15_H): SPLIT, the app's general form at r 5 and 7
#define YG_LIST(X)                                                                                                 \
    X(7, 64, 16, 8, 2, 4, 2, false, false, false) X(7, 64, 16, 8, 2, 4, 2, false, false, true)                      \
    X(7, 128, 16, 6, 2, 4, 1, false, false, false) X(7, 128, 16, 6, 2, 4, 1, false, false, true)                    \
    X(5, 64, 16, 8, 2, 4, 2, false, false, true) X(6, 64, 16, 8, 2, 4, 2, false, false, true)
#elif defined(ROUND15_I)              // call I (build with -DROUND15_I): 64x8 tiles of 128 threads, 4 blocks an SM (less lockstep a block)
#define YG_LIST(X)                                                                                                 \
    X(7, 64, 16, 8, 2, 4, 2, false, false, false) X(7, 64, 8, 6, 2, 4, 4, false, false, false)                      \
    X(7, 64, 8, 4, 2, 4, 4, false, false, false) X(7, 128, 8, 4, 2, 4, 2, false, false, false)                      \
    X(5, 64, 8, 6, 2, 4, 4, false, false, false) X(6, 64, 8, 6, 2, 4, 4, false, false, false)
#elif defined(ROUND15_K)              // call K (build with -DROUND15_K): the unbarriered probe's comparison (zero halo)
#define YG_LIST(X) X(7, 64, 16, 8, 2, 4, 2, false, false, false) X(7, 128, 8, 4, 2, 4, 2, false, false, false)
#else                                // call L: the lab's form (halo copied into the slab each step) beside the app's
#define YG_LIST(X) X(7, 64, 16, 8, 2, 4, 2, false, false, false)
#endif
#endif
YG_LIST(YG)

// sep3yd.cuh's probe (call K): radius, TX, TY, stages, YP, min blocks an SM; constant 0 only.
#define YD(R, TX, TY, ST, YP, MB)                                                                                 \
    __global__ void __launch_bounds__(VolSep3Yf<R, TX, TY, ST, YP>::T, MB)                                        \
        yd_##R##_##TX##_##TY##_##ST##_##YP##_##MB(const float* __restrict__ in, float* __restrict__ out, int w, int h, \
                                                  int d, int zch, int, float, const __grid_constant__ ConvolabTensorMap map) \
    {                                                                                                             \
        vol_sep3yd<R, TX, TY, ST, YP>(in, out, w, h, d, zch, &map);                                               \
    }
#define YD_ROW(R, TX, TY, ST, YP, MB)                                                                             \
    {R, "yd " #TX "x" #TY " st" #ST " yp" #YP " mb" #MB " (zero only)", VolSep3Yd<R, TX, TY, ST, YP>::SMEM,          \
     yd_##R##_##TX##_##TY##_##ST##_##YP##_##MB, TX, TY, VolSep3Yf<R, TX, TY, ST, YP>::T,                           \
     VolSep3Yf<R, TX, TY, ST, YP>::SW, VolSep3Yf<R, TX, TY, ST, YP>::SH, false, true},
#ifdef ROUND15_K
#define YD_LIST(X) X(7, 64, 16, 8, 2, 2) X(7, 64, 16, 6, 2, 2) X(5, 64, 16, 8, 2, 2)
#else
#define YD_LIST(X)
#endif
YD_LIST(YD)

// The app's y-first kernel (cuda-kernels/volume_sep_y.cuh, the shape of geometry.cuh) at radius R (call L on).
#define APPY(R)                                                                                                   \
    __global__ void __launch_bounds__(VOL_SEP3Y_TX * VOL_SEP3Y_TY / 4, VOL_SEP3Y_MINB)                           \
        appy_r##R(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch, int policy,  \
                  float cval, const __grid_constant__ ConvolabTensorMap map)                                       \
    {                                                                                                             \
        vol_sep3y<R, VOL_SEP3Y_TX, VOL_SEP3Y_TY, VOL_SEP3Y_STAGES, VOL_SEP3Y_YP, VOL_SEP3Y_ZU>(in, out, w, h, d, zch, \
                                                                                           policy, cval, &map);  \
    }
#define APPY_ROW(R)                                                                                               \
    {R, "app y-first r" #R " (volume_sep_y.cuh)", VolSep3Y<R, VOL_SEP3Y_TX, VOL_SEP3Y_TY, VOL_SEP3Y_STAGES, VOL_SEP3Y_YP>::SMEM, \
     appy_r##R, VOL_SEP3Y_TX, VOL_SEP3Y_TY, VOL_SEP3Y_TX * VOL_SEP3Y_TY / 4,                                      \
     VolSep3Y<R, VOL_SEP3Y_TX, VOL_SEP3Y_TY, VOL_SEP3Y_STAGES, VOL_SEP3Y_YP>::SW,                                 \
     VolSep3Y<R, VOL_SEP3Y_TX, VOL_SEP3Y_TY, VOL_SEP3Y_STAGES, VOL_SEP3Y_YP>::SH, false, false},
APPY(5) APPY(6) APPY(7)

// sep3yh.cuh (round sixteen): the app's y-first kernel with its x halo folded in the x items' windows.
#define YH(R, TX, TY, ST, YP, ZU, MB, FX, NF, EA)                                                                   \
    __global__ void __launch_bounds__(VolSep3Y<R, TX, TY, ST, YP>::T, MB)                                         \
        yh_##R##_##TX##_##TY##_##ST##_##MB##_##FX##_##NF##_##EA(const float* __restrict__ in, float* __restrict__ out, int w, int h,     \
                                           int d, int zch, int policy, float cval,                                \
                                           const __grid_constant__ ConvolabTensorMap map)                         \
    {                                                                                                             \
        vol_sep3yh<R, TX, TY, ST, YP, ZU, FX, NF, EA>(in, out, w, h, d, zch, policy, cval, &map);                             \
    }
#define YH_ROW(R, TX, TY, ST, YP, ZU, MB, FX, NF, EA)                                                               \
    {R, "yh " #TX "x" #TY " st" #ST " mb" #MB " fx" #FX " nofence" #NF " early" #EA, VolSep3Y<R, TX, TY, ST, YP>::SMEM,          \
     yh_##R##_##TX##_##TY##_##ST##_##MB##_##FX##_##NF##_##EA, TX, TY, VolSep3Y<R, TX, TY, ST, YP>::T, VolSep3Y<R, TX, TY, ST, YP>::SW,   \
     VolSep3Y<R, TX, TY, ST, YP>::SH, false, false},
#ifndef YH_LIST
#ifdef ROUND16
#if defined(ROUND17)
#define YH_LIST(X)
#elif defined(ROUND16_G) || defined(ROUND16_H) || defined(ROUND16_L)   // calls G, H, L: sep3yk beside EARLY 4 at 128x16
#define YH_LIST(X) X(7, 128, 16, 6, 2, 4, 1, false, false, 4)
#elif defined(ROUND16_F)                // call F: blocks with no halo to copy run a sweep compiled without the copy (EARLY 4)
#define YH_LIST(X) X(7, 128, 16, 6, 2, 4, 1, false, false, 4) X(7, 64, 16, 8, 2, 4, 2, false, false, 4)                 \
    X(6, 128, 16, 6, 2, 4, 1, false, false, 4) X(6, 64, 16, 8, 2, 4, 2, false, false, 4)                                \
    X(5, 128, 16, 6, 2, 4, 1, false, false, 4) X(5, 64, 16, 8, 2, 4, 2, false, false, 4)
#elif defined(ROUND16_E)                // call E: probe: the halo list made but never copied (EARLY 3; results wrong under folds)
#define YH_LIST(X) X(7, 128, 16, 6, 2, 4, 1, false, false, 3) X(7, 128, 16, 6, 2, 4, 1, false, false, 0)                 \
    X(7, 64, 16, 8, 2, 4, 2, false, false, 3) X(7, 64, 16, 8, 2, 4, 2, false, false, 0)
#elif defined(ROUND16_D)                // call D: the halo copied by the warps with no y item, a step ahead (EARLY 2)
#define YH_LIST(X) X(7, 128, 16, 6, 2, 4, 1, false, false, 2) X(7, 128, 16, 6, 2, 4, 1, false, false, 0)                 \
    X(7, 64, 16, 8, 2, 4, 2, false, false, 2) X(6, 128, 16, 6, 2, 4, 1, false, false, 2)                                \
    X(5, 128, 16, 6, 2, 4, 1, false, false, 2) X(6, 128, 16, 6, 2, 4, 1, false, false, 0)                               \
    X(5, 128, 16, 6, 2, 4, 1, false, false, 0)
#elif defined(ROUND16_C)              // call C: the halo cells of slab s + 1 copied in step s after its y pass (EARLY 1)
#define YH_LIST(X) X(7, 64, 16, 8, 2, 4, 2, false, false, 1) X(7, 128, 16, 6, 2, 4, 1, false, false, 1)                 \
    X(7, 128, 16, 6, 2, 4, 1, false, false, 0) X(6, 128, 16, 6, 2, 4, 1, false, false, 1)                               \
    X(5, 128, 16, 6, 2, 4, 1, false, false, 1) X(6, 64, 16, 8, 2, 4, 2, false, false, 1)                                \
    X(5, 64, 16, 8, 2, 4, 2, false, false, 1)
#elif defined(ROUND16_B)              // call B: is it the proxy fence? (NF: no fence, a timing probe only)
#define YH_LIST(X) X(7, 64, 16, 8, 2, 4, 2, false, true, 0) X(7, 64, 16, 8, 2, 4, 2, true, true, 0)                       \
    X(7, 128, 16, 6, 2, 4, 1, false, false, 0) X(7, 128, 16, 6, 2, 4, 1, false, true, 0)
#else                                // call A: the x halo folded in registers
#define YH_LIST(X) X(7, 64, 16, 8, 2, 4, 2, true, false, 0) X(6, 64, 16, 8, 2, 4, 2, true, false, 0)                      \
    X(5, 64, 16, 8, 2, 4, 2, true, false, 0) X(7, 128, 16, 6, 2, 4, 1, true, false, 0)
#endif
#else
#define YH_LIST(X)
#endif
#endif
YH_LIST(YH)

// fold_only: zero and folding policies only, on volumes at least two tiles each way (sep3yk)
// sep3yk.cuh (round sixteen, call G on): the side blocks fold their halo with no copy in shared memory.
#define YK(R, TX, TY, ST, YP, ZU, MB, YKM)                                                                        \
    __global__ void __launch_bounds__(VolSep3Y<R, TX, TY, ST, YP>::T, MB)                                         \
        yk_##R##_##TX##_##TY##_##ST##_##MB##_##YKM(const float* __restrict__ in, float* __restrict__ out, int w, int h,     \
                                           int d, int zch, int policy, float cval,                                \
                                           const __grid_constant__ ConvolabTensorMap map)                         \
    {                                                                                                             \
        vol_sep3yk<R, TX, TY, ST, YP, ZU, YKM>(in, out, w, h, d, zch, policy, cval, &map);                             \
    }
#define YK_ROW(R, TX, TY, ST, YP, ZU, MB, YKM)                                                                    \
    {R, "yk " #TX "x" #TY " st" #ST " mb" #MB " folds" #YKM, VolSep3Yk<R, TX, TY, ST, YP>::SMEM,                    \
     yk_##R##_##TX##_##TY##_##ST##_##MB##_##YKM, TX, TY, VolSep3Y<R, TX, TY, ST, YP>::T, VolSep3Y<R, TX, TY, ST, YP>::SW,   \
     VolSep3Y<R, TX, TY, ST, YP>::SH, false, false, true},
#ifndef YK_LIST
#if defined(ROUND17)                  // round seventeen: call L's form (YKM 7) beside the app's wide sweep
#define YK_LIST(X) X(7, 128, 16, 6, 2, 4, 1, 7) X(6, 128, 16, 6, 2, 4, 1, 7)
#elif defined(ROUND16_L)                // call L: YKM 7, the column fold by selects with the policy fixed, beside 3 and 0
#define YK_LIST(X) X(7, 128, 16, 6, 2, 4, 1, 3) X(7, 128, 16, 6, 2, 4, 1, 7) X(7, 128, 16, 6, 2, 4, 1, 5) X(7, 128, 16, 6, 2, 4, 1, 0) \
    X(6, 128, 16, 6, 2, 4, 1, 7) X(5, 128, 16, 6, 2, 4, 1, 7)
#elif defined(ROUND16_H)              // call H: which fold is slow (YKM: 1 columns, 2 rows, 0 neither: the others copy)
#define YK_LIST(X) X(7, 128, 16, 6, 2, 4, 1, 3) X(7, 128, 16, 6, 2, 4, 1, 1) X(7, 128, 16, 6, 2, 4, 1, 2) X(7, 128, 16, 6, 2, 4, 1, 0)
#elif defined(ROUND16_G)
#define YK_LIST(X) X(7, 128, 16, 6, 2, 4, 1, 3) X(7, 64, 16, 8, 2, 4, 2, 3) X(6, 128, 16, 6, 2, 4, 1, 3) X(5, 128, 16, 6, 2, 4, 1, 3)
#else
#define YK_LIST(X)
#endif
#endif
YK_LIST(YK)

// Round seventeen: the app's wide sweep (cuda-kernels/volume_sep_w.cuh: the halo warp reads the columns its side cells
// mirror, the x pass has no fold), at r 5 too (the app takes it from r 6). whole: volumes of whole tiles only.
#define WA(R)                                                                                                     \
    __global__ void __launch_bounds__(512, 1) wa_##R(const float* __restrict__ in, float* __restrict__ out, int w, int h, \
                                                    int d, int zch, int policy, float cval,                       \
                                                    const __grid_constant__ ConvolabTensorMap map)                \
    {                                                                                                             \
        const long long t0 = vol_yk_now();                                                                        \
        vol_sep3w<R, 128, 16, 6, VOL_SEP3W_YP, VOL_SEP3W_ZU>(in, out, w, h, d, zch, policy, cval, &map);                      \
        lab_w_probe(t0, 0);                                                                                       \
    }
#define WA_ROW(R)                                                                                                 \
    {R, "wide 128x16 st6 (app's sep3w)", VOL_SEP3W_SMEM(R), wa_##R, 128, 16, 512,                                     \
     VolSep3W<R, 128, 16, 6, VOL_SEP3W_YP>::SW, VolSep3W<R, 128, 16, 6, VOL_SEP3W_YP>::SH, false, false, true, true},
// Each block's time and kind into vol_yk_block_ns / vol_yk_block_kind (SEP3_BLOCKS).
__device__ __forceinline__ void lab_w_probe(long long t0, int kind)
{
    __syncthreads();
    if (threadIdx.x == 0) {
        const int b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
        if (b < (1 << 16)) { vol_yk_block_ns[b] = vol_yk_now() - t0; vol_yk_block_kind[b] = kind; }
    }
}
// Round nineteen, calls B-F: the lab's forms of the wide sweep (y items by YP, YPH and HW; blocks held in step; the
// instruction-cache probes; ZU 2; one side sweep for every block) were built from commit 6e44593 (this file and
// cuda-kernels/volume_sep_w.cuh there); their logs are in bench/results/h100-2026-11-28-round19. The app's form now
// is call F's "yp4 zu4 probe 2" (WA below: YP 4, one fold sweep for every block).
// Round seventeen's lab forms of the wide sweep (the probes WP, the stages and turns WV, sep3wp.cuh's WQ) called the
// side and row sweeps the app's header no longer splits: build them from commit ad06f2e. sep3wp.cuh
// (slower, round nineteen's call A) is gone. -DROUND17 and -DROUND19 now time the app's form.
// Round twenty: the app's sweep at ZU 4 (round nineteen's; the app now takes ZU 3), beside the app's form.
#define WZ(R, ZU)                                                                                                 \
    __global__ void __launch_bounds__(512, 1) wz_##R##_##ZU(const float* __restrict__ in, float* __restrict__ out, int w, int h, \
                                                    int d, int zch, int policy, float cval,                       \
                                                    const __grid_constant__ ConvolabTensorMap map)                \
    {                                                                                                             \
        vol_sep3w<R, 128, 16, 6, VOL_SEP3W_YP, ZU>(in, out, w, h, d, zch, policy, cval, &map);                      \
    }
#define WZ_ROW(R, ZU)                                                                                             \
    {R, "wide 128x16 st6 zu" #ZU, VolSep3W<R, 128, 16, 6, VOL_SEP3W_YP, vol_sep3w_ybuf(ZU)>::SMEM, wz_##R##_##ZU, 128, 16, 512,                                             \
     VolSep3W<R, 128, 16, 6, VOL_SEP3W_YP>::SW, VolSep3W<R, 128, 16, 6, VOL_SEP3W_YP>::SH, false, false, true, true},
#if defined(ROUND20)
WZ(7, 4) WZ(6, 4)
#define WZ_ROWS WZ_ROW(7, 4) WZ_ROW(6, 4)
#else
#define WZ_ROWS
#endif
#if defined(ROUND19) || defined(ROUND17)
WA(7) WA(6) WA(5)
#define WA_ROWS WA_ROW(7) WA_ROW(6) WA_ROW(5)
#else
#define WA_ROWS
#endif

// Round twenty's calls A, C and D built forms that are not kept here (each slower than the app's sweep): their
// patches against commit c625253 are in bench/results/h200-2026-11-28-round20 (call C's sep3ws.cuh: the warps split
// by pass; call A: the halo items over four warps; call D: one copy of the y pass for every step).
struct Shape { int r; const char* name; int smem; YFn fn; int tx, ty, threads, sw, sh; bool iso; bool zero_only; bool fold_only; bool whole; };
static const Shape SHAPES[] = {
    {7, "app r7 (32x32 cp.async, 4 slabs)", VolSep3<7, 32, 8, 4, 4, 4, false>::SMEM, app_r7, 32, 32, 256, 0, 0},
    {6, "app r6 (32x32 cp.async, 4 slabs)", VolSep3<6, 32, 8, 4, 4, 4, false>::SMEM, app_r6, 32, 32, 256, 0, 0},
    {5, "app r5 (32x32 cp.async, 4 slabs)", VolSep3<5, 32, 8, 4, 4, 4, false>::SMEM, app_r5, 32, 32, 256, 0, 0},
    YF_LIST(YF_ROW) YG_LIST(YG_ROW) YD_LIST(YD_ROW) YH_LIST(YH_ROW) YK_LIST(YK_ROW) WA_ROWS WZ_ROWS APPY_ROW(7) APPY_ROW(6) APPY_ROW(5)};

static bool make_map(ConvolabTensorMap& m, const float* base, int w, int h, int d, const Shape& s) {
    memset(&m, 0, sizeof m);
    return s.sw == 0 || lab_tensor_map(m, base, w, h, d, s.sw, s.sh);
}

static void launch(const Shape& s, const ConvolabTensorMap& m, const float* in, float* out, int w, int h, int d, int zch,
                   int policy, float cval) {
    dim3 grid((w + s.tx - 1) / s.tx, (h + s.ty - 1) / s.ty, (d + zch - 1) / zch);
    if (s.sw == 0) s.fn<<<grid, dim3(32, 8), s.smem>>>(in, out, w, h, d, zch, policy, cval, m);
    else s.fn<<<grid, s.threads, s.smem>>>(in, out, w, h, d, zch, policy, cval, m);
}

static void allow_smem() {
    for (const Shape& s : SHAPES) CK(cudaFuncSetAttribute(s.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, s.smem));
}

static int check() {
    allow_smem();
    const int vols[][3] = {{4, 4, 4}, {8, 7, 70}, {36, 9, 17}, {64, 32, 70}, {68, 37, 41}, {96, 33, 40},
                           {128, 67, 23}, {12, 5, 9}, {132, 20, 17}, {32, 64, 20}, {160, 80, 19}, {200, 18, 30},
                           {128, 32, 30}, {256, 48, 21}, {192, 64, 17}, {256, 32, 17}, {384, 48, 9}, {256, 32, 80},
                           {256, 64, 40}};
    int bad = 0, cases = 0;
    unsigned seed = 7;
    for (auto& vs : vols) {
        const int w = vs[0], h = vs[1], d = vs[2];
        LabVolume vol(w, h, d, seed);
        for (int r : {3, 5, 6, 7})
          for (bool iso : {false, true}) {
            each_policy_case(vol, r, seed, [&](int policy, float cval, const std::vector<double>& want, double bound) {
                for (const Shape& s : SHAPES) {
                    if (s.r != r || s.iso != iso || (s.zero_only && (policy != 0 || cval != 0.f))) continue;
                    if (s.fold_only && (policy == 4 || cval != 0.f || w < 2 * s.tx || h < 2 * s.ty)) continue;
                    if (s.whole && (w % s.tx != 0 || h % s.ty != 0)) continue;
                    ConvolabTensorMap m;
                    if (!make_map(m, vol.in, w, h, d, s)) exit(1);
                    for (int zch : {8, 96, 512}) {
                        char what[200];
                        snprintf(what, sizeof what, "r%d %s zch %d policy %d cval %g", r, s.name, zch, policy, cval);
                        check_case(vol, [&] { launch(s, m, vol.in, vol.out, w, h, d, zch, policy, cval); }, want, bound,
                                   what, cases, bad);
                    }
                }
            }, false, iso);
          }
    }
    printf("check: %d cases, %d bad\n", cases, bad);
    return bad != 0;
}

// Call J's probe (SEP3_BLOCKS): one more launch of each sep3yk shape at chunk 512, then each block's time by the sweep
// it ran and by where its tile lies (left/right column of tiles, top/bottom row, inside).
static void block_times(const Shape& s, const ConvolabTensorMap& m, const LabVolume& vol, int w, int h, int d, int policy) {
    launch(s, m, vol.in, vol.out, w, h, d, 512, policy, 0.f);
    CK(cudaDeviceSynchronize());
    const int gx = (w + s.tx - 1) / s.tx, gy = (h + s.ty - 1) / s.ty, n = gx * gy;
    std::vector<long long> ns(n);
    std::vector<int> kind(n);
    CK(cudaMemcpyFromSymbol(ns.data(), vol_yk_block_ns, n * sizeof(long long)));
    CK(cudaMemcpyFromSymbol(kind.data(), vol_yk_block_kind, n * sizeof(int)));
    const char* cls[] = {"inside", "left/right", "top/bottom", "corner"};
    for (int c = 0; c < 4; c++)
        for (int k = 0; k < 4; k++) {
            std::vector<long long> v;
            for (int b = 0; b < n; b++) {
                const int bx = b % gx, by = b / gx;
                const bool xs = bx == 0 || bx == gx - 1, ys = by == 0 || by == gy - 1;
                if ((xs ? 1 : 0) + (ys ? 2 : 0) == c && kind[b] == k) v.push_back(ns[b]);
            }
            if (v.empty()) continue;
            std::sort(v.begin(), v.end());
            printf("  blocks %-10s kind %d: %3zu, median %.1f us, max %.1f us\n", cls[c], k, v.size(), v[v.size() / 2] / 1e3,
                   v.back() / 1e3);
        }
}

static void time_all(int size) {
    const int w = size, h = size, d = size;
    unsigned seed = 1;
    LabVolume vol(w, h, d, seed, false);
    const double floor_ms = lab_floor(vol);
    allow_smem();
    const char* pe = getenv("SEP3_POLICY");
    const int policy = pe ? atoi(pe) : 3;
    for (int r : env_list("SEP3_RADII", {7})) {
        auto gl = gauss(r);
        set_lines(gl, gl, gl);
        if (getenv("SEP3_REF")) {                    // every kernel against the double reference at this size
            std::vector<double> want = reference(vol.host, w, h, d, gl, gl, gl, policy, 0.f);
            std::vector<float> got(vol.n);
            for (const Shape& s : SHAPES) {
                if (s.r != r) continue;
                ConvolabTensorMap m;
                if (!make_map(m, vol.in, w, h, d, s)) return;
                launch(s, m, vol.in, vol.out, w, h, d, 96, policy, 0.f);
                CK(cudaMemcpy(got.data(), vol.out, vol.n * 4, cudaMemcpyDeviceToHost));
                double e = 0;
                for (size_t k = 0; k < vol.n; k++) e = std::max(e, std::fabs(got[k] - want[k]));
                printf("ref r%d %-40s max error %.3g\n", r, s.name, e);
            }
        }
        std::vector<int> zs = env_list("SEP3_ZCH", {64, 96, 128, 171, 256, 512});
        std::vector<float> first, got(vol.n);
        for (int round = 0; round < 2; round++)
            for (const Shape& s : SHAPES) {
                if (s.r != r) continue;
                ConvolabTensorMap m;
                if (!make_map(m, vol.in, w, h, d, s)) return;
                launch(s, m, vol.in, vol.out, w, h, d, 96, policy, 0.f);
                CK(cudaMemcpy(got.data(), vol.out, vol.n * 4, cudaMemcpyDeviceToHost));
                if (first.empty()) first = got;
                double diff = 0;
                for (size_t k = 0; k < vol.n; k++) diff = std::max(diff, (double)std::fabs(first[k] - got[k]));
                cudaFuncAttributes fa;
                cudaFuncGetAttributes(&fa, s.fn);
                for (int zch : (s.sw == 0 ? std::vector<int>{96} : zs)) {
                    const float ms = timeit([&] { launch(s, m, vol.in, vol.out, w, h, d, zch, policy, 0.f); });
                    printf("r%d %-40s zch %3d  %.4f ms  %.2fx floor  (%d regs, %zu B local, %d B smem; vs app %.2g)\n", r,
                           s.name, zch, ms, ms / floor_ms, fa.numRegs, fa.localSizeBytes, s.smem, diff);
                }
                if (getenv("SEP3_BLOCKS") && s.fold_only && round == 0) block_times(s, m, vol, w, h, d, policy);
                fflush(stdout);
            }
    }
}

int main(int argc, char** argv) { return sep3_main(argc, argv, check, time_all); }
