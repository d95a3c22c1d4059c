// Tuning harness for the fast 2D kernels (built and run on the GPU host with nvcc):
//   nvcc -O3 -std=c++17 -arch=sm_90 -I cuda-kernels bench/fastlab/fastlab.cu -o /tmp/fastlab && /tmp/fastlab
// Times variants of the register-window kernel (outputs per thread, block shape) and a
// global-memory float4 kernel for small radii on a 4096x4096x3 float image, CUDA events, median
// of 20 after warm-up, and checks every variant against the first.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cmath>
#include <type_traits>
// The production kernels (fast2dv_body, fastsepv_body), their planes struct and constant masks.
#include "fast.cu"

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA %s at %d\n", cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

#define cm c_fast_mask
#define crow c_fast_row
#define ccol c_fast_col

typedef ConvolabPlanes3 P3;
#define pin plane_in
#define pout plane_out

// ---------------------------------------------------------------- register window, shared tile
template <int R, int PY, int BX, int BY>
__global__ void __launch_bounds__(BX * BY) win(P3 p, int w, int h, int policy, float cval)
{
    constexpr int N = 2 * R + 1, OW = BX, OH = BY * PY, TW = OW + 2 * R, TH = OH + 2 * R;
    __shared__ float tile[TW * TH];
    const int c = blockIdx.z;
    const float* in = pin(p, c);
    const int x0 = blockIdx.x * OW, y0 = blockIdx.y * OH;
    const int gx0 = x0 - R, gy0 = y0 - R;
    const bool interior = gx0 >= 0 && gy0 >= 0 && gx0 + TW <= w && gy0 + TH <= h;
    for (int ty = threadIdx.y; ty < TH; ty += BY) {
        for (int tx = threadIdx.x; tx < TW; tx += BX) {
            float v;
            if (interior) v = __ldg(&in[(size_t)(gy0 + ty) * w + gx0 + tx]);
            else {
                int sx = convolab_border_index(gx0 + tx, w, policy), sy = convolab_border_index(gy0 + ty, h, policy);
                v = (sx < 0 || sy < 0) ? cval : __ldg(&in[(size_t)sy * w + sx]);
            }
            tile[ty * TW + tx] = v;
        }
    }
    __syncthreads();
    const int lx = threadIdx.x, ly0 = threadIdx.y * PY;
    float acc[PY];
#pragma unroll
    for (int q = 0; q < PY; ++q) acc[q] = 0.f;
#pragma unroll
    for (int k = 0; k < PY + 2 * R; ++k) {
        float v[N];
        const float* row = tile + (ly0 + k) * TW + lx;
#pragma unroll
        for (int i = 0; i < N; ++i) v[i] = row[i];
#pragma unroll
        for (int q = 0; q < PY; ++q) {
            const int j = k - q;
            if (j >= 0 && j < N) {
#pragma unroll
                for (int i = 0; i < N; ++i) acc[q] = fmaf(cm[j * N + i], v[i], acc[q]);
            }
        }
        asm volatile("" ::: "memory");
    }
    const int x = x0 + lx;
    if (x >= w) return;
    float* out = pout(p, c);
#pragma unroll
    for (int q = 0; q < PY; ++q) { int y = y0 + ly0 + q; if (y < h) out[(size_t)y * w + x] = acc[q]; }
}

// ---------------------------------------------------------------- float4 from global, R <= 4
// The production kernel (fast2dv_body in fast.cu) with other outputs-per-thread values.
template <int R, int PY>
__global__ void __launch_bounds__(FASTV_BX * FASTV_BY) vec4(P3 p, int w, int h, int policy, float cval)
{ fast2dv_body<R, PY>(p, w, h, policy, cval); }

template <int R, int PY>
__global__ void __launch_bounds__(256) sepv(P3 p, int w, int h, int policy, float cval)
{ int c = blockIdx.z; fastsepv_body<R, PY>(pin(p, c), pout(p, c), w, h, policy, cval, crow, ccol); }

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
static float median(std::vector<float> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }

template <typename F>
float timeit(F launch) {
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    for (int i = 0; i < 3; ++i) launch();
    CK(cudaDeviceSynchronize());
    std::vector<float> t;
    for (int i = 0; i < 20; ++i) { cudaEventRecord(a); launch(); cudaEventRecord(b); cudaEventSynchronize(b); float ms; cudaEventElapsedTime(&ms, a, b); t.push_back(ms); }
    CK(cudaGetLastError());
    return median(t);
}

int W = 4096, H = 4096;
P3 planes;
float* ref[3];

float maxdiff() {
    float m = 0; std::vector<float> a((size_t)W * H), b((size_t)W * H);
    for (int c = 0; c < 3; ++c) {
        cudaMemcpy(a.data(), planes.out[c], a.size() * 4, cudaMemcpyDeviceToHost);
        cudaMemcpy(b.data(), ref[c], b.size() * 4, cudaMemcpyDeviceToHost);
        for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
    }
    return m;
}

void keep_ref() { for (int c = 0; c < 3; ++c) cudaMemcpy(ref[c], planes.out[c], (size_t)W * H * 4, cudaMemcpyDeviceToDevice); }

template <int R, int PY, int BX, int BY>
void run_win(const char* name, int policy, bool first) {
    dim3 g((W + BX - 1) / BX, (H + BY * PY - 1) / (BY * PY), 3), b(BX, BY);
    float ms = timeit([&] { win<R, PY, BX, BY><<<g, b>>>(planes, W, H, policy, 0.f); });
    if (first) keep_ref();
    printf("r=%2d %-22s %8.4f ms  %7.1f GB/s  diff %.2e\n", R, name, ms, 24.0 * W * H / (ms * 1e6), first ? 0.f : maxdiff());
}

template <int R, int PY>
void run_vec(const char* name, int policy) {
    dim3 b(32, 8), g((W / 4 + 31) / 32, (H + 8 * PY - 1) / (8 * PY), 3);
    float ms = timeit([&] { vec4<R, PY><<<g, b>>>(planes, W, H, policy, 0.f); });
    printf("r=%2d %-22s %8.4f ms  %7.1f GB/s  diff %.2e\n", R, name, ms, 24.0 * W * H / (ms * 1e6), maxdiff());
}

template <int R>
void radius(int policy) {
    std::vector<float> m((2 * R + 1) * (2 * R + 1));
    float s = 0; for (auto& x : m) { x = rand() / (float)RAND_MAX; s += x; } for (auto& x : m) x /= s;
    CK(cudaMemcpyToSymbol(cm, m.data(), m.size() * 4));
    run_win<R, 8, 64, 4>("win PY8 64x4 (now)", policy, true);
    run_win<R, 4, 64, 4>("win PY4 64x4", policy, false);
    run_win<R, 16, 64, 2>("win PY16 64x2", policy, false);
    run_win<R, 8, 128, 2>("win PY8 128x2", policy, false);
    run_win<R, 4, 128, 2>("win PY4 128x2", policy, false);
    run_win<R, 8, 32, 8>("win PY8 32x8", policy, false);
    if constexpr (R <= 4) {
        run_vec<R, 4>("vec4 PY4", policy);
        run_vec<R, 8>("vec4 PY8", policy);
        run_vec<R, 2>("vec4 PY2", policy);
    }
}

template <int R>
void sepradius(int policy) {
    std::vector<float> g(2 * R + 1); float s = 0;
    for (int i = -R; i <= R; ++i) { g[i + R] = std::exp(-0.5f * i * i / std::max(0.25f, R * R / 4.f)); s += g[i + R]; }
    for (auto& x : g) x /= s;
    CK(cudaMemcpyToSymbol(crow, g.data(), g.size() * 4)); CK(cudaMemcpyToSymbol(ccol, g.data(), g.size() * 4));
    { dim3 g2((W + 63) / 64, (H + 31) / 32, 3), b(64, 8);
      float ms = timeit([&] { sepold<R><<<g2, b>>>(planes, W, H, policy, 0.f); }); keep_ref();
      printf("r=%2d %-22s %8.4f ms  %7.1f GB/s\n", R, "sep old (shared)", ms, 24.0 * W * H / (ms * 1e6)); }
    auto v = [&](auto py, const char* name) {
        constexpr int PY = decltype(py)::value;
        dim3 g2((W / 4 + 31) / 32, (H + 8 * PY - 1) / (8 * PY), 3), b(32, 8);
        float ms = timeit([&] { sepv<R, PY><<<g2, b>>>(planes, W, H, policy, 0.f); });
        printf("r=%2d %-22s %8.4f ms  %7.1f GB/s  diff %.2e\n", R, name, ms, 24.0 * W * H / (ms * 1e6), maxdiff());
    };
    v(std::integral_constant<int, 4>{}, "sepv PY4");
    v(std::integral_constant<int, 8>{}, "sepv PY8");
    v(std::integral_constant<int, 16>{}, "sepv PY16");
}

int main() {
    for (int c = 0; c < 3; ++c) {
        std::vector<float> x((size_t)W * H); for (auto& v : x) v = rand() % 256;
        float *d, *o; CK(cudaMalloc(&d, x.size() * 4)); CK(cudaMalloc(&o, x.size() * 4)); CK(cudaMalloc(&ref[c], x.size() * 4));
        cudaMemcpy(d, x.data(), x.size() * 4, cudaMemcpyHostToDevice);
        planes.in[c] = d; planes.out[c] = o;
    }
    int policy = CONVOLAB_BORDER_MIRROR;
    if (getenv("SEP_ONLY") == nullptr) {
        radius<1>(policy); radius<2>(policy); radius<3>(policy); radius<4>(policy); radius<7>(policy); radius<15>(policy);
    }
    sepradius<1>(policy); sepradius<2>(policy); sepradius<3>(policy); sepradius<4>(policy); sepradius<7>(policy); sepradius<15>(policy);
    return 0;
}
