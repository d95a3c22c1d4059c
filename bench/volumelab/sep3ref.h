// The double separable reference and the random weights of bench/volumelab/sep3d.cu (GPU) and emulate_sep3.cpp
// (the same kernel on the CPU); border.cuh's index rule per axis.
#pragma once
#include <vector>
#include "border.cuh"

// Separable double reference: the ghost rule of border.cuh per axis; a constant ghost reads cval (scaled by the
// sums of the passes before it, which is what the full 3D sum over a cval-padded volume gives).
static std::vector<double> reference(const std::vector<float>& v, int w, int h, int d, const std::vector<float>& cx,
                                     const std::vector<float>& cy, const std::vector<float>& cz, int policy, float cval) {
    const int r = (int)cx.size() / 2;
    double sx = 0, sy = 0;
    for (float c : cx) sx += c;
    for (float c : cy) sy += c;
    std::vector<double> a((size_t)w * h * d), b((size_t)w * h * d);
#pragma omp parallel for
    for (int z = 0; z < d; z++) for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) {
        double s = 0;
        for (int i = 0; i < 2 * r + 1; i++) { int k = convolab_border_index(x + i - r, w, policy); s += cx[i] * (k < 0 ? (double)cval : (double)v[((size_t)z * h + y) * w + k]); }
        a[((size_t)z * h + y) * w + x] = s;
    }
#pragma omp parallel for
    for (int z = 0; z < d; z++) for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) {
        double s = 0;
        for (int j = 0; j < 2 * r + 1; j++) { int k = convolab_border_index(y + j - r, h, policy); s += cy[j] * (k < 0 ? cval * sx : a[((size_t)z * h + k) * w + x]); }
        b[((size_t)z * h + y) * w + x] = s;
    }
#pragma omp parallel for
    for (int z = 0; z < d; z++) for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) {
        double s = 0;
        for (int k = 0; k < 2 * r + 1; k++) { int q = convolab_border_index(z + k - r, d, policy); s += cz[k] * (q < 0 ? cval * sx * sy : b[((size_t)q * h + y) * w + x]); }
        a[((size_t)z * h + y) * w + x] = s;
    }
    return a;
}

static std::vector<float> line(int n, unsigned& seed) {
    std::vector<float> l(n);
    for (auto& x : l) { seed = seed * 1664525u + 1013904223u; x = 0.1f + (seed >> 8) / 16777216.0f / n; }
    return l;
}

