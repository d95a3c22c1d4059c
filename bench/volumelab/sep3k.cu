// Issue 25, round fourteen: the one-sweep rank-1 kernel with its x, y and z passes decoupled (sep3k.cuh), so that a
// thread holds the z windows of K = 1 or 2 voxels instead of 4 and an SM runs up to 32 warps; beside the app's r 7
// kernel (convolab_vol_sep3_r7, cuda-kernels/volume_sep.cuh). COPY rows time the same loads, barriers and stores alone.
// Call B adds vol_sep3p (sep3p.py, sep3pf.cuh): the app's kernel with an L2 prefetch PF steps ahead of its loads (PF 0:
// the app's kernel).
// Build here (x86-64, nvcc 13) and run on the GPU host:
//   python3 bench/volumelab/sep3p.py > .carry/k/sep3p.gen.cuh
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -fopenmp -I cuda-kernels -I bench/volumelab -I .carry/k \
//        bench/volumelab/sep3k.cu -o .carry/k/sep3k          (call E: add -DROUND14_E)
//   ./sep3k check    every variant x every policy (constant 77 too) x volumes (odd widths, tiles the volume ends
//                    inside of, volumes smaller than the mask) x z chunks 8, 96, 512, against the double reference
//   ./sep3k time     512^3 float, mirror, Gaussian r 7 (sigma 3.5): the app's kernel and each variant at several z
//                    chunks, twice, the device input compared with the host's after every timed row (SEP3_ZCH: the
//                    chunks; SEP3_RADII: the radii, default 7; SEP3_REF: first every kernel against the double
//                    reference at that size; SEP3_POLICY: another policy than mirror)
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
#include "sep3k.cuh"
#include "sep3p.gen.cuh"   // python3 bench/volumelab/sep3p.py > .carry/k/sep3p.gen.cuh (then -I .carry/k)

typedef void (*KFn)(const float*, float*, int, int, int, int, int, float);

// A variant: radius, tile TX x TY, K voxels a z thread, slabs, x pass outputs an item, y pass outputs an item, ZU,
// min blocks an SM, COPY.
#define K3(R, TX, TY, K, ST, XP, PY, ZU, MB, CP)                                                                   \
    __global__ void __launch_bounds__(TX * TY / K, MB) k3_##R##_##TX##_##TY##_##K##_##ST##_##XP##_##PY##_##ZU##_##MB##_##CP( \
        const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch, int policy, float cval) \
    {                                                                                                            \
        vol_sep3k<R, TX, TY, K, ST, XP, PY, ZU, CP>(in, out, w, h, d, zch, policy, cval);                        \
    }
#define K3ROW(R, TX, TY, K, ST, XP, PY, ZU, MB, CP)                                                              \
    {R, TX, TY, TX * TY / K, CP,                                                                                 \
     #TX "x" #TY " k" #K " st" #ST " xp" #XP " py" #PY " zu" #ZU " mb" #MB " " #CP,                              \
     VolSep3K<R, TX, TY, K, ST, XP, PY>::SMEM, k3_##R##_##TX##_##TY##_##K##_##ST##_##XP##_##PY##_##ZU##_##MB##_##CP, 0},
#ifdef ROUND14_F
#define K3_LIST(X) X(7, 32, 32, 4, 4, 4, 8, 4, 2, false)
#endif
#ifdef ROUND14_E   // call E: the sep3k rows the checks need (r 7, r 3); the times of the rest are calls A-D's
#define K3_LIST(X) X(7, 32, 32, 4, 4, 4, 8, 4, 2, false) X(3, 32, 32, 2, 4, 4, 8, 4, 2, false)
#endif
#ifndef K3_LIST
#define K3_LIST(X)                                                                                                \
    X(7, 32, 32, 4, 4, 4, 8, 4, 2, false) X(7, 32, 32, 2, 4, 4, 8, 4, 2, false) X(7, 64, 32, 4, 4, 4, 8, 4, 1, false) \
    X(3, 32, 32, 2, 4, 4, 8, 4, 2, false) X(1, 64, 16, 1, 4, 4, 8, 2, 1, false) X(7, 64, 32, 2, 4, 4, 8, 4, 1, true)
#endif
K3_LIST(K3)

// The app's kernel with the L2 prefetch: radius, TX, BY, PY, slabs, min blocks an SM, ZU, PF, PM (1 a bulk prefetch a
// row, 2 a prefetch a line, 3 the same with evict_last), HINT (the slab copies' L2 hint: 0 none, 1 128B, 2 256B).
#define P3(R, TX, BY, PY, ST, MB, ZU, PF, PM, HI)                                                                  \
    __global__ void __launch_bounds__(TX * BY, MB) p3_##R##_##TX##_##BY##_##PY##_##ST##_##MB##_##ZU##_##PF##_##PM##_##HI( \
        const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch, int policy, float cval) \
    {                                                                                                            \
        vol_sep3p<R, TX, BY, PY, ST, 4, ZU, PF, PM, HI>(in, out, w, h, d, zch, policy, cval);                    \
    }
#define P3ROW(R, TX, BY, PY, ST, MB, ZU, PF, PM, HI)                                                             \
    {R, TX, BY * PY, TX * BY, false, "app+pf " #TX "x" #BY "x" #PY " st" #ST " mb" #MB " zu" #ZU " pf" #PF " pm" #PM " hint" #HI, \
     VolSep3<R, TX, BY, PY, ST>::SMEM, p3_##R##_##TX##_##BY##_##PY##_##ST##_##MB##_##ZU##_##PF##_##PM##_##HI, BY},
// Calls A-D: K3_LIST and P3_LIST as below; call E (ROUND14_E): the line prefetch and the copies' hints.
#ifdef ROUND14_E
#define P3_LIST(X)                                                                                                \
    X(7, 32, 8, 4, 4, 2, 4, 0, 1, 0) X(7, 32, 8, 4, 4, 2, 4, 0, 1, 1) X(7, 32, 8, 4, 4, 2, 4, 0, 1, 2)                 \
    X(7, 32, 8, 4, 4, 2, 4, 2, 2, 0) X(7, 32, 8, 4, 4, 2, 4, 4, 2, 0) X(7, 32, 8, 4, 4, 2, 4, 8, 2, 0)                 \
    X(7, 32, 8, 4, 4, 2, 4, 4, 3, 0) X(7, 32, 8, 4, 4, 2, 4, 4, 2, 2) X(7, 32, 8, 4, 3, 2, 4, 4, 2, 0)                 \
    X(7, 32, 8, 4, 5, 2, 4, 4, 2, 0) X(7, 64, 4, 4, 4, 2, 4, 0, 1, 0) X(7, 64, 4, 4, 4, 2, 4, 4, 2, 0)                 \
    X(3, 64, 4, 4, 3, 3, 4, 0, 1, 0) X(3, 64, 4, 4, 3, 3, 4, 4, 2, 0) X(3, 64, 4, 4, 3, 3, 4, 2, 2, 0)
#endif
#ifdef ROUND14_F   // call F: the app's kernel on taller tiles (64x32, 32x64: one block an SM, less halo a voxel)
#define P3_LIST(X)                                                                                                \
    X(7, 32, 8, 4, 4, 2, 4, 0, 1, 0) X(7, 64, 8, 4, 4, 1, 4, 0, 1, 0) X(7, 64, 8, 4, 6, 1, 4, 0, 1, 0)                 \
    X(7, 64, 8, 4, 8, 1, 4, 0, 1, 0) X(7, 32, 16, 4, 4, 1, 4, 0, 1, 0) X(7, 32, 16, 4, 6, 1, 4, 0, 1, 0)               \
    X(7, 32, 16, 4, 8, 1, 4, 0, 1, 0) X(7, 64, 8, 4, 6, 1, 2, 0, 1, 0) X(7, 32, 16, 4, 6, 1, 2, 0, 1, 0)
#endif
#ifndef P3_LIST
#define P3_LIST(X)                                                                                                \
    X(7, 32, 8, 4, 4, 2, 4, 0, 1, 0) X(7, 32, 8, 4, 4, 2, 4, 4, 1, 0) X(7, 32, 8, 4, 4, 2, 4, 8, 1, 0)                 \
    X(7, 32, 8, 4, 4, 2, 4, 16, 1, 0) X(7, 64, 4, 4, 4, 2, 4, 0, 1, 0) X(7, 64, 4, 4, 4, 2, 4, 8, 1, 0)                \
    X(3, 64, 4, 4, 3, 3, 4, 0, 1, 0) X(3, 64, 4, 4, 3, 3, 4, 8, 1, 0)
#endif
P3_LIST(P3)

// by: 0 for a sep3k variant (threads in x only), else the block's threads along y (a sep3p variant).
struct Variant { int r, tx, ty, threads; bool copy; const char* name; int smem; KFn fn; int by; };
static const Variant VARIANTS[] = {K3_LIST(K3ROW) P3_LIST(P3ROW)};

static void allow_smem() {
    for (const Variant& v : VARIANTS) CK(cudaFuncSetAttribute(v.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, v.smem));
    CK(cudaFuncSetAttribute(convolab_vol_sep3_r7, cudaFuncAttributeMaxDynamicSharedMemorySize, VOL_SEP3_L_SMEM(7)));
}

static void launch(const Variant& v, const float* in, float* out, int w, int h, int d, int zch, int policy, float cval) {
    dim3 grid((w + v.tx - 1) / v.tx, (h + v.ty - 1) / v.ty, (d + zch - 1) / zch);
    if (v.by) v.fn<<<grid, dim3(v.tx, v.by), v.smem>>>(in, out, w, h, d, zch, policy, cval);
    else v.fn<<<grid, v.threads, v.smem>>>(in, out, w, h, d, zch, policy, cval);
}

static void launch_app7(const float* in, float* out, int w, int h, int d, int zch, int policy, float cval) {
    constexpr int TY = VOL_SEP3_L_BY * VOL_SEP3_L_PY;
    dim3 grid((w + VOL_SEP3_L_BX - 1) / VOL_SEP3_L_BX, (h + TY - 1) / TY, (d + zch - 1) / zch);
    convolab_vol_sep3_r7<<<grid, dim3(VOL_SEP3_L_BX, VOL_SEP3_L_BY), VOL_SEP3_L_SMEM(7)>>>(in, out, w, h, d, zch, policy, cval);
}

static int check() {
    allow_smem();
    const int vols[][3] = {{4, 4, 4}, {8, 7, 70}, {36, 9, 17}, {64, 32, 70}, {68, 37, 41}, {96, 33, 40},
                           {128, 67, 23}, {12, 5, 9}, {33, 9, 17}, {32, 64, 20}, {160, 80, 19}};
    int bad = 0, cases = 0;
    unsigned seed = 11;
    for (auto& vs : vols) {
        LabVolume vol(vs[0], vs[1], vs[2], seed);
        for (const Variant& v : VARIANTS) {
            if (v.copy) {                            // the diagnostic's output is its input (policy 3; the chunks)
                std::vector<double> same(vol.host.begin(), vol.host.end());
                for (int zch : {8, 96, 512}) {
                    char what[200];
                    snprintf(what, sizeof what, "r%d %s (copy) zch %d", v.r, v.name, zch);
                    check_case(vol, [&] { launch(v, vol.in, vol.out, vol.w, vol.h, vol.d, zch, 3, 0.f); }, same, 0.0, what,
                               cases, bad);
                }
                continue;
            }
            each_policy_case(vol, v.r, seed, [&](int policy, float cval, const std::vector<double>& want, double bound) {
                for (int zch : {8, 96, 512}) {
                    char what[200];
                    snprintf(what, sizeof what, "r%d %s zch %d policy %d cval %g", v.r, v.name, zch, policy, cval);
                    check_case(vol, [&] { launch(v, vol.in, vol.out, vol.w, vol.h, vol.d, zch, policy, cval); }, want, bound,
                               what, cases, bad);
                }
            });
        }
    }
    printf("check: %d cases, %d bad\n", cases, bad);
    return bad != 0;
}

// The device input still equal to the host's (a kernel that writes outside its output would change it).
static void input_intact(const LabVolume& vol, const char* what, int zch) {
    std::vector<float> back(vol.n);
    CK(cudaMemcpy(back.data(), vol.in, vol.n * 4, cudaMemcpyDeviceToHost));
    size_t first = vol.n, count = 0;
    for (size_t k = 0; k < vol.n; k++)
        if (back[k] != vol.host[k]) { count++; if (first == vol.n) first = k; }   // the timed input has no NaN
    if (count) printf("INPUT CHANGED after %s zch %d: %zu values, first at %zu of %zu\n", what, zch, count, first, vol.n);
}

static void time_all(int size) {
    unsigned seed = 1;
    LabVolume vol(size, size, size, seed, false);
    const double floor_ms = lab_floor(vol);
    allow_smem();
    const int policy = getenv("SEP3_POLICY") ? atoi(getenv("SEP3_POLICY")) : 3;
    printf("# policy %d\n", policy);
    std::vector<float> ref(vol.n), got(vol.n);
    for (int r : env_list("SEP3_RADII", {7})) {
        auto gl = gauss(r);
        set_lines(gl, gl, gl);
        const std::vector<int> zs = env_list("SEP3_ZCH", r >= 7 ? std::vector<int>{64, 96, 128, 171, 256} : std::vector<int>{26, 32, 64});
        if (r == 7) {
            launch_app7(vol.in, vol.out, size, size, size, 96, policy, 0.f);
            CK(cudaGetLastError());
            CK(cudaMemcpy(ref.data(), vol.out, vol.n * 4, cudaMemcpyDeviceToHost));
        }
        if (getenv("SEP3_REF")) {                   // every kernel at chunk 96 against the double reference at this size
            const std::vector<double> want = reference(vol.host, size, size, size, gl, gl, gl, policy, 0.f);
            auto err = [&](const char* name) {
                CK(cudaMemcpy(got.data(), vol.out, vol.n * 4, cudaMemcpyDeviceToHost));
                double e = 0;
                for (size_t k = 0; k < vol.n; k++) e = std::max(e, std::fabs(got[k] - want[k]));
                printf("ref r%d %-44s max error %.3g\n", r, name, e);
            };
            if (r == 7) { launch_app7(vol.in, vol.out, size, size, size, 96, policy, 0.f); CK(cudaDeviceSynchronize()); err("app"); }
            for (const Variant& v : VARIANTS)
                if (v.r == r && !v.copy) { launch(v, vol.in, vol.out, size, size, size, 96, policy, 0.f); CK(cudaDeviceSynchronize()); err(v.name); }
            fflush(stdout);
        }
        for (int round = 0; round < 2; round++) {
            if (r == 7) {
                cudaFuncAttributes fa;
                cudaFuncGetAttributes(&fa, convolab_vol_sep3_r7);
                for (int zch : zs) {
                    const float ms = timeit([&] { launch_app7(vol.in, vol.out, size, size, size, zch, policy, 0.f); });
                    input_intact(vol, "app", zch);
                    printf("r%d %-44s zch %3d  %.4f ms  %.2fx floor  (%d regs, %zu B local)\n", r, "app convolab_vol_sep3_r7",
                           zch, ms, ms / floor_ms, fa.numRegs, fa.localSizeBytes);
                }
            }
            for (const Variant& v : VARIANTS) {
                if (v.r != r) continue;
                launch(v, vol.in, vol.out, size, size, size, 96, policy, 0.f);
                CK(cudaMemcpy(got.data(), vol.out, vol.n * 4, cudaMemcpyDeviceToHost));
                double diff = 0;
                if (r == 7 && !v.copy)
                    for (size_t k = 0; k < vol.n; k++) diff = std::max(diff, (double)std::fabs(ref[k] - got[k]));
                cudaFuncAttributes fa;
                cudaFuncGetAttributes(&fa, v.fn);
                for (int zch : zs) {
                    const float ms = timeit([&] { launch(v, vol.in, vol.out, size, size, size, zch, policy, 0.f); });
                    input_intact(vol, v.name, zch);
                    printf("r%d %-44s zch %3d  %.4f ms  %.2fx floor  (%d regs, %zu B local, %d B smem, %d threads; vs app %.2g)\n",
                           r, v.name, zch, ms, ms / floor_ms, fa.numRegs, fa.localSizeBytes, v.smem, v.threads, diff);
                }
                fflush(stdout);
            }
        }
    }
}

int main(int argc, char** argv) { return sep3_main(argc, argv, check, time_all); }
