// =====================================================================================
// tensor: the 2D correlation on the tensor cores (issue 28), for packed 8-bit ARGB and for float
// planes, any odd mask up to 63 x 63 (run-time width and height).
//
// The taps as matrix products. Output rows y .. y+15 and columns n0 .. n0+15 of mask row j are
//     C[y][n] += sum_k A_j[y][k] * T_j[k][n],   A_j[y][k] = in[y + j - ry][n0 - rx + k],
//     T_j[k][n] = w[j][k - n] where 0 <= k - n < mw (a Toeplitz band of mask row j), else 0.
// A_j is the input tile shifted down by j rows: read straight from shared memory with ldmatrix.
// T_j, cut into 16 x 16 blocks, depends only on delta = (k block) - (n block): D = ceil((15 + mw) / 16)
// distinct blocks a mask row (D = 1 .. 5). They are built once a filter (convolab_tensor_weights)
// in the registers' own order (mma.sync's B fragment), so a warp reads them as coalesced 8-byte words.
// A warp computes 16 output rows x 64 columns (4 n-blocks); each A fragment it loads serves up to
// 4 n-blocks, each B fragment 4.
//
// Precision: the MMAs multiply FP16 by FP16 into FP32 accumulators. 8-bit samples are exact in FP16.
// Each weight, scaled by a power of two S (max |w| S in [2^13, 2^14): no subnormal halves for the
// large weights), is split into hi = half(wS) and lo = half(wS - hi): hi + lo holds about 22 bits of
// wS, and two MMAs (A x hi, A x lo) into one accumulator give the sum with FP32 accumulation; the
// result is multiplied by 1/S (exact). Where hi alone keeps every 8-bit output within half a level
// (|w - hi / S| <= 2^-11 |w|, so a sum moves by at most 255 sum|w| 2^-11 before the divisor: sum|w| / |divisor|
// <= 4 does it, every normalised mask of non-negative weights), the _hi kernels skip the lo MMA. SPLIT also splits the inputs (float planes, 16-bit samples, a
// constant border value that is not a half): x s = xh + xl, three MMAs (xh hi, xh lo, xl hi), where s =
// 2^-8 keeps samples up to 2^23 finite in FP16 (16-bit samples are then exact: 11 + 5 bits).
//
// Tensor-core instructions: mma.sync m16n8k16 (sm_80 and newer) or two m16n8k8 (sm_75 .. sm_79),
// ldmatrix (sm_75+). wgmma (sm_90a) is not used: the fatbin is built for sm_90, not sm_90a.
// =====================================================================================
#include <cuda_fp16.h>
#include "border.cuh"
#include "pack.cuh"

#define TENSOR_WY 4                                  // warps down a block: 16 output rows each
#define TENSOR_WX 2                                  // warps across: 64 output columns each
#define TENSOR_THREADS (32 * TENSOR_WY * TENSOR_WX)
#define TENSOR_OH (16 * TENSOR_WY)                   // output tile rows of a block
#define TENSOR_OW (64 * TENSOR_WX)                   // output tile columns of a block
#define TENSOR_ROWS 16                               // mask rows a pass (the tile holds OH + ROWS - 1 rows)
#define TENSOR_MAX_D 5                               // 16-column blocks of the band: ceil((15 + 63) / 16)
// Tile columns (halves) for D: the last warp's last k block ends at OW - 64 + 16 (3 + D) - 1.
#define TENSOR_TILE_W(D) (TENSOR_OW - 16 + 16 * (D))
// Row pitch: 8 halves of padding make the 8 row addresses of an ldmatrix fall in different banks.
#define TENSOR_PITCH(D) (TENSOR_TILE_W(D) + 8)
// Dynamic shared memory of a block, bytes: one (or with SPLIT two) half tiles.
#define TENSOR_SMEM(D, ROWS, SPLIT) ((SPLIT) ? 2 : 1) * (TENSOR_OH + (ROWS) - 1) * TENSOR_PITCH(D) * 2
// The input scale of split inputs (see above).
#define TENSOR_SPLIT_SCALE 0.00390625f

// ---- the B fragments ---------------------------------------------------------------------
// frags[((j * D + delta) * 2 + nh) * 2 + part][lane] (uint2): mma's B fragment (16 x 8, k x n) of
// band block delta of mask row j, columns 8 nh .. 8 nh + 7, part 0 the high halves, 1 the low ones.
// Lane (g = lane / 4, t = lane % 4) holds B[2t][g], B[2t+1][g] in .x and B[2t+8][g], B[2t+9][g] in .y.
extern "C" __global__ void convolab_tensor_weights(const float* __restrict__ mask, int mw, int mh, int d_blocks,
                                                   float scale, uint2* __restrict__ frags)
{
    const int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= mh * d_blocks * 4 * 32) return;
    const int lane = id & 31;
    const int part = (id >> 5) & 1;
    const int nh = (id >> 6) & 1;
    const int delta = (id >> 7) % d_blocks;
    const int j = (id >> 7) / d_blocks;
    const int n = 8 * nh + (lane >> 2);
    const int t = lane & 3;
    const int ks[4] = {2 * t, 2 * t + 1, 2 * t + 8, 2 * t + 9};
    __half v[4];
#pragma unroll
    for (int e = 0; e < 4; ++e) {
        const int i = 16 * delta + ks[e] - n;
        const float ws = (i >= 0 && i < mw) ? mask[j * mw + i] * scale : 0.0f;
        const __half hi = __float2half_rn(ws);
        v[e] = part == 0 ? hi : __float2half_rn(ws - __half2float(hi));
    }
    uint2 r;
    r.x = (unsigned int)__half_as_ushort(v[0]) | ((unsigned int)__half_as_ushort(v[1]) << 16);
    r.y = (unsigned int)__half_as_ushort(v[2]) | ((unsigned int)__half_as_ushort(v[3]) << 16);
    frags[id] = r;
}

// ---- the instructions ----------------------------------------------------------------------
// C (16 x 8, f32) += A (16 x 16, f16, row major) x B (16 x 8, f16). Registers as in the PTX ISA:
// a[0] rows g, columns 2t..2t+1; a[1] rows g+8; a[2] rows g, columns 2t+8..; a[3] rows g+8, columns 2t+8..;
// c[0], c[1] row g, columns 2t, 2t+1; c[2], c[3] row g+8.
__device__ __forceinline__ void tensor_mma(float (&c)[4], const unsigned int (&a)[4], unsigned int b0, unsigned int b1)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
#else
    // Turing: k = 0..7 from a[0], a[1] and b0, then k = 8..15 from a[2], a[3] and b1.
    asm("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(b0));
    asm("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[2]), "r"(a[3]), "r"(b1));
#endif
}

// The A fragment of a 16 x 16 block of the tile; p is this lane's row address (row lane % 16 of the
// block, columns 8 (lane / 16) ..), 16-byte aligned.
__device__ __forceinline__ void tensor_ldsm_x4(unsigned int (&a)[4], const __half* p)
{
    const unsigned int addr = (unsigned int)__cvta_generic_to_shared(p);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3])
                 : "r"(addr)
                 : "memory");
}

// ---- the sources: one channel of packed ARGB, or a float plane ------------------------------
// value(x, y) inside the image, and the value of a ghost cell at (x, y) through the policy.
template <int K>
struct TensorArgbSource {
    const unsigned int* __restrict__ in;
    __device__ __forceinline__ float at(int x, int y, int w) const
    {
        return (float)((__ldg(&in[(size_t)y * w + x]) >> (8 * K)) & 0xffu);
    }
};

struct TensorPlaneSource {
    const float* __restrict__ in;
    __device__ __forceinline__ float at(int x, int y, int w) const
    {
        return __ldg(&in[(size_t)y * w + x]);
    }
};

// Loads tile rows 0 .. th-1 (image rows gy0 ..) and columns 0 .. TILE_W-1 (image columns gx0 ..) into
// hi (and lo with SPLIT) as halves of value * scale, ghost cells through the policy. Two columns a step.
template <int D, bool SPLIT, class Src>
__device__ __forceinline__ void tensor_load_tile(__half* hi, __half* lo, const Src& src, int gx0, int gy0, int th, int w,
                                                 int h, int policy, float cval, float scale)
{
    constexpr int TW = TENSOR_TILE_W(D), PITCH = TENSOR_PITCH(D), PAIRS = TW / 2;
    const bool interior = gx0 >= 0 && gy0 >= 0 && gx0 + TW <= w && gy0 + th <= h;
    for (int k = threadIdx.x; k < th * PAIRS; k += TENSOR_THREADS) {
        const int ty = k / PAIRS, tx = 2 * (k - ty * PAIRS);
        float v[2];
        if (interior) {
            v[0] = src.at(gx0 + tx, gy0 + ty, w);
            v[1] = src.at(gx0 + tx + 1, gy0 + ty, w);
        } else {
            const int sy = convolab_border_index(gy0 + ty, h, policy);
#pragma unroll
            for (int e = 0; e < 2; ++e) {
                const int sx = convolab_border_index(gx0 + tx + e, w, policy);
                v[e] = (sx < 0 || sy < 0) ? cval : src.at(sx, sy, w);
            }
        }
        const float a = v[0] * scale, b = v[1] * scale;
        const __half2 vh = __floats2half2_rn(a, b);
        *reinterpret_cast<__half2*>(hi + ty * PITCH + tx) = vh;
        if (SPLIT) {
            const float2 back = __half22float2(vh);
            *reinterpret_cast<__half2*>(lo + ty * PITCH + tx) = __floats2half2_rn(a - back.x, b - back.y);
        }
    }
}

// Zeroes a warp's accumulators.
__device__ __forceinline__ void tensor_zero(float (&acc)[4][2][4])
{
#pragma unroll
    for (int t = 0; t < 4; ++t)
#pragma unroll
        for (int nh = 0; nh < 2; ++nh)
#pragma unroll
            for (int e = 0; e < 4; ++e) acc[t][nh][e] = 0.0f;
}

// Adds mask rows j0 .. j0 + rows - 1 to this warp's accumulators acc[n block][n half][4] (16 rows x 64
// columns): the tile (and lo with SPLIT) holds image rows from the first one mask row j0 reads.
template <int D, bool SPLIT, bool LO>
__device__ __forceinline__ void tensor_pass(float (&acc)[4][2][4], const __half* tile, const __half* lo,
                                            const uint2* __restrict__ frags, int j0, int rows)
{
    constexpr int PITCH = TENSOR_PITCH(D);
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int wy = warp / TENSOR_WX, wx = warp % TENSOR_WX;
    // This lane's ldmatrix row in the warp's A blocks: row lane % 16, columns 8 (lane / 16) ...
    const int lrow = 16 * wy + (lane & 15), lcol = 64 * wx + 8 * (lane >> 4);
    for (int jj = 0; jj < rows; ++jj) {
        const uint2* f = frags + (size_t)(j0 + jj) * D * 4 * 32 + lane;
        uint2 bh[D][2], bl[D][2];
#pragma unroll
        for (int d = 0; d < D; ++d)
#pragma unroll
            for (int nh = 0; nh < 2; ++nh) {
                bh[d][nh] = __ldg(f + ((d * 2 + nh) * 2) * 32);
                if (LO) bl[d][nh] = __ldg(f + ((d * 2 + nh) * 2 + 1) * 32);
            }
        const __half* arow = tile + (lrow + jj) * PITCH + lcol;
#pragma unroll
        for (int kb = 0; kb < D + 3; ++kb) {
            unsigned int a[4], al[4];
            tensor_ldsm_x4(a, arow + 16 * kb);
            if (SPLIT) tensor_ldsm_x4(al, arow + (lo - tile) + 16 * kb);
#pragma unroll
            for (int t = 0; t < 4; ++t) {
                const int d = kb - t;
                if (d >= 0 && d < D) {
#pragma unroll
                    for (int nh = 0; nh < 2; ++nh) {
                        if (LO) tensor_mma(acc[t][nh], a, bl[d][nh].x, bl[d][nh].y);
                        if (SPLIT) tensor_mma(acc[t][nh], al, bh[d][nh].x, bh[d][nh].y);
                        tensor_mma(acc[t][nh], a, bh[d][nh].x, bh[d][nh].y);
                    }
                }
            }
        }
    }
}

// The sums of one source over the block's tile into acc (zeroed first), times the scale the caller
// removes: mask rows in passes of TENSOR_ROWS, each loading its rows of the tile.
template <int D, bool SPLIT, bool LO, class Src>
__device__ __forceinline__ void tensor_sums(float (&acc)[4][2][4], __half* tile, const Src& src, const uint2* __restrict__ frags,
                                            int w, int h, int mw, int mh, int policy, float cval, float scale)
{
    const int x0 = blockIdx.x * TENSOR_OW, y0 = blockIdx.y * TENSOR_OH;
    const int rx = mw / 2, ry = mh / 2;
    __half* lo = tile + (TENSOR_OH + min(mh, TENSOR_ROWS) - 1) * TENSOR_PITCH(D);
    tensor_zero(acc);
    for (int j0 = 0; j0 < mh; j0 += TENSOR_ROWS) {
        const int rows = min(TENSOR_ROWS, mh - j0);
        __syncthreads(); // the previous pass (or source) is done with the tile
        tensor_load_tile<D, SPLIT>(tile, lo, src, x0 - rx, y0 - ry + j0, TENSOR_OH + rows - 1, w, h, policy, cval, scale);
        __syncthreads();
        tensor_pass<D, SPLIT, LO>(acc, tile, lo, frags, j0, rows);
    }
}

// The outputs of this thread's accumulators, two columns at a time: for n block t, column half nh and
// row half (rows g, g + 8) inside the image, f(t, nh, half, at, n, pair): at the index of the first
// column, n of the two columns inside the image, pair where both are and 8 bytes aligned (w even).
template <class F>
__device__ __forceinline__ void tensor_for_outputs(int w, int h, F&& f)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int wy = warp / TENSOR_WX, wx = warp % TENSOR_WX;
    const int g = lane >> 2, tq = lane & 3;
#pragma unroll
    for (int half = 0; half < 2; ++half) {
        const int y = blockIdx.y * TENSOR_OH + 16 * wy + g + 8 * half;
        if (y >= h) continue;
#pragma unroll
        for (int t = 0; t < 4; ++t)
#pragma unroll
            for (int nh = 0; nh < 2; ++nh) {
                const int x = blockIdx.x * TENSOR_OW + 64 * wx + 16 * t + 8 * nh + 2 * tq;
                const int n = min(2, w - x);
                if (n > 0) f(t, nh, half, (size_t)y * w + x, n, n == 2 && (w & 1) == 0);
            }
    }
}

// ---- packed 8-bit ARGB ------------------------------------------------------------------------
// Channel c's sums (c = 0 R, 1 G, 2 B) mapped to bytes as the fused fast kernels map them (pack.cuh),
// gathered R first into one word per output in o.
__device__ __forceinline__ void tensor_push_bytes(unsigned int (&o)[4][2][4], const float (&acc)[4][2][4], int c, float back,
                                                  const ConvolabByteMap& bm)
{
#pragma unroll
    for (int t = 0; t < 4; ++t)
#pragma unroll
        for (int nh = 0; nh < 2; ++nh)
#pragma unroll
            for (int e = 0; e < 4; ++e) {
                const unsigned int byte = convolab_map_byte(acc[t][nh][e] * back, bm);
                o[t][nh][e] = c == 0 ? byte : c == 1 ? __byte_perm(byte, o[t][nh][e], 0x1140u)
                                                      : __byte_perm(byte, o[t][nh][e], 0x1540u);
            }
}

// Writes the packed outputs, alpha from the input pixels.
__device__ __forceinline__ void tensor_store_argb(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,
                                                  const unsigned int (&o)[4][2][4], int w, int h)
{
    tensor_for_outputs(w, h, [&](int t, int nh, int half, size_t at, int n, bool pair) {
        const unsigned int v0 = o[t][nh][2 * half], v1 = o[t][nh][2 * half + 1];
        if (pair) {
            const uint2 a = __ldg(reinterpret_cast<const uint2*>(in + at));
            *reinterpret_cast<uint2*>(out + at) = make_uint2((a.x & 0xff000000u) | v0, (a.y & 0xff000000u) | v1);
        } else {
            out[at] = (__ldg(&in[at]) & 0xff000000u) | v0;
            if (n == 2) out[at + 1] = (__ldg(&in[at + 1]) & 0xff000000u) | v1;
        }
    });
}

// R, G and B in turn (one tile, one set of accumulators), each through every pass of mask rows.
template <int D, bool SPLIT, bool LO>
__device__ __forceinline__ void tensor_argb_body(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,
                                                 const uint2* __restrict__ frags, int w, int h, int mw, int mh, int policy,
                                                 float cval, float inv_scale, float divisor, float offset, int abs_first)
{
    extern __shared__ __align__(16) __half tensor_tile[];
    const ConvolabByteMap bm = convolab_byte_map(divisor, offset, abs_first);
    // SPLIT scales the inputs by TENSOR_SPLIT_SCALE (a constant border value that is no half).
    const float scale = SPLIT ? TENSOR_SPLIT_SCALE : 1.0f;
    const float back = SPLIT ? inv_scale * 256.0f : inv_scale;
    unsigned int o[4][2][4];
    float acc[4][2][4];
#pragma unroll 1
    for (int c = 0; c < 3; ++c) {
        // channel c: R (byte 2), G (byte 1), B (byte 0)
        if (c == 0) {
            tensor_sums<D, SPLIT, LO>(acc, tensor_tile, TensorArgbSource<2>{in}, frags, w, h, mw, mh, policy, cval, scale);
        } else if (c == 1) {
            tensor_sums<D, SPLIT, LO>(acc, tensor_tile, TensorArgbSource<1>{in}, frags, w, h, mw, mh, policy, cval, scale);
        } else {
            tensor_sums<D, SPLIT, LO>(acc, tensor_tile, TensorArgbSource<0>{in}, frags, w, h, mw, mh, policy, cval, scale);
        }
        tensor_push_bytes(o, acc, c, back, bm);
    }
    tensor_store_argb(in, out, o, w, h);
}

// Masks of at most TENSOR_ROWS rows, a constant border value that is a half: each packed word read once
// into three half tiles (R, G, B; 3 (OH + mh - 1) rows of the pitch, up to 95 KB), then the channels'
// MMAs from them in turn. The per-channel kernel above reads and converts each word three times.
template <int D, bool LO>
__device__ __forceinline__ void tensor_argb3_body(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,
                                                  const uint2* __restrict__ frags, int w, int h, int mw, int mh, int policy,
                                                  float cval, float inv_scale, float divisor, float offset, int abs_first)
{
    extern __shared__ __align__(16) __half tensor_tile[];
    constexpr int TW = TENSOR_TILE_W(D), PITCH = TENSOR_PITCH(D), PAIRS = TW / 2;
    const int th = TENSOR_OH + mh - 1, plane = th * PITCH;
    const int gx0 = blockIdx.x * TENSOR_OW - mw / 2, gy0 = blockIdx.y * TENSOR_OH - mh / 2;
    const bool interior = gx0 >= 0 && gy0 >= 0 && gx0 + TW <= w && gy0 + th <= h;
    const __half2 ghost = __floats2half2_rn(cval, cval);
    for (int k = threadIdx.x; k < th * PAIRS; k += TENSOR_THREADS) {
        const int ty = k / PAIRS, tx = 2 * (k - ty * PAIRS);
        unsigned int p[2];
        bool valid[2] = {true, true};
        if (interior) {
            p[0] = __ldg(&in[(size_t)(gy0 + ty) * w + gx0 + tx]);
            p[1] = __ldg(&in[(size_t)(gy0 + ty) * w + gx0 + tx + 1]);
        } else {
            const int sy = convolab_border_index(gy0 + ty, h, policy);
#pragma unroll
            for (int e = 0; e < 2; ++e) {
                const int sx = convolab_border_index(gx0 + tx + e, w, policy);
                valid[e] = sx >= 0 && sy >= 0;
                p[e] = valid[e] ? __ldg(&in[(size_t)sy * w + sx]) : 0u;
            }
        }
#pragma unroll
        for (int c = 0; c < 3; ++c) {
            const int shift = 16 - 8 * c; // R, G, B
            __half2 v = __floats2half2_rn((float)((p[0] >> shift) & 0xffu), (float)((p[1] >> shift) & 0xffu));
            if (!valid[0]) v = __halves2half2(__low2half(ghost), __high2half(v));
            if (!valid[1]) v = __halves2half2(__low2half(v), __high2half(ghost));
            *reinterpret_cast<__half2*>(tensor_tile + c * plane + ty * PITCH + tx) = v;
        }
    }
    __syncthreads();
    const ConvolabByteMap bm = convolab_byte_map(divisor, offset, abs_first);
    unsigned int o[4][2][4];
    float acc[4][2][4];
#pragma unroll 1
    for (int c = 0; c < 3; ++c) {
        tensor_zero(acc);
        tensor_pass<D, false, LO>(acc, tensor_tile + c * plane, nullptr, frags, 0, mh);
        tensor_push_bytes(o, acc, c, inv_scale, bm);
    }
    tensor_store_argb(in, out, o, w, h);
}

// ---- one load, 8-column output groups (argbn) ------------------------------------------------------------
// The band cut per 8 output columns instead of 16: output columns 8 g .. 8 g + 7 of mask row j need tile
// columns 8 g .. 8 g + mw + 6, E = ceil((mw + 7) / 16) k blocks of 16 starting at 8 g (ldmatrix rows are 16-byte
// aligned, so a k block may start at any 8th column). B block e of the group (16 x 8) is w[16 e + k - n]: the
// band block delta = e, nh = 0 that convolab_tensor_weights builds for D = ceil((mw + 15) / 16) >= E, so the
// same fragments serve (stride D a mask row). A warp's 64 columns take 8 E MMAs a mask row against 8 D of the
// 16-column cut: half at r = 4 (E = 1, D = 2), two thirds at r = 10 and 12 (E = 2, D = 3). The A block of
// (g, e) is the 16-column block at column 8 (g + 2 e): its two 8-column strips are loaded once a row (E + 3
// ldmatrix.x4 and one .x2) and shared by the MMAs that use them. Tile columns: OW - 8 + 16 E, a pitch of 8 mod
// 16 halves (ldmatrix rows in different banks) without padding. All mask rows in one pass over one load of the
// packed words into three half tiles (R, G, B), as the argb3 kernels do for masks of one pass.
#define TENSORN_TILE_W(E) (TENSOR_OW - 8 + 16 * (E))
#define TENSORN_SMEM(E, MH) (3 * (TENSOR_OH + (MH) - 1) * TENSORN_TILE_W(E) * 2)
// Words loaded by a thread before it converts and stores them (loads in flight: the tile load was latency-bound).
#ifndef TENSORN_BATCH
#define TENSORN_BATCH 4
#endif
// Blocks an SM the argbn kernels are compiled for, by E: 3 for E = 1 and 2, at most 80 registers (76-80, no spills
// with nvcc 13 for sm_90), so the shared memory (57-77 KB a block up to r = 10) lets 3 blocks run where registers let
// 2; the kernels wait on loads (Nsight Compute, r = 4: long_scoreboard at 23% occupancy), and 3 blocks took r = 3 0.142
// -> 0.124 ms, r = 4 0.152 -> 0.133, r = 7 0.232 -> 0.213, r = 10 0.287 -> 0.265, 9x31 0.273 -> 0.245 (4096² mirror,
// bench/tensor_check.cu, H100: bench/results/h100-2026-11-27-round8/tc-minb.txt). E >= 3 keeps 1: bounded to 80
// registers its two-MMA kernels spill, and r = 15 (E3) and 63x5 (E5) ran 1-5% slower. A lab build may set
// TENSORN_MINB for every E (NVFLAGS=-DTENSORN_MINB=N bash bench/tensor_check.sh).
#ifdef TENSORN_MINB
#define TENSORN_MINB_OF(E) TENSORN_MINB
#else
#define TENSORN_MINB_OF(E) ((E) <= 2 ? 3 : 1)
#endif

__device__ __forceinline__ void tensor_ldsm_x2(unsigned int& a0, unsigned int& a1, const __half* p)
{
    const unsigned int addr = (unsigned int)__cvta_generic_to_shared(p);
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n" : "=r"(a0), "=r"(a1) : "r"(addr) : "memory");
}

// Loads the packed words of tile rows 0 .. OH + mh - 2 into the R, G and B half tiles, BATCH pairs of words a
// thread in flight at a time; ghost cells through the policy (cval: a half, the caller checks).
template <int E, int BATCH>
__device__ __forceinline__ void tensorn_load3(__half* tile, const unsigned int* __restrict__ in, int w, int h, int mw, int mh,
                                              int policy, float cval)
{
    constexpr int TW = TENSORN_TILE_W(E), PAIRS = TW / 2;
    const int th = TENSOR_OH + mh - 1, plane = th * TW, total = th * PAIRS;
    const int gx0 = blockIdx.x * TENSOR_OW - mw / 2, gy0 = blockIdx.y * TENSOR_OH - mh / 2;
    const bool interior = gx0 >= 0 && gy0 >= 0 && gx0 + TW <= w && gy0 + th <= h;
    const __half ghost = __float2half_rn(cval);
    for (int k0 = threadIdx.x; k0 < total; k0 += BATCH * TENSOR_THREADS) {
        unsigned int p[BATCH][2];
        bool valid[BATCH][2];
#pragma unroll
        for (int b = 0; b < BATCH; ++b) {
            const int k = k0 + b * TENSOR_THREADS;
            const int ty = k / PAIRS, tx = 2 * (k - ty * PAIRS);
            valid[b][0] = valid[b][1] = true;
            if (k >= total) {
                p[b][0] = p[b][1] = 0u;
            } else if (interior) {
                const unsigned int* q = in + (size_t)(gy0 + ty) * w + gx0 + tx;
                p[b][0] = __ldg(q);
                p[b][1] = __ldg(q + 1);
            } else {
                const int sy = convolab_border_index(gy0 + ty, h, policy);
#pragma unroll
                for (int e = 0; e < 2; ++e) {
                    const int sx = convolab_border_index(gx0 + tx + e, w, policy);
                    valid[b][e] = sx >= 0 && sy >= 0;
                    p[b][e] = valid[b][e] ? __ldg(&in[(size_t)sy * w + sx]) : 0u;
                }
            }
        }
#pragma unroll
        for (int b = 0; b < BATCH; ++b) {
            const int k = k0 + b * TENSOR_THREADS;
            if (k >= total) break;
            const int ty = k / PAIRS, tx = 2 * (k - ty * PAIRS);
#pragma unroll
            for (int c = 0; c < 3; ++c) {
                const int shift = 16 - 8 * c; // R, G, B
                __half2 v = __floats2half2_rn((float)((p[b][0] >> shift) & 0xffu), (float)((p[b][1] >> shift) & 0xffu));
                if (!valid[b][0]) v = __halves2half2(ghost, __high2half(v));
                if (!valid[b][1]) v = __halves2half2(__low2half(v), ghost);
                *reinterpret_cast<__half2*>(tile + c * plane + ty * TW + tx) = v;
            }
        }
    }
}

// Adds mask rows 0 .. mh - 1 to this warp's accumulators (acc[g / 2][g % 2]: output columns 8 g ..), the
// fragments of the next mask row loaded while this one's MMAs run.
template <int E, bool LO>
__device__ __forceinline__ void tensorn_pass(float (&acc)[4][2][4], const __half* tile, const uint2* __restrict__ frags,
                                             int mw, int mh)
{
    constexpr int PITCH = TENSORN_TILE_W(E), Q = E + 3;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int wy = warp / TENSOR_WX, wx = warp % TENSOR_WX;
    const int lrow = 16 * wy + (lane & 15), lcol = 64 * wx + 8 * (lane >> 4);
    const int row_stride = ((mw + 30) / 16) * 4 * 32; // uint2 a mask row: D band blocks x 2 halves x 2 parts x 32
    const uint2* f = frags + lane;
    uint2 bh[E], bl[E];
#pragma unroll
    for (int e = 0; e < E; ++e) {
        bh[e] = __ldg(f + (4 * e) * 32);
        if (LO) bl[e] = __ldg(f + (4 * e + 1) * 32);
    }
#pragma unroll 1
    for (int j = 0; j < mh; ++j) {
        uint2 ch[E], cl[E];
#pragma unroll
        for (int e = 0; e < E; ++e) {
            ch[e] = bh[e];
            if (LO) cl[e] = bl[e];
        }
        const uint2* fn = f + (size_t)min(j + 1, mh - 1) * row_stride;
#pragma unroll
        for (int e = 0; e < E; ++e) {
            bh[e] = __ldg(fn + (4 * e) * 32);
            if (LO) bl[e] = __ldg(fn + (4 * e + 1) * 32);
        }
        const __half* arow = tile + (lrow + j) * PITCH + lcol;
        unsigned int s[2 * Q + 1][2]; // 8-column strips: rows 0-7, rows 8-15
#pragma unroll
        for (int q = 0; q < Q; ++q) {
            unsigned int a[4];
            tensor_ldsm_x4(a, arow + 16 * q);
            s[2 * q][0] = a[0];
            s[2 * q][1] = a[1];
            s[2 * q + 1][0] = a[2];
            s[2 * q + 1][1] = a[3];
        }
        tensor_ldsm_x2(s[2 * Q][0], s[2 * Q][1], arow + 16 * Q);
#pragma unroll
        for (int g = 0; g < 8; ++g)
#pragma unroll
            for (int e = 0; e < E; ++e) {
                const int m = g + 2 * e;
                const unsigned int a[4] = {s[m][0], s[m][1], s[m + 1][0], s[m + 1][1]};
                if (LO) tensor_mma(acc[g >> 1][g & 1], a, cl[e].x, cl[e].y);
                tensor_mma(acc[g >> 1][g & 1], a, ch[e].x, ch[e].y);
            }
    }
}

// R, G and B from one load; each channel's bytes packed four a word (R and G held in 16 registers, not 32, while
// the next channels' MMAs run), the words written with alpha from the input.
template <int E, bool LO, int BATCH = TENSORN_BATCH>
__device__ __forceinline__ void tensorn_argb_body(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,
                                                  const uint2* __restrict__ frags, int w, int h, int mw, int mh, int policy,
                                                  float cval, float inv_scale, float divisor, float offset, int abs_first)
{
    extern __shared__ __align__(16) __half tensor_tile[];
    tensorn_load3<E, BATCH>(tensor_tile, in, w, h, mw, mh, policy, cval);
    __syncthreads();
    const int plane = (TENSOR_OH + mh - 1) * TENSORN_TILE_W(E);
    const ConvolabByteMap bm = convolab_byte_map(divisor, offset, abs_first);
    unsigned int rg[2][4][2]; // [R or G][t][nh]: bytes of e = 0..3
    float acc[4][2][4];
#pragma unroll 1
    for (int c = 0; c < 2; ++c) {
        tensor_zero(acc);
        tensorn_pass<E, LO>(acc, tensor_tile + c * plane, frags, mw, mh);
#pragma unroll
        for (int t = 0; t < 4; ++t)
#pragma unroll
            for (int nh = 0; nh < 2; ++nh) {
                unsigned int v = 0;
#pragma unroll
                for (int e = 0; e < 4; ++e) v |= convolab_map_byte(acc[t][nh][e] * inv_scale, bm) << (8 * e);
                if (c == 0) rg[0][t][nh] = v; else rg[1][t][nh] = v;
            }
    }
    tensor_zero(acc);
    tensorn_pass<E, LO>(acc, tensor_tile + 2 * plane, frags, mw, mh);
    unsigned int o[4][2][4];
#pragma unroll
    for (int t = 0; t < 4; ++t)
#pragma unroll
        for (int nh = 0; nh < 2; ++nh)
#pragma unroll
            for (int e = 0; e < 4; ++e)
                o[t][nh][e] = (((rg[0][t][nh] >> (8 * e)) & 0xffu) << 16) | (((rg[1][t][nh] >> (8 * e)) & 0xffu) << 8)
                              | convolab_map_byte(acc[t][nh][e] * inv_scale, bm);
    tensor_store_argb(in, out, o, w, h);
}

// ---- float planes (grid z = channel) ------------------------------------------------------------
template <int D>
__device__ __forceinline__ void tensor_planes_body(const float* __restrict__ in, float* __restrict__ out,
                                                   const uint2* __restrict__ frags, int w, int h, int mw, int mh,
                                                   int policy, float cval, float inv_scale)
{
    extern __shared__ __align__(16) __half tensor_tile[];
    float acc[4][2][4];
    tensor_sums<D, true, true>(acc, tensor_tile, TensorPlaneSource{in}, frags, w, h, mw, mh, policy, cval, TENSOR_SPLIT_SCALE);
    const float back = inv_scale * 256.0f;
    tensor_for_outputs(w, h, [&](int t, int nh, int half, size_t at, int n, bool pair) {
        const float v0 = acc[t][nh][2 * half] * back, v1 = acc[t][nh][2 * half + 1] * back;
        if (pair) {
            *reinterpret_cast<float2*>(out + at) = make_float2(v0, v1);
        } else {
            out[at] = v0;
            if (n == 2) out[at + 1] = v1;
        }
    });
}

// ---- entry points: convolab_tensor_argb_dD[_split][_hi], convolab_tensor_argb3_dD[_hi] (one load for
// R, G and B: at most TENSOR_ROWS mask rows, where the device gives the shared memory),
// convolab_tensor_planes_dD ------------------------------------------------------------------------
// D = ceil((15 + mask width) / 16), 1 to 5; TensorLauncher picks. _split for a constant border value
// that is not exact in FP16; _hi for masks whose high halves alone keep every 8-bit output within half
// a level (sum |w| / |divisor| <= 4, or weights that are halves): one MMA a block instead of two.
// Blocks an SM the ARGB kernels are compiled for (__launch_bounds__' second argument): 1 lets them take 108
// registers (2 blocks an SM, occupancy 25%: Nsight Compute, 2026-11-27, bench/results/h100-2026-11-27-perf); a lab
// build (NVFLAGS=-DTENSOR_MINB=3 bash bench/tensor_check.sh) asks for 3, at most 80 registers, to hide more of the
// global loads' latency; nvcc 13 for sm_90 then spills 68 to 384 bytes a thread (argb_d3_hi, argb3_d2_hi). Not
// measured yet: the shipped kernels keep 1.
#ifndef TENSOR_MINB
#define TENSOR_MINB 1
#endif
// An ARGB entry point: BODY (a parenthesised body template) with the ARGB kernels' arguments, MINB blocks an SM.
#define CONVOLAB_TENSOR_ARGB_ENTRY(NAME, MINB, BODY)                                                     \
    extern "C" __global__ void __launch_bounds__(TENSOR_THREADS, MINB)                                   \
    NAME(const unsigned int* __restrict__ in, unsigned int* __restrict__ out, const uint2* __restrict__ frags, \
         int w, int h, int mw, int mh, int policy, float cval, float inv_scale, float divisor, float offset, \
         int abs_first)                                                                                  \
    { BODY(in, out, frags, w, h, mw, mh, policy, cval, inv_scale, divisor, offset, abs_first); }
#define CONVOLAB_TENSOR_ARGB_KERNEL(NAME, D, SPLIT, LO) \
    CONVOLAB_TENSOR_ARGB_ENTRY(NAME, TENSOR_MINB, (tensor_argb_body<D, SPLIT, LO>))
#define CONVOLAB_TENSOR_ARGB3_KERNEL(NAME, D, LO) CONVOLAB_TENSOR_ARGB_ENTRY(NAME, TENSOR_MINB, (tensor_argb3_body<D, LO>))
#define CONVOLAB_TENSOR_KERNELS(D)                                                                       \
    CONVOLAB_TENSOR_ARGB3_KERNEL(convolab_tensor_argb3_d##D, D, true)                                     \
    CONVOLAB_TENSOR_ARGB3_KERNEL(convolab_tensor_argb3_d##D##_hi, D, false)                               \
    CONVOLAB_TENSOR_ARGB_KERNEL(convolab_tensor_argb_d##D, D, false, true)                                \
    CONVOLAB_TENSOR_ARGB_KERNEL(convolab_tensor_argb_d##D##_split, D, true, true)                         \
    CONVOLAB_TENSOR_ARGB_KERNEL(convolab_tensor_argb_d##D##_hi, D, false, false)                          \
    CONVOLAB_TENSOR_ARGB_KERNEL(convolab_tensor_argb_d##D##_split_hi, D, true, false)                     \
    extern "C" __global__ void __launch_bounds__(TENSOR_THREADS)                                         \
    convolab_tensor_planes_d##D(const float* __restrict__ in0, const float* __restrict__ in1,            \
                                const float* __restrict__ in2, float* __restrict__ out0,                  \
                                float* __restrict__ out1, float* __restrict__ out2,                       \
                                const uint2* __restrict__ frags, int w, int h, int mw, int mh, int policy, \
                                float cval, float inv_scale)                                              \
    {                                                                                                     \
        const int c = blockIdx.z;                                                                         \
        tensor_planes_body<D>(c == 0 ? in0 : c == 1 ? in1 : in2, c == 0 ? out0 : c == 1 ? out1 : out2,   \
                              frags, w, h, mw, mh, policy, cval, inv_scale);                              \
    }
CONVOLAB_TENSOR_KERNELS(1)
CONVOLAB_TENSOR_KERNELS(2)
CONVOLAB_TENSOR_KERNELS(3)
CONVOLAB_TENSOR_KERNELS(4)
CONVOLAB_TENSOR_KERNELS(5)
// convolab_tensor_argbn_eE[_hi]: the 8-column cut, one load, any mask height where the shared memory holds
// OH + mh - 1 rows (TensorLauncher.argbnFits).
#define CONVOLAB_TENSORN_KERNEL(NAME, E, LO) CONVOLAB_TENSOR_ARGB_ENTRY(NAME, TENSORN_MINB_OF(E), (tensorn_argb_body<E, LO>))
#define CONVOLAB_TENSORN_KERNELS(E)                                                                      \
    CONVOLAB_TENSORN_KERNEL(convolab_tensor_argbn_e##E, E, true)                                          \
    CONVOLAB_TENSORN_KERNEL(convolab_tensor_argbn_e##E##_hi, E, false)
CONVOLAB_TENSORN_KERNELS(1)
CONVOLAB_TENSORN_KERNELS(2)
CONVOLAB_TENSORN_KERNELS(3)
CONVOLAB_TENSORN_KERNELS(4)
CONVOLAB_TENSORN_KERNELS(5)
