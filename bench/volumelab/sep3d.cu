// Tuning harness for the fused rank-1 3D kernel (cuda-kernels/volume_sep.cuh) against the earlier fused kernel
// (convolab_vol_fast_sep), the compiled cube (convolab_vol_fast_r1) and a device copy (the bandwidth floor).
// Build here (x86-64, nvcc 13) and run on the GPU host:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels bench/volumelab/sep3d.cu -o sep3d
//   ./sep3d check    every variant x policy (constant 77 too) x odd volumes against a double reference
//   ./sep3d time     512x512x512 float, mirror: every variant x z chunk, kernel ms (labtime.cuh: median of 20
//                    batches of 10 launches), and each output's max |diff| against the old fused kernel's;
//                    SEP3_RADII=3,7 SEP3_ZCH=64 SEP3_ONLY=part,part (of variant names) narrow it, NCU=1 launches
//                    each once (for ncu). h25b's kernel (sep3_h25b.cuh) is timed beside the current one.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "volume.cu"
#include "sep3_h25b.cuh"
#include "sep3ref.h"
#include "../fastlab/labtime.cuh"

typedef void (*Sep3Fn)(const float*, float*, int, int, int, int, int, float);
struct Variant { const char* name; int r, tx, py, by, st, smem; Sep3Fn fn; bool old; };

// The one-barrier kernel of cuda-kernels/volume_sep.cuh: radius, TX, BY, PY, stages, min blocks an SM, XP, ZU.
#define V3(R, TX, BY, PY, ST, MB, XP, ZU)                                                                       \
    __global__ void __launch_bounds__(TX * BY, MB) sep3_##R##_##TX##_##BY##_##PY##_##ST##_##MB##_##XP##_##ZU(      \
        const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch, int policy, float cval) \
    { vol_sep3<R, TX, BY, PY, ST, XP, ZU>(in, out, w, h, d, zch, policy, cval); }
#define VROW(R, TX, BY, PY, ST, MB, XP, ZU)                                                                    \
    {"r" #R " new tx" #TX " by" #BY " py" #PY " st" #ST " mb" #MB " xp" #XP " zu" #ZU, R, TX, PY, BY, ST,        \
     VolSep3<R, TX, BY, PY, ST, XP>::SMEM, sep3_##R##_##TX##_##BY##_##PY##_##ST##_##MB##_##XP##_##ZU, false},
// h25b's kernel (sep3_h25b.cuh, as merged before): radius, PY, BY, stages, min blocks, XP. Its production
// shape (py4 by8 st3 mb1 xp4) first at each radius, then its best in sep3-time-2.txt where that was another.
#define VOLD(R, PY, BY, ST, MB, XP)                                                                            \
    __global__ void __launch_bounds__(64 * BY, MB) old3_##R##_##PY##_##BY##_##ST##_##MB##_##XP(        \
        const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch, int policy, float cval) \
    { vol_sep3_old<R, PY, BY, ST, XP>(in, out, w, h, d, zch, policy, cval); }
#define VOLDROW(R, PY, BY, ST, MB, XP)                                                                         \
    {"r" #R " old py" #PY " by" #BY " st" #ST " mb" #MB " xp" #XP, R, 64, PY, BY, ST,                   \
     VolSep3Old<R, PY, BY, ST, XP>::SMEM, old3_##R##_##PY##_##BY##_##ST##_##MB##_##XP, true},
#ifndef OLD_LIST                                  // a wrapper may define it (empty: h25b's kernel left out)
#define OLD_LIST(X)                                                                                            \
    X(1, 4, 8, 3, 1, 4) X(2, 4, 8, 3, 1, 4) X(2, 8, 4, 3, 1, 4) X(3, 4, 8, 3, 1, 4) X(3, 4, 4, 4, 1, 4)          \
    X(7, 4, 8, 3, 1, 4) X(7, 4, 4, 3, 2, 4)
#endif
#ifndef NEW_LIST
// The app's shapes (geometry.cuh: S for r 1-2, M for r 3, L for r 4-7) as before h25d (z unroll ZU 2) and after
// (ZU 4 for M and L) at each radius, then others (xp8: 8 x outputs an x pass item, one row sweep at r 7).
#define NEW_LIST(X)                                                                                            \
    X(1, 64, 8, 4, 3, 2, 4, 2) X(1, 64, 4, 4, 3, 4, 4, 1)                                                      \
    X(2, 64, 8, 4, 3, 2, 4, 2) X(2, 64, 4, 4, 3, 3, 4, 2)                                                      \
    X(3, 64, 4, 4, 3, 3, 4, 2) X(3, 64, 4, 4, 3, 3, 4, 4) X(3, 64, 4, 4, 3, 3, 8, 4) X(3, 64, 8, 4, 3, 2, 4, 2)   \
    X(4, 32, 8, 4, 3, 2, 4, 2) X(4, 32, 8, 4, 3, 2, 4, 4) X(5, 32, 8, 4, 3, 2, 4, 2) X(5, 32, 8, 4, 3, 2, 4, 4)   \
    X(6, 32, 8, 4, 3, 2, 4, 2) X(6, 32, 8, 4, 3, 2, 4, 4)                                                      \
    X(7, 32, 8, 4, 3, 2, 4, 2) X(7, 32, 8, 4, 3, 2, 4, 4) X(7, 32, 8, 4, 3, 2, 8, 4) X(7, 32, 16, 4, 3, 1, 4, 4)
#endif
#define VOLDSEMI(R, PY, BY, ST, MB, XP) VOLD(R, PY, BY, ST, MB, XP)
#define V3SEMI(R, TX, BY, PY, ST, MB, XP, ZU) V3(R, TX, BY, PY, ST, MB, XP, ZU)
OLD_LIST(VOLDSEMI)
NEW_LIST(V3SEMI)
static const Variant VARIANTS[] = {OLD_LIST(VOLDROW) NEW_LIST(VROW)};
#include "sep3host.cuh"

static void launch(const Variant& v, const float* in, float* out, int w, int h, int d, int zch, int policy, float cval) {
    const int ty = v.py * v.by;
    dim3 grid((w + v.tx - 1) / v.tx, (h + ty - 1) / ty, (d + zch - 1) / zch);
    v.fn<<<grid, dim3(v.tx, v.by), v.smem>>>(in, out, w, h, d, zch, policy, cval);
}

static void allow_smem() {
    for (const Variant& v : VARIANTS) CK(cudaFuncSetAttribute(v.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, v.smem));
}

static int check() {
    allow_smem();
    const int vols[][3] = {{1, 1, 1}, {5, 6, 7}, {6, 1, 1}, {33, 9, 17}, {70, 37, 41}, {64, 32, 70}, {131, 67, 23}, {9, 7, 70}};
    int bad = 0, cases = 0;
    unsigned seed = 7;
    for (auto& vs : vols) {
        const int w = vs[0], h = vs[1], d = vs[2];
        LabVolume vol(w, h, d, seed);
        for (int r : {1, 2, 3, 4, 5, 6, 7}) {
            each_policy_case(vol, r, seed, [&](int policy, float cval, const std::vector<double>& want, double bound) {
                for (const Variant& v : VARIANTS) {
                    if (v.r != r) continue;
                    for (int zch : {8, 64, 512}) {
                        CK(cudaMemset(vol.out, 0xff, vol.n * 4));
                        launch(v, vol.in, vol.out, w, h, d, zch, policy, cval);
                        if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) {
                            printf("BAD %s: %s\n", v.name, cudaGetErrorString(e));
                            bad++;
                            cudaGetLastError();
                            continue;
                        }
                        cases++;
                        char what[160];
                        snprintf(what, sizeof what, "%s zch %d policy %d cval %g", v.name, zch, policy, cval);
                        vol.matches(want, bound, what, bad);
                    }
                }
            });
        }
    }
    printf("check: %d cases, %d bad\n", cases, bad);
    return bad != 0;
}

// The radii (SEP3_RADII, default 1..7) and z chunks (SEP3_ZCH, default by radius) that time mode sweeps.
static std::vector<int> radii() { return env_list("SEP3_RADII", {1, 2, 3, 4, 5, 6, 7}); }
static std::vector<int> chunks(int r) {
    return env_list("SEP3_ZCH", r <= 2 ? std::vector<int>{16, 32, 64, 128} : std::vector<int>{32, 64, 128, 256, 512});
}

static void time_all(int size) {
    const int w = size, h = size, d = size;
    unsigned seed = 1;
    LabVolume vol(w, h, d, seed, false);
    const size_t n = vol.n;
    float *din = vol.in, *dout = vol.out;
    float* dref;
    CK(cudaMalloc(&dref, n * 4));
    const double floor_ms = lab_floor(vol);
    allow_smem();
    CK(cudaFuncSetAttribute(convolab_vol_fast_sep, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000));
    std::vector<float> got(n), ref(n);
    const char* only = getenv("SEP3_ONLY");         // comma-separated parts of variant names (ncu runs)
    auto wanted = [&](const Variant& v) {
        if (!only) return true;
        std::string o = only, name = v.name;
        for (size_t a = 0, b; a <= o.size(); a = b + 1) {
            b = o.find(',', a);
            if (b == std::string::npos) b = o.size();
            if (b > a && name.find(o.substr(a, b - a)) != std::string::npos) return true;
        }
        return false;
    };
    for (int r : radii()) {
        auto g = gauss(r);
        set_lines(g, g, g);
        const int m = 2 * r + 1;
        const int old_smem = 4 * ((VOL_BX + m - 1) * (VOL_BY + m - 1) + VOL_BX * (VOL_BY + m - 1) + m * VOL_BX * VOL_BY);
        dim3 og((w + VOL_BX - 1) / VOL_BX, (h + VOL_BY - 1) / VOL_BY, (d + VOL_FAST_ZCH - 1) / VOL_FAST_ZCH);
        auto old = [&] { convolab_vol_fast_sep<<<og, dim3(VOL_BX, VOL_BY), old_smem>>>(din, dref, w, h, d, m, m, m, 3, 0.f); };
        if (!NCU) {
            const float t_old = timeit(old);
            printf("r%d fast_sep convolab_vol_fast_sep      %.4f ms  %.2fx floor\n", r, t_old, t_old / floor_ms);
            CK(cudaMemcpy(ref.data(), dref, n * 4, cudaMemcpyDeviceToHost));
        }
        for (const Variant& v : VARIANTS) {
            if (v.r != r || !wanted(v)) continue;
            launch(v, din, dout, w, h, d, 64, 3, 0.f);
            if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) {
                printf("r%d %-36s launch failed: %s\n", r, v.name, cudaGetErrorString(e));
                cudaGetLastError();
                continue;
            }
            double diff = -1;                          // max |diff| against fast_sep, at the first z chunk only
            for (int zch : chunks(r)) {
                const float t = timeit([&] { launch(v, din, dout, w, h, d, zch, 3, 0.f); });
                if (diff < 0 && !NCU) {
                    CK(cudaMemcpy(got.data(), dout, n * 4, cudaMemcpyDeviceToHost));
                    diff = 0;
                    for (size_t k = 0; k < n; k += 7) diff = std::max(diff, (double)std::fabs(got[k] - ref[k]));
                }
                cudaFuncAttributes a;
                cudaFuncGetAttributes(&a, v.fn);
                printf("r%d %-36s zch %3d  %.4f ms  %.2fx floor  (%d regs, %zu B local, %d B smem, diff %.2g)\n", r, v.name, zch,
                       t, t / floor_ms, a.numRegs, a.localSizeBytes, v.smem, diff);
            }
        }
        fflush(stdout);
    }
}

int main(int argc, char** argv) { return sep3_main(argc, argv, check, time_all); }
