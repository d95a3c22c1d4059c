// The fastlab harnesses' timing (fastlab.cu, argblab.cu): CUDA events around 10 back-to-back
// launches, the median of 20 such batches after 3 warm-up launches; in ncu mode (NCU set) one
// launch and no timing, so that Nsight Compute profiles each variant once.
#pragma once
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA %s at %d\n", cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

static float median(std::vector<float> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }

bool NCU = false;   // ncu mode: one launch per variant, no timing

template <typename F>
float timeit(F launch) {
    if (NCU) { launch(); CK(cudaDeviceSynchronize()); return 0.f; }
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    for (int i = 0; i < 3; ++i) launch();
    CK(cudaDeviceSynchronize());
    std::vector<float> t;
    for (int i = 0; i < 20; ++i) {
        cudaEventRecord(a); for (int r = 0; r < 10; ++r) launch(); cudaEventRecord(b); cudaEventSynchronize(b);
        float ms; cudaEventElapsedTime(&ms, a, b); t.push_back(ms / 10);
    }
    CK(cudaGetLastError());
    cudaEventDestroy(a); cudaEventDestroy(b);
    return median(t);
}
