// =====================================================================================
// ARGB unpack / pack, and the border-policy table kernel.
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
// Border table: out[k] = convolab_border_index(first + k, n, policy), for testing the header
// against the Java definition with one table.
// =====================================================================================
extern "C" __global__ void convolab_border_table(int policy, int n, int first, int count,
                                                 int* __restrict__ out)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < count) out[k] = convolab_border_index(first + k, n, policy);
}

// =====================================================================================
// Fault injection (reliability tests only): writes through a null pointer, which the driver
// reports as CUDA_ERROR_ILLEGAL_ADDRESS, a sticky error that poisons the context. The engine
// launches it only when the convolab.cuda.faultEvery property asks for it.
// =====================================================================================
extern "C" __global__ void convolab_fault(int* __restrict__ nowhere)
{
    nowhere[threadIdx.x] = 1;
}

// =====================================================================================
// nvJPEG's interleaved RGB (three bytes a pixel, rows `pitch` bytes apart) to packed ARGB
// (alpha 255) and back: the JPEG path decodes into and encodes from RGBI on the device, and
// the filters read and write packed ARGB. One thread a pixel on a 1D grid (any height); both are
// memory bound.
// =====================================================================================
extern "C" __global__ void convolab_rgbi_to_argb(const unsigned char* __restrict__ rgb, int pitch,
                                                 unsigned int* __restrict__ argb, int w, int h)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)w * h) return;
    int y = (int)(i / w);
    int x = (int)(i - (long long)y * w);
    const unsigned char* p = rgb + (size_t)y * pitch + 3 * x;
    argb[i] = 0xff000000u | ((unsigned int)p[0] << 16) | ((unsigned int)p[1] << 8) | p[2];
}

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
