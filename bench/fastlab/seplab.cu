// Issue 28's floor gaps on float planes: the streamed two-stage separable kernel (fast_sepstream.cuh)
// against the shipped one, and radius 3 2D variants. (Its first H100 call, 2026-11-27, also ran a first
// draft of the streamed kernel whose ring index wrapped at run time: slower than the shipped kernel, since removed.)
// Build (here or on the GPU host):
//   nvcc -O3 -std=c++17 -arch=sm_90 -I cuda-kernels bench/fastlab/seplab.cu -o target/seplab
//   target/seplab sep | 2d | odd | ncu
// 4096x4096 and 8192x8192, three float32 channels, zero border (the board's), CUDA events around 10
// back-to-back launches, median of 20 after warm-up (labtime.cuh); every variant checked against the
// shipped kernel of its group (max abs diff).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cmath>
#include <cstring>
#include "fast_vec.cu"
#include "fast_stream.cu"
#include "fast_separable.cu"
#include "fast_sepstream.cuh"
#include "labtime.cuh"

typedef ConvolabPlanes3 P3;

template <int R, int PY, int MINB>
__global__ void __launch_bounds__(256, MINB) sept(P3 p, int w, int h, int policy, float cval)
{ int c = blockIdx.z; fastsept_body<R, PY>(plane_in(p, c), plane_out(p, c), w, h, policy, cval, c_fast_row, c_fast_col); }

template <int R, int PY, bool PF, int MINB>
__global__ void __launch_bounds__(256, MINB) vec4(P3 p, int w, int h, int policy, float cval)
{ fast2dv_body<R, PY, PF>(p, w, h, policy, cval); }

template <int R, int PY>
__global__ void __launch_bounds__(256) str2d(P3 p, int w, int h, int chunk, int policy, float cval)
{ int c = blockIdx.z; fast2ds_body<R, PY>(plane_in(p, c), plane_out(p, c), w, h, chunk, policy, cval); }

// fast2ds_body (fast_stream.cu) with the window's first ring row computed once a step and each next
// row by an add and a wrap (the shipped body takes a modulo a row).
template <int R, int PY>
__device__ __forceinline__ void fast2ds2_body(const float* __restrict__ in, float* __restrict__ out, int w, int h,
                                              int chunk, int policy, float cval)
{
    constexpr int OH = FASTS_BY * PY;
    constexpr int RB = 3 * OH + 2 * R;
    __shared__ __align__(16) float ring[RB * FASTS_SW];
    const int lane = threadIdx.x, wy = threadIdx.y;
    const int x0 = blockIdx.x * FASTS_OW;
    const int xt = x0 + 4 * lane;
    const int ys = blockIdx.y * chunk;
    const int ye = min(h, ys + chunk);
    if (ys >= ye) return;
    const int ybase = ys - R;
    const int steps = (ye - ys + OH - 1) / OH;
    auto load_step = [&](int s) {
        const int lo = s == 0 ? ys - R : ys + s * OH + R;
        const int hi = min(ys + (s + 1) * OH + R, ye + R);
        if (lo < hi) fasts_load_rows<RB>(ring, in, x0, ybase, lo, hi, w, h, policy, cval);
        convolab_cp_commit();
    };
    load_step(0);
    if (steps > 1) load_step(1); else convolab_cp_commit();
    int rb = wy * PY;                             // ring row of this thread's window at step s
    for (int s = 0; s < steps; ++s) {
        convolab_cp_wait_all_but_one();
        __syncthreads();
        if (s + 2 < steps) load_step(s + 2); else convolab_cp_commit();
        const int yo = ys + s * OH + wy * PY;
        float acc[PY][4] = {};
        int rr = rb;
#pragma unroll
        for (int k = 0; k < PY + 2 * R; ++k) {
            const float4* rp = reinterpret_cast<const float4*>(ring + rr * FASTS_SW) + lane;
            const float4 a = rp[0], b = rp[1], d = rp[2];
            const float v[12] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w, d.x, d.y, d.z, d.w};
            fast_row_fmas<R, PY>(acc, v, k);
            rr = rr + 1 == RB ? 0 : rr + 1;
        }
        rb += OH; if (rb >= RB) rb -= RB;
        if (xt < w) fast_store_rows(out, acc, xt, yo, ye, w);
    }
}

template <int R, int PY>
__global__ void __launch_bounds__(256) str2d2(P3 p, int w, int h, int chunk, int policy, float cval)
{ int c = blockIdx.z; fast2ds2_body<R, PY>(plane_in(p, c), plane_out(p, c), w, h, chunk, policy, cval); }

template <int R, int PY, int NB, int MINB>
__global__ void __launch_bounds__(256, MINB) seps2(P3 p, int w, int h, int chunk, int policy, float cval)
{
    extern __shared__ __align__(16) float sm[];
    int c = blockIdx.z;
    fastseps2_body<R, PY, NB>(plane_in(p, c), plane_out(p, c), w, h, chunk, policy, cval, c_fast_row, c_fast_col, sm);
}

// One thread an output, every tap through the border function (the odd mode's reference).
template <int R>
__global__ void direct_sep(P3 p, int w, int h, int policy, float cval)
{
    constexpr int N = 2 * R + 1;
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.z;
    if (x >= w || y >= h) return;
    const float* in = plane_in(p, c);
    float a = 0.f;
    for (int j = 0; j < N; ++j) {
        const int sy = convolab_border_index(y - R + j, h, policy);
        float rs = 0.f;
        for (int i = 0; i < N; ++i) {
            const int sx = convolab_border_index(x - R + i, w, policy);
            rs = fmaf(c_fast_row[i], (sx < 0 || sy < 0) ? cval : in[(size_t)sy * w + sx], rs);
        }
        a = fmaf(c_fast_col[j], rs, a);
    }
    plane_out(p, c)[(size_t)y * w + x] = a;
}

int W = 4096, H = 4096, POL = CONVOLAB_BORDER_CONSTANT;
P3 planes; float* ref[3];

// Max |a - b| over the three planes on the device; a NaN anywhere (an output never written: the
// planes are filled with NaN before each variant) reads as infinity.
__global__ void diff_kernel(const float* a, const float* b, size_t n, unsigned* m)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        const float d = fabsf(a[i] - b[i]);
        atomicMax(m, d == d ? __float_as_uint(d) : 0x7f800000u);
    }
}
unsigned* dmax;
float maxdiff() {
    if (NCU) return 0.f;
    unsigned m = 0, z = 0;
    for (int c = 0; c < 3; ++c) {
        CK(cudaMemcpy(dmax, &z, 4, cudaMemcpyHostToDevice));
        diff_kernel<<<1056, 256>>>(planes.out[c], ref[c], (size_t)W * H, dmax);
        unsigned mc; CK(cudaMemcpy(&mc, dmax, 4, cudaMemcpyDeviceToHost)); m = std::max(m, mc);
    }
    float f; memcpy(&f, &m, 4); return f;
}
void keep_ref() { for (int c = 0; c < 3; ++c) CK(cudaMemcpy(ref[c], planes.out[c], (size_t)W * H * 4, cudaMemcpyDeviceToDevice)); }
void clear_out() { for (int c = 0; c < 3; ++c) CK(cudaMemset(planes.out[c], 0xff, (size_t)W * H * 4)); }

void report(int R, const char* name, float ms, bool first, double floor_ms) {
    if (first) keep_ref();
    printf("%5dx%-5d r=%2d pol=%d %-34s %8.4f ms  %5.2fx floor  diff %.2e\n", W, H, R, POL, name, ms, ms / floor_ms,
           first ? 0.f : maxdiff());
    fflush(stdout);
}

// The board's floor: max(24 B/px / 3.0 TB/s, FMAs / 28.3 T/s).
double floor_ms(double fmas_px) { double px = (double)W * H; return std::max(24.0 * px / 3.0e9, 3.0 * px * fmas_px / 28.3e9); }

template <int R>
void gaussian_mask() {
    std::vector<float> g(2 * R + 1); float s = 0;
    for (int i = -R; i <= R; ++i) { g[i + R] = std::exp(-0.5f * i * i / std::max(0.25f, R * R / 4.f)); s += g[i + R]; }
    for (auto& x : g) x /= s;
    CK(cudaMemcpyToSymbol(c_fast_row, g.data(), g.size() * 4)); CK(cudaMemcpyToSymbol(c_fast_col, g.data(), g.size() * 4));
}
template <int R>
void random_mask() {
    std::vector<float> m((2 * R + 1) * (2 * R + 1));
    float s = 0; for (auto& x : m) { x = rand() / (float)RAND_MAX; s += x; } for (auto& x : m) x /= s;
    CK(cudaMemcpyToSymbol(c_fast_mask, m.data(), m.size() * 4));
}

template <int R, int PY, int MINB>
void run_sept(const char* name, bool first) {
    dim3 g((W + 127) / 128, (H + 8 * PY - 1) / (8 * PY), 3), b(32, 8);
    clear_out();
    float ms = timeit([&] { sept<R, PY, MINB><<<g, b>>>(planes, W, H, POL, 0.f); });
    report(R, name, ms, first, floor_ms(2 * (2 * R + 1)));
}

template <int R, int PY, int NB, int MINB>
void run_seps2(const char* name, int chunk, bool first = false) {
    auto k = seps2<R, PY, NB, MINB>;
    const int sm = fastseps2_smem<R, PY, NB>();
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, sm));
    int per = 0, sms = 0; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, k, 256, sm));
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    if (chunk < 0) {
        const int cols = 3 * ((W + 127) / 128);
        const int chunks = std::max(1, std::min(H, -chunk * per * sms / cols));
        chunk = (H + chunks - 1) / chunks;
    }
    dim3 g((W + 127) / 128, (H + chunk - 1) / chunk, 3), b(32, 8);
    clear_out();
    float ms = timeit([&] { k<<<g, b, sm>>>(planes, W, H, chunk, POL, 0.f); });
    char buf[96]; snprintf(buf, sizeof buf, "%s ch%d res%d sm%dK", name, chunk, per, sm / 1024);
    report(R, buf, ms, first, floor_ms(2 * (2 * R + 1)));
}

template <int R>
void sep_radius() {
    gaussian_mask<R>();
    if constexpr (R <= 7) run_sept<R, 4, 4>("sept PY4 minb4 (shipped)", true);
    else run_sept<R, 8, 3>("sept PY8 minb3 (shipped)", true);
    run_seps2<R, 8, 2, 1>("seps2 PY8 NB2 minb1", -2);
    run_seps2<R, 8, 2, 3>("seps2 PY8 NB2 minb3", -2);
    run_seps2<R, 8, 2, 3>("seps2 PY8 NB2 minb3", 256);
    run_seps2<R, 8, 2, 4>("seps2 PY8 NB2 minb4", -2);
    run_seps2<R, 8, 2, 4>("seps2 PY8 NB2 minb4", 128);
    run_seps2<R, 8, 2, 4>("seps2 PY8 NB2 minb4", 256);
    run_seps2<R, 8, 3, 3>("seps2 PY8 NB3 minb3", -2);
    run_seps2<R, 16, 2, 2>("seps2 PY16 NB2 minb2", -2);
    run_seps2<R, 16, 2, 3>("seps2 PY16 NB2 minb3", 256);
}

template <int R, int PY, bool PF, int MINB>
void run_vec(const char* name, bool first) {
    dim3 b(32, 8), g((W / 4 + 31) / 32, (H + 8 * PY - 1) / (8 * PY), 3);
    clear_out();
    float ms = timeit([&] { vec4<R, PY, PF, MINB><<<g, b>>>(planes, W, H, POL, 0.f); });
    report(R, name, ms, first, floor_ms((2 * R + 1) * (2 * R + 1)));
}

template <int R, int PY>
void run_str(const char* name, int waves) {
    int per = 0, sms = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, str2d<R, PY>, 256, 0));
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const int cols = 3 * ((W + 127) / 128);
    int chunk = waves;
    if (waves < 0) { const int chunks = std::max(1, std::min(H, -waves * per * sms / cols)); chunk = (H + chunks - 1) / chunks; }
    dim3 b(32, 8), g((W + 127) / 128, (H + chunk - 1) / chunk, 3);
    clear_out();
    float ms = timeit([&] { str2d<R, PY><<<g, b>>>(planes, W, H, chunk, POL, 0.f); });
    char buf[96]; snprintf(buf, sizeof buf, "%s ch%d res%d", name, chunk, per);
    report(R, buf, ms, false, floor_ms((2 * R + 1) * (2 * R + 1)));
}

template <int R, int PY>
void run_str2(const char* name, int waves) {
    int per = 0, sms = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, str2d2<R, PY>, 256, 0));
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const int cols = 3 * ((W + 127) / 128);
    int chunk = waves;
    if (waves < 0) { const int chunks = std::max(1, std::min(H, -waves * per * sms / cols)); chunk = (H + chunks - 1) / chunks; }
    dim3 b(32, 8), g((W + 127) / 128, (H + chunk - 1) / chunk, 3);
    clear_out();
    float ms = timeit([&] { str2d2<R, PY><<<g, b>>>(planes, W, H, chunk, POL, 0.f); });
    char buf[96]; snprintf(buf, sizeof buf, "%s ch%d res%d", name, chunk, per);
    report(R, buf, ms, false, floor_ms((2 * R + 1) * (2 * R + 1)));
}

template <int R>
void d2_radius() {
    random_mask<R>();
    if constexpr (R == 3) run_vec<3, 3, false, 1>("vec4 PY3 nopf minb1 (shipped to 11-27)", true);
    else run_vec<R, 3, true, 1>("vec4 PY3 pf (ref)", true);
    run_str<R, 3>("str PY3", -6);
    run_str<R, 2>("str PY2", -6);
    run_str<R, 3>("str PY3", -4);
    run_str<R, 3>("str PY3", 128);
    run_str<R, 3>("str PY3", 200);
    run_str2<R, 3>("str2 PY3", -6);
    run_str2<R, 2>("str2 PY2", -6);
    run_str2<R, 3>("str2 PY3", -4);
    run_str2<R, 3>("str2 PY3", 128);
    run_str2<R, 3>("str2 PY3", 200);
    run_str2<R, 2>("str2 PY2", 128);
}

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "sep";
    NCU = strcmp(mode, "ncu") == 0;
    const size_t MX = (size_t)8192 * 8192;
    CK(cudaMalloc(&dmax, 4));
    for (int c = 0; c < 3; ++c) {
        std::vector<float> x(MX); for (auto& v : x) v = rand() % 256;
        float *d, *o; CK(cudaMalloc(&d, MX * 4)); CK(cudaMalloc(&o, MX * 4)); CK(cudaMalloc(&ref[c], MX * 4));
        CK(cudaMemcpy(d, x.data(), MX * 4, cudaMemcpyHostToDevice));
        planes.in[c] = d; planes.out[c] = o;
    }
    if (!strcmp(mode, "sep")) {
        for (int s : {4096, 8192}) { W = H = s;
            sep_radius<3>(); sep_radius<7>(); sep_radius<10>(); sep_radius<15>(); }
        W = H = 4096; POL = CONVOLAB_BORDER_MIRROR; sep_radius<7>(); sep_radius<15>(); POL = CONVOLAB_BORDER_CONSTANT;
    }
    if (!strcmp(mode, "2d")) {
        for (int s : {4096, 8192}) { W = H = s; d2_radius<3>(); }
        W = H = 4096; POL = CONVOLAB_BORDER_MIRROR; d2_radius<3>(); POL = CONVOLAB_BORDER_CONSTANT;
    }
    if (!strcmp(mode, "odd")) {
        // Odd sizes, every policy, small chunks (several a column): the streamed kernel against a
        // one-thread-an-output kernel whose border code is its own.
        for (int s : {1001, 37, 130, 6}) for (int pol = 0; pol < 5; ++pol) { W = s; H = s + 6; POL = pol;
            auto refk = [&](auto k) { dim3 b(16, 16), g((W + 15) / 16, (H + 15) / 16, 3); clear_out(); k<<<g, b>>>(planes, W, H, POL, 0.5f); CK(cudaDeviceSynchronize()); keep_ref(); };
            auto odd2 = [&](auto kern, int sm, int rad, int ch) {
                CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, sm));
                dim3 g((W + 127) / 128, (H + ch - 1) / ch, 3), b(32, 8); clear_out(); kern<<<g, b, sm>>>(planes, W, H, ch, POL, 0.5f);
                CK(cudaDeviceSynchronize()); printf("odd %dx%d pol %d r%d ch%d sm%d diff %.2e\n", W, H, POL, rad, ch, sm, maxdiff()); };
            gaussian_mask<3>(); refk(direct_sep<3>);
            for (int ch : {24, 7, 1000}) { odd2(seps2<3, 8, 2, 1>, fastseps2_smem<3, 8, 2>(), 3, ch); odd2(seps2<3, 16, 2, 1>, fastseps2_smem<3, 16, 2>(), 3, ch); }
            gaussian_mask<7>(); refk(direct_sep<7>);
            for (int ch : {24, 5, 1000}) odd2(seps2<7, 8, 2, 1>, fastseps2_smem<7, 8, 2>(), 7, ch);
            gaussian_mask<10>(); refk(direct_sep<10>);
            for (int ch : {24, 5, 1000}) { odd2(seps2<10, 8, 2, 1>, fastseps2_smem<10, 8, 2>(), 10, ch); odd2(seps2<10, 8, 3, 1>, fastseps2_smem<10, 8, 3>(), 10, ch); }
            gaussian_mask<15>(); refk(direct_sep<15>);
            for (int ch : {24, 5, 1000}) { odd2(seps2<15, 8, 2, 1>, fastseps2_smem<15, 8, 2>(), 15, ch); odd2(seps2<15, 16, 2, 1>, fastseps2_smem<15, 16, 2>(), 15, ch); }
            random_mask<3>();
            { dim3 g((W + 127) / 128, (H + 23) / 24, 3), b(32, 8); clear_out(); str2d<3, 3><<<g, b>>>(planes, W, H, 24, POL, 0.5f); CK(cudaDeviceSynchronize()); keep_ref(); }
            for (int ch : {24, 7, 1000}) { dim3 g((W + 127) / 128, (H + ch - 1) / ch, 3), b(32, 8); clear_out();
                str2d2<3, 3><<<g, b>>>(planes, W, H, ch, POL, 0.5f); CK(cudaDeviceSynchronize());
                printf("odd %dx%d pol %d 2d r3 str2 ch%d diff %.2e\n", W, H, POL, ch, maxdiff()); }
        }
    }
    if (NCU) {
        W = H = 4096;
        gaussian_mask<15>(); run_seps2<15, 8, 2, 3>("ncu", 256, true);
        gaussian_mask<7>(); run_seps2<7, 8, 2, 4>("ncu", 256, true);
        random_mask<3>(); run_str2<3, 3>("ncu", -6);
    }
    return 0;
}
