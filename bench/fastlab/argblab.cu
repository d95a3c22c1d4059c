// Tuning harness for the fused 8-bit ARGB kernels (build here or on the GPU host, run on the GPU host):
//   nvcc -O3 -std=c++17 -arch=sm_90 -I cuda-kernels bench/fastlab/argblab.cu -o target/argblab
//   target/argblab time | odd | planes | ncu
// time: 4096x4096 and 8192x8192 packed ARGB, zero and mirror, radius 1..3: the register kernel
// (argb2d_body: convolab_argb2d_rN ships it for radius 0 and 1) and the shared-memory kernel
// (argbs_body: convolab_argbs_rN for radius 2 and 3, ID 1 below) with several outputs per thread,
// blocks per SM and ways to pick the output mapping; a device-to-device copy of the image (4 bytes read, 4 written a
// pixel) as the memory floor. CUDA events around 10 back-to-back launches, median of 20 after
// warm-up; every variant compared bit for bit with a one-thread-a-pixel reference. odd: odd sizes, every policy,
// a constant of 37, abs, offsets, divisors 3, -2 and 0.25, each variant against the reference.
// ncu: one launch of each, for Nsight Compute. planes: the float planes at radius 2 and 3 through a
// shared tile (planes_s) against the shipped float4 kernel.
// Measured on an H100 (2026-11-24, bench/fastlab/argblab.sh; kernel ms, 4096x4096 mirror, r = 1 / 2 / 3):
// register kernel with an IEEE division in the output mapping 0.067 / 0.127 / 0.242; with the mapping
// of pack.cuh (power-of-two divisors multiply, floor and clamp in one conversion) 0.064 / 0.116 / 0.228;
// shared-memory kernel, 2 outputs a thread, identity kernel with 6 blocks an SM 0.075 / 0.093 / 0.129
// (3 or 4 outputs a thread: fewer blocks fit, 5-25% slower; one kernel that tests the mapping once and
// holds both bodies: 56 registers, 4 blocks, 0.105 / 0.137). Kept: register kernel for r <= 1, shared
// memory for r = 2, 3. Not kept: planes through a shared tile (r = 3 PY4: 0.193 ms against the float4
// kernel's 0.208 at 4096x4096, but 0.742 against 0.689 at 8192x8192; r = 2 slower at both sizes).
// Round 2 (argbx, in commit 97dfc76 of this file; results in bench/results/argblab/argblab-time-round2.txt), r = 2 / 3 at 4096x4096
// mirror against the shipped kernel's 0.093 / 0.129: the ghost-cell test outside the load loop and
// a multiply for each output's first product 0.091 / 0.128 (not worth a second body); 8 outputs a
// thread along x on 16 x 8 blocks 0.120 / 0.159; 4 outputs down a column on 32 x 4 blocks 0.101 / 0.151.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cstring>
// (fast.cu before the kernels were split by family: all of them, as it held them)
#include "fast_vec.cu"
#include "fast_stream.cu"
#include "fast_tile.cu"
#include "fast_any.cu"
#include "fast_separable.cu"
#include "fast_argb.cu"
#include "labtime.cuh"

// The float4 planes kernel at radius 3 as shipped until 2026-11-27 (radius 3 is the streamed kernel's now).
extern "C" __global__ void __launch_bounds__(FASTV_BX * FASTV_BY, 1)
float4_r3(CONVOLAB_PLANE_PARAMS, int w, int h, int policy, float cval)
{ const ConvolabPlanes3 p = CONVOLAB_PLANES; fast2dv_body<3, FASTV_PY, false>(p, w, h, policy, cval); }
typedef ConvolabPlanes3 P3;


// ID 0: one kernel for every mapping, the identity test a value; 1: the identity mapping only
// (a kernel of its own, which the launcher picks); 2: both bodies in one kernel behind one test.
template <int R, int PY, int MINB, int ID = 0>
__global__ void __launch_bounds__(FASTV_BX * FASTV_BY, MINB)
argbs(const unsigned int* in, unsigned int* out, int w, int h, int policy, float cval, float divisor, float offset, int abs_first)
{
    if (ID == 1) argbs_body<R, PY, true>(in, out, w, h, policy, cval, divisor, offset, abs_first);
    else if (ID == 0 || !(divisor == 1.0f && offset == 0.0f && abs_first == 0)) argbs_body<R, PY, false>(in, out, w, h, policy, cval, divisor, offset, abs_first);
    else argbs_body<R, PY, true>(in, out, w, h, policy, cval, divisor, offset, abs_first);
}

// Float planes through shared memory (a candidate for the planes path at radius 3): each block
// loads its (128 + 8) x (8*PY + 2R) float tile of one plane once, then the float4 kernel's window.
template <int R, int PY, int MINB>
__global__ void __launch_bounds__(FASTV_BX * FASTV_BY, MINB)
planes_s(P3 p, int w, int h, int policy, float cval)
{
    constexpr int TH = FASTV_BY * PY + 2 * R;
    constexpr int TW4 = 34;               // 128 columns and 4 either side (radius <= 4)
    constexpr int PLANE = TW4 * TH;
    extern __shared__ float4 ptile[];
    const int c = blockIdx.z;
    const float* in = plane_in(p, c);
    const int x0 = blockIdx.x * 4 * FASTV_BX, y0 = blockIdx.y * FASTV_BY * PY;
    const int gx = x0 - 4, gy = y0 - R;
    const bool interior = (w % 4 == 0) && gx >= 0 && gx + 4 * TW4 <= w && gy >= 0 && gy + TH <= h;
    for (int k = threadIdx.y * FASTV_BX + threadIdx.x; k < PLANE; k += FASTV_BX * FASTV_BY) {
        const int ty = k / TW4, tx = k - ty * TW4;
        if (interior) {
            ptile[k] = __ldg(reinterpret_cast<const float4*>(in + (size_t)(gy + ty) * w + gx) + tx);
        } else {
            float v[4];
            fast_border_row<4>(v, in, gx + 4 * tx, gy + ty, w, h, policy, cval);
            ptile[k] = make_float4(v[0], v[1], v[2], v[3]);
        }
    }
    __syncthreads();
    const int xo = x0 + 4 * threadIdx.x, yo = y0 + threadIdx.y * PY;
    if (xo >= w || yo >= h) return;
    float acc[PY][4] = {};
    const float4* base = ptile + threadIdx.y * PY * TW4 + threadIdx.x;
#pragma unroll
    for (int k = 0; k < PY + 2 * R; ++k) {
        const float4 a = base[k * TW4], b = base[k * TW4 + 1], d = base[k * TW4 + 2];
        const float v[12] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w, d.x, d.y, d.z, d.w};
        fast_row_fmas<R, PY>(acc, v, k);
    }
    fast_store_rows(plane_out(p, c), acc, xo, yo, h, w);
}

// The reference: one thread an output pixel, every tap through the border function, the FMA order
// of the fast kernels (mask rows, then columns, from 0) and the output mapping written out as the
// Java reference states it (a true division, floorf, clamps), independent of pack.cuh.
template <int R>
__global__ void argb_direct(const unsigned int* in, unsigned int* out, int w, int h, int policy, float cval, float divisor,
                            float offset, int abs_first)
{
    constexpr int N = 2 * R + 1;
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    unsigned int o = in[(size_t)y * w + x] & 0xff000000u;
    for (int c = 0; c < 3; ++c) {
        float a = 0.f;
        for (int j = 0; j < N; ++j) {
            const int sy = convolab_border_index(y - R + j, h, policy);
            for (int i = 0; i < N; ++i) {
                const int sx = convolab_border_index(x - R + i, w, policy);
                const float v = (sx < 0 || sy < 0) ? cval : (float)((in[(size_t)sy * w + sx] >> (16 - 8 * c)) & 0xffu);
                a = fmaf(c_fast_mask[j * N + i], v, a);
            }
        }
        if (abs_first) a = fabsf(a);
        float v = floorf(a / divisor + offset + 0.5f);
        v = fminf(fmaxf(v, 0.0f), 255.0f);
        o |= (unsigned int)v << (16 - 8 * c);
    }
    out[(size_t)y * w + x] = o;
}


int W = 4096, H = 4096;
unsigned int *d_in, *d_out, *d_ref;
P3 planes;
float* pref[3];
struct Map { int policy; float cval, divisor, offset; int abs_first; };
Map M = {CONVOLAB_BORDER_MIRROR, 0.f, 1.f, 0.f, 0};
float floor_ms = 0;

// The register kernel at every radius (as shipped for radius 0 to 3 until 2026-11-24; now for 0 and 1).
template <int R>
__global__ void __launch_bounds__(FASTV_BX * FASTV_BY, 4)
argb_reg(const unsigned int* in, unsigned int* out, int w, int h, int policy, float cval, float divisor, float offset, int abs_first)
{ argb2d_body<R, FASTV_PY>(in, out, w, h, policy, cval, divisor, offset, abs_first); }

template <int R>
void shipped() {
    dim3 b(FASTV_BX, FASTV_BY), g(((W + 3) / 4 + FASTV_BX - 1) / FASTV_BX, (H + FASTV_BY * FASTV_PY - 1) / (FASTV_BY * FASTV_PY));
    argb_reg<R><<<g, b>>>(d_in, d_out, W, H, M.policy, M.cval, M.divisor, M.offset, M.abs_first);
}

long mismatches() {
    if (NCU) return 0;
    std::vector<unsigned int> a((size_t)W * H), b((size_t)W * H);
    CK(cudaMemcpy(a.data(), d_out, a.size() * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(b.data(), d_ref, b.size() * 4, cudaMemcpyDeviceToHost));
    long n = 0; for (size_t i = 0; i < a.size(); ++i) n += a[i] != b[i];
    return n;
}

void report(int R, const char* name, float ms, long bad) {
    printf("%5dx%-5d %-6s r=%d %-30s %8.4f ms  %5.2fx copy  %6.1f GB/s  mismatches %ld\n", W, H,
           M.policy == 0 ? "zero" : M.policy == 3 ? "mirror" : "other", R, name, ms, ms / floor_ms, 8.0 * W * H / (ms * 1e6), bad);
    fflush(stdout);
}

// The shipped kernel, checked against the direct reference (kept in d_ref for the variants after it).
template <int R>
void run_shipped(const char* name) {
    if (!NCU) {
        dim3 b(16, 16), g((W + 15) / 16, (H + 15) / 16);
        argb_direct<R><<<g, b>>>(d_in, d_ref, W, H, M.policy, M.cval, M.divisor, M.offset, M.abs_first);
        CK(cudaDeviceSynchronize());
    }
    CK(cudaMemset(d_out, 0, (size_t)W * H * 4));
    float ms = NCU ? 0.f : timeit([&] { shipped<R>(); });
    shipped<R>(); CK(cudaDeviceSynchronize());
    report(R, name, ms, mismatches());
}

template <int R, int PY, int MINB, int ID = 0>
void run_s(const char* name) {
    const int smem = 3 * (FASTV_BX + 2 * ARGBS_LEAD4(R)) * (FASTV_BY * PY + 2 * R) * 16; // ARGBS_SMEM(R) of geometry.cuh at this PY;
    CK(cudaFuncSetAttribute(argbs<R, PY, MINB, ID>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    dim3 b(FASTV_BX, FASTV_BY), g((W + 4 * FASTV_BX - 1) / (4 * FASTV_BX), (H + FASTV_BY * PY - 1) / (FASTV_BY * PY));
    CK(cudaMemset(d_out, 0, (size_t)W * H * 4));
    auto launch = [&] { argbs<R, PY, MINB, ID><<<g, b, smem>>>(d_in, d_out, W, H, M.policy, M.cval, M.divisor, M.offset, M.abs_first); };
    float ms = timeit(launch);
    launch(); CK(cudaDeviceSynchronize());
    int per_sm = 0; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, argbs<R, PY, MINB, ID>, 256, smem);
    cudaFuncAttributes fa; cudaFuncGetAttributes(&fa, argbs<R, PY, MINB, ID>);
    char buf[96]; snprintf(buf, sizeof buf, "%s (%d regs, %d B local, %d blk/SM)", name, fa.numRegs, (int)fa.localSizeBytes, per_sm);
    report(R, buf, ms, mismatches());
}

template <int R>
void random_mask(bool normalised = true) {
    std::vector<float> m((2 * R + 1) * (2 * R + 1));
    float s = 0; for (auto& x : m) { x = rand() / (float)RAND_MAX - (normalised ? 0.f : 0.5f); s += x; }
    if (normalised) for (auto& x : m) x /= s;
    CK(cudaMemcpyToSymbol(c_fast_mask, m.data(), m.size() * 4));
}

long plane_mismatches() {
    std::vector<float> a((size_t)W * H), b((size_t)W * H); long n = 0;
    for (int c = 0; c < 3; ++c) {
        CK(cudaMemcpy(a.data(), planes.out[c], a.size() * 4, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(b.data(), pref[c], b.size() * 4, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < a.size(); ++i) n += a[i] != b[i];
    }
    return n;
}

// The planes path at radius R: the shipped float4 kernel (convolab_fast2d_rR) against the
// shared-memory planes kernel; the floor is three times the ARGB copy (24 bytes a pixel).
template <int R>
void planes_radius() {
    void (*k)(const float*, const float*, const float*, float*, float*, float*, int, int, int, float) =
        R == 1 ? convolab_fast2d_r1 : R == 2 ? convolab_fast2d_r2 : float4_r3;
    dim3 b(FASTV_BX, FASTV_BY), g(((W + 3) / 4 + FASTV_BX - 1) / FASTV_BX, (H + FASTV_BY * FASTV_PY - 1) / (FASTV_BY * FASTV_PY), 3);
    auto shipped = [&] { k<<<g, b>>>(planes.in[0], planes.in[1], planes.in[2], planes.out[0], planes.out[1], planes.out[2], W, H, M.policy, M.cval); };
    float ms = timeit(shipped);
    shipped(); CK(cudaDeviceSynchronize());
    for (int c = 0; c < 3; ++c) CK(cudaMemcpy(pref[c], planes.out[c], (size_t)W * H * 4, cudaMemcpyDeviceToDevice));
    printf("%5dx%-5d %-6s r=%d %-30s %8.4f ms  %5.2fx floor(24 B/px)\n", W, H, M.policy == 0 ? "zero" : "mirror", R,
           "planes shipped fast2d", ms, ms / (3 * floor_ms));
    auto one = [&](auto kern, int PY, int smem, const char* name) {
        CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
        dim3 g2((W + 4 * FASTV_BX - 1) / (4 * FASTV_BX), (H + FASTV_BY * PY - 1) / (FASTV_BY * PY), 3);
        for (int c = 0; c < 3; ++c) CK(cudaMemset(planes.out[c], 0, (size_t)W * H * 4));
        auto launch = [&] { kern<<<g2, b, smem>>>(planes, W, H, M.policy, M.cval); };
        float t = timeit(launch);
        launch(); CK(cudaDeviceSynchronize());
        int per_sm = 0; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kern, 256, smem);
        cudaFuncAttributes fa; cudaFuncGetAttributes(&fa, kern);
        printf("%5dx%-5d %-6s r=%d %-18s (%d regs, %d blk/SM) %8.4f ms  %5.2fx floor(24 B/px)  mismatches %ld\n", W, H,
               M.policy == 0 ? "zero" : "mirror", R, name, fa.numRegs, per_sm, t, t / (3 * floor_ms), plane_mismatches());
        fflush(stdout);
    };
    one(planes_s<R, 2, 1>, 2, 16 * 34 * (FASTV_BY * 2 + 2 * R), "planes smem PY2");
    one(planes_s<R, 4, 1>, 4, 16 * 34 * (FASTV_BY * 4 + 2 * R), "planes smem PY4");
    one(planes_s<R, 4, 4>, 4, 16 * 34 * (FASTV_BY * 4 + 2 * R), "planes smem PY4 minb4");
    one(planes_s<R, 8, 1>, 8, 16 * 34 * (FASTV_BY * 8 + 2 * R), "planes smem PY8");
}

template <int R>
void radius_all() {
    random_mask<R>();
    run_shipped<R>("register kernel");
    run_s<R, 2, 6, 1>("smem PY2 identity kernel minb6");
}

void copy_floor() {
    floor_ms = 1.f;
    floor_ms = timeit([&] { cudaMemcpyAsync(d_ref, d_in, (size_t)W * H * 4, cudaMemcpyDeviceToDevice); });
    if (!NCU) printf("%5dx%-5d copy of the image (8 B a pixel): %.4f ms, %.1f GB/s\n", W, H, floor_ms, 8.0 * W * H / (floor_ms * 1e6));
}

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "time";
    NCU = !strcmp(mode, "ncu");
    const size_t n = (size_t)8192 * 8192;
    std::vector<unsigned int> x(n); for (auto& v : x) v = (unsigned int)rand() ^ ((unsigned int)rand() << 16);
    CK(cudaMalloc(&d_in, n * 4)); CK(cudaMalloc(&d_out, n * 4)); CK(cudaMalloc(&d_ref, n * 4));
    CK(cudaMemcpy(d_in, x.data(), n * 4, cudaMemcpyHostToDevice));
    {
        std::vector<float> f(n); for (auto& v : f) v = (float)(rand() % 256);
        for (int c = 0; c < 3; ++c) {
            float *a, *o; CK(cudaMalloc(&a, n * 4)); CK(cudaMalloc(&o, n * 4)); CK(cudaMalloc(&pref[c], n * 4));
            CK(cudaMemcpy(a, f.data(), n * 4, cudaMemcpyHostToDevice)); planes.in[c] = a; planes.out[c] = o;
        }
    }
    if (!strcmp(mode, "time")) {
        for (int s : {4096, 8192}) for (int pol : {CONVOLAB_BORDER_CONSTANT, CONVOLAB_BORDER_MIRROR}) {
            W = H = s; M = {pol, 0.f, 1.f, 0.f, 0};
            copy_floor();
            radius_all<1>(); radius_all<2>(); radius_all<3>();
        }
        // The division's share: the shipped kernel with a divisor that is not a power of two.
        W = H = 4096; M = {CONVOLAB_BORDER_MIRROR, 0.f, 3.f, 0.f, 0}; copy_floor();
        random_mask<3>(); run_shipped<3>("register kernel, divisor 3"); run_s<3, 3, 1>("smem PY3, divisor 3");
    }
    if (!strcmp(mode, "planes")) {
        for (int s : {4096, 8192}) for (int pol : {CONVOLAB_BORDER_CONSTANT, CONVOLAB_BORDER_MIRROR}) {
            W = H = s; M = {pol, 0.f, 1.f, 0.f, 0};
            copy_floor();
            random_mask<2>(); planes_radius<2>(); random_mask<3>(); planes_radius<3>();
        }
    }
    if (!strcmp(mode, "odd")) {
        const int sizes[][2] = {{1001, 37}, {37, 1007}, {1000, 1006}, {5, 3}, {1, 9}, {132, 129}};
        const Map maps[] = {{0, 37.f, 1.f, 0.f, 0}, {0, 0.f, 3.f, 128.f, 1}, {0, 5.f, -2.f, 200.f, 0}, {0, 0.f, 0.25f, -3.5f, 1}};
        for (auto& sz : sizes) for (int pol = 0; pol < 5; ++pol) for (int variant = 0; variant < 4; ++variant) {
            W = sz[0]; H = sz[1];
            M = maps[variant]; M.policy = pol;
            floor_ms = 1.f;
            random_mask<1>(variant == 0); run_shipped<1>("odd shipped"); run_s<1, 2, 1>("odd smem PY2"); if (variant == 0 && M.cval == 37.f) run_s<1, 2, 1, 1>("odd smem PY2 identity"); run_s<1, 2, 1, 2>("odd smem PY2 one test"); run_s<1, 4, 3>("odd smem PY4");
            random_mask<2>(variant == 0); run_shipped<2>("odd shipped"); run_s<2, 3, 1>("odd smem PY3");
            random_mask<3>(variant == 0); run_shipped<3>("odd shipped"); run_s<3, 2, 4>("odd smem PY2"); run_s<3, 3, 1>("odd smem PY3");
        }
    }
    if (NCU) {
        W = H = 4096;
        for (int pol : {CONVOLAB_BORDER_MIRROR}) {
            M = {pol, 0.f, 1.f, 0.f, 0};
            random_mask<1>(); run_shipped<1>("ncu"); run_s<1, 2, 1, 1>("ncu");
            random_mask<2>(); run_shipped<2>("ncu"); run_s<2, 2, 1, 1>("ncu");
            random_mask<3>(); run_shipped<3>("ncu"); run_s<3, 2, 1, 1>("ncu");
        }
    }
    return 0;
}
