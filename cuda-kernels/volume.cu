// =====================================================================================
// Volumes: a 3D mask over a stack of slices (w x h x d floats, slice after slice, each row-major).
// The course's 2D strategies carried into three dimensions, all correlations (the mask is not
// flipped), ghost cells from border.cuh along x, y and z alike:
//   naive      one thread per voxel, mask in global memory
//   constant   one thread per voxel, mask in __constant__ (up to VOL_CONST_MAX weights)
//   tiled      a shared-memory brick with its halo; a thread computes up to VOL_TILED_BZ outputs down z
//   separable  three 1D passes (x, y, z) for rank-1 masks
//   fast       register blocking along z: a block walks down z, one x-y slab at a time in shared
//              memory; each value read from the slab is used by every mask slice at once, the
//              partial sums of the outputs it touches sliding along z in registers (3D stencil
//              codes do this); a fused x-y-z pass for rank-1 masks
//              and, for rank-1 cubes of radius 1..VOL_SEP3_MAX_R, the x, y and z passes in one sweep with the
//              z window in registers (volume_sep.cuh: convolab_vol_sep3_rN, which separable runs too)
//   fft        pad / (cuFFT) / multiply (fft.cu) / (cuFFT) / crop
// Geometry constants (VOL_*) are in geometry.cuh; the launchers are cuda/Volume*.java.
// =====================================================================================
#include "border.cuh"
#include "geometry.cuh"

__constant__ float c_vol_mask[VOL_CONST_MAX];
__constant__ float c_vol_line[3 * CONVOLAB_MAX_1D];   // a rank-1 mask's x, y and z weights
#ifdef __CUDACC__          // bench/volumelab/emulate.sh runs this file through g++: sep3d.cu checks these kernels
#include "volume_sep.cuh"
#include "volume_sep_y.cuh"
#include "volume_sep_w.cuh"
#endif

// The voxel a coordinate reads under the policy (cval where the policy gives the constant).
__device__ __forceinline__ float vol_at(const float* __restrict__ in, int x, int y, int z, int w, int h, int d,
                                        int policy, float cval)
{
    const int sx = convolab_border_index(x, w, policy);
    const int sy = convolab_border_index(y, h, policy);
    const int sz = convolab_border_index(z, d, policy);
    return (sx < 0 || sy < 0 || sz < 0) ? cval : __ldg(&in[((size_t)sz * h + sy) * w + sx]);
}

// One slice of the input, columns gx0 .. gx0+tw-1 and rows gy0 .. gy0+th-1 (ghost cells included),
// into tile[th][tw], by the whole block. A tile wholly inside the volume skips the policy.
__device__ __forceinline__ void vol_load_slice(float* tile, const float* __restrict__ in, int gx0, int gy0, int zi,
                                               int tw, int th, int w, int h, int d, int policy, float cval)
{
    const int sz = convolab_border_index(zi, d, policy);
    if (sz >= 0 && gx0 >= 0 && gy0 >= 0 && gx0 + tw <= w && gy0 + th <= h) {
        const float* src = in + ((size_t)sz * h + gy0) * w + gx0;
        for (int ly = threadIdx.y; ly < th; ly += blockDim.y)
            for (int lx = threadIdx.x; lx < tw; lx += blockDim.x)
                tile[ly * tw + lx] = __ldg(&src[(size_t)ly * w + lx]);
        return;
    }
    for (int ly = threadIdx.y; ly < th; ly += blockDim.y) {
        const int sy = convolab_border_index(gy0 + ly, h, policy);
        for (int lx = threadIdx.x; lx < tw; lx += blockDim.x) {
            const int sx = convolab_border_index(gx0 + lx, w, policy);
            tile[ly * tw + lx] = (sz < 0 || sy < 0 || sx < 0) ? cval : __ldg(&in[((size_t)sz * h + sy) * w + sx]);
        }
    }
}

// The slab elements a thread of a VOL_BX x VOL_BY block loads, tid + l * VOL_BX * VOL_BY for l < LOADS, of a
// tw x th tile whose top left is (gx0, gy0): their offsets in a slice are worked out once (-1 a constant ghost
// cell, -2 past the tile); fetch loads one slice's into registers (in flight while the block works on the last
// slab), store puts them into the tile in shared memory.
template <int LOADS>
struct VolSlabLoads {
    int src[LOADS];
    float next[LOADS];

    __device__ __forceinline__ void init(int tid, int gx0, int gy0, int tw, int tn, int w, int h, int policy)
    {
#pragma unroll
        for (int l = 0; l < LOADS; l++) {
            const int e = tid + l * VOL_BX * VOL_BY;
            if (e < tn) {
                const int sx = convolab_border_index(gx0 + e % tw, w, policy);
                const int sy = convolab_border_index(gy0 + e / tw, h, policy);
                src[l] = (sx < 0 || sy < 0) ? -1 : sy * w + sx;
            } else {
                src[l] = -2;
            }
        }
    }

    __device__ __forceinline__ void fetch(const float* __restrict__ in, int zi, int d, size_t slice, int policy, float cval)
    {
        const int sz = convolab_border_index(zi, d, policy);
        const float* p = in + (sz < 0 ? 0 : (size_t)sz * slice);
#pragma unroll
        for (int l = 0; l < LOADS; l++)
            next[l] = src[l] >= 0 && sz >= 0 ? __ldg(&p[src[l]]) : cval;
    }

    __device__ __forceinline__ void store(float* tile, int tid) const
    {
#pragma unroll
        for (int l = 0; l < LOADS; l++)
            if (src[l] != -2) tile[tid + l * VOL_BX * VOL_BY] = next[l];
    }
};

// ---- naive and constant: one thread per voxel (grid z strides over the slices) -----------
template <bool CONST_MASK>
__device__ __forceinline__ void vol_direct(const float* __restrict__ in, float* __restrict__ out,
                                           const float* __restrict__ mask, int w, int h, int d,
                                           int mw, int mh, int md, int policy, float cval)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    const int rx = mw / 2, ry = mh / 2, rz = md / 2;
    for (int z = blockIdx.z; z < d; z += gridDim.z) {
        float acc = 0.0f;
        for (int k = 0; k < md; k++) {
            const int sz = convolab_border_index(z + k - rz, d, policy);
            for (int j = 0; j < mh; j++) {
                const int sy = convolab_border_index(y + j - ry, h, policy);
                const int base = (k * mh + j) * mw;
                for (int i = 0; i < mw; i++) {
                    const int sx = convolab_border_index(x + i - rx, w, policy);
                    const float v = (sz < 0 || sy < 0 || sx < 0) ? cval : __ldg(&in[((size_t)sz * h + sy) * w + sx]);
                    acc += (CONST_MASK ? c_vol_mask[base + i] : mask[base + i]) * v;
                }
            }
        }
        out[((size_t)z * h + y) * w + x] = acc;
    }
}

extern "C" __global__ void convolab_vol_naive(const float* __restrict__ in, float* __restrict__ out,
                                              const float* __restrict__ mask, int w, int h, int d,
                                              int mw, int mh, int md, int policy, float cval)
{
    vol_direct<false>(in, out, mask, w, h, d, mw, mh, md, policy, cval);
}

extern "C" __global__ void convolab_vol_constant(const float* __restrict__ in, float* __restrict__ out,
                                                 int w, int h, int d, int mw, int mh, int md, int policy, float cval)
{
    vol_direct<true>(in, out, nullptr, w, h, d, mw, mh, md, policy, cval);
}

// ---- tiled: a brick of (VOL_BX+mw-1) x (VOL_BY+mh-1) x (bz+kc-1) in dynamic shared memory ----
// The block computes VOL_BX x VOL_BY x bz outputs. The mask's slices go kc at a time: the brick
// holds the input slices those kc mask slices read for the bz outputs (a large mask takes several
// loads; the launcher picks bz and kc so a brick fits VOL_SHARED_MAX).
extern "C" __global__ void convolab_vol_tiled(const float* __restrict__ in, float* __restrict__ out,
                                              const float* __restrict__ mask, int w, int h, int d,
                                              int mw, int mh, int md, int bz, int kc, int policy, float cval)
{
    extern __shared__ float brick[];
    const int tw = VOL_BX + mw - 1, th = VOL_BY + mh - 1, plane = tw * th;
    const int rx = mw / 2, ry = mh / 2, rz = md / 2;
    const int x0 = blockIdx.x * VOL_BX, y0 = blockIdx.y * VOL_BY, z0 = blockIdx.z * bz;
    const int tx = threadIdx.x, ty = threadIdx.y;
    float acc[VOL_TILED_BZ];
#pragma unroll
    for (int m = 0; m < VOL_TILED_BZ; m++) acc[m] = 0.0f;
    for (int k0 = 0; k0 < md; k0 += kc) {
        const int kn = min(kc, md - k0);
        const int slices = bz + kn - 1;              // output z0+m, mask slice k0+kk reads brick slice m+kk
        for (int s = 0; s < slices; s++)
            vol_load_slice(brick + s * plane, in, x0 - rx, y0 - ry, z0 + k0 - rz + s, tw, th, w, h, d, policy, cval);
        __syncthreads();
        for (int kk = 0; kk < kn; kk++) {
            for (int j = 0; j < mh; j++) {
                const float* b = brick + (kk * th + ty + j) * tw + tx;
                const float* wr = mask + ((k0 + kk) * mh + j) * mw;
                for (int i = 0; i < mw; i++) {
                    const float wgt = __ldg(&wr[i]);
#pragma unroll
                    for (int m = 0; m < VOL_TILED_BZ; m++)
                        if (m < bz) acc[m] += wgt * b[m * plane + i];
                }
            }
        }
        __syncthreads();
    }
    const int x = x0 + tx, y = y0 + ty;
    if (x >= w || y >= h) return;
#pragma unroll
    for (int m = 0; m < VOL_TILED_BZ; m++)
        if (m < bz && z0 + m < d) out[((size_t)(z0 + m) * h + y) * w + x] = acc[m];
}

// ---- separable: one 1D pass along an axis (0 x, 1 y, 2 z), weights c_vol_line[axis * 63 ..] ----
// The launcher runs x, y then z; with the constant policy the ghost value of the y pass is
// V * sum(x weights) and of the z pass V * sum(x) * sum(y), as the 2D separable kernels do.
extern "C" __global__ void convolab_vol_line(const float* __restrict__ in, float* __restrict__ out,
                                             int w, int h, int d, int axis, int n, int policy, float cval)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    const int r = n / 2;
    const float* c = c_vol_line + axis * CONVOLAB_MAX_1D;
    for (int z = blockIdx.z; z < d; z += gridDim.z) {
        float acc = 0.0f;
        if (axis == 0) {
            const float* row = in + ((size_t)z * h + y) * w;
            for (int i = 0; i < n; i++) {
                const int sx = convolab_border_index(x + i - r, w, policy);
                acc += c[i] * (sx < 0 ? cval : __ldg(&row[sx]));
            }
        } else if (axis == 1) {
            const float* col = in + (size_t)z * h * w + x;
            for (int j = 0; j < n; j++) {
                const int sy = convolab_border_index(y + j - r, h, policy);
                acc += c[j] * (sy < 0 ? cval : __ldg(&col[(size_t)sy * w]));
            }
        } else {
            const float* line = in + (size_t)y * w + x;
            for (int k = 0; k < n; k++) {
                const int sz = convolab_border_index(z + k - r, d, policy);
                acc += c[k] * (sz < 0 ? cval : __ldg(&line[(size_t)sz * h * w]));
            }
        }
        out[((size_t)z * h + y) * w + x] = acc;
    }
}

// ---- fast, cubes of radius R (1..VOL_FAST_MAX_R): everything known at compile time ---------
// A block of VOL_BX x VOL_BY threads owns an x-y tile and VOL_FAST_ZCH output slices. It walks the
// input slices z0-R .. z1-1+R: each slab (tile + halo) goes into shared memory (two buffers, one
// barrier a slice; the next slab's loads are in flight while this one is used), and every value a
// thread reads from it feeds all M mask slices: acc[m] is the output at zi-R+m, and takes weight
// slice M-1-m. acc[0] is complete after slice zi; it is written and the window slides.
template <int R>
__device__ __forceinline__ void vol_fast_cube(const float* __restrict__ in, float* __restrict__ out,
                                              int w, int h, int d, int policy, float cval)
{
    constexpr int M = 2 * R + 1;
    constexpr int TW = VOL_BX + 2 * R, TH = VOL_BY + 2 * R, TN = TW * TH;
    constexpr int THREADS = VOL_BX * VOL_BY;
    constexpr int LOADS = (TN + THREADS - 1) / THREADS;
    __shared__ float tile[2][TN];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * VOL_BX + tx;
    const int x0 = blockIdx.x * VOL_BX, y0 = blockIdx.y * VOL_BY, z0 = blockIdx.z * VOL_FAST_ZCH;
    const int z1 = min(z0 + VOL_FAST_ZCH, d);
    const size_t slice = (size_t)w * h;
    VolSlabLoads<LOADS> slab;
    slab.init(tid, x0 - R, y0 - R, TW, TN, w, h, policy);
    float acc[M];
#pragma unroll
    for (int m = 0; m < M; m++) acc[m] = 0.0f;
    const int steps = (z1 - z0) + M - 1;
    const int x = x0 + tx, y = y0 + ty;
    const bool mine = x < w && y < h;
    slab.fetch(in, z0 - R, d, slice, policy, cval);
    for (int s = 0; s < steps; s++) {
        float* t = tile[s & 1];
        slab.store(t, tid);
        __syncthreads();
        if (s + 1 < steps) slab.fetch(in, z0 - R + s + 1, d, slice, policy, cval);
        const float* tt = t + ty * TW + tx;
#pragma unroll
        for (int j = 0; j < M; j++) {
#pragma unroll
            for (int i = 0; i < M; i++) {
                const float v = tt[j * TW + i];
#pragma unroll
                for (int m = 0; m < M; m++) acc[m] += c_vol_mask[((M - 1 - m) * M + j) * M + i] * v;
            }
        }
        const int zo = z0 - 2 * R + s;
        if (zo >= z0 && mine) out[((size_t)zo * h + y) * w + x] = acc[0];
#pragma unroll
        for (int m = 0; m < M - 1; m++) acc[m] = acc[m + 1];
        acc[M - 1] = 0.0f;
    }
}

#define CONVOLAB_VOL_FAST(R)                                                                          \
    extern "C" __global__ void __launch_bounds__(VOL_BX * VOL_BY) convolab_vol_fast_r##R(             \
        const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int policy, float cval) \
    {                                                                                                 \
        vol_fast_cube<R>(in, out, w, h, d, policy, cval);                                             \
    }
CONVOLAB_VOL_FAST(1)
CONVOLAB_VOL_FAST(2)
CONVOLAB_VOL_FAST(3)
CONVOLAB_VOL_FAST(4)

// ---- rank-1 cubes of radius R: one sweep down z (volume_sep.cuh), shape S below VOL_SEP3_M_FROM, M below
// VOL_SEP3_L_FROM, else L; dynamic shared memory VOL_SEP3_S_SMEM(R), VOL_SEP3_M_SMEM(R) or VOL_SEP3_L_SMEM(R) ----
#define CONVOLAB_VOL_SEP3(R, SH)                                                                                    \
    static_assert(VolSep3<R, VOL_SEP3_##SH##_BX, VOL_SEP3_##SH##_BY, VOL_SEP3_##SH##_PY, VOL_SEP3_##SH##_STAGES>::SMEM ==     \
                  VOL_SEP3_##SH##_SMEM(R), "VOL_SEP3_SMEM");                                                        \
    static_assert(#SH[0] == (R < VOL_SEP3_M_FROM ? 'S' : R < VOL_SEP3_L_FROM ? 'M' : 'L'), "shape of radius " #R);   \
    extern "C" __global__ void __launch_bounds__(VOL_SEP3_##SH##_BX * VOL_SEP3_##SH##_BY, VOL_SEP3_##SH##_MINB)     \
        convolab_vol_sep3_r##R(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch,   \
                               int policy, float cval)                                                              \
    {                                                                                                               \
        vol_sep3<R, VOL_SEP3_##SH##_BX, VOL_SEP3_##SH##_BY, VOL_SEP3_##SH##_PY, VOL_SEP3_##SH##_STAGES, 4, VOL_SEP3_##SH##_ZU>(       \
            in, out, w, h, d, zch, policy, cval);                                                                   \
    }
#ifdef __CUDACC__
CONVOLAB_VOL_SEP3(1, S)
CONVOLAB_VOL_SEP3(2, S)
CONVOLAB_VOL_SEP3(3, M)
CONVOLAB_VOL_SEP3(4, L)
CONVOLAB_VOL_SEP3(5, L)
CONVOLAB_VOL_SEP3(6, L)
CONVOLAB_VOL_SEP3(7, L)
#endif

// ---- the same with each slab brought by one tensor copy (TMA, sm_90 and up; volume_sep.cuh's TMA variant), radii
// 1..VOL_SEP3_TMA_MAX_R; map: the input volume's 3D tensor map with the shape's slab as its box (cuda/TensorMaps).
// Below sm_90 the kernels only trap: the launcher takes them on compute capability 9.0 and up. ----
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define CONVOLAB_VOL_SEP3T_BODY(R, SH)                                                                               \
    vol_sep3<R, VOL_SEP3_##SH##_BX, VOL_SEP3_##SH##_BY, VOL_SEP3_##SH##_PY, VOL_SEP3_##SH##_TMA_STAGES, 4, VOL_SEP3_##SH##_ZU, \
             true>(in, out, w, h, d, zch, policy, cval, &map);
#else
#define CONVOLAB_VOL_SEP3T_BODY(R, SH) __trap();
#endif
#define CONVOLAB_VOL_SEP3T(R, SH)                                                                                   \
    static_assert(VolSep3<R, VOL_SEP3_##SH##_BX, VOL_SEP3_##SH##_BY, VOL_SEP3_##SH##_PY, VOL_SEP3_##SH##_TMA_STAGES, 4, true>::SMEM \
                  == VOL_SEP3_##SH##_TMA_SMEM(R), "VOL_SEP3_TMA_SMEM");                                             \
    static_assert(#SH[0] == (R < VOL_SEP3_M_FROM ? 'S' : R < VOL_SEP3_L_FROM ? 'M' : 'L') && R <= VOL_SEP3_TMA_MAX_R,  \
                  "shape of radius " #R);                                                                          \
    extern "C" __global__ void __launch_bounds__(VOL_SEP3_##SH##_BX * VOL_SEP3_##SH##_BY, VOL_SEP3_##SH##_MINB)     \
        convolab_vol_sep3t_r##R(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch,  \
                                int policy, float cval, const __grid_constant__ ConvolabTensorMap map)              \
    {                                                                                                               \
        CONVOLAB_VOL_SEP3T_BODY(R, SH)                                                                              \
    }
#ifdef __CUDACC__
CONVOLAB_VOL_SEP3T(1, S)
CONVOLAB_VOL_SEP3T(2, S)
CONVOLAB_VOL_SEP3T(3, M)
CONVOLAB_VOL_SEP3T(4, L)
#endif

// ---- rank-1 cubes of radius VOL_SEP3Y_MIN_R..VOL_SEP3_MAX_R with the y pass first on wide tiles, each slab one
// tensor copy (volume_sep_y.cuh; sm_90 and up, below it the kernels only trap); map: the input volume's 3D tensor map
// with the slab (VOL_SEP3Y_TX + 2 LEAD) x (VOL_SEP3Y_TY + 2R) as its box; dynamic shared memory VOL_SEP3Y_SMEM(R). ----
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define CONVOLAB_VOL_SEP3Y_BODY(R)                                                                                  \
    vol_sep3y<R, VOL_SEP3Y_TX, VOL_SEP3Y_TY, VOL_SEP3Y_STAGES, VOL_SEP3Y_YP, VOL_SEP3Y_ZU>(in, out, w, h, d, zch, policy,   \
                                                                                        cval, &map);
#else
#define CONVOLAB_VOL_SEP3Y_BODY(R) __trap();
#endif
#define CONVOLAB_VOL_SEP3Y(R)                                                                                       \
    static_assert(VolSep3Y<R, VOL_SEP3Y_TX, VOL_SEP3Y_TY, VOL_SEP3Y_STAGES, VOL_SEP3Y_YP>::SMEM == VOL_SEP3Y_SMEM(R),     \
                  "VOL_SEP3Y_SMEM");                                                                                \
    static_assert(R >= VOL_SEP3Y_MIN_R && R <= VOL_SEP3_MAX_R, "y-first radius " #R);                               \
    extern "C" __global__ void __launch_bounds__(VOL_SEP3Y_TX * VOL_SEP3Y_TY / 4, VOL_SEP3Y_MINB)                  \
        convolab_vol_sep3y_r##R(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch,  \
                                int policy, float cval, const __grid_constant__ ConvolabTensorMap map)              \
    {                                                                                                               \
        CONVOLAB_VOL_SEP3Y_BODY(R)                                                                                  \
    }
#ifdef __CUDACC__
CONVOLAB_VOL_SEP3Y(5)
CONVOLAB_VOL_SEP3Y(6)
CONVOLAB_VOL_SEP3Y(7)
#endif

// ---- rank-1 cubes of radius VOL_SEP3W_MIN_R..VOL_SEP3_MAX_R on volumes of whole VOL_SEP3W_TX x VOL_SEP3W_TY tiles,
// at least two each way, zero or folding ghost cells: the wide sweep (volume_sep_w.cuh; sm_90 and up, below it the
// kernels only trap); map: the input volume's 3D tensor map with the slab (VOL_SEP3W_TX + 2 LEAD) x (VOL_SEP3W_TY + 2R)
// as its box; dynamic shared memory VOL_SEP3W_SMEM(R). ----
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define CONVOLAB_VOL_SEP3W_BODY(R)                                                                                  \
    vol_sep3w<R, VOL_SEP3W_TX, VOL_SEP3W_TY, VOL_SEP3W_STAGES, VOL_SEP3W_YP, VOL_SEP3W_ZU>(in, out, w, h, d, zch, policy,   \
                                                                                        cval, &map);
#else
#define CONVOLAB_VOL_SEP3W_BODY(R) __trap();
#endif
#define CONVOLAB_VOL_SEP3W(R)                                                                                       \
    static_assert(VolSep3W<R, VOL_SEP3W_TX, VOL_SEP3W_TY, VOL_SEP3W_STAGES, VOL_SEP3W_YP, VOL_SEP3W_YBUF>::SMEM ==        \
                  VOL_SEP3W_SMEM(R), "VOL_SEP3W_SMEM");                                                             \
    static_assert(vol_sep3w_ybuf(VOL_SEP3W_ZU) == VOL_SEP3W_YBUF, "VOL_SEP3W_YBUF");                                  \
    static_assert(VolSep3W<R, VOL_SEP3W_TX, VOL_SEP3W_TY, VOL_SEP3W_STAGES, VOL_SEP3W_YP>::PAD == VOL_SEP3W_PAD,         \
                  "VOL_SEP3W_PAD");                                                                                 \
    static_assert(R >= VOL_SEP3W_MIN_R && R <= VOL_SEP3_MAX_R, "wide radius " #R);                                  \
    extern "C" __global__ void __launch_bounds__(VOL_SEP3W_TX * VOL_SEP3W_TY / 4, VOL_SEP3W_MINB)                  \
        convolab_vol_sep3w_r##R(const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int zch,  \
                                int policy, float cval, const __grid_constant__ ConvolabTensorMap map)              \
    {                                                                                                               \
        CONVOLAB_VOL_SEP3W_BODY(R)                                                                                  \
    }
#ifdef __CUDACC__
CONVOLAB_VOL_SEP3W(6)
CONVOLAB_VOL_SEP3W(7)
#endif

// ---- fast, any size: as above with the sizes known at run time, kc mask slices a pass ------
// Pass k0 takes mask slices k0 .. k0+kc-1 (kc <= VOL_FAST_KC partial sums in registers) and writes
// (accumulate 0) or adds (1) its sums; the launcher runs ceil(md / VOL_FAST_KC) passes in order.
// acc[m] is the output at zi + rz - k0 - kc + 1 + m, taking weight slice k0 + kc - 1 - m.
// Dynamic shared memory: two slabs of (VOL_BX+mw-1) x (VOL_BY+mh-1) floats.
extern "C" __global__ void __launch_bounds__(VOL_BX * VOL_BY) convolab_vol_fast_any(
    const float* __restrict__ in, float* __restrict__ out, const float* __restrict__ mask, int w, int h, int d,
    int mw, int mh, int md, int k0, int kc, int accumulate, int policy, float cval)
{
    extern __shared__ float slabs[];
    const int tw = VOL_BX + mw - 1, th = VOL_BY + mh - 1, tn = tw * th;
    const int rx = mw / 2, ry = mh / 2, rz = md / 2;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * VOL_BX, y0 = blockIdx.y * VOL_BY, z0 = blockIdx.z * VOL_FAST_ZCH;
    const int z1 = min(z0 + VOL_FAST_ZCH, d);
    const int x = x0 + tx, y = y0 + ty;
    const bool mine = x < w && y < h;
    float acc[VOL_FAST_KC];
#pragma unroll
    for (int m = 0; m < VOL_FAST_KC; m++) acc[m] = 0.0f;
    const int steps = (z1 - z0) + kc - 1;
    for (int s = 0; s < steps; s++) {
        float* t = slabs + (s & 1) * tn;
        vol_load_slice(t, in, x0 - rx, y0 - ry, z0 + k0 - rz + s, tw, th, w, h, d, policy, cval);
        __syncthreads();
        for (int j = 0; j < mh; j++) {
            const float* tr = t + (ty + j) * tw + tx;
            for (int i = 0; i < mw; i++) {
                const float v = tr[i];
#pragma unroll
                for (int m = 0; m < VOL_FAST_KC; m++)
                    if (m < kc) acc[m] += __ldg(&mask[((k0 + kc - 1 - m) * mh + j) * mw + i]) * v;
            }
        }
        const int zo = z0 + s - kc + 1;
        if (zo >= z0 && mine) {
            float* o = &out[((size_t)zo * h + y) * w + x];
            *o = accumulate ? *o + acc[0] : acc[0];
        }
#pragma unroll
        for (int m = 0; m < VOL_FAST_KC - 1; m++) acc[m] = acc[m + 1];
#pragma unroll
        for (int m = 0; m < VOL_FAST_KC; m++)
            if (m == kc - 1) acc[m] = 0.0f;
    }
}

// ---- fast, rank-1 masks: x, y and z in one pass ----------------------------------------------
// Each input slice: the slab into shared memory, its x pass into rows (VOL_BX x (VOL_BY+mh-1)), the
// y pass into a register, kept in the thread's own column of a ring of md values in shared memory;
// the z pass reads the ring. One read of the input (plus halos, mostly from L2) and one write.
// The next slab's first VOL_SEP_LOADS elements a thread loads are in flight (registers) while this
// slab is filtered; a slab larger than VOL_SEP_LOADS * 256 loads the rest when it is stored.
// Dynamic shared memory: slab, rows and ring, (tw*th + VOL_BX*th + md*VOL_BX*VOL_BY) floats.
extern "C" __global__ void __launch_bounds__(VOL_BX * VOL_BY) convolab_vol_fast_sep(
    const float* __restrict__ in, float* __restrict__ out, int w, int h, int d, int mw, int mh, int md,
    int policy, float cval)
{
    extern __shared__ float sm[];
    constexpr int THREADS = VOL_BX * VOL_BY;
    const int tw = VOL_BX + mw - 1, th = VOL_BY + mh - 1, tn = tw * th;
    float* slab = sm;
    float* rows = slab + tn;
    float* ring = rows + VOL_BX * th;
    const int rx = mw / 2, ry = mh / 2, rz = md / 2;
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * VOL_BX + tx;
    const int x0 = blockIdx.x * VOL_BX, y0 = blockIdx.y * VOL_BY, z0 = blockIdx.z * VOL_FAST_ZCH;
    const int z1 = min(z0 + VOL_FAST_ZCH, d);
    const int x = x0 + tx, y = y0 + ty;
    const bool mine = x < w && y < h;
    const size_t slice = (size_t)w * h;
    const float* cx = c_vol_line;
    const float* cy = c_vol_line + CONVOLAB_MAX_1D;
    const float* cz = c_vol_line + 2 * CONVOLAB_MAX_1D;
    VolSlabLoads<VOL_SEP_LOADS> loads;
    loads.init(tid, x0 - rx, y0 - ry, tw, tn, w, h, policy);
    const int steps = (z1 - z0) + md - 1;            // input slices z0-rz .. z1-1+rz
    loads.fetch(in, z0 - rz, d, slice, policy, cval);
    for (int s = 0; s < steps; s++) {
        const int zi = z0 - rz + s;
        loads.store(slab, tid);
        for (int e = tid + VOL_SEP_LOADS * THREADS; e < tn; e += THREADS) {   // slabs past the registers
            const int sz = convolab_border_index(zi, d, policy);
            const int sx = convolab_border_index(x0 - rx + e % tw, w, policy);
            const int sy = convolab_border_index(y0 - ry + e / tw, h, policy);
            slab[e] = (sz < 0 || sy < 0 || sx < 0) ? cval : __ldg(&in[sz * slice + (size_t)sy * w + sx]);
        }
        __syncthreads();
        if (s + 1 < steps) loads.fetch(in, zi + 1, d, slice, policy, cval);
        for (int e = tid; e < VOL_BX * th; e += THREADS) {
            const int ly = e / VOL_BX, lx = e - ly * VOL_BX;
            const float* sr = slab + ly * tw + lx;
            float a = 0.0f;
            for (int i = 0; i < mw; i++) a += cx[i] * sr[i];
            rows[e] = a;
        }
        __syncthreads();
        float v = 0.0f;
        for (int j = 0; j < mh; j++) v += cy[j] * rows[(ty + j) * VOL_BX + tx];
        ring[(s % md) * THREADS + tid] = v;          // this thread's column: no barrier needed
        if (s >= md - 1 && mine) {                   // output z0 + s - (md-1) has all its slices
            float acc = 0.0f;
            int slot = (s - md + 1) % md;
            for (int k = 0; k < md; k++) {
                acc += cz[k] * ring[slot * THREADS + tid];
                slot = slot + 1 == md ? 0 : slot + 1;
            }
            out[((size_t)(z0 + s - md + 1) * h + y) * w + x] = acc;
        }
    }
}

// ---- fft: pad into P x Q x S (z, y, x; lengths with factors 2, 3, 5, 7), crop back ----------
// Output (x, y, z) is element (x, y, z) of the inverse transform: it reads padded voxels
// x .. x+2rx, y .. y+2ry, z .. z+2rz, all inside the padded volume, so nothing wraps.
extern "C" __global__ void convolab_vol_fft_pad(const float* __restrict__ in, float* __restrict__ padded,
                                                int w, int h, int d, int rx, int ry, int rz, int s, int q, int p,
                                                int policy, float cval)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= s || y >= q) return;
    const bool xy = x < w + 2 * rx && y < h + 2 * ry;
    for (int z = blockIdx.z; z < p; z += gridDim.z) {
        const float v = xy && z < d + 2 * rz ? vol_at(in, x - rx, y - ry, z - rz, w, h, d, policy, cval) : 0.0f;
        padded[((size_t)z * q + y) * s + x] = v;
    }
}

extern "C" __global__ void convolab_vol_fft_crop(const float* __restrict__ padded, float* __restrict__ out,
                                                 int w, int h, int d, int s, int q)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    for (int z = blockIdx.z; z < d; z += gridDim.z)
        out[((size_t)z * h + y) * w + x] = padded[((size_t)z * q + y) * s + x];
}

// The mask's weights at the origin of a zeroed P x Q x S volume (one thread a weight).
extern "C" __global__ void convolab_vol_fft_place(const float* __restrict__ mask, float* __restrict__ padded,
                                                  int mw, int mh, int md, int s, int q)
{
    const int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= mw * mh * md) return;
    const int i = e % mw, j = (e / mw) % mh, k = e / (mw * mh);
    padded[((size_t)k * q + j) * s + i] = mask[e];
}
