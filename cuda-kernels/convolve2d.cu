// =====================================================================================
// 2D convolution kernels: the course strategies, one float plane (one channel) a launch.
//
// Semantics (every kernel): correlation, output the same size as the input,
//     out(x, y) = sum_{j,i} mask[j][i] * in(x + i - rx, y + j - ry)
// with every read outside the image taken through convolab_border_index (border.cuh), so each
// ghost-cell policy is written once. No size needs to be a multiple of the block.
// Masks are mw x mh (odd, up to 63 x 63), row-major; rx = mw / 2, ry = mh / 2.
// =====================================================================================
#include "border.cuh"

#include "geometry.cuh"

// The 2D mask for the constant-memory strategies (set with cuMemcpyHtoD on the symbol).
__constant__ float c_mask[CONVOLAB_MAX_MASK * CONVOLAB_MAX_MASK];

// One read with the ghost-cell policy applied on both axes.
__device__ __forceinline__ float convolab_read(const float* __restrict__ in, int x, int y, int w, int h,
                                               int policy, float cval)
{
    int sx = convolab_border_index(x, w, policy);
    int sy = convolab_border_index(y, h, policy);
    return (sx < 0 || sy < 0) ? cval : __ldg(&in[sy * w + sx]);
}

// =====================================================================================
// naive: one thread per output pixel, mask in global memory
// =====================================================================================
extern "C" __global__ void convolab_naive(const float* __restrict__ in, float* __restrict__ out,
                                          int w, int h, int mw, int mh, int policy, float cval,
                                          const float* __restrict__ mask)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int rx = mw / 2, ry = mh / 2;
    float acc = 0.0f;
    for (int j = 0; j < mh; ++j)
        for (int i = 0; i < mw; ++i)
            acc += mask[j * mw + i] * convolab_read(in, x + i - rx, y + j - ry, w, h, policy, cval);
    out[y * w + x] = acc;
}

// =====================================================================================
// constant: as naive, mask in __constant__ memory (every thread of a warp reads the same
// weight at the same time: a broadcast from the constant cache)
// =====================================================================================
extern "C" __global__ void convolab_constant(const float* __restrict__ in, float* __restrict__ out,
                                             int w, int h, int mw, int mh, int policy, float cval)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int rx = mw / 2, ry = mh / 2;
    float acc = 0.0f;
    for (int j = 0; j < mh; ++j)
        for (int i = 0; i < mw; ++i)
            acc += c_mask[j * mw + i] * convolab_read(in, x + i - rx, y + j - ry, w, h, policy, cval);
    out[y * w + x] = acc;
}

// =====================================================================================
// Shared-memory tiles. A block owns an output tile of ox x oy pixels starting at (x0, y0); its
// input tile, (ox + 2rx) x (oy + 2ry), is loaded into dynamic shared memory with the policy
// applied (the halo's ghost cells too), then each output reads only shared memory.
//   tiled     : block = input tile  (blockDim = ox + 2rx by oy + 2ry): each thread loads one
//               element; the threads of the inner ox x oy part compute, the halo threads only load.
//   tiled-out : block = output tile (blockDim = ox by oy): each thread loads several elements in
//               a strided loop, then every thread computes one output.
// =====================================================================================
__device__ __forceinline__ void convolab_load_tile(float* tile, const float* __restrict__ in,
                                                   int x0, int y0, int tw, int th, int w, int h,
                                                   int rx, int ry, int policy, float cval)
{
    int nthreads = blockDim.x * blockDim.y;
    for (int k = threadIdx.y * blockDim.x + threadIdx.x; k < tw * th; k += nthreads) {
        int ty = k / tw, tx = k - ty * tw;
        tile[k] = convolab_read(in, x0 + tx - rx, y0 + ty - ry, w, h, policy, cval);
    }
}

__device__ __forceinline__ float convolab_tile_sum(const float* tile, int tw, int lx, int ly, int mw, int mh)
{
    float acc = 0.0f;
    for (int j = 0; j < mh; ++j) {
        const float* row = tile + (ly + j) * tw + lx;
        for (int i = 0; i < mw; ++i) acc += c_mask[j * mw + i] * row[i];
    }
    return acc;
}

extern "C" __global__ void convolab_tiled(const float* __restrict__ in, float* __restrict__ out,
                                          int w, int h, int mw, int mh, int policy, float cval)
{
    extern __shared__ float tile[];
    int rx = mw / 2, ry = mh / 2;
    int tw = blockDim.x, th = blockDim.y;            // block = input tile
    int ox = tw - 2 * rx, oy = th - 2 * ry;          // output tile
    int x0 = blockIdx.x * ox, y0 = blockIdx.y * oy;
    convolab_load_tile(tile, in, x0, y0, tw, th, w, h, rx, ry, policy, cval);
    __syncthreads();
    int lx = threadIdx.x, ly = threadIdx.y;          // output (x0+lx, y0+ly) reads tile from (lx, ly)
    if (lx >= ox || ly >= oy) return;                // halo threads only load
    int x = x0 + lx, y = y0 + ly;
    if (x >= w || y >= h) return;
    out[y * w + x] = convolab_tile_sum(tile, tw, lx, ly, mw, mh);
}

extern "C" __global__ void convolab_tiled_out(const float* __restrict__ in, float* __restrict__ out,
                                              int w, int h, int mw, int mh, int policy, float cval)
{
    extern __shared__ float tile[];
    int rx = mw / 2, ry = mh / 2;
    int ox = blockDim.x, oy = blockDim.y;            // block = output tile
    int tw = ox + 2 * rx, th = oy + 2 * ry;
    int x0 = blockIdx.x * ox, y0 = blockIdx.y * oy;
    convolab_load_tile(tile, in, x0, y0, tw, th, w, h, rx, ry, policy, cval);
    __syncthreads();
    int x = x0 + threadIdx.x, y = y0 + threadIdx.y;
    if (x >= w || y >= h) return;
    out[y * w + x] = convolab_tile_sum(tile, tw, threadIdx.x, threadIdx.y, mw, mh);
}

// =====================================================================================
// cached: only the output tile's own pixels go to shared memory; taps that fall outside the
// tile (the halo) are read from global memory through the read-only cache.
// =====================================================================================
extern "C" __global__ void convolab_cached(const float* __restrict__ in, float* __restrict__ out,
                                           int w, int h, int mw, int mh, int policy, float cval)
{
    extern __shared__ float tile[];                  // blockDim.x x blockDim.y
    int bx = blockDim.x, by = blockDim.y;
    int x0 = blockIdx.x * bx, y0 = blockIdx.y * by;
    int x = x0 + threadIdx.x, y = y0 + threadIdx.y;
    int inside = x < w && y < h;
    tile[threadIdx.y * bx + threadIdx.x] = inside ? in[y * w + x] : 0.0f;
    __syncthreads();
    if (!inside) return;
    int rx = mw / 2, ry = mh / 2;
    int tx_end = min(bx, w - x0), ty_end = min(by, h - y0);   // valid part of the tile
    float acc = 0.0f;
    for (int j = 0; j < mh; ++j) {
        int ty = threadIdx.y + j - ry;
        for (int i = 0; i < mw; ++i) {
            int tx = threadIdx.x + i - rx;
            float v = (tx >= 0 && tx < tx_end && ty >= 0 && ty < ty_end)
                    ? tile[ty * bx + tx]
                    : convolab_read(in, x + i - rx, y + j - ry, w, h, policy, cval);
            acc += c_mask[j * mw + i] * v;
        }
    }
    out[y * w + x] = acc;
}
