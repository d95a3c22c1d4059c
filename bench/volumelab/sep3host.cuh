// Host helpers of the 3D one-sweep harnesses (sep3d, sep3q, sep3x, sep3l, sep3t, sep3c): the board's Gaussian line and the upload of a
// rank-1 mask's three lines into c_vol_line. Include after c_vol_line (volume.cu or the harness) and labtime.cuh.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

// A comma-separated list of integers from the environment variable, or the fallback where it is not set.
static std::vector<int> env_list(const char* name, std::vector<int> fallback) {
    const char* e = getenv(name);
    if (!e) return fallback;
    std::vector<int> out;
    for (const char* p = e; *p;) { out.push_back(atoi(p)); while (*p && *p != ',') p++; if (*p) p++; }
    return out;
}

// The board's Gaussian of radius r: sigma r/2 (at least 0.5), normalised.
static std::vector<float> gauss(int r) {
    const int n = 2 * r + 1;
    const double sigma = r / 2.0 < 0.5 ? 0.5 : r / 2.0;
    std::vector<double> g(n);
    double s = 0;
    for (int i = 0; i < n; i++) { g[i] = std::exp(-(i - r) * (i - r) / (2 * sigma * sigma)); s += g[i]; }
    std::vector<float> f(n);
    for (int i = 0; i < n; i++) f[i] = (float)(g[i] / s);
    return f;
}

static void set_lines(const std::vector<float>& x, const std::vector<float>& y, const std::vector<float>& z) {
    std::vector<float> l(3 * CONVOLAB_MAX_1D, 0.f);
    std::copy(x.begin(), x.end(), l.begin());
    std::copy(y.begin(), y.end(), l.begin() + CONVOLAB_MAX_1D);
    std::copy(z.begin(), z.end(), l.begin() + 2 * CONVOLAB_MAX_1D);
    CK(cudaMemcpyToSymbol(c_vol_line, l.data(), l.size() * 4));
}

// A volume of w x h x d random values (the harnesses' generator: in [-1, 1) for the checks, in [0, 1) for the timed
// runs) on the host and the device, and an output buffer on the device.
struct LabVolume {
    int w, h, d;
    size_t n;
    std::vector<float> host;
    float* in = nullptr;
    float* out = nullptr;
    LabVolume(int w_, int h_, int d_, unsigned& seed, bool centred = true) : w(w_), h(h_), d(d_), n((size_t)w_ * h_ * d_), host(n) {
        for (auto& x : host) {
            seed = seed * 1664525u + 1013904223u;
            x = centred ? (seed >> 8) / 8388608.0f - 1.0f : (seed >> 8) / 16777216.0f;
        }
        CK(cudaMalloc(&in, n * 4)); CK(cudaMalloc(&out, n * 4));
        CK(cudaMemcpy(in, host.data(), n * 4, cudaMemcpyHostToDevice));
    }
    ~LabVolume() { cudaFree(in); cudaFree(out); }
    LabVolume(const LabVolume&) = delete;
    LabVolume& operator=(const LabVolume&) = delete;

    /** The device output against want: false (and a line, for the first 20 of `bad`) at the first voxel off by more than bound. */
    bool matches(const std::vector<double>& want, double bound, const char* what, int& bad) const {
        std::vector<float> got(n);
        CK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
        for (size_t k = 0; k < n; k++) {
            if (!(std::fabs(got[k] - want[k]) <= bound)) {
                if (bad++ < 20)
                    printf("BAD %s %dx%dx%d at (%zu,%zu,%zu): %g want %g\n", what, w, h, d, k % w, k / w % h, k / ((size_t)w * h),
                           got[k], want[k]);
                return false;
            }
        }
        return true;
    }
};

// A harness's entry point: `check` runs check() (its exit code), anything else (default `time`) runs time_all(size),
// size the second argument (default 512); with NCU set in the environment each variant launches once (for ncu).
template <class Check, class Time>
static int sep3_main(int argc, char** argv, Check check, Time time_all) {
    const std::string mode = argc > 1 ? argv[1] : "time";
    if (mode == "check") return check();
    NCU = getenv("NCU") != nullptr;
    time_all(argc > 2 ? atoi(argv[2]) : 512);
    return 0;
}

// The checks' cases of a rank-1 cube of radius r on vol: three random lines (uploaded to c_vol_line; same: the y line
// equal to the x line, for kernels that read x's for both), then f(policy, cval, want, bound) for every policy (constant
// at 0 and at 77) with the double reference (sep3ref.h, include it first) and the error allowed against it.
// iso: all three lines equal (kernels that read x's line for every pass).
template <class F>
static void each_policy_case(const LabVolume& vol, int r, unsigned& seed, F&& f, bool same = false, bool iso = false) {
    auto cx = line(2 * r + 1, seed);
    auto cy = same || iso ? cx : line(2 * r + 1, seed);
    auto cz = iso ? cx : line(2 * r + 1, seed);
    set_lines(cx, cy, cz);
    double sw = 0;
    for (float a : cx) for (float b : cy) for (float c : cz) sw += a * b * c;
    for (int policy : {0, 1, 2, 3, 4}) {
        for (float cval : policy == 0 ? std::vector<float>{0.f, 77.f} : std::vector<float>{0.f}) {
            const std::vector<double> want = reference(vol.host, vol.w, vol.h, vol.d, cx, cy, cz, policy, cval);
            f(policy, cval, want, 5e-5 * sw * std::max(1.0, (double)std::fabs(cval)));
        }
    }
}

// One checked launch: the output poisoned, launch() run and synchronised (a launch error ends the run), then the
// output compared with want within bound (`what` names the case in a failure line); counts the case and a bad one.
template <class Launch>
static void check_case(const LabVolume& vol, Launch launch, const std::vector<double>& want, double bound, const char* what,
                       int& cases, int& bad) {
    CK(cudaMemset(vol.out, 0xff, vol.n * 4));
    launch();
    if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) {
        printf("BAD %s %dx%dx%d: %s\n", what, vol.w, vol.h, vol.d, cudaGetErrorString(e));
        exit(1);
    }
    cases++;
    vol.matches(want, bound, what, bad);
}

// The timed runs' header: times the device copy of vol's input and prints it with the device; returns the floor, ms
// (one read and one write of the volume at 3.0 TB/s).
static double lab_floor(const LabVolume& vol) {
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    const float copy = timeit([&] { cudaMemcpyAsync(vol.out, vol.in, vol.n * 4, cudaMemcpyDeviceToDevice); });
    const double floor_ms = 2.0 * 4 * vol.n / 3.0e12 * 1e3;
    printf("# %s, %d SMs, %dx%dx%d float, mirror; device copy %.4f ms (%.2f TB/s); floor at 3.0 TB/s %.4f ms\n", prop.name,
           prop.multiProcessorCount, vol.w, vol.h, vol.d, copy, 2.0 * 4 * vol.n / (copy * 1e-3) / 1e12, floor_ms);
    return floor_ms;
}

// The timed runs of radius r on vol (mirror), two rounds: each shape of radius r (fields r, name, smem, fn) launched
// at chunk 96 and compared with the first shape's output, then timed at every chunk in zs; launch(s, zch) runs shape s.
template <class Shapes, class Launch>
static void time_radius(const LabVolume& vol, double floor_ms, int r, const std::vector<int>& zs, const Shapes& shapes,
                        Launch launch) {
    std::vector<float> ref, got(vol.n);
    for (int round = 0; round < 2; round++)
        for (const auto& s : shapes) {
            if (s.r != r) continue;
            launch(s, 96);
            CK(cudaMemcpy(got.data(), vol.out, vol.n * 4, cudaMemcpyDeviceToHost));
            if (ref.empty()) ref = got;
            double diff = 0;
            for (size_t k = 0; k < vol.n; k++) diff = std::max(diff, (double)std::fabs(ref[k] - got[k]));
            cudaFuncAttributes fa;
            cudaFuncGetAttributes(&fa, s.fn);
            for (int zch : zs) {
                const float ms = timeit([&] { launch(s, zch); });
                printf("r%d %-52s zch %3d  %.4f ms  %.2fx floor  (%d regs, %zu B local, %d B smem; vs first %.2g)\n", r,
                       s.name, zch, ms, ms / floor_ms, fa.numRegs, fa.localSizeBytes, s.smem, diff);
            }
            fflush(stdout);
        }
}
