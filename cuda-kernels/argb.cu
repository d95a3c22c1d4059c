// =====================================================================================
// ARGB unpack / pack, and the device JPEG path's conversions.
//
// Images travel to and from the GPU as packed 8-bit ARGB (one 32-bit word a pixel, as in
// java.awt / JavaFX INT_ARGB). unpack splits them into three float planes (R, G, B, values
// 0..255); pack applies the filter's output mapping and writes ARGB with alpha passed through:
//     out = clamp(round(acc / divisor + offset), 0, 255), |acc| first when abs is set.
// Rounding is half up (floor(x + 0.5)), as in the Java reference.
// =====================================================================================
#include "border.cuh"
#include "pack.cuh"

extern "C" __global__ void convolab_unpack_argb(const unsigned int* __restrict__ argb,
                                                float* __restrict__ r, float* __restrict__ g,
                                                float* __restrict__ b, int count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    unsigned int p = argb[i];
    r[i] = (float)((p >> 16) & 0xffu);
    g[i] = (float)((p >> 8) & 0xffu);
    b[i] = (float)(p & 0xffu);
}

extern "C" __global__ void convolab_pack_argb(const float* __restrict__ r,
                                              const float* __restrict__ g,
                                              const float* __restrict__ b,
                                              const unsigned int* __restrict__ alpha_src,
                                              unsigned int* __restrict__ argb, int count,
                                              float divisor, float offset, int abs_first)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    const ConvolabByteMap m = convolab_byte_map(divisor, offset, abs_first);
    argb[i] = (alpha_src[i] & 0xff000000u)
            | (convolab_map_byte(r[i], m) << 16) | (convolab_map_byte(g[i], m) << 8) | convolab_map_byte(b[i], m);
}

// =====================================================================================
// Packed ARGB to nvJPEG's interleaved RGB (three bytes a pixel, rows `pitch` bytes apart), which
// the device JPEG path encodes from. One thread a pixel on a 1D grid (any height).
// =====================================================================================
extern "C" __global__ void convolab_argb_to_rgbi(const unsigned int* __restrict__ argb,
                                                 unsigned char* __restrict__ rgb, int pitch, int w, int h)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)w * h) return;
    int y = (int)(i / w);
    int x = (int)(i - (long long)y * w);
    unsigned int v = argb[i];
    unsigned char* p = rgb + (size_t)y * pitch + 3 * x;
    p[0] = (unsigned char)(v >> 16);
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)v;
}

// =====================================================================================
// nvJPEG's planar Y, Cb, Cr (chroma at full, half-width or half-size resolution) to packed ARGB,
// upsampled and converted as libjpeg does (and so Java's ImageIO, the CPU codec): "fancy"
// triangle upsampling (jdsample.c h2v1 and h2v2, with their rounding biases, edge rows and columns
// repeated) and the fixed-point YCbCr -> RGB of jdcolor.c. The device decode then gives the CPU
// decoder's pixels up to the IDCT's own rounding. hs, vs: chroma subsampling, 1 or 2 each.
// =====================================================================================
__device__ __forceinline__ int convolab_up_h2(const unsigned char* row, int c, int n, int odd)
{
    // libjpeg h2v1_fancy_upsample
    int v = row[c];
    if (!odd) return c == 0 ? v : (v * 3 + row[c - 1] + 1) >> 2;
    return c == n - 1 ? v : (v * 3 + row[c + 1] + 2) >> 2;
}

__device__ __forceinline__ int convolab_up_h2v2(const unsigned char* near, const unsigned char* far, int c, int n, int odd)
{
    // libjpeg h2v2_fancy_upsample: column sums of 3 x the nearer row + the farther one, then 3:1 across
    int s = near[c] * 3 + far[c];
    if (!odd) return c == 0 ? (s * 4 + 8) >> 4 : (s * 3 + near[c - 1] * 3 + far[c - 1] + 8) >> 4;
    return c == n - 1 ? (s * 4 + 7) >> 4 : (s * 3 + near[c + 1] * 3 + far[c + 1] + 7) >> 4;
}

__device__ __forceinline__ int convolab_chroma(const unsigned char* plane, int pitch, int cw, int ch,
                                               int x, int y, int hs, int vs)
{
    if (hs == 1 && vs == 1) return plane[(size_t)y * pitch + x];
    int c = x >> 1;
    if (vs == 1) return convolab_up_h2(plane + (size_t)y * pitch, c, cw, x & 1);
    int r = y >> 1;
    int other = (y & 1) ? min(r + 1, ch - 1) : max(r - 1, 0);
    return convolab_up_h2v2(plane + (size_t)r * pitch, plane + (size_t)other * pitch, c, cw, x & 1);
}

extern "C" __global__ void convolab_ycc_to_argb(const unsigned char* __restrict__ yp, int ypitch,
                                                int cb_offset, int cr_offset, int cpitch, int cw, int ch,
                                                unsigned int* __restrict__ argb, int w, int h, int hs, int vs)
{
    // the three planes in one buffer: Y at 0, Cb and Cr at their offsets
    const unsigned char* cbp = yp + cb_offset;
    const unsigned char* crp = yp + cr_offset;
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)w * h) return;
    int y = (int)(i / w);
    int x = (int)(i - (long long)y * w);
    int Y = yp[(size_t)y * ypitch + x];
    int cb = convolab_chroma(cbp, cpitch, cw, ch, x, y, hs, vs) - 128;
    int cr = convolab_chroma(crp, cpitch, cw, ch, x, y, hs, vs) - 128;
    // jdcolor.c: FIX(v) = (int)(v * 65536 + 0.5), ONE_HALF = 1 << 15, arithmetic right shifts
    int r = Y + ((91881 * cr + 32768) >> 16);
    int g = Y + ((-22554 * cb - 46802 * cr + 32768) >> 16);
    int b = Y + ((116130 * cb + 32768) >> 16);
    r = min(max(r, 0), 255);
    g = min(max(g, 0), 255);
    b = min(max(b, 0), 255);
    argb[i] = 0xff000000u | ((unsigned int)r << 16) | ((unsigned int)g << 8) | (unsigned int)b;
}
