// Tuning harness for the histogram kernels (issue 17). Build and run on the GPU host:
//   nvcc -O3 -std=c++17 -arch=sm_90 -I cuda-kernels bench/histlab/histlab.cu -o /tmp/histlab && /tmp/histlab
// With NPP in the table too (nppiHistogramEven_8u_C4R, four channels):
//   nvcc -O3 -std=c++17 -arch=sm_90 -DHISTLAB_NPP -I cuda-kernels bench/histlab/histlab.cu -lnppist -lnppc -o /tmp/histlab
// Arguments: [quick] (the reference kernels and the production fast kernel only).
//
// Four 6000x4000 (24 MP) workloads of packed 8-bit ARGB, as the board's: uniform random (opaque),
// constant (0xff4080c0), dark (i.i.d. values from an exponential distribution of mean 12, like the
// sky of a deep-field photograph) and dark-scaled (a dark 1000x872 image scaled by nearest
// neighbour, as the board scales hubble_deep_field.jpg: runs of about 6 equal pixels along a row).
// Every variant is timed with CUDA events around 10 back-to-back (memset + kernel) launches, the
// median of 15 samples after 3 warm-ups, the way `convolab histogram --bench` times it; its last
// count is compared with a CPU count on every workload, and before that every variant counts the
// self-test's sizes (1x1 .. 4099x1601, random alpha, constant, dark) with 256, 64, 7 and 1 bins:
// a wrong count prints FAIL and the exit status is 1.
//
// The variants are the production privatized and fast kernels (cuda-kernels/histogram.cu, included
// below) and the fast kernel's body (convolab_hist_fast_body) with a grid of template settings:
// threads a block (t), copies of the block histogram (c), uint4 loads a thread before the atomics
// (q), runs of equal pixels (runs: weights; runs2: increments of 1 kept apart), opaque alpha in a
// register (opq), and blocks per SM (bps; default as many as fit). The winner's settings go into
// geometry.cuh (HIST_FAST_*), mirrored by org.convolab.cuda.KernelGeometry (KernelGeometryTest
// checks the two agree). Then the 16-bit kernels: exactness on both sides of HIST16_SHARED_BINS,
// and speed at 65536 bins (global memory) and 1024 (shared).
//
// Measured on an H100 (2026-11-23, bench/results/h100-2026-11-23/histlab.txt) and kept: 8 copies,
// two loads a trip, opaque alpha in a register, 512 threads (min over the four workloads 498
// Gpixels/s against privatized 382 and NPP 210; 1024 threads did the same, 500). Not kept: runs
// (598 on dark-scaled, but weights are added with ATOMS.ADD, which serializes lanes on one counter,
// where increments of 1 become ATOMS.POPC.INC, merged in hardware: 482 on dark, 231 on constant
// with one copy); 16 copies (553 on uniform, 378 on dark); 32 copies at one block an SM (460);
// fewer blocks an SM; __match_any_sync before the 16-bit global atomics changed nothing on spread
// values (kept for flat 16-bit images, where a warp would otherwise queue on one counter). Open: 16
// copies (80 KiB a block, opt-in shared memory, more than Turing has) gave 553 in round 3 against
// production's 501, but 378 on dark in round 2.
// The whole run (nvcc about 9 s, the harness about 30 s) takes under a minute on an H100.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <vector>
#include <string>
#include <random>
#include <algorithm>
#include "histogram.cu"
#ifdef HISTLAB_NPP
// NPP's declarations, written out so that no NPP header is needed (the library is): the same
// structures as bench/board.py passes through ctypes.
struct NppStreamContext {
    cudaStream_t hStream; int nCudaDeviceId; int nMultiProcessorCount; int nMaxThreadsPerMultiProcessor;
    int nMaxThreadsPerBlock; size_t nSharedMemPerBlock; int nCudaDevAttrComputeCapabilityMajor;
    int nCudaDevAttrComputeCapabilityMinor; unsigned int nStreamFlags; int nReserved0;
};
struct NppiSize { int width; int height; };
extern "C" int nppiHistogramEvenGetBufferSize_8u_C4R_Ctx(NppiSize, int[4], size_t*, NppStreamContext);
extern "C" int nppiHistogramEven_8u_C4R_Ctx(const unsigned char*, int, NppiSize, int* [4], int[4], int[4], int[4],
                                            unsigned char*, NppStreamContext);
#endif

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA %s at line %d\n", cudaGetErrorString(e_), __LINE__); exit(2); } } while (0)

typedef void (*HistKernel)(const unsigned int*, unsigned int, unsigned int, unsigned int*);

// ---------------------------------------------------------------- candidates
template <int THREADS, int MINB, int COPIES, int QUADS, bool OPAQUE, int RUNS>
__global__ void __launch_bounds__(THREADS, MINB)
cand(const unsigned int* __restrict__ argb, unsigned int n, unsigned int bins, unsigned int* __restrict__ hist)
{ convolab_hist_fast_body<ConvolabArgb8, COPIES, QUADS, OPAQUE, RUNS>(argb, n, bins, hist); }

struct Variant {
    std::string name;
    HistKernel kernel;
    int threads;
    int copies;        // shared words a bin (dynamic shared memory = 5 * bins * copies * 4)
    int pixelsPerThread;  // 1 (the plain kernels) or 4 (uint4)
    int blocksPerSm;   // 0: as many as fit
    bool npp = false;
};

static int g_sms = 0;

static int gridOf(const Variant& v, unsigned int n, int bins) {
    int perSm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, v.kernel, v.threads, 5 * bins * v.copies * 4));
    if (v.blocksPerSm > 0) perSm = std::min(perSm, v.blocksPerSm);
    long want = ((long)n / v.pixelsPerThread + v.threads) / v.threads;
    return (int)std::max(1L, std::min(want, (long)std::max(1, perSm) * g_sms));
}

static void launch(const Variant& v, const unsigned int* d, unsigned int n, int bins, unsigned int* hist, int grid) {
    CK(cudaMemsetAsync(hist, 0, 5 * bins * 4));
    v.kernel<<<grid, v.threads, 5 * bins * v.copies * 4>>>(d, n, (unsigned)bins, hist);
}

template <int THREADS, int MINB, int COPIES, int QUADS, bool OPAQUE, int RUNS>
static Variant make(int bps = 0) {
    char buf[96];
    snprintf(buf, sizeof buf, "fast t%d c%d q%d%s%s%s%s", THREADS, COPIES, QUADS, RUNS == 1 ? " runs" : RUNS == 2 ? " runs2" : "",
             OPAQUE ? " opq" : "",
             MINB > 1 ? (" minb" + std::to_string(MINB)).c_str() : "", bps ? (" bps" + std::to_string(bps)).c_str() : "");
    HistKernel k = cand<THREADS, MINB, COPIES, QUADS, OPAQUE, RUNS>;
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 5 * 256 * COPIES * 4));
    return Variant{buf, k, THREADS, COPIES, 4, bps};
}

// ---------------------------------------------------------------- images and the CPU count
struct Image { std::string name; int w, h; std::vector<unsigned int> px; };

static unsigned int lum(unsigned int p) {
    unsigned int r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
    return (299 * r + 587 * g + 114 * b + 500) / 1000;
}

static std::vector<unsigned int> cpuCount(const std::vector<unsigned int>& px, int bins) {
    std::vector<unsigned int> c(5 * bins, 0);
    for (unsigned int p : px) {
        unsigned int v[5] = {(p >> 16) & 255, (p >> 8) & 255, p & 255, p >> 24, lum(p)};
        for (int ch = 0; ch < 5; ch++) c[ch * bins + ((v[ch] * bins) >> 8)]++;
    }
    return c;
}

static unsigned int darkValue(std::mt19937& rng, double mean, double most = 255.0) {
    std::exponential_distribution<double> e(1.0 / mean);
    return (unsigned int)std::min(most, std::floor(e(rng)));
}

static unsigned int darkPixel(std::mt19937& rng) {
    unsigned int v = darkValue(rng, 12.0);
    unsigned int g = std::min(255u, v + (unsigned)(rng() % 3)), b = std::min(255u, v + (unsigned)(rng() % 2));
    return 0xff000000u | v << 16 | g << 8 | b;
}

static Image makeImage(const std::string& kind, int w, int h, unsigned seed) {
    std::mt19937 rng(seed);
    Image im{kind, w, h, std::vector<unsigned int>((size_t)w * h)};
    if (kind == "uniform") for (auto& p : im.px) p = 0xff000000u | (rng() & 0xffffffu);
    else if (kind == "random") for (auto& p : im.px) p = rng();            // random alpha too
    else if (kind == "constant")   // the board's colour at 24 MP, a random opaque one on the small sizes
        std::fill(im.px.begin(), im.px.end(), (size_t)w * h > 1000000 ? 0xff4080c0u : (0xff000000u | (rng() & 0xffffffu)));
    else if (kind == "dark") for (auto& p : im.px) p = darkPixel(rng);
    else if (kind == "dark-scaled") {
        const int sw = 1000, sh = 872;
        std::vector<unsigned int> src((size_t)sw * sh);
        for (auto& p : src) p = darkPixel(rng);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) im.px[(size_t)y * w + x] = src[(size_t)(y * (long)sh / h) * sw + x * (long)sw / w];
    }
    return im;
}

// ---------------------------------------------------------------- timing
static float median(std::vector<float> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }

template <typename F>
static float timeit(F run) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int i = 0; i < 3; i++) run();
    CK(cudaDeviceSynchronize());
    std::vector<float> t;
    for (int s = 0; s < 15; s++) {
        CK(cudaEventRecord(a));
        for (int i = 0; i < 10; i++) run();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms / 10);
    }
    CK(cudaGetLastError());
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return median(t);
}

static int g_failures = 0;

static bool same(const std::vector<unsigned int>& got, const std::vector<unsigned int>& want, int channels, int bins,
                 const std::string& what) {
    for (int ch = 0; ch < channels; ch++)
        for (int k = 0; k < bins; k++)
            if (got[ch * bins + k] != want[ch * bins + k]) {
                printf("FAIL %s: bin %d of channel %d: %u, CPU %u\n", what.c_str(), k, ch, got[ch * bins + k], want[ch * bins + k]);
                g_failures++;
                return false;
            }
    return true;
}

#ifdef HISTLAB_NPP
// NPP's four-channel histogram of the packed image (bytes B, G, R, A), 256 bins a channel; the
// counts come back in the Convolab layout (R, G, B, A) so that they compare with the CPU count.
static float timeNpp(const unsigned int* d, int w, int h, std::vector<unsigned int>& counts) {
    NppStreamContext ctx{};
    cudaDeviceProp pr;
    CK(cudaGetDeviceProperties(&pr, 0));
    ctx.hStream = 0; ctx.nCudaDeviceId = 0; ctx.nMultiProcessorCount = pr.multiProcessorCount;
    ctx.nMaxThreadsPerMultiProcessor = pr.maxThreadsPerMultiProcessor; ctx.nMaxThreadsPerBlock = pr.maxThreadsPerBlock;
    ctx.nSharedMemPerBlock = pr.sharedMemPerBlock; ctx.nCudaDevAttrComputeCapabilityMajor = pr.major;
    ctx.nCudaDevAttrComputeCapabilityMinor = pr.minor;
    NppiSize size{w, h};
    int levels[4] = {257, 257, 257, 257}, lower[4] = {0, 0, 0, 0}, upper[4] = {256, 256, 256, 256};
    size_t bytes = 0;
    if (nppiHistogramEvenGetBufferSize_8u_C4R_Ctx(size, levels, &bytes, ctx) != 0) { printf("npp: buffer size failed\n"); return 0; }
    unsigned char* scratch; int* hist;
    CK(cudaMalloc(&scratch, std::max<size_t>(bytes, 1)));
    CK(cudaMalloc(&hist, 4 * 256 * 4));
    int* ptrs[4] = {hist, hist + 256, hist + 512, hist + 768};
    auto run = [&] {
        if (nppiHistogramEven_8u_C4R_Ctx((const unsigned char*)d, w * 4, size, ptrs, levels, lower, upper, scratch, ctx) != 0)
            { printf("npp: histogram failed\n"); exit(2); }
    };
    float ms = timeit(run);
    std::vector<unsigned int> bgra(4 * 256);
    CK(cudaMemcpy(bgra.data(), hist, bgra.size() * 4, cudaMemcpyDeviceToHost));
    counts.assign(5 * 256, 0);
    int order[4] = {2, 1, 0, 3};   // R, G, B, A from the B, G, R, A planes
    for (int c = 0; c < 4; c++) std::copy(bgra.begin() + order[c] * 256, bgra.begin() + (order[c] + 1) * 256, counts.begin() + c * 256);
    cudaFree(scratch);
    cudaFree(hist);
    return ms;
}
#endif


// ---------------------------------------------------------------- 16-bit samples
typedef void (*Hist16Kernel)(const uint2*, unsigned int, unsigned int, unsigned int*);

struct Variant16 {
    std::string name;
    Hist16Kernel kernel;
    int threads;
    bool shared;        // 5 * bins words of dynamic shared memory (only up to HIST16_SHARED_BINS bins)
    int pixelsPerThread;  // 0: one thread a pixel, no grid-stride loop (global-atomics)
};

static int grid16(const Variant16& v, unsigned int n, int bins) {
    size_t smem = v.shared && bins <= HIST16_SHARED_BINS ? 5 * bins * 4 : 0;
    long want = ((long)n + v.threads - 1) / v.threads;
    if (v.pixelsPerThread == 0) return (int)std::max(1L, want);
    int perSm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, v.kernel, v.threads, smem));
    if (v.pixelsPerThread == 2 && HIST_FAST_BLOCKS_PER_SM > 0) perSm = std::min(perSm, HIST_FAST_BLOCKS_PER_SM);
    want = ((long)n / v.pixelsPerThread + v.threads) / v.threads;
    return (int)std::max(1L, std::min(want, (long)std::max(1, perSm) * g_sms));
}

static void launch16(const Variant16& v, const uint2* d, unsigned int n, int bins, unsigned int* hist, int grid) {
    size_t smem = v.shared && bins <= HIST16_SHARED_BINS ? 5 * bins * 4 : 0;
    CK(cudaMemsetAsync(hist, 0, 5 * (size_t)bins * 4));
    v.kernel<<<grid, v.threads, smem>>>(d, n, (unsigned)bins, hist);
}

// The 16-bit fast kernel without the warp aggregation of its global-memory path.
__global__ void __launch_bounds__(HIST_FAST_THREADS)
fast16plain(const uint2* __restrict__ px, unsigned int n, unsigned int bins, unsigned int* __restrict__ hist)
{ convolab_hist16_fast_body<false>(px, n, bins, hist); }

// R, G, B, A 16-bit samples a pixel (uint2: R | G << 16, B | A << 16), as the engine uploads them.
static std::vector<uint2> makeImage16(const std::string& kind, size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<uint2> px(n);
    for (auto& p : px) {
        unsigned int r, g, b, a = 65535u;
        if (kind == "uniform16") { r = rng() & 0xffff; g = rng() & 0xffff; b = rng() & 0xffff; }
        else if (kind == "random16") { r = rng() & 0xffff; g = rng() & 0xffff; b = rng() & 0xffff; a = rng() & 0xffff; }
        else if (kind == "constant16") { r = 4660; g = 22136; b = 39612; }
        else { r = darkValue(rng, 12.0 * 256, 65535.0); g = std::min(65535u, r + (unsigned)(rng() % 700)); b = r; }
        p = make_uint2(r | g << 16, b | a << 16);
    }
    return px;
}

static std::vector<unsigned int> cpuCount16(const std::vector<uint2>& px, int bins) {
    std::vector<unsigned int> c(5 * (size_t)bins, 0);
    for (const uint2& p : px) {
        unsigned int r = p.x & 0xffff, g = p.x >> 16, b = p.y & 0xffff, a = p.y >> 16;
        unsigned int v[5] = {r, g, b, a, (299 * r + 587 * g + 114 * b + 500) / 1000};
        for (int ch = 0; ch < 5; ch++) c[ch * (size_t)bins + (unsigned int)(((unsigned long long)v[ch] * bins) >> 16)]++;
    }
    return c;
}

// The 16-bit kernels: exact on odd sizes and bin counts on both sides of HIST16_SHARED_BINS, then
// timed on 24 MP at 65536 bins (global memory) and 1024 (shared).
static void run16(unsigned int* dHist) {
    std::vector<Variant16> vs = {
        {"hist16 global-atomics", convolab_hist16_global, HIST_THREADS, false, 0},
        {"hist16 interleaved", convolab_hist16_interleaved, HIST_THREADS, false, 1},
        {"hist16 privatized", convolab_hist16_privatized, HIST_THREADS, true, 1},
        {"hist16 aggregated", convolab_hist16_aggregated, HIST_THREADS, true, 1},
        {"hist16 fast", convolab_hist16_fast, HIST_FAST_THREADS, true, 2},
        {"hist16 fast, no warp agg.", fast16plain, HIST_FAST_THREADS, true, 2},
    };
    const size_t N = 6000 * 4000;
    uint2* d;
    unsigned int* dBig;
    CK(cudaMalloc(&d, N * 8));
    CK(cudaMalloc(&dBig, 5 * 65536 * 4));
    std::vector<unsigned int> got(5 * 65536);
    int checks = 0, before = g_failures;
    const int sizes[] = {1, 37, 221, 4099 * 161};
    const int binsList[] = {65536, 4096, 2049, 2048, 1000, 7, 1};
    unsigned seed = 500;
    for (int n : sizes)
        for (const char* kind : {"random16", "constant16", "dark16"}) {
            auto px = makeImage16(kind, n, seed++);
            CK(cudaMemcpy(d, px.data(), px.size() * 8, cudaMemcpyHostToDevice));
            for (int bins : binsList) {
                auto want = cpuCount16(px, bins);
                for (auto& v : vs) {
                    if (v.shared && v.pixelsPerThread == 1 && bins > HIST16_SHARED_BINS) continue;   // refused by the engine
                    launch16(v, d, n, bins, dBig, grid16(v, n, bins));
                    CK(cudaMemcpy(got.data(), dBig, 5 * (size_t)bins * 4, cudaMemcpyDeviceToHost));
                    char what[160];
                    snprintf(what, sizeof what, "%s, %d pixels %s, %d bins", v.name.c_str(), n, kind, bins);
                    same(got, want, 5, bins, what);
                    checks++;
                }
            }
        }
    printf("16-bit exactness: %d counts, %d failed\n", checks, g_failures - before);
    printf("\n16-bit, %zu pixels (24 MP), Gpixels/s (kernel ms)\n%-24s %24s %24s %24s %24s\n", N, "variant", "uniform16 65536 bins",
           "dark16 65536 bins", "uniform16 1024 bins", "dark16 1024 bins");
    std::vector<std::vector<float>> t(vs.size(), std::vector<float>(4, -1));
    int col = 0;
    for (const char* kind : {"uniform16", "dark16"}) {
        auto px = makeImage16(kind, N, 900 + col);
        CK(cudaMemcpy(d, px.data(), N * 8, cudaMemcpyHostToDevice));
        for (int bins : {65536, 1024}) {
            int c = (bins == 65536 ? 0 : 2) + col;
            auto want = cpuCount16(px, bins);
            for (size_t i = 0; i < vs.size(); i++) {
                if (vs[i].shared && vs[i].pixelsPerThread == 1 && bins > HIST16_SHARED_BINS) continue;
                int grid = grid16(vs[i], N, bins);
                t[i][c] = timeit([&] { launch16(vs[i], d, N, bins, dBig, grid); });
                CK(cudaMemcpy(got.data(), dBig, 5 * (size_t)bins * 4, cudaMemcpyDeviceToHost));
                same(got, want, 5, bins, vs[i].name + ", 24 MP " + kind);
            }
        }
        col++;
    }
    for (size_t i = 0; i < vs.size(); i++) {
        printf("%-24s", vs[i].name.c_str());
        for (float m : t[i]) {
            if (m < 0) printf(" %24s", "refused");
            else printf("      %7.1f (%8.4f ms)", N / (m * 1e6), m);
        }
        printf("\n");
    }
    cudaFree(d);
    cudaFree(dBig);
}

// ---------------------------------------------------------------- main
int main(int argc, char** argv) {
    bool quick = argc > 1 && !strcmp(argv[1], "quick");
    cudaDeviceProp pr;
    CK(cudaGetDeviceProperties(&pr, 0));
    g_sms = pr.multiProcessorCount;
    printf("histlab on %s, %d SMs, %.0f MB L2\n", pr.name, g_sms, pr.l2CacheSize / 1e6);

    std::vector<Variant> vs;
    vs.push_back({"privatized (production)", convolab_hist_privatized, HIST_THREADS, 1, 1, 0});
    vs.push_back({"fast (production)", convolab_hist_fast, HIST_FAST_THREADS, HIST_FAST_COPIES, 4, HIST_FAST_BLOCKS_PER_SM});
    if (!quick) {
        // around production (t512 c8 q2 opq): copies, loads a trip, block size
        vs.push_back(make<512, 1, 4, 2, true, 0>());
        vs.push_back(make<512, 1, 8, 1, true, 0>());
        vs.push_back(make<512, 1, 16, 2, true, 0>());
        vs.push_back(make<1024, 1, 8, 1, true, 0>());
        vs.push_back(make<1024, 1, 8, 2, true, 0>());
        vs.push_back(make<256, 1, 8, 2, true, 0>());
        vs.push_back(make<1024, 1, 16, 1, true, 0>());
        // the ideas switched off and on: no opaque register, runs as weights, runs with increments apart
        vs.push_back(make<512, 1, 8, 2, false, 0>());
        vs.push_back(make<512, 1, 8, 2, true, 1>());
        vs.push_back(make<512, 1, 8, 2, true, 2>());
        vs.push_back(make<512, 1, 1, 2, true, 0>());
        // fewer blocks a multiprocessor
        vs.push_back(make<512, 1, 8, 2, true, 0>(2));
    }

    // ---- exactness on the self-test's sizes, kinds and bin counts
    const int sizes[][2] = {{1, 1}, {1, 37}, {37, 1}, {17, 13}, {33, 65}, {257, 255}, {4099, 1601}, {5, 3}, {2, 2}};
    const int binsList[] = {256, 64, 7, 1};
    unsigned int* dIn;
    unsigned int* dHist;
    const int W = 6000, H = 4000;
    CK(cudaMalloc(&dIn, (size_t)W * H * 4));
    CK(cudaMalloc(&dHist, 5 * 256 * 4));
    std::vector<unsigned int> got(5 * 256);
    int checks = 0;
    unsigned seed = 1;
    for (auto& sz : sizes)
        for (const char* kind : {"random", "constant", "dark", "dark-scaled"}) {
            Image im = makeImage(kind, sz[0], sz[1], seed++);
            CK(cudaMemcpy(dIn, im.px.data(), im.px.size() * 4, cudaMemcpyHostToDevice));
            for (int bins : binsList) {
                auto want = cpuCount(im.px, bins);
                for (auto& v : vs) {
                    launch(v, dIn, (unsigned)im.px.size(), bins, dHist, gridOf(v, (unsigned)im.px.size(), bins));
                    CK(cudaMemcpy(got.data(), dHist, 5 * bins * 4, cudaMemcpyDeviceToHost));
                    char what[160];
                    snprintf(what, sizeof what, "%s, %dx%d %s, %d bins", v.name.c_str(), sz[0], sz[1], kind, bins);
                    same(got, want, 5, bins, what);
                    checks++;
                }
            }
        }
    printf("exactness: %d counts on %zu sizes x 4 kinds x 4 bin counts, %d failed\n", checks, sizeof sizes / sizeof sizes[0], g_failures);

    // ---- the 24 MP workloads
    std::vector<std::string> loads = {"uniform", "constant", "dark", "dark-scaled"};
    std::vector<std::vector<float>> ms(vs.size(), std::vector<float>(loads.size(), 0));
    std::vector<float> nppMs(loads.size(), 0);
    for (size_t l = 0; l < loads.size(); l++) {
        Image im = makeImage(loads[l], W, H, 100 + l);
        unsigned int n = (unsigned)im.px.size();
        CK(cudaMemcpy(dIn, im.px.data(), (size_t)n * 4, cudaMemcpyHostToDevice));
        auto want = cpuCount(im.px, 256);
        for (size_t i = 0; i < vs.size(); i++) {
            int grid = gridOf(vs[i], n, 256);
            ms[i][l] = timeit([&] { launch(vs[i], dIn, n, 256, dHist, grid); });
            CK(cudaMemcpy(got.data(), dHist, 5 * 256 * 4, cudaMemcpyDeviceToHost));
            same(got, want, 5, 256, vs[i].name + ", " + loads[l]);
        }
#ifdef HISTLAB_NPP
        nppMs[l] = timeNpp(dIn, W, H, got);
        same(got, want, 4, 256, "npp, " + loads[l]);
#endif
    }

    // ---- the table
    printf("\n%dx%d, 256 bins, Gpixels/s (kernel ms); median of 15 x 10 launches; blocks: grid x threads\n", W, H);
    printf("%-34s %7s", "variant", "grid");
    for (auto& l : loads) printf(" %20s", l.c_str());
    printf(" %9s\n", "min Gpx/s");
    auto row = [&](const std::string& name, const std::string& grid, const std::vector<float>& t) {
        printf("%-34s %7s", name.c_str(), grid.c_str());
        double worst = 1e30;
        for (float m : t) {
            double g = (double)W * H / (m * 1e6);
            worst = std::min(worst, g);
            printf("   %7.1f (%.4f ms)", g, m);
        }
        printf(" %9.1f\n", worst);
    };
    for (size_t i = 0; i < vs.size(); i++) row(vs[i].name, std::to_string(gridOf(vs[i], W * H, 256)) + "x" + std::to_string(vs[i].threads), ms[i]);
#ifdef HISTLAB_NPP
    row("npp (4 channels)", "-", nppMs);
#endif
    run16(dHist);
    printf("%s\n", g_failures ? "SOME COUNTS WERE WRONG" : "every count equalled the CPU count");
    return g_failures ? 1 : 0;
}
