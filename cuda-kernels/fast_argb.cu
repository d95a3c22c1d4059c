#include "fast.cuh"

// =====================================================================================
// fast on packed 8-bit ARGB, radius 0 to 7: the app's own path in one kernel. The planes path
// unpacks once, filters three float planes (24 bytes a pixel) and packs (20 bytes a pixel); these
// kernels read the packed words (4 bytes a pixel) and write packed words (4 bytes), with the
// register window and FMA order of fast2dv_body for each of R, G and B, so their results are the
// planes path's bit for bit (radius 4 to 7: the streamed and shared-tile kernels' order, the
// same). Alpha is passed through from the input pixel. Radius 0 and 1 read the words straight into
// registers (argb2d_body: memory bound there); radius 2 to 7 stage the tile in shared memory as floats
// first (argbs_body: there the instructions that turn bytes into floats, repeated for every
// thread that reads a word, were the cost).
// =====================================================================================
#include "pack.cuh"

// The channel's value of a packed pixel as a float (channel byte k: B = 0, G = 1, R = 2): one byte
// permute puts the byte under the exponent of 2^23 and one subtraction removes it, exact for 0..255.
// (I2F runs at a quarter of the FMA rate; this takes one integer and one FADD instruction.)
template <int K>
__device__ __forceinline__ float argb_channel(unsigned int p)
{
    return __int_as_float((int)__byte_perm(p, 0x4B000000u, 0x7540u | K)) - 8388608.0f;
}

// Inputs x .. x + 11 of row y as packed words; valid[e] is false where the policy gives the
// constant instead of a pixel.
__device__ __forceinline__ void argb_border_row(unsigned int (&p)[12], bool (&valid)[12], const unsigned int* __restrict__ in,
                                                int x, int y, int w, int h, int policy)
{
    const int sy = convolab_border_index(y, h, policy);
#pragma unroll
    for (int e = 0; e < 12; ++e) {
        const int sx = convolab_border_index(x + e, w, policy);
        valid[e] = sx >= 0 && sy >= 0;
        p[e] = valid[e] ? __ldg(&in[(size_t)sy * w + sx]) : 0u;
    }
}

// Row k of the window (12 packed words) into the three channels' accumulators, in the FMA order of
// fast_row_fmas (R, then G, then B).
template <int R, int PY>
__device__ __forceinline__ void argb_row_fmas(float (&acc)[3][PY][4], const unsigned int (&p)[12], int k)
{
    float v[12];
#pragma unroll
    for (int e = 0; e < 12; ++e) v[e] = argb_channel<2>(p[e]);
    fast_row_fmas<R, PY>(acc[0], v, k);
#pragma unroll
    for (int e = 0; e < 12; ++e) v[e] = argb_channel<1>(p[e]);
    fast_row_fmas<R, PY>(acc[1], v, k);
#pragma unroll
    for (int e = 0; e < 12; ++e) v[e] = argb_channel<0>(p[e]);
    fast_row_fmas<R, PY>(acc[2], v, k);
}

// R, G and B bytes gathered into one word with byte permutes, R first: after R the word is R;
// pushing G (c = 1) gives (R << 8) | G, pushing B (c = 2) gives (R << 16) | (G << 8) | B. The
// bytes above a channel's value are zero, and the permute takes them as the zero bytes.
__device__ __forceinline__ unsigned int argb_push_channel(unsigned int word, unsigned int byte, int c)
{
    return c == 1 ? __byte_perm(byte, word, 0x1140u) : __byte_perm(byte, word, 0x1540u);
}

// Writes a thread's 4 columns (from x0) x PY rows (from y0, those inside the image) of packed
// outputs: rgb[q][e] holds R, G and B, alpha comes from the input pixel; one uint4 a row where the
// row is 16-byte aligned and the 4 columns are inside the image.
template <int PY>
__device__ __forceinline__ void argb_store_rows(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,
                                                const unsigned int (&rgb)[PY][4], int x0, int y0, int w, int h)
{
    const bool vector = w % 4 == 0 && x0 + 4 <= w;
#pragma unroll
    for (int q = 0; q < PY; ++q) {
        const int y = y0 + q;
        if (y >= h) break;
        unsigned int a[4];
        if (vector) {
            const uint4 s = __ldg(reinterpret_cast<const uint4*>(in + (size_t)y * w + x0));
            a[0] = s.x; a[1] = s.y; a[2] = s.z; a[3] = s.w;
        } else {
#pragma unroll
            for (int e = 0; e < 4; ++e) a[e] = __ldg(&in[(size_t)y * w + min(x0 + e, w - 1)]);
        }
        unsigned int o[4];
#pragma unroll
        for (int e = 0; e < 4; ++e) o[e] = (a[e] & 0xff000000u) | rgb[q][e];
        if (vector) {
            *reinterpret_cast<uint4*>(out + (size_t)y * w + x0) = make_uint4(o[0], o[1], o[2], o[3]);
        } else {
            for (int e = 0; e < 4; ++e)
                if (x0 + e < w) out[(size_t)y * w + x0 + e] = o[e];
        }
    }
}

template <int R, int PY>
__device__ __forceinline__ void argb2d_body(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, int w,
                                            int h, int policy, float cval, float divisor, float offset, int abs_first)
{
    const int x0 = (blockIdx.x * ARGB2D_BX + threadIdx.x) * 4;
    const int y0 = (blockIdx.y * ARGB2D_BY + threadIdx.y) * PY;
    if (x0 >= w || y0 >= h) return;
    const bool interior = (w % 4 == 0) && x0 >= 4 && x0 + 8 <= w && y0 >= R && y0 + PY + R <= h;
    float acc[3][PY][4] = {};
    if (interior) {
        // Packed rows are small (three uint4): the next row is loaded before this row's FMAs.
        const uint4* rp = reinterpret_cast<const uint4*>(in + (size_t)(y0 - R) * w + x0 - 4);
        const int stride = w / 4;
        uint4 na = __ldg(rp), nb = __ldg(rp + 1), nd = __ldg(rp + 2);
#pragma unroll
        for (int k = 0; k < PY + 2 * R; ++k) {
            const unsigned int p[12] = {na.x, na.y, na.z, na.w, nb.x, nb.y, nb.z, nb.w, nd.x, nd.y, nd.z, nd.w};
            if (k + 1 < PY + 2 * R) {
                rp += stride;
                na = __ldg(rp); nb = __ldg(rp + 1); nd = __ldg(rp + 2);
            }
            argb_row_fmas<R, PY>(acc, p, k);
        }
    } else {
#pragma unroll
        for (int k = 0; k < PY + 2 * R; ++k) {
            unsigned int p[12];
            bool valid[12];
            argb_border_row(p, valid, in, x0 - 4, y0 - R + k, w, h, policy);
            float v[12];
#pragma unroll
            for (int c = 0; c < 3; ++c) {
#pragma unroll
                for (int e = 0; e < 12; ++e)
                    v[e] = !valid[e] ? cval : (c == 0 ? argb_channel<2>(p[e]) : c == 1 ? argb_channel<1>(p[e]) : argb_channel<0>(p[e]));
                fast_row_fmas<R, PY>(acc[c], v, k);
            }
        }
    }
    const ConvolabByteMap bm = convolab_byte_map(divisor, offset, abs_first);
    unsigned int o[PY][4];
#pragma unroll
    for (int q = 0; q < PY; ++q)
#pragma unroll
        for (int e = 0; e < 4; ++e) {
            o[q][e] = convolab_map_byte(acc[0][q][e], bm);
            o[q][e] = argb_push_channel(o[q][e], convolab_map_byte(acc[1][q][e], bm), 1);
            o[q][e] = argb_push_channel(o[q][e], convolab_map_byte(acc[2][q][e], bm), 2);
        }
    argb_store_rows<PY>(in, out, o, x0, y0, w, h);
}

// Through shared memory: a block of 32 x 8 threads owns 128 columns x 8*PY rows. It reads its
// packed tile (4 columns left and right, R rows above and below) once, with 16-byte loads, turns
// each pixel into three floats once (ghost cells resolved here: the constant where the policy gives
// it) and keeps three float planes of the tile in shared memory; then each thread runs the float4
// kernel's register window (4 columns x PY rows, same FMA order: the same bits) over each plane in
// turn, one channel's accumulators live at a time, and packs. The register kernel above turns the
// 12 words of every row it reads into floats again for each thread that reads them.
// The tile's float4 columns either side (ARGBS_LEAD4) and the block's dynamic shared memory
// (ARGBS_SMEM, which the launcher passes) are in geometry.cuh.

// R, G and B of pixels x .. x + 3 of row y as floats, through the border function (the constant
// where the policy gives it).
__device__ __forceinline__ void argb_border_quad(float (&v)[3][4], const unsigned int* __restrict__ in, int x, int y, int w,
                                                 int h, int policy, float cval)
{
    const int sy = convolab_border_index(y, h, policy);
#pragma unroll
    for (int e = 0; e < 4; ++e) {
        const int sx = convolab_border_index(x + e, w, policy);
        if (sx < 0 || sy < 0) {
            v[0][e] = v[1][e] = v[2][e] = cval;
        } else {
            const unsigned int p = __ldg(&in[(size_t)sy * w + sx]);
            v[0][e] = argb_channel<2>(p); v[1][e] = argb_channel<1>(p); v[2][e] = argb_channel<0>(p);
        }
    }
}

template <int R, int PY, bool IDENTITY>
__device__ __forceinline__ void argbs_body(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, int w,
                                           int h, int policy, float cval, float divisor, float offset, int abs_first)
{
    constexpr int LEAD4 = ARGBS_LEAD4(R), LEAD = 4 * LEAD4;
    constexpr int TW4 = ARGBS_BX + 2 * LEAD4;     // float4 columns of a tile row
    constexpr int NV = 1 + 2 * LEAD4;             // float4s of a thread's window row
    constexpr int TH = ARGBS_BY * PY + 2 * R;
    constexpr int PLANE = TW4 * TH;
    // The shipped kernels' tile is ARGBS_SMEM(R) of geometry.cuh, which the launcher passes (the lab tries other PY).
    static_assert(PY != ARGBS_PY || 3 * PLANE * 16 == ARGBS_SMEM(R), "ARGBS_SMEM in geometry.cuh is this tile's size");
    extern __shared__ float4 argbs_tile[];
    const int x0 = blockIdx.x * 4 * ARGBS_BX, y0 = blockIdx.y * ARGBS_BY * PY;
    const int gx = x0 - LEAD, gy = y0 - R;
    const bool interior = (w % 4 == 0) && gx >= 0 && gx + 4 * TW4 <= w && gy >= 0 && gy + TH <= h;
    for (int k = threadIdx.y * ARGBS_BX + threadIdx.x; k < PLANE; k += ARGBS_BX * ARGBS_BY) {
        const int ty = k / TW4, tx = k - ty * TW4;
        float v[3][4];
        if (interior) {
            const uint4 q = __ldg(reinterpret_cast<const uint4*>(in + (size_t)(gy + ty) * w + gx) + tx);
            const unsigned int p[4] = {q.x, q.y, q.z, q.w};
#pragma unroll
            for (int e = 0; e < 4; ++e) {
                v[0][e] = argb_channel<2>(p[e]); v[1][e] = argb_channel<1>(p[e]); v[2][e] = argb_channel<0>(p[e]);
            }
        } else {
            argb_border_quad(v, in, gx + 4 * tx, gy + ty, w, h, policy, cval);
        }
#pragma unroll
        for (int c = 0; c < 3; ++c) argbs_tile[c * PLANE + k] = make_float4(v[c][0], v[c][1], v[c][2], v[c][3]);
    }
    __syncthreads();
    const int xo = x0 + 4 * threadIdx.x, yo = y0 + threadIdx.y * PY;
    if (xo >= w || yo >= h) return;
    const ConvolabByteMap bm = convolab_byte_map(divisor, offset, abs_first);
    unsigned int o[PY][4];
    // From radius 4 one channel at a time (a loop the compiler keeps): unrolled, the identity
    // kernel's compiler ran the three channels' windows side by side and spilled (96 to 712 bytes).
    constexpr int CHANNEL_UNROLL = R >= 4 ? 1 : 3;
#pragma unroll CHANNEL_UNROLL
    for (int c = 0; c < 3; ++c) {
        float acc[PY][4] = {};
        const float4* base = argbs_tile + c * PLANE + threadIdx.y * PY * TW4 + threadIdx.x;
#pragma unroll
        for (int k = 0; k < PY + 2 * R; ++k) {
            float v[4 * NV];
#pragma unroll
            for (int f = 0; f < NV; ++f) {
                const float4 a = base[k * TW4 + f];
                v[4 * f] = a.x; v[4 * f + 1] = a.y; v[4 * f + 2] = a.z; v[4 * f + 3] = a.w;
            }
            fast_row_fmas<R, PY, LEAD>(acc, v, k);
        }
#pragma unroll
        for (int q = 0; q < PY; ++q)
#pragma unroll
            for (int e = 0; e < 4; ++e) {
                const unsigned int byte = convolab_map_byte<IDENTITY>(acc[q][e], bm);
                o[q][e] = c == 0 ? byte : argb_push_channel(o[q][e], byte, c);
            }
    }
    argb_store_rows<PY>(in, out, o, xo, yo, w, h);
}

// Radius 0 and 1: the register kernel. At least 4 blocks an SM (at most 64 registers): measured on
// an H100, 4096x4096, kernel ms for radius 1 / 2 / 3 (before the shared-memory kernel took 2 and 3):
// unbounded (96-128 registers) 0.117 / 0.183 / 0.324; 3 blocks (80) 0.097 / 0.158 / 0.271; 4 blocks
// 0.090 / 0.152 / 0.269. With the cheaper output mapping (pack.cuh) radius 1 takes 0.064 ms.
#define CONVOLAB_ARGB2D_KERNEL(R)                                                              \
    extern "C" __global__ void __launch_bounds__(ARGB2D_BX * ARGB2D_BY, CONVOLAB_ARCH_MINB(ARGB2D_MINB))            \
    convolab_argb2d_r##R(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, \
                         int w, int h, int policy, float cval, float divisor, float offset,   \
                         int abs_first)                                                        \
    { argb2d_body<R, FASTV_PY>(in, out, w, h, policy, cval, divisor, offset, abs_first); }
CONVOLAB_ARGB2D_KERNEL(0)
CONVOLAB_ARGB2D_KERNEL(1)

// Radius 2 to 7: the shared-memory kernel, ARGBS_PY outputs per thread down a column, in two
// entry points: convolab_argbs_rN for the identity mapping (divisor 1, offset 0, no abs: every
// normalised mask), compiled for it alone and bounded to 40 registers so that 6 blocks share an
// SM, and convolab_argbs_rN_map for any mapping (5 blocks). The launcher picks. Measured with
// bench/fastlab/argblab.cu on an H100 (4096x4096 mirror, kernel ms, radius 2 / 3): identity kernel
// 0.093 / 0.129, one kernel for every mapping 0.099 / 0.133, the register kernel 0.116 / 0.228.
#define CONVOLAB_ARGBS_KERNEL(R, MINB_IDENTITY, MINB_MAP)                                     \
    extern "C" __global__ void __launch_bounds__(ARGBS_BX * ARGBS_BY, CONVOLAB_ARCH_MINB(MINB_IDENTITY))          \
    convolab_argbs_r##R(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,  \
                        int w, int h, int policy, float cval, float divisor, float offset,    \
                        int abs_first)                                                         \
    { argbs_body<R, ARGBS_PY, true>(in, out, w, h, policy, cval, divisor, offset, abs_first); } \
    extern "C" __global__ void __launch_bounds__(ARGBS_BX * ARGBS_BY, CONVOLAB_ARCH_MINB(MINB_MAP))               \
    convolab_argbs_r##R##_map(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, \
                              int w, int h, int policy, float cval, float divisor, float offset, \
                              int abs_first)                                                   \
    { argbs_body<R, ARGBS_PY, false>(in, out, w, h, policy, cval, divisor, offset, abs_first); }
CONVOLAB_ARGBS_KERNEL(2, ARGBS_MINB, ARGBS_MAP_MINB)
CONVOLAB_ARGBS_KERNEL(3, ARGBS_MINB, ARGBS_MAP_MINB)
CONVOLAB_ARGBS_KERNEL(4, ARGBS_MINB, ARGBS_MAP_MINB)
// Radius 5 to 7: two float4s of tile left and right (window rows of 20 values), 44 to 52 KB of
// shared memory a block (4 blocks an SM; above 48 KB the launch opts in). Measured on an H100
// (4096x4096, the app's path): radius 7 0.444 ms, where the planes and pack kernels took 0.811.
CONVOLAB_ARGBS_KERNEL(5, ARGBS_WIDE_MINB, ARGBS_WIDE_MINB)
CONVOLAB_ARGBS_KERNEL(6, ARGBS_WIDE_MINB, ARGBS_WIDE_MINB)
CONVOLAB_ARGBS_KERNEL(7, ARGBS_WIDE_MINB, ARGBS_WIDE_MINB)
