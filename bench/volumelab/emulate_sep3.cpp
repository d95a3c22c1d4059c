// bench/volumelab/emulate_sep3.sh builds and runs this: cuda-kernels/volume_sep.cuh's one-sweep kernel on the CPU,
// one std::thread per CUDA thread and a std::barrier for __syncthreads (cp.async as a plain copy), against the
// double separable reference of sep3ref.h: every policy (constant 77 too), odd volumes, several z chunks and a
// few shapes at each radius. It checks the index logic (slabs, halos, the ring, the two row buffers), not speed.
#include <atomic>
#include <barrier>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>
struct dim3 { int x = 1, y = 1, z = 1; };
struct float4 { float x, y, z, w; };
inline float4 make_float4(float a, float b, float c, float d) { return {a, b, c, d}; }
thread_local dim3 threadIdx;
dim3 blockIdx;
std::barrier<>* g_bar;
inline void __syncthreads() { g_bar->arrive_and_wait(); }
std::atomic<int> g_and_false{0};                 // __syncthreads_and: threads that passed false this round
inline int __syncthreads_and(int p) {
    if (!p) g_and_false++;
    g_bar->arrive_and_wait();
    const int all = g_and_false.load() == 0;
    g_bar->arrive_and_wait();                    // everyone has read it before it is reset
    g_and_false = 0;                             // (each thread stores 0: harmless races on the same value)
    g_bar->arrive_and_wait();
    return all;
}
inline void __pipeline_memcpy_async(void* dst, const void* src, int n) { memcpy(dst, src, n); }
inline void __pipeline_commit() {}
inline void __pipeline_wait_prior(int) {}
inline void __stcs(float* p, float v) { *p = v; }
inline int min(int a, int b) { return a < b ? a : b; }
#define __device__
#define __host__
#define __forceinline__ inline
#define __restrict__ __restrict
#include "geometry.cuh"
float c_vol_line[3 * CONVOLAB_MAX_1D];
float4 vol_sep3_smem[1 << 16];
#include "volume_sep_host.h"
#include "sep3ref.h"

template <class F> void launch(dim3 grid, dim3 block, F f) {
    const int n = block.x * block.y;
    for (int bz = 0; bz < grid.z; bz++) for (int by = 0; by < grid.y; by++) for (int bx = 0; bx < grid.x; bx++) {
        blockIdx = {bx, by, bz};
        memset(vol_sep3_smem, 0xff, sizeof vol_sep3_smem);       // NaN: a value read before it is written shows
        std::barrier<> bar(n);
        g_bar = &bar;
        std::vector<std::thread> ts;
        for (int ty = 0; ty < block.y; ty++) for (int tx = 0; tx < block.x; tx++)
            ts.emplace_back([=] { threadIdx = {tx, ty, 1}; f(); });
        for (auto& t : ts) t.join();
    }
}

int bad = 0, cases = 0;

template <int R, int TX, int BY, int PY, int ST, int XP, int ZU>
void run(const char* name, const std::vector<float>& in, int w, int h, int d, const std::vector<double>& want, double bound,
         int policy, float cval) {
    static_assert(VolSep3<R, TX, BY, PY, ST, XP>::SMEM <= (int)sizeof vol_sep3_smem, "smem");
    for (int zch : {3, 8, 64}) {
        std::vector<float> out(in.size(), NAN);
        const int ty = BY * PY;
        launch(dim3{(w + TX - 1) / TX, (h + ty - 1) / ty, (d + zch - 1) / zch}, dim3{TX, BY, 1},
               [&] { vol_sep3<R, TX, BY, PY, ST, XP, ZU>(in.data(), out.data(), w, h, d, zch, policy, cval); });
        cases++;
        for (size_t k = 0; k < out.size(); k++)
            if (!(std::fabs(out[k] - want[k]) <= bound)) {
                if (bad++ < 20)
                    printf("BAD %s zch %d policy %d cval %g %dx%dx%d at (%zu,%zu,%zu): %g want %g\n", name, zch, policy, cval, w,
                           h, d, k % w, k / w % h, k / ((size_t)w * h), out[k], want[k]);
                break;
            }
    }
}

template <int R>
void radius(const std::vector<float>& in, int w, int h, int d, unsigned& seed) {
    auto cx = line(2 * R + 1, seed), cy = line(2 * R + 1, seed), cz = line(2 * R + 1, seed);
    std::copy(cx.begin(), cx.end(), c_vol_line);
    std::copy(cy.begin(), cy.end(), c_vol_line + CONVOLAB_MAX_1D);
    std::copy(cz.begin(), cz.end(), c_vol_line + 2 * CONVOLAB_MAX_1D);
    double sw = 0;
    for (float a : cx) for (float b : cy) for (float c : cz) sw += a * b * c;
    for (int policy = 0; policy <= 5; policy++) {
        const int p = policy == 5 ? 0 : policy;
        const float cval = policy == 5 ? 77.f : 0.f;
        auto want = reference(in, w, h, d, cx, cy, cz, p, cval);
        const double bound = 5e-5 * sw * std::max(1.0, (double)std::fabs(cval));
        run<R, 64, 8, 4, 3, 4, 2>("tx64 by8 py4 zu2 (S)", in, w, h, d, want, bound, p, cval);
        run<R, 64, 4, 4, 3, 4, 4>("tx64 by4 py4 zu4 (M)", in, w, h, d, want, bound, p, cval);
        run<R, 32, 8, 4, 3, 4, 4>("tx32 by8 py4 zu4 (L)", in, w, h, d, want, bound, p, cval);
        run<R, 32, 8, 4, 3, 4, 2>("tx32 by8 py4 zu2 (L before h25d)", in, w, h, d, want, bound, p, cval);
        run<R, 64, 4, 4, 3, 8, 4>("tx64 by4 py4 xp8 zu4", in, w, h, d, want, bound, p, cval);
        run<R, 128, 2, 2, 4, 4, 1>("tx128 by2 py2 st4 zu1", in, w, h, d, want, bound, p, cval);
    }
}

int main() {
    const int vols[][3] = {{1, 1, 1}, {5, 6, 7}, {6, 1, 1}, {33, 9, 17}, {70, 19, 11}, {131, 10, 9}, {9, 7, 30}};
    unsigned seed = 7;
    for (auto& vs : vols) {
        const int w = vs[0], h = vs[1], d = vs[2];
        std::vector<float> in((size_t)w * h * d);
        for (auto& x : in) { seed = seed * 1664525u + 1013904223u; x = (seed >> 8) / 8388608.0f - 1.0f; }
        radius<1>(in, w, h, d, seed);
        radius<2>(in, w, h, d, seed);
        radius<3>(in, w, h, d, seed);
        radius<7>(in, w, h, d, seed);
        printf("volume %dx%dx%d: %d cases, %d bad\n", w, h, d, cases, bad);
        fflush(stdout);
    }
    return bad != 0;
}
