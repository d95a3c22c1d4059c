// Standalone check of the tensor strategy's kernels (cuda-kernels/tensor.cu) on one GPU, no Java:
// for packed 8-bit ARGB at 4096x4096 (mirror border) and masks of radius 3, 7, 15 and the worst cases
// (large weights of mixed sign, 63x63, rectangular), the largest 8-bit difference from a double-precision
// reference (computed on a sample of rows, the first and last rows included: the borders) and the
// kernel's median time of 20 launches (cudaEvent, ms). Also the float planes kernel (16-bit samples).
// Build and run: bench/tensor_check.sh. Exit status 1 when any difference exceeds 1 level.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tensor.cu"

// Lab variants of the argbn kernels (one binary times them all): MINB blocks an SM for __launch_bounds__,
// BATCH pairs of words a thread in flight in the tile load.
template <int E, bool LO, int MINB, int BATCH>
__global__ void __launch_bounds__(TENSOR_THREADS, MINB)
lab_argbn(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, const uint2* __restrict__ frags, int w, int h,
          int mw, int mh, int policy, float cval, float inv_scale, float divisor, float offset, int abs_first)
{
    tensorn_argb_body<E, LO, BATCH>(in, out, frags, w, h, mw, mh, policy, cval, inv_scale, divisor, offset, abs_first);
}

#define CK(x)                                                                                   \
    do {                                                                                        \
        cudaError_t e = (x);                                                                    \
        if (e != cudaSuccess) {                                                                 \
            std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e)); \
            std::exit(2);                                                                       \
        }                                                                                       \
    } while (0)

struct Mask {
    std::string name;
    int mw, mh;
    std::vector<float> w;
    float divisor = 1.0f, offset = 0.0f;
    int abs_first = 0;
};

static float host_scale(const std::vector<float>& w)
{
    float m = 0.0f;
    for (float v : w) m = std::max(m, std::fabs(v));
    if (m == 0.0f) return 1.0f;
    int e;
    std::frexp(m, &e); // m = f * 2^e, f in [0.5, 1): floor(log2 m) = e - 1
    int k = std::max(-100, std::min(100, 13 - (e - 1)));
    return std::ldexp(1.0f, k);
}

static int band_blocks(int mw) { return (15 + mw + 15) / 16; }

// TensorLauncher.highHalvesSuffice: the high halves alone keep every output within half a level.
static bool high_halves_suffice(const Mask& m, float scale)
{
    bool halves = true;
    double sum_abs = 0;
    for (float v : m.w) {
        const float ws = v * scale;
        halves = halves && (float)__half2float(__float2half_rn(ws)) == ws;
        sum_abs += std::fabs(v);
    }
    const double moved = 255 * (sum_abs * std::ldexp(1.0, -11) + m.w.size() * std::ldexp(1.0, -25) / scale);
    return halves || moved <= std::fabs(m.divisor) / 2;
}

// The mapping of pack.cuh in double: clamp(floor(acc / divisor + offset + 0.5), 0, 255).
static int ref_byte(double acc, const Mask& m)
{
    if (m.abs_first) acc = std::fabs(acc);
    double v = std::floor(acc / m.divisor + m.offset + 0.5);
    return (int)std::min(255.0, std::max(0.0, v));
}

// Sampled rows of the reference, several threads; returns the largest |gpu - ref| over R, G, B.
static int check_argb(const std::vector<unsigned int>& img, const std::vector<unsigned int>& out, int w, int h,
                      const Mask& m, int policy)
{
    std::vector<int> rows;
    for (int y = 0; y < std::min(h, m.mh + 2); ++y) rows.push_back(y);
    for (int y = std::max(0, h - m.mh - 2); y < h; ++y) rows.push_back(y);
    for (int y = 0; y < h; y += 61) rows.push_back(y);
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    unsigned nt = std::max(1u, std::thread::hardware_concurrency());
    std::vector<int> worst(nt, 0);
    std::vector<int> alpha_bad(nt, 0);
    std::vector<std::thread> ts;
    const int rx = m.mw / 2, ry = m.mh / 2;
    for (unsigned t = 0; t < nt; ++t) {
        ts.emplace_back([&, t] {
            for (size_t r = t; r < rows.size(); r += nt) {
                const int y = rows[r];
                for (int x = 0; x < w; ++x) {
                    double acc[3] = {0, 0, 0};
                    for (int j = 0; j < m.mh; ++j) {
                        const int sy = convolab_border_index(y + j - ry, h, policy);
                        for (int i = 0; i < m.mw; ++i) {
                            const int sx = convolab_border_index(x + i - rx, w, policy);
                            const double wt = m.w[j * m.mw + i];
                            const unsigned int p = img[(size_t)sy * w + sx];
                            acc[0] += wt * ((p >> 16) & 0xff);
                            acc[1] += wt * ((p >> 8) & 0xff);
                            acc[2] += wt * (p & 0xff);
                        }
                    }
                    const unsigned int o = out[(size_t)y * w + x];
                    const int got[3] = {(int)((o >> 16) & 0xff), (int)((o >> 8) & 0xff), (int)(o & 0xff)};
                    for (int c = 0; c < 3; ++c) worst[t] = std::max(worst[t], std::abs(got[c] - ref_byte(acc[c], m)));
                    if ((o >> 24) != (img[(size_t)y * w + x] >> 24)) alpha_bad[t]++;
                }
            }
        });
    }
    for (auto& th : ts) th.join();
    int a = 0;
    for (int v : alpha_bad) a += v;
    if (a) std::printf("  alpha changed in %d pixels\n", a);
    return *std::max_element(worst.begin(), worst.end()) + (a ? 1000 : 0);
}

// Largest |gpu - ref| / (sum |w| * max sample) on sampled rows of one 16-bit plane.
static double check_plane(const std::vector<float>& img, const std::vector<float>& out, int w, int h, const Mask& m, int policy)
{
    double worst = 0, sumabs = 0;
    for (float v : m.w) sumabs += std::fabs(v);
    const int rx = m.mw / 2, ry = m.mh / 2;
    for (int y = 0; y < h; y += (y < m.mh || y > h - m.mh ? 1 : 97)) {
        for (int x = 0; x < w; ++x) {
            double acc = 0;
            for (int j = 0; j < m.mh; ++j) {
                const int sy = convolab_border_index(y + j - ry, h, policy);
                for (int i = 0; i < m.mw; ++i)
                    acc += (double)m.w[j * m.mw + i] * img[(size_t)sy * w + convolab_border_index(x + i - rx, w, policy)];
            }
            worst = std::max(worst, std::fabs(out[(size_t)y * w + x] - acc) / (sumabs * 65535.0));
        }
    }
    return worst;
}

// Median kernel ms of `runs` launches after 2 untimed ones (cudaEvent around each).
template <class L>
static float median_ms(L launch, int runs)
{
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    std::vector<float> ms;
    for (int it = 0; it < runs + 2; ++it) {
        CK(cudaEventRecord(e0));
        launch();
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float t;
        CK(cudaEventElapsedTime(&t, e0, e1));
        if (it >= 2) ms.push_back(t);
    }
    CK(cudaGetLastError());
    CK(cudaEventDestroy(e0));
    CK(cudaEventDestroy(e1));
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

int main(int argc, char** argv)
{
    const int w = argc > 1 ? std::atoi(argv[1]) : 4096, h = argc > 2 ? std::atoi(argv[2]) : 4096;
    const int policy = CONVOLAB_BORDER_MIRROR;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    std::printf("device: %s (sm_%d%d), image %dx%d ARGB, mirror border\n", prop.name, prop.major, prop.minor, w, h);

    std::mt19937 rng(7);
    std::uniform_int_distribution<unsigned int> word;
    std::vector<unsigned int> img((size_t)w * h);
    for (auto& p : img) p = word(rng);

    std::vector<Mask> masks;
    auto random_mask = [&](const std::string& name, int mw, int mh, float lo, float hi) {
        Mask m{name, mw, mh, std::vector<float>((size_t)mw * mh)};
        std::uniform_real_distribution<float> u(lo, hi);
        double sum = 0;
        for (auto& v : m.w) { v = u(rng); sum += v; }
        if (lo >= 0) for (auto& v : m.w) v = (float)(v / sum); // normalised, as the board's random masks
        return m;
    };
    masks.push_back(random_mask("r=3 random", 7, 7, 0, 1));
    masks.push_back(random_mask("r=7 random", 15, 15, 0, 1));
    masks.push_back(random_mask("r=4 random", 9, 9, 0, 1));
    masks.push_back(random_mask("r=10 random", 21, 21, 0, 1));
    masks.push_back(random_mask("r=15 random", 31, 31, 0, 1));
    masks.push_back(random_mask("r=31 random", 63, 63, 0, 1));
    for (auto s : std::vector<std::pair<int, int>>{{63, 5}, {5, 63}, {9, 31}, {41, 21}, {3, 45}, {1, 63}, {63, 1}})
        masks.push_back(random_mask(std::to_string(s.first) + "x" + std::to_string(s.second) + " random", s.first, s.second, 0, 1));
    {
        // worst cases: large weights of mixed sign, every tap, the output mapped back into 0..255
        for (int r : {3, 4, 7, 10, 15, 31}) {
            Mask m = random_mask("r=" + std::to_string(r) + " mixed-sign x1000", 2 * r + 1, 2 * r + 1, -1000, 1000);
            double s = 0;
            for (float v : m.w) s += std::fabs(v);
            m.divisor = (float)(s / 64);
            m.offset = 128;
            masks.push_back(m);
        }
        Mask e = random_mask("41x21 mixed-sign, abs", 41, 21, -3, 5);
        e.divisor = 7.5f;
        e.abs_first = 1;
        masks.push_back(e);
        Mask k = random_mask("r=7 integer edge, divisor 1, offset 128", 15, 15, 0, 1);
        for (size_t i = 0; i < k.w.size(); ++i) k.w[i] = (float)((int)(i % 7) - 3);
        k.offset = 128;
        masks.push_back(k);
    }

    unsigned int *d_in, *d_out;
    float* d_mask;
    uint2* d_frags;
    CK(cudaMalloc(&d_in, img.size() * 4));
    CK(cudaMalloc(&d_out, img.size() * 4));
    CK(cudaMalloc(&d_mask, 63 * 63 * 4));
    CK(cudaMalloc(&d_frags, 63 * TENSOR_MAX_D * 4 * 32 * sizeof(uint2)));
    CK(cudaMemcpy(d_in, img.data(), img.size() * 4, cudaMemcpyHostToDevice));
    int failed = 0;
    std::vector<unsigned int> out(img.size());
    std::printf("%-40s %3s %-3s %-5s %10s %10s %8s\n", "mask", "D", "mma", "load", "kernel ms", "max diff", "T taps/s");
    // TC_MASKS=a,b: only the masks whose names start with one of these; TC_SWEEP=1: the lab variants too
    const char* only = std::getenv("TC_MASKS");
    const bool sweep = std::getenv("TC_SWEEP") && std::string(std::getenv("TC_SWEEP")) == "1";
    auto wanted = [&](const Mask& m) {
        if (!only) return true;
        std::string list = std::string(",") + only + ",";
        for (size_t a = 1, b; (b = list.find(',', a)) != std::string::npos; a = b + 1)
            if (b > a && m.name.compare(0, b - a, list, a, b - a) == 0) return true;
        return false;
    };
    for (const Mask& m : masks) {
        if (!wanted(m)) continue;
        const int D = band_blocks(m.mw);
        const float scale = host_scale(m.w);
        CK(cudaMemcpy(d_mask, m.w.data(), m.w.size() * 4, cudaMemcpyHostToDevice));
        const int nthreads = m.mh * D * 4 * 32;
        convolab_tensor_weights<<<(nthreads + 127) / 128, 128>>>(d_mask, m.mw, m.mh, D, scale, d_frags);
        CK(cudaGetLastError());
        using ArgbKernel = void (*)(const unsigned int*, unsigned int*, const uint2*, int, int, int, int, int, float, float,
                                    float, float, int);
        const ArgbKernel both[5] = {convolab_tensor_argb_d1, convolab_tensor_argb_d2, convolab_tensor_argb_d3,
                                    convolab_tensor_argb_d4, convolab_tensor_argb_d5};
        const ArgbKernel hi[5] = {convolab_tensor_argb_d1_hi, convolab_tensor_argb_d2_hi, convolab_tensor_argb_d3_hi,
                                  convolab_tensor_argb_d4_hi, convolab_tensor_argb_d5_hi};
        const ArgbKernel both3[5] = {convolab_tensor_argb3_d1, convolab_tensor_argb3_d2, convolab_tensor_argb3_d3,
                                     convolab_tensor_argb3_d4, convolab_tensor_argb3_d5};
        const ArgbKernel hi3[5] = {convolab_tensor_argb3_d1_hi, convolab_tensor_argb3_d2_hi, convolab_tensor_argb3_d3_hi,
                                   convolab_tensor_argb3_d4_hi, convolab_tensor_argb3_d5_hi};
        const bool hi_only = high_halves_suffice(m, scale);
        // the per-channel kernel for every mask; the one-load kernel too where the mask takes one pass
        for (int one_load = 0; one_load <= (m.mh <= TENSOR_ROWS ? 1 : 0); ++one_load) {
            const ArgbKernel kern = (one_load ? (hi_only ? hi3 : both3) : (hi_only ? hi : both))[D - 1];
            const int pitch = TENSOR_PITCH(D);
            const int smem = one_load ? 3 * (TENSOR_OH + m.mh - 1) * pitch * 2 : TENSOR_SMEM(D, std::min(m.mh, TENSOR_ROWS), false);
            CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
            dim3 grid((w + TENSOR_OW - 1) / TENSOR_OW, (h + TENSOR_OH - 1) / TENSOR_OH);
            CK(cudaMemset(d_out, 0, out.size() * 4));
            const float t = median_ms([&] {
                kern<<<grid, TENSOR_THREADS, smem>>>(d_in, d_out, d_frags, w, h, m.mw, m.mh, policy, 0.0f, 1.0f / scale,
                                                     m.divisor, m.offset, m.abs_first);
            }, 20);
            CK(cudaMemcpy(out.data(), d_out, out.size() * 4, cudaMemcpyDeviceToHost));
            const int diff = check_argb(img, out, w, h, m, policy);
            std::printf("%-40s %3d %-3s %-5s %10.3f %10d %8.2f\n", m.name.c_str(), D, hi_only ? "hi" : "2",
                        one_load ? "once" : "x3", t, diff, 3.0 * w * h * m.mw * m.mh / (t * 1e-3) / 1e12);
            if (diff > 1) failed++;
        }
        // the 8-column cut (argbn): the shipped kernel, and with TC_SWEEP the lab variants
        const int E = (m.mw + 7 + 15) / 16;
        const int smemn = TENSORN_SMEM(E, m.mh);
        if (smemn > (int)prop.sharedMemPerBlockOptin) continue;
        const ArgbKernel shipn[2][5] = {{convolab_tensor_argbn_e1, convolab_tensor_argbn_e2, convolab_tensor_argbn_e3,
                                         convolab_tensor_argbn_e4, convolab_tensor_argbn_e5},
                                        {convolab_tensor_argbn_e1_hi, convolab_tensor_argbn_e2_hi, convolab_tensor_argbn_e3_hi,
                                         convolab_tensor_argbn_e4_hi, convolab_tensor_argbn_e5_hi}};
        struct Variant { std::string name; ArgbKernel k; };
        std::vector<Variant> vs{{"argbn", shipn[hi_only ? 1 : 0][E - 1]}};
        if (sweep && hi_only) {
#define LAB(EE, MB, BT) if (E == EE) vs.push_back({"n minb" #MB " batch" #BT, lab_argbn<EE, false, MB, BT>});
#define LABS(EE) LAB(EE, 1, 1) LAB(EE, 1, 4) LAB(EE, 2, 1) LAB(EE, 2, 4) LAB(EE, 3, 1) LAB(EE, 3, 4) LAB(EE, 2, 8) LAB(EE, 3, 8)
            LABS(1) LABS(2) LABS(3)
#undef LABS
#undef LAB
        }
        for (const Variant& v : vs) {
            CK(cudaFuncSetAttribute(v.k, cudaFuncAttributeMaxDynamicSharedMemorySize, smemn));
            cudaFuncAttributes fa;
            CK(cudaFuncGetAttributes(&fa, v.k));
            int blocks = 0;
            CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, v.k, TENSOR_THREADS, smemn));
            dim3 grid((w + TENSOR_OW - 1) / TENSOR_OW, (h + TENSOR_OH - 1) / TENSOR_OH);
            CK(cudaMemset(d_out, 0, out.size() * 4));
            const float t = median_ms([&] {
                v.k<<<grid, TENSOR_THREADS, smemn>>>(d_in, d_out, d_frags, w, h, m.mw, m.mh, policy, 0.0f, 1.0f / scale,
                                                     m.divisor, m.offset, m.abs_first);
            }, 20);
            CK(cudaMemcpy(out.data(), d_out, out.size() * 4, cudaMemcpyDeviceToHost));
            const int diff = check_argb(img, out, w, h, m, policy);
            std::printf("%-40s E%-2d %-3s %-5s %10.3f %10d %8.2f  [%s: %d regs, %d local B, %d blocks/SM, %d B smem]\n",
                        m.name.c_str(), E, hi_only ? "hi" : "2", "n", t, diff, 3.0 * w * h * m.mw * m.mh / (t * 1e-3) / 1e12,
                        v.name.c_str(), fa.numRegs, (int)fa.localSizeBytes, blocks, smemn);
            if (diff > 1) failed++;
        }
    }

    // float planes, 16-bit samples (the split inputs), one plane (not where TC_MASKS picks masks)
    if (!only) {
        std::vector<float> plane((size_t)w * h);
        std::uniform_int_distribution<int> s16(0, 65535);
        for (auto& v : plane) v = (float)s16(rng);
        float *d_p, *d_q;
        CK(cudaMalloc(&d_p, plane.size() * 4));
        CK(cudaMalloc(&d_q, plane.size() * 4));
        CK(cudaMemcpy(d_p, plane.data(), plane.size() * 4, cudaMemcpyHostToDevice));
        std::vector<float> res(plane.size());
        for (int k : {0, 4, 9}) {
            const Mask& m = masks[k];
            const int D = band_blocks(m.mw);
            const float scale = host_scale(m.w);
            CK(cudaMemcpy(d_mask, m.w.data(), m.w.size() * 4, cudaMemcpyHostToDevice));
            const int nthreads = m.mh * D * 4 * 32;
            convolab_tensor_weights<<<(nthreads + 127) / 128, 128>>>(d_mask, m.mw, m.mh, D, scale, d_frags);
            void (*kern)(const float*, const float*, const float*, float*, float*, float*, const uint2*, int, int, int, int,
                         int, float, float) =
                D == 1 ? convolab_tensor_planes_d1 : D == 2 ? convolab_tensor_planes_d2 : D == 3 ? convolab_tensor_planes_d3
                : D == 4 ? convolab_tensor_planes_d4 : convolab_tensor_planes_d5;
            const int smem = TENSOR_SMEM(D, std::min(m.mh, TENSOR_ROWS), true);
            CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
            dim3 grid((w + TENSOR_OW - 1) / TENSOR_OW, (h + TENSOR_OH - 1) / TENSOR_OH, 1);
            const float t = median_ms([&] {
                kern<<<grid, TENSOR_THREADS, smem>>>(d_p, d_p, d_p, d_q, d_q, d_q, d_frags, w, h, m.mw, m.mh, policy, 0.0f,
                                                     1.0f / scale);
            }, 10);
            CK(cudaMemcpy(res.data(), d_q, res.size() * 4, cudaMemcpyDeviceToHost));
            const double rel = check_plane(plane, res, w, h, m, policy);
            std::printf("planes 16-bit %-26s %6d %10.3f  rel.err %.2e\n", m.name.c_str(), D, t, rel);
            if (!(rel < 1.5e-5)) failed++;
        }
    }
    if (failed) {
        std::printf("FAILED: %d case(s) past the tolerance\n", failed);
    } else {
        std::printf("all within tolerance (8-bit: 1 level; 16-bit planes: 1.5e-5 of sum|w| x 65535)\n");
    }
    return failed ? 1 : 0;
}
