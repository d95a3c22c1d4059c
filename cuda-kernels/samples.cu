// =====================================================================================
// Whole images of interleaved samples (grey, grey + alpha, RGB, RGBA; 8/16-bit integers held in
// 16 bits, or 32-bit float) in and out of the float planes the filter kernels read: the short way
// of 16-bit, grey and float images (engine.StripFilter -> cuda.CudaSampleFilter), so only the file's
// samples cross PCIe and the output mapping runs on the device.
//
// The mapping is SampleMapping's (Java), evaluated in the same order with round-to-nearest
// intrinsics (no contraction into an FMA), so the samples are the bits the CPU mapping gives:
//   integer out: v = (|acc| or acc) / divisor + offset + 0.5; 0 if v < 1 or NaN, max if v >= max, else (int) v
//   float out:   v = (|acc| or acc) / divisor + offset
// Alpha (the last channel of a 2- or 4-channel image) passes through.
// =====================================================================================

__device__ __forceinline__ float convolab_mapped(float acc, float divisor, float offset, int abs_first)
{
    if (abs_first) acc = fabsf(acc);
    return __fadd_rn(__fdiv_rn(acc, divisor), offset);
}

extern "C" __global__ void convolab_u16_to_planes(const unsigned short* __restrict__ in, float* __restrict__ p0,
                                                  float* __restrict__ p1, float* __restrict__ p2,
                                                  int pixels, int channels, int colour)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= pixels) return;
    const unsigned short* px = in + (size_t)i * channels;
    p0[i] = (float)px[0];
    if (colour == 3) {
        p1[i] = (float)px[1];
        p2[i] = (float)px[2];
    }
}

extern "C" __global__ void convolab_f32_to_planes(const float* __restrict__ in, float* __restrict__ p0,
                                                  float* __restrict__ p1, float* __restrict__ p2,
                                                  int pixels, int channels, int colour)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= pixels) return;
    const float* px = in + (size_t)i * channels;
    p0[i] = px[0];
    if (colour == 3) {
        p1[i] = px[1];
        p2[i] = px[2];
    }
}

// Integer samples out (8- or 16-bit, max 255 or 65535), alpha from the 16-bit input.
extern "C" __global__ void convolab_planes_to_u16(const float* __restrict__ s0, const float* __restrict__ s1,
                                                  const float* __restrict__ s2, const unsigned short* __restrict__ in,
                                                  unsigned short* __restrict__ out, int pixels, int channels, int colour,
                                                  float divisor, float offset, int abs_first, float max)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= pixels) return;
    const float* sums[3] = {s0, s1, s2};
    size_t o = (size_t)i * channels;
    for (int c = 0; c < colour; c++) {
        float v = __fadd_rn(convolab_mapped(sums[c][i], divisor, offset, abs_first), 0.5f);
        unsigned short s;
        if (!(v >= 1.0f)) s = 0; // below 1, or NaN
        else if (v >= max) s = (unsigned short)max;
        else s = (unsigned short)(int)v;
        out[o + c] = s;
    }
    if (channels > colour) out[o + colour] = in[o + colour];
}

// Float samples out: the mapped sums, neither rounded nor clamped. Alpha from the input, as a float: from
// float samples when in_f32 is set, else from 16-bit samples.
extern "C" __global__ void convolab_planes_to_f32(const float* __restrict__ s0, const float* __restrict__ s1,
                                                  const float* __restrict__ s2, const void* __restrict__ in, int in_f32,
                                                  float* __restrict__ out, int pixels,
                                                  int channels, int colour, float divisor, float offset, int abs_first)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= pixels) return;
    const float* sums[3] = {s0, s1, s2};
    size_t o = (size_t)i * channels;
    for (int c = 0; c < colour; c++) {
        out[o + c] = convolab_mapped(sums[c][i], divisor, offset, abs_first);
    }
    if (channels > colour) {
        out[o + colour] = in_f32 ? ((const float*)in)[o + colour] : (float)((const unsigned short*)in)[o + colour];
    }
}
