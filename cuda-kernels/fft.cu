// =====================================================================================
// fft: the kernels around cuFFT (the transforms themselves are cuFFT's, from the host's CUDA
// libraries). Each channel is padded with the policy's ghost cells into a P x Q real plane (P, Q:
// lengths with factors 2, 3, 5 and 7 only, at least h + 2ry and w + 2rx; zeros past the padded
// image), the planes (three of an image; one of a grey or 16-bit plane, grid depth 1) go
// through one batched real-to-complex transform, each spectrum is multiplied by the conjugate of
// the mask's (a correlation, not a convolution), and one batched
// complex-to-real transform brings them back: output (x, y) is element (x, y) of the plane,
// because output y reads padded rows y .. y + 2ry, all inside the plane, so nothing wraps.
// =====================================================================================
#include "border.cuh"

// ---- pad: the three channels into their P x Q planes, ghost cells included ---------------
extern "C" __global__ void convolab_fft_pad(const float* __restrict__ in0, const float* __restrict__ in1,
                                            const float* __restrict__ in2, float* __restrict__ planes,
                                            int w, int h, int rx, int ry, int q, int p, int policy, float cval)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    const int c = blockIdx.z;
    if (x >= q || y >= p) return;
    const float* in = c == 0 ? in0 : (c == 1 ? in1 : in2);
    float v = 0.0f;
    if (x < w + 2 * rx && y < h + 2 * ry) {
        const int sx = convolab_border_index(x - rx, w, policy);
        const int sy = convolab_border_index(y - ry, h, policy);
        v = (sx < 0 || sy < 0) ? cval : __ldg(&in[(size_t)sy * w + sx]);
    }
    planes[((size_t)c * p + y) * q + x] = v;
}

// ---- multiply: each channel's spectrum by the conjugate mask spectrum, scaled by 1/(P*Q) ----
extern "C" __global__ void convolab_fft_multiply(float2* __restrict__ spectra, const float2* __restrict__ mask,
                                                 int n, float scale)
{
    float2* s = spectra + (size_t)blockIdx.y * n;    // this channel's spectrum
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += gridDim.x * blockDim.x) {
        const float2 a = s[k];
        const float2 b = mask[k];
        // a * conj(b)
        s[k] = make_float2((a.x * b.x + a.y * b.y) * scale, (a.y * b.x - a.x * b.y) * scale);
    }
}

// ---- crop: the w x h outputs of each plane into the channel's output -----------------------
extern "C" __global__ void convolab_fft_crop(const float* __restrict__ planes, float* __restrict__ out0,
                                             float* __restrict__ out1, float* __restrict__ out2, int w, int h, int q, int p)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    const int c = blockIdx.z;
    if (x >= w || y >= h) return;
    float* out = c == 0 ? out0 : (c == 1 ? out1 : out2);
    out[(size_t)y * w + x] = planes[((size_t)c * p + y) * q + x];
}
