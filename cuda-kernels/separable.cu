// =====================================================================================
// Separable (rank-1) convolution: a row pass then a column pass, 1D masks in constant memory.
// The column pass reads the row pass's output; its ghost rows follow the same policy, and a
// constant policy's ghost value there is V * sum(row mask), which the launcher passes as cval.
// =====================================================================================
#include "border.cuh"
#include "geometry.cuh"

__constant__ float c_row[CONVOLAB_MAX_1D];
__constant__ float c_col[CONVOLAB_MAX_1D];

// =====================================================================================
// separable: one thread per output, reads through the border function
// =====================================================================================
extern "C" __global__ void convolab_sep_rows(const float* __restrict__ in, float* __restrict__ out,
                                             int w, int h, int n, int policy, float cval)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int r = n / 2;
    const float* row = in + (size_t)y * w;
    float acc = 0.0f;
    for (int i = 0; i < n; ++i) {
        int sx = convolab_border_index(x + i - r, w, policy);
        acc += c_row[i] * (sx < 0 ? cval : __ldg(&row[sx]));
    }
    out[(size_t)y * w + x] = acc;
}

extern "C" __global__ void convolab_sep_cols(const float* __restrict__ in, float* __restrict__ out,
                                             int w, int h, int n, int policy, float cval)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int r = n / 2;
    float acc = 0.0f;
    for (int j = 0; j < n; ++j) {
        int sy = convolab_border_index(y + j - r, h, policy);
        acc += c_col[j] * (sy < 0 ? cval : __ldg(&in[(size_t)sy * w + x]));
    }
    out[(size_t)y * w + x] = acc;
}

// =====================================================================================
// separable-tiled: shared-memory tiles, SEP_STEPS outputs per thread along the pass.
// Rows: a block of SEP_BX x SEP_BY threads computes SEP_BY rows of SEP_BX*SEP_STEPS outputs;
// its tile holds those rows with r halo columns each side.
// Columns: the same with the axes swapped (SEP_BX columns of SEP_BY*SEP_STEPS outputs).
// The tuning constants (SEP_*) are in geometry.cuh.
// =====================================================================================
extern "C" __global__ void __launch_bounds__(SEP_BX * SEP_BY)
convolab_sep_rows_tiled(const float* __restrict__ in, float* __restrict__ out,
                        int w, int h, int n, int policy, float cval)
{
    extern __shared__ float tile[];                  // SEP_BY x (SEP_BX*SEP_STEPS + 2r)
    int r = n / 2;
    int ow = SEP_BX * SEP_STEPS, tw = ow + 2 * r;
    int x0 = blockIdx.x * ow, y = blockIdx.y * SEP_BY + threadIdx.y;
    float* trow = tile + threadIdx.y * tw;
    if (y < h) {
        const float* row = in + (size_t)y * w;
        for (int k = threadIdx.x; k < tw; k += SEP_BX) {
            int sx = convolab_border_index(x0 + k - r, w, policy);
            trow[k] = sx < 0 ? cval : row[sx];
        }
    }
    __syncthreads();
    if (y >= h) return;
#pragma unroll
    for (int s = 0; s < SEP_STEPS; ++s) {
        int lx = threadIdx.x + s * SEP_BX;
        int x = x0 + lx;
        if (x >= w) break;
        float acc = 0.0f;
        for (int i = 0; i < n; ++i) acc += c_row[i] * trow[lx + i];
        out[(size_t)y * w + x] = acc;
    }
}

extern "C" __global__ void __launch_bounds__(SEP_BX * SEP_BY)
convolab_sep_cols_tiled(const float* __restrict__ in, float* __restrict__ out,
                        int w, int h, int n, int policy, float cval)
{
    extern __shared__ float tile[];                  // (SEP_BY*SEP_STEPS + 2r) x SEP_BX
    int r = n / 2;
    int oh = SEP_BY * SEP_STEPS, th = oh + 2 * r;
    int x = blockIdx.x * SEP_BX + threadIdx.x, y0 = blockIdx.y * oh;
    if (x < w) {
        for (int k = threadIdx.y; k < th; k += SEP_BY) {
            int sy = convolab_border_index(y0 + k - r, h, policy);
            tile[k * SEP_BX + threadIdx.x] = sy < 0 ? cval : in[(size_t)sy * w + x];
        }
    }
    __syncthreads();
    if (x >= w) return;
#pragma unroll
    for (int s = 0; s < SEP_STEPS; ++s) {
        int ly = threadIdx.y + s * SEP_BY;
        int y = y0 + ly;
        if (y >= h) break;
        float acc = 0.0f;
        for (int j = 0; j < n; ++j) acc += c_col[j] * tile[(ly + j) * SEP_BX + threadIdx.x];
        out[(size_t)y * w + x] = acc;
    }
}
