// Tuning harness for the fast kernels (build here or on the GPU host with nvcc, run on the GPU host):
//   nvcc -O3 -std=c++17 -arch=sm_90 -I cuda-kernels bench/fastlab/fastlab.cu -o target/fastlab
//   target/fastlab 2d | sep | sizes | odd | ncu
// 2d: the float4 kernel (outputs per thread, prefetch, blocks per SM) and the streamed kernel (rows
// per block) for r = 1..4; sep: the two-stage separable kernel (outputs per
// thread, blocks per SM) against the earlier shared-tile one; sizes: per-pixel speed against the
// image size; odd: odd sizes and every policy, each kernel against one whose border code is its own;
// ncu: one launch of each, for Nsight Compute. 4096x4096 and 8192x8192 float images, three
// channels, mirror; CUDA events around 10 back-to-back launches, median of 20 after warm-up; every
// variant checked against the first of its group.
// Measured on an H200 and not kept (2026-11-22): 8 outputs along x (1.5-2x slower); rows per
// block for the streamed kernel beyond ~6 waves of resident blocks (slower); a separable row stage
// that issues the loads of 2 or 3 rows before their FMAs (faster at r = 2, 10-35% slower from
// r = 7); border reads through a rolled loop to shrink the code (10-20% slower everywhere).
// Measured on an H100 through the bundle and not kept (2026-11-24): radius 3 in the streamed kernel
// (fast2ds_body<3>, convolab bench, kernel ms zero / mirror / clamp): 4096x4096 0.174 / 0.190 / 0.183
// against the float4 kernel's 0.206 / 0.208 / 0.208, but 8192x8192 0.661 / 0.716 / 0.698 against
// 0.686 / 0.689 / 0.688; neither meets 1.25x the floor (0.134 and 0.536 ms) everywhere.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <cstring>
// The production kernels (fast2dv_body, fast2ds_body, fastsept_body), their planes struct and constant masks.
// (fast.cu before the kernels were split by family: all of them, as it held them)
#include "fast_vec.cu"
#include "fast_stream.cu"
#include "fast_tile.cu"
#include "fast_any.cu"
#include "fast_separable.cu"
#include "fast_argb.cu"
#include "labtime.cuh"


#define cm c_fast_mask
#define crow c_fast_row
#define ccol c_fast_col

typedef ConvolabPlanes3 P3;
#define pin plane_in
#define pout plane_out

// ---------------------------------------------------------------- references
// The production shared-tile kernel of radius 5 to 15 (fast2d_body), as launched by FastLauncher.
template <int R>
__global__ void __launch_bounds__(FAST_BX * FAST_BY) tile2d(P3 p, int w, int h, int policy, float cval)
{ fast2d_body<R, 4>(p, w, h, policy, cval); }

// One thread an output, every tap through the border function: the odd-size mode's reference,
// with border code of its own.
template <int R>
__global__ void direct2d(P3 p, int w, int h, int policy, float cval)
{
    constexpr int N = 2 * R + 1;
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.z;
    if (x >= w || y >= h) return;
    const float* in = pin(p, c);
    float a = 0.f;
    for (int j = 0; j < N; ++j) {
        const int sy = convolab_border_index(y - R + j, h, policy);
        for (int i = 0; i < N; ++i) {
            const int sx = convolab_border_index(x - R + i, w, policy);
            a = fmaf(cm[j * N + i], (sx < 0 || sy < 0) ? cval : in[(size_t)sy * w + sx], a);
        }
    }
    pout(p, c)[(size_t)y * w + x] = a;
}

// ---------------------------------------------------------------- float4 from global, R <= 4
// The production kernel (fast2dv_body in fast_vec.cu) with other outputs-per-thread values.
template <int R, int PY, bool PF = true, int MINB = 1>
__global__ void __launch_bounds__(FASTV_BX * FASTV_BY, MINB) vec4(P3 p, int w, int h, int policy, float cval)
{ fast2dv_body<R, PY, PF>(p, w, h, policy, cval); }


template <int R, int PY, int MINB = 1>
__global__ void __launch_bounds__(256, MINB) sept(P3 p, int w, int h, int policy, float cval)
{ int c = blockIdx.z; fastsept_body<R, PY>(pin(p, c), pout(p, c), w, h, policy, cval, crow, ccol); }

template <int R, int PY>
__global__ void __launch_bounds__(256) str2d(P3 p, int w, int h, int chunk, int policy, float cval)
{ int c = blockIdx.z; fast2ds_body<R, PY>(pin(p, c), pout(p, c), w, h, chunk, policy, cval); }

// old fast-separable (shared tiles), for comparison
template <int R>
__global__ void __launch_bounds__(512) sepold(P3 p, int w, int h, int policy, float cval)
{
    constexpr int N = 2 * R + 1, OW = 64, OH = 32, TW = OW + 2 * R, TH = OH + 2 * R;
    __shared__ float tile[TW * TH];
    __shared__ float mid[TH * OW];
    const int c = blockIdx.z; const float* in = pin(p, c);
    const int x0 = blockIdx.x * OW, y0 = blockIdx.y * OH, t = threadIdx.y * 64 + threadIdx.x;
    for (int k = t; k < TW * TH; k += 512) { int ty = k / TW, tx = k - ty * TW;
        int sx = convolab_border_index(x0 - R + tx, w, policy), sy = convolab_border_index(y0 - R + ty, h, policy);
        tile[k] = (sx < 0 || sy < 0) ? cval : __ldg(&in[(size_t)sy * w + sx]); }
    __syncthreads();
    for (int k = t; k < TH * OW; k += 512) { int ty = k / OW, tx = k - ty * OW; float a = 0.f;
#pragma unroll
        for (int i = 0; i < N; ++i) a = fmaf(crow[i], tile[ty * TW + tx + i], a); mid[k] = a; }
    __syncthreads();
    const int lx = threadIdx.x, ly0 = threadIdx.y * 4; float acc[4] = {0, 0, 0, 0};
#pragma unroll
    for (int k = 0; k < 4 + 2 * R; ++k) { float v = mid[(ly0 + k) * OW + lx];
#pragma unroll
        for (int q = 0; q < 4; ++q) { int j = k - q; if (j >= 0 && j < N) acc[q] = fmaf(ccol[j], v, acc[q]); } }
    float* out = pout(p, c); const int x = x0 + lx;
    for (int q = 0; q < 4; ++q) { int y = y0 + ly0 + q; if (x < w && y < h) out[(size_t)y * w + x] = acc[q]; }
}

// ---------------------------------------------------------------- harness

int W = 4096, H = 4096;
const int MAXW = 8192, MAXH = 8192;
P3 planes;
float* ref[3];
bool have_ref = false;

float maxdiff() {
    if (NCU) return 0.f;
    float m = 0; std::vector<float> a((size_t)W * H), b((size_t)W * H);
    for (int c = 0; c < 3; ++c) {
        cudaMemcpy(a.data(), planes.out[c], a.size() * 4, cudaMemcpyDeviceToHost);
        cudaMemcpy(b.data(), ref[c], b.size() * 4, cudaMemcpyDeviceToHost);
        for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
    }
    return m;
}

void keep_ref() { for (int c = 0; c < 3; ++c) cudaMemcpy(ref[c], planes.out[c], (size_t)W * H * 4, cudaMemcpyDeviceToDevice); }

// Prints one line; the first variant of a group becomes the reference for the others.
void report(int R, const char* name, float ms, bool first, double fmas_per_px) {
    if (first) keep_ref();
    double px = 3.0 * W * H;
    printf("%5dx%-5d r=%2d %-26s %8.4f ms %7.1f GB/s %6.2f TFMA/s  diff %.2e\n", W, H, R, name, ms,
           24.0 * W * H / (ms * 1e6), px * fmas_per_px / (ms * 1e9), first ? 0.f : maxdiff());
    fflush(stdout);
}

template <int R>
void run_tile(const char* name, int policy, bool first) {
    dim3 g((W + FAST_OW - 1) / FAST_OW, (H + FAST_BY * 4 - 1) / (FAST_BY * 4), 3), b(FAST_BX, FAST_BY);
    float ms = timeit([&] { tile2d<R><<<g, b>>>(planes, W, H, policy, 0.f); });
    report(R, name, ms, first, (2 * R + 1) * (2 * R + 1));
}

template <int R>
void run_direct(const char* name, int policy) {
    dim3 g((W + 15) / 16, (H + 15) / 16, 3), b(16, 16);
    float ms = timeit([&] { direct2d<R><<<g, b>>>(planes, W, H, policy, 0.f); });
    report(R, name, ms, true, (2 * R + 1) * (2 * R + 1));
}

template <int R, int PY, bool PF = true, int MINB = 1>
void run_vec(const char* name, int policy, bool first) {
    dim3 b(32, 8), g((W / 4 + 31) / 32, (H + 8 * PY - 1) / (8 * PY), 3);
    float ms = timeit([&] { vec4<R, PY, PF, MINB><<<g, b>>>(planes, W, H, policy, 0.f); });
    report(R, name, ms, first, (2 * R + 1) * (2 * R + 1));
}

// Rows a block so that the grid fills about k waves of resident blocks, the last one nearly full.
template <int R, int PY>
int wave_chunk(int k) {
    int per_sm = 0, sms = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, str2d<R, PY>, 256, 0);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    const int slots = per_sm * sms, columns = 3 * ((W + FASTS_OW - 1) / FASTS_OW);
    const int gy = std::max(1, k * slots / columns);
    return (H + gy - 1) / gy;
}

template <int R, int PY>
void run_str(const char* name, int chunk, int policy) {
    dim3 b(32, 8), g((W + FASTS_OW - 1) / FASTS_OW, (H + chunk - 1) / chunk, 3);
    float ms = timeit([&] { str2d<R, PY><<<g, b>>>(planes, W, H, chunk, policy, 0.f); });
    char buf[64]; snprintf(buf, sizeof buf, "%s ch%d", name, chunk);
    report(R, buf, ms, false, (2 * R + 1) * (2 * R + 1));
}

template <int R>
void random_mask() {
    std::vector<float> m((2 * R + 1) * (2 * R + 1));
    float s = 0; for (auto& x : m) { x = rand() / (float)RAND_MAX; s += x; } for (auto& x : m) x /= s;
    CK(cudaMemcpyToSymbol(cm, m.data(), m.size() * 4));
}

template <int R>
void gaussian_mask() {
    std::vector<float> g(2 * R + 1); float s = 0;
    for (int i = -R; i <= R; ++i) { g[i + R] = std::exp(-0.5f * i * i / std::max(0.25f, R * R / 4.f)); s += g[i + R]; }
    for (auto& x : g) x /= s;
    CK(cudaMemcpyToSymbol(crow, g.data(), g.size() * 4)); CK(cudaMemcpyToSymbol(ccol, g.data(), g.size() * 4));
}

template <int R>
void radius2d(int policy) {
    random_mask<R>();
    if constexpr (R <= 4) {
        run_vec<R, 3, true, 5>("vec4 PY3 prefetch minb5", policy, true);
        run_vec<R, 3, false, 1>("vec4 PY3 no prefetch", policy, false);
        run_vec<R, 4, false, 1>("vec4 PY4 no prefetch", policy, false);
        run_vec<R, 3, false, 5>("vec4 PY3 no prefetch minb5", policy, false);
        if constexpr (R == 4) run_str<R, 3>("str PY3 k6", wave_chunk<R, 3>(6), policy);
    } else {
        run_tile<R>("tile PY4 64x4 (now)", policy, true);
    }
}

template <int R, int PY, int MINB = 1>
void run_sept(const char* name, int policy) {
    dim3 g2((W + FSEPT_OW - 1) / FSEPT_OW, (H + FSEPT_BY * PY - 1) / (FSEPT_BY * PY), 3), b(FSEPT_BX, FSEPT_BY);
    float ms = timeit([&] { sept<R, PY, MINB><<<g2, b>>>(planes, W, H, policy, 0.f); });
    report(R, name, ms, false, 2 * (2 * R + 1));
}

template <int R>
void radiussep(int policy) {
    gaussian_mask<R>();
    { dim3 g2((W + 63) / 64, (H + 31) / 32, 3), b(64, 8);
      float ms = timeit([&] { sepold<R><<<g2, b>>>(planes, W, H, policy, 0.f); });
      report(R, "sep old (shared)", ms, true, 2 * (2 * R + 1)); }
    run_sept<R, 4, 4>("sept PY4 minb4", policy);
    run_sept<R, 8, 3>("sept PY8 minb3", policy);
    run_sept<R, 4, 1>("sept PY4", policy);
    run_sept<R, 8, 1>("sept PY8", policy);
}

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "all";
    NCU = strcmp(mode, "ncu") == 0;
    for (int c = 0; c < 3; ++c) {
        std::vector<float> x((size_t)MAXW * MAXH); for (auto& v : x) v = rand() % 256;
        float *d, *o; CK(cudaMalloc(&d, x.size() * 4)); CK(cudaMalloc(&o, x.size() * 4)); CK(cudaMalloc(&ref[c], x.size() * 4));
        cudaMemcpy(d, x.data(), x.size() * 4, cudaMemcpyHostToDevice);
        planes.in[c] = d; planes.out[c] = o;
    }
    int policy = CONVOLAB_BORDER_MIRROR;
    if (!strcmp(mode, "2d") || !strcmp(mode, "all")) {
        for (int s : {4096, 8192}) { W = H = s;
            radius2d<1>(policy); radius2d<2>(policy); radius2d<3>(policy); radius2d<4>(policy); }
    }
    if (!strcmp(mode, "sep") || !strcmp(mode, "all")) {
        for (int s : {4096, 8192}) { W = H = s;
            radiussep<2>(policy); radiussep<3>(policy); radiussep<4>(policy);
            radiussep<7>(policy); radiussep<15>(policy); }
    }
    if (!strcmp(mode, "sizes") || !strcmp(mode, "all")) {
        // Per-pixel speed against the row pitch (4096 and 8192 floats are powers of two).
        for (int s : {4096, 4160, 6144, 8192}) { W = H = s; random_mask<3>(); run_vec<3, 4>("vec4 PY4 size test", policy, true); }
    }
    if (!strcmp(mode, "odd")) {
        // Sizes that are not multiples of anything, every policy: the edges of each production kernel
        // against a one-thread-an-output kernel and the old separable kernel, whose border code is their own.
        for (int s : {1001, 37, 1000}) for (int pol = 0; pol < 5; ++pol) { W = s; H = s + 6;
            random_mask<3>(); run_direct<3>("odd ref direct", pol);
            run_vec<3, 3, false, 1>("odd vec4", pol, false); run_vec<3, 3, true, 5>("odd vec4 pf", pol, false);
            run_str<3, 3>("odd str", 24, pol);
            random_mask<1>(); run_direct<1>("odd ref direct", pol); run_vec<1, 3, true, 5>("odd vec4 pf", pol, false);
            random_mask<4>(); run_direct<4>("odd ref direct", pol); run_str<4, 3>("odd str", 48, pol);
            gaussian_mask<7>(); { dim3 g2((W + 63) / 64, (H + 31) / 32, 3), b(64, 8);
                sepold<7><<<g2, b>>>(planes, W, H, pol, 0.f); keep_ref(); run_sept<7, 4, 4>("odd sept", pol); }
            gaussian_mask<2>(); { dim3 g2((W + 63) / 64, (H + 31) / 32, 3), b(64, 8);
                sepold<2><<<g2, b>>>(planes, W, H, pol, 0.f); keep_ref(); run_sept<2, 4, 4>("odd sept", pol); }
        }
    }
    if (NCU) {
        W = H = 4096;
        random_mask<3>(); run_str<3, 3>("ncu", 256, policy);
        random_mask<2>(); run_vec<2, 2>("ncu", policy, true);
        random_mask<3>(); run_vec<3, 4>("ncu", policy, true);
        random_mask<4>(); run_vec<4, 4>("ncu", policy, true);
        random_mask<7>(); run_tile<7>("ncu", policy, true);
        random_mask<15>(); run_tile<15>("ncu", policy, true);
        gaussian_mask<4>(); run_sept<4, 4, 4>("ncu", policy);
        gaussian_mask<15>(); run_sept<15, 8, 3>("ncu", policy);
    }
    return 0;
}
