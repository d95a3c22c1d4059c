// =====================================================================================
// Histograms (issue 17): the course's atomic-operation strategies, one kernel each.
//
// Input: n packed 8-bit ARGB pixels (one 32-bit word each: A<<24 | R<<16 | G<<8 | B, as the
// engine uploads them). Output: 5 * bins unsigned 32-bit counts, channel after channel (R, G, B,
// A, luminance), which the caller zeroes before the launch. Value v falls in bin v * bins / 256
// (rounded down); luminance is round(0.299 R + 0.587 G + 0.114 B), halves up, computed exactly as
// (299 R + 587 G + 114 B + 500) / 1000, the same integers as org.convolab.core.Histogram.
//
// Kernels, plainest first:
//   convolab_hist_global       one thread per pixel, atomics in global memory
//   convolab_hist_sectioned    each thread one contiguous section: loads do not coalesce
//   convolab_hist_interleaved  a stride loop: coalesced loads, atomics in global memory
//   convolab_hist_privatized   a block histogram in shared memory, merged once at the end
//   convolab_hist_aggregated   privatized, runs of equal bins counted in registers first
//   convolab_hist_fast         uint4 loads, lane-striped shared copies, warp-uniform shortcut
// Block sizes and copies are in geometry.cuh (HIST_*), which HistogramKernels mirrors.
// =====================================================================================
#include "geometry.cuh"

#define HIST_FULL_WARP 0xffffffffu

// The fast kernel's copies at the most bins fit the 48 KiB of dynamic shared memory a launch gets
// without opting in.
static_assert(HIST_CHANNELS * HIST_MAX_BINS * HIST_FAST_COPIES * 4 <= 48 * 1024, "histogram copies exceed 48 KiB");

// Flat index (channel * bins + bin) of each channel's bin for one pixel.
__device__ __forceinline__ void convolab_hist_index(unsigned int p, unsigned int bins,
                                                    unsigned int idx[HIST_CHANNELS])
{
    unsigned int r = (p >> 16) & 0xffu;
    unsigned int g = (p >> 8) & 0xffu;
    unsigned int b = p & 0xffu;
    unsigned int lum = (299u * r + 587u * g + 114u * b + 500u) / 1000u;
    idx[0] = (r * bins) >> 8;
    idx[1] = bins + ((g * bins) >> 8);
    idx[2] = 2u * bins + ((b * bins) >> 8);
    idx[3] = 3u * bins + (((p >> 24) * bins) >> 8);
    idx[4] = 4u * bins + ((lum * bins) >> 8);
}

// One pixel into a histogram (global or shared memory), one atomic per channel.
__device__ __forceinline__ void convolab_hist_add(unsigned int* hist, unsigned int p, unsigned int bins)
{
    unsigned int idx[HIST_CHANNELS];
    convolab_hist_index(p, bins, idx);
#pragma unroll
    for (int c = 0; c < HIST_CHANNELS; c++) atomicAdd(&hist[idx[c]], 1u);
}

// Zeroes a block's shared histogram of `count` words.
__device__ __forceinline__ void convolab_hist_zero(unsigned int* s, unsigned int count)
{
    for (unsigned int k = threadIdx.x; k < count; k += blockDim.x) s[k] = 0u;
    __syncthreads();
}

// Adds a block's shared histogram (5 * bins words) into the global one: one atomic per
// non-empty bin.
__device__ __forceinline__ void convolab_hist_merge(const unsigned int* s, unsigned int* hist,
                                                    unsigned int count)
{
    __syncthreads();
    for (unsigned int k = threadIdx.x; k < count; k += blockDim.x) {
        unsigned int v = s[k];
        if (v != 0u) atomicAdd(&hist[k], v);
    }
}

// =====================================================================================
// global-atomics: the first kernel anyone writes. Every pixel costs five atomics that travel to
// the L2 cache; on a skewed image thousands of them queue on the same few counters.
// =====================================================================================
extern "C" __global__ void convolab_hist_global(const unsigned int* __restrict__ argb,
                                                unsigned int n, unsigned int bins,
                                                unsigned int* __restrict__ hist)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) convolab_hist_add(hist, argb[i], bins);
}

// =====================================================================================
// sectioned: thread t counts pixels [t * section, (t + 1) * section). Right on a CPU, where each
// core streams its own cache lines; on a GPU the 32 threads of a warp read 32 addresses a section
// apart, so every load is a transaction of its own.
// =====================================================================================
extern "C" __global__ void convolab_hist_sectioned(const unsigned int* __restrict__ argb,
                                                   unsigned int n, unsigned int bins,
                                                   unsigned int* __restrict__ hist)
{
    unsigned int threads = gridDim.x * blockDim.x;
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int section = (n + threads - 1u) / threads;
    unsigned long long start = (unsigned long long)t * section;
    unsigned long long end = min(start + section, (unsigned long long)n);
    for (unsigned long long i = start; i < end; i++) convolab_hist_add(hist, argb[i], bins);
}

// =====================================================================================
// interleaved: the course's stride loop. All threads of the grid read one contiguous stretch
// (a warp's 32 loads are one 128-byte transaction), then move on by the grid's width.
// =====================================================================================
extern "C" __global__ void convolab_hist_interleaved(const unsigned int* __restrict__ argb,
                                                     unsigned int n, unsigned int bins,
                                                     unsigned int* __restrict__ hist)
{
    unsigned int stride = gridDim.x * blockDim.x;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        convolab_hist_add(hist, argb[i], bins);
    }
}

// =====================================================================================
// privatized: each block counts into its own histogram in shared memory (dynamic, 5 * bins
// words), where an atomic costs a few cycles and only the block's threads contend, then adds it
// into the global histogram once.
// =====================================================================================
extern "C" __global__ void convolab_hist_privatized(const unsigned int* __restrict__ argb,
                                                    unsigned int n, unsigned int bins,
                                                    unsigned int* __restrict__ hist)
{
    extern __shared__ unsigned int hist_s[];
    unsigned int words = HIST_CHANNELS * bins;
    convolab_hist_zero(hist_s, words);
    unsigned int stride = gridDim.x * blockDim.x;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        convolab_hist_add(hist_s, argb[i], bins);
    }
    convolab_hist_merge(hist_s, hist, words);
}

// =====================================================================================
// aggregated: privatized, and each thread keeps, per channel, the bin it saw last and how many
// times in a row: a run of equal bins costs one atomic when it ends. On a constant image a thread
// does five atomics in all; on uniform noise every pixel still ends a run.
// =====================================================================================
extern "C" __global__ void convolab_hist_aggregated(const unsigned int* __restrict__ argb,
                                                    unsigned int n, unsigned int bins,
                                                    unsigned int* __restrict__ hist)
{
    extern __shared__ unsigned int hist_s[];
    unsigned int words = HIST_CHANNELS * bins;
    convolab_hist_zero(hist_s, words);
    unsigned int last[HIST_CHANNELS];
    unsigned int run[HIST_CHANNELS];
#pragma unroll
    for (int c = 0; c < HIST_CHANNELS; c++) {
        last[c] = 0u;
        run[c] = 0u;
    }
    unsigned int stride = gridDim.x * blockDim.x;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        unsigned int idx[HIST_CHANNELS];
        convolab_hist_index(argb[i], bins, idx);
#pragma unroll
        for (int c = 0; c < HIST_CHANNELS; c++) {
            if (idx[c] == last[c]) {
                run[c]++;
            } else {
                if (run[c] != 0u) atomicAdd(&hist_s[last[c]], run[c]);
                last[c] = idx[c];
                run[c] = 1u;
            }
        }
    }
#pragma unroll
    for (int c = 0; c < HIST_CHANNELS; c++) {
        if (run[c] != 0u) atomicAdd(&hist_s[last[c]], run[c]);
    }
    convolab_hist_merge(hist_s, hist, words);
}

// =====================================================================================
// fast: Convolab's own. Three ideas on top of privatization:
//  - each thread loads four pixels at once (a uint4: 16 bytes, full-width transactions);
//  - the block keeps HIST_FAST_COPIES copies of its histogram, interleaved word by word
//    (s[k * COPIES + copy]), and lane L writes copy L % COPIES: lanes that hit the same bin
//    mostly hit different words in different banks, so at most 32 / COPIES of a warp's atomics
//    collide on one counter, and the copies are summed once at the end;
//  - per channel, when all 128 values a warp holds (32 lanes x 4 pixels) fall in one bin (a
//    constant region, the alpha of an opaque image) lane 0 adds 128 with one atomic.
// The loop runs warp by warp (every lane takes the same number of trips), so the shuffles and
// votes always see the full warp. Dynamic shared memory: 5 * bins * COPIES words (40 KiB at 256
// bins). The 0 to 3 pixels past the last whole uint4 are counted by block 0.
// =====================================================================================
__device__ __forceinline__ void convolab_hist_fast_quad(unsigned int* s, uint4 q, bool valid,
                                                        unsigned int bins, unsigned int lane)
{
    unsigned int i0[HIST_CHANNELS], i1[HIST_CHANNELS], i2[HIST_CHANNELS], i3[HIST_CHANNELS];
    convolab_hist_index(q.x, bins, i0);
    convolab_hist_index(q.y, bins, i1);
    convolab_hist_index(q.z, bins, i2);
    convolab_hist_index(q.w, bins, i3);
    unsigned int copy = lane % HIST_FAST_COPIES;
#pragma unroll
    for (int c = 0; c < HIST_CHANNELS; c++) {
        unsigned int first = __shfl_sync(HIST_FULL_WARP, i0[c], 0);
        bool one = valid && i0[c] == first && i1[c] == first && i2[c] == first && i3[c] == first;
        if (__all_sync(HIST_FULL_WARP, one)) {
            if (lane == 0u) atomicAdd(&s[first * HIST_FAST_COPIES], 4u * 32u);
        } else if (valid) {
            atomicAdd(&s[i0[c] * HIST_FAST_COPIES + copy], 1u);
            atomicAdd(&s[i1[c] * HIST_FAST_COPIES + copy], 1u);
            atomicAdd(&s[i2[c] * HIST_FAST_COPIES + copy], 1u);
            atomicAdd(&s[i3[c] * HIST_FAST_COPIES + copy], 1u);
        }
    }
}

extern "C" __global__ void __launch_bounds__(HIST_FAST_THREADS)
convolab_hist_fast(const unsigned int* __restrict__ argb, unsigned int n, unsigned int bins,
                   unsigned int* __restrict__ hist)
{
    extern __shared__ unsigned int hist_s[];
    unsigned int words = HIST_CHANNELS * bins;
    convolab_hist_zero(hist_s, words * HIST_FAST_COPIES);

    const uint4* __restrict__ quads = reinterpret_cast<const uint4*>(argb);
    unsigned int nq = n / 4u;
    unsigned int lane = threadIdx.x & 31u;
    unsigned int warpsPerBlock = blockDim.x / 32u;
    unsigned int warp = blockIdx.x * warpsPerBlock + threadIdx.x / 32u;
    unsigned int warpStride = gridDim.x * warpsPerBlock * 32u;
    for (unsigned int base = warp * 32u; base < nq; base += warpStride) {
        unsigned int k = base + lane;
        bool valid = k < nq;
        uint4 q = valid ? quads[k] : make_uint4(0u, 0u, 0u, 0u);
        convolab_hist_fast_quad(hist_s, q, valid, bins, lane);
    }
    if (blockIdx.x == 0u && threadIdx.x < n - 4u * nq) {
        unsigned int idx[HIST_CHANNELS];
        convolab_hist_index(argb[4u * nq + threadIdx.x], bins, idx);
#pragma unroll
        for (int c = 0; c < HIST_CHANNELS; c++) atomicAdd(&hist_s[idx[c] * HIST_FAST_COPIES], 1u);
    }
    __syncthreads();
    for (unsigned int k = threadIdx.x; k < words; k += blockDim.x) {
        unsigned int v = 0u;
#pragma unroll
        for (int c = 0; c < HIST_FAST_COPIES; c++) v += hist_s[k * HIST_FAST_COPIES + c];
        if (v != 0u) atomicAdd(&hist[k], v);
    }
}
