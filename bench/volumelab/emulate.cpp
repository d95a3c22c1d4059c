// bench/volumelab/emulate.sh builds and runs this: volume.cu's kernels on the CPU, one std::thread per CUDA thread
// against a double reference. Only the index logic is checked (no GPU here).
#include <barrier>
#include <thread>
#include <vector>
#include <cmath>
#include <cstdio>
#include <random>
#include <algorithm>
#include <functional>
#include <cstring>
#include <string>
struct dim3 { int x = 1, y = 1, z = 1; };
thread_local dim3 threadIdx;
dim3 blockIdx, blockDim, gridDim;
std::barrier<>* g_bar;
inline void __syncthreads() { g_bar->arrive_and_wait(); }
template <class T> T __ldg(const T* p) { return *p; }
inline int min(int a, int b) { return a < b ? a : b; }
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(x)
#define __restrict__ __restrict
#define __constant__
float brick[1 << 20], slabs[1 << 20], sm[1 << 20];
#include "volume_host.cu.h"

template <class F> void launch(dim3 grid, dim3 block, F f) {
    gridDim = grid; blockDim = block;
    int n = block.x * block.y;
    for (int bz = 0; bz < grid.z; bz++) for (int by = 0; by < grid.y; by++) for (int bx = 0; bx < grid.x; bx++) {
        blockIdx = {bx, by, bz};
        std::barrier<> bar(n); g_bar = &bar;
        std::vector<std::thread> ts;
        for (int ty = 0; ty < block.y; ty++) for (int tx = 0; tx < block.x; tx++)
            ts.emplace_back([=] { threadIdx = {tx, ty, 0}; f(); });
        for (auto& t : ts) t.join();
    }
}
int cdiv(int a, int b) { return (a + b - 1) / b; }

struct Mask { int w, h, d; std::vector<float> v; bool rank1 = false; std::vector<float> fx, fy, fz; };

std::vector<double> reference(const std::vector<float>& in, int w, int h, int d, const Mask& m, int pol, float cv) {
    std::vector<double> out(in.size());
    int rx = m.w / 2, ry = m.h / 2, rz = m.d / 2;
    for (int z = 0; z < d; z++) for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) {
        double s = 0;
        for (int k = 0; k < m.d; k++) for (int j = 0; j < m.h; j++) for (int i = 0; i < m.w; i++) {
            int sz = convolab_border_index(z + k - rz, d, pol), sy = convolab_border_index(y + j - ry, h, pol),
                sx = convolab_border_index(x + i - rx, w, pol);
            double v = (sz < 0 || sy < 0 || sx < 0) ? cv : in[((size_t)sz * h + sy) * w + sx];
            s += m.v[(k * m.h + j) * m.w + i] * v;
        }
        out[((size_t)z * h + y) * w + x] = s;
    }
    return out;
}

int failures = 0, checks = 0;
void compare(const char* what, const std::vector<float>& got, const std::vector<double>& want, const Mask& m, int w, int h, int d, int pol, float cv) {
    double sw = 0; for (float x : m.v) sw += std::fabs(x);
    double bound = 1e-4 * sw * std::max(1.0, (double)std::fabs(cv));
    checks++;
    for (size_t k = 0; k < got.size(); k++) if (!(std::fabs(got[k] - want[k]) <= bound)) {
        printf("FAIL %s vol %dx%dx%d mask %dx%dx%d pol %d at %zu: %g vs %g\n", what, w, h, d, m.w, m.h, m.d, pol, k, got[k], want[k]);
        failures++; return;
    }
}

int main(int argc, char** argv) {
    bool rank1Only = argc > 1 && std::string(argv[1]) == "rank1";   // emulate.sh rank1: the rank-1 masks alone
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> U(0.f, 1.f);
    auto rnd = [&](int w, int h, int d) { Mask m{w, h, d}; m.v.resize(w * h * d); double s = 0; for (auto& x : m.v) { x = 0.05f + U(rng); s += x; } for (auto& x : m.v) x /= s; return m; };
    auto r1 = [&](int w, int h, int d) { Mask m{w, h, d}; m.rank1 = true; for (int i = 0; i < w; i++) m.fx.push_back(0.1f + U(rng)); for (int i = 0; i < h; i++) m.fy.push_back(0.1f + U(rng)); for (int i = 0; i < d; i++) m.fz.push_back(0.1f + U(rng));
        m.v.resize(w * h * d); for (int k = 0; k < d; k++) for (int j = 0; j < h; j++) for (int i = 0; i < w; i++) m.v[(k * h + j) * w + i] = m.fx[i] * m.fy[j] * m.fz[k]; return m; };
    std::vector<Mask> masks = {rnd(3, 3, 3), rnd(5, 5, 5), rnd(9, 9, 9), rnd(7, 5, 3), rnd(9, 9, 1), rnd(1, 1, 9), rnd(3, 5, 11), r1(5, 7, 3), r1(1, 3, 13), r1(31, 21, 3), rnd(15, 15, 15)};
    int vols[][3] = {{1, 1, 1}, {5, 6, 7}, {33, 9, 17}, {9, 7, 70}, {3, 70, 4}};
    dim3 blk{VOL_BX, VOL_BY, 1};
    for (auto& vs : vols) {
        int w = vs[0], h = vs[1], d = vs[2];
        std::vector<float> in((size_t)w * h * d); for (auto& x : in) x = U(rng) * 2 - 1;
        for (int pol = 0; pol <= 5; pol++) {
            int p = pol == 5 ? 0 : pol; float cv = pol == 5 ? 77.f : 0.f;
            for (auto& m : masks) {
                if (rank1Only && !m.rank1) continue;
                auto want = reference(in, w, h, d, m, p, cv);
                std::vector<float> out(in.size()), scratch(in.size());
                const float* I = in.data(); float* O = out.data(); const float* M = m.v.data();
                dim3 g1{cdiv(w, VOL_BX), cdiv(h, VOL_BY), std::min(d, 65535)};
                launch(g1, blk, [&] { convolab_vol_naive(I, O, M, w, h, d, m.w, m.h, m.d, p, cv); });
                compare("naive", out, want, m, w, h, d, p, cv);
                if ((int)m.v.size() <= VOL_CONST_MAX) {
                    std::fill(out.begin(), out.end(), -1e30f);
                    memcpy(c_vol_mask, M, 4 * m.v.size());
                    launch(g1, blk, [&] { convolab_vol_constant(I, O, w, h, d, m.w, m.h, m.d, p, cv); });
                    compare("constant", out, want, m, w, h, d, p, cv);
                }
                {   // tiled, as VolumeKernels.tiledShape
                    int slice = 4 * (VOL_BX + m.w - 1) * (VOL_BY + m.h - 1);
                    int slices = std::max(1, VOL_SHARED_MAX / slice);
                    int bz = std::max(1, std::min(VOL_TILED_BZ, slices - m.d + 1));
                    int kc = std::max(1, std::min(m.d, slices - bz + 1));
                    std::fill(out.begin(), out.end(), -1e30f);
                    launch(dim3{cdiv(w, VOL_BX), cdiv(h, VOL_BY), cdiv(d, bz)}, blk, [&] { convolab_vol_tiled(I, O, M, w, h, d, m.w, m.h, m.d, bz, kc, p, cv); });
                    compare("tiled", out, want, m, w, h, d, p, cv);
                }
                dim3 gf{cdiv(w, VOL_BX), cdiv(h, VOL_BY), cdiv(d, VOL_FAST_ZCH)};
                std::fill(out.begin(), out.end(), -1e30f);
                if (m.rank1) {
                    memset(c_vol_line, 0, sizeof c_vol_line);
                    memcpy(c_vol_line, m.fx.data(), 4 * m.w); memcpy(c_vol_line + 63, m.fy.data(), 4 * m.h); memcpy(c_vol_line + 126, m.fz.data(), 4 * m.d);
                    double sx = 0, sy = 0; for (float x : m.fx) sx += x; for (float x : m.fy) sy += x;
                    float* S = scratch.data();
                    launch(g1, blk, [&] { convolab_vol_line(I, O, w, h, d, 0, m.w, p, cv); });
                    launch(g1, blk, [&] { convolab_vol_line(O, S, w, h, d, 1, m.h, p, (float)(cv * sx)); });
                    launch(g1, blk, [&] { convolab_vol_line(S, O, w, h, d, 2, m.d, p, (float)(cv * sx * sy)); });
                    compare("separable", out, want, m, w, h, d, p, cv);
                    std::fill(out.begin(), out.end(), -1e30f);
                    launch(gf, blk, [&] { convolab_vol_fast_sep(I, O, w, h, d, m.w, m.h, m.d, p, cv); });
                    compare("fast_sep", out, want, m, w, h, d, p, cv);
                } else if (m.w == m.h && m.h == m.d && m.w / 2 >= 1 && m.w / 2 <= VOL_FAST_MAX_R) {
                    memcpy(c_vol_mask, M, 4 * m.v.size());
                    int r = m.w / 2;
                    launch(gf, blk, [&] { if (r == 1) convolab_vol_fast_r1(I, O, w, h, d, p, cv); else if (r == 2) convolab_vol_fast_r2(I, O, w, h, d, p, cv);
                                          else if (r == 3) convolab_vol_fast_r3(I, O, w, h, d, p, cv); else convolab_vol_fast_r4(I, O, w, h, d, p, cv); });
                    compare("fast_cube", out, want, m, w, h, d, p, cv);
                }
                if (!m.rank1) {   // fast_any for every non-rank-1 mask (cubes too)
                    std::fill(out.begin(), out.end(), -1e30f);
                    for (int k0 = 0; k0 < m.d; k0 += VOL_FAST_KC) {
                        int kc = std::min(VOL_FAST_KC, m.d - k0);
                        launch(gf, blk, [&] { convolab_vol_fast_any(I, O, M, w, h, d, m.w, m.h, m.d, k0, kc, k0 == 0 ? 0 : 1, p, cv); });
                    }
                    compare("fast_any", out, want, m, w, h, d, p, cv);
                }
            }
        }
        printf("volume %dx%dx%d done: %d checks, %d failures\n", w, h, d, checks, failures);
    }
    return failures != 0;
}
