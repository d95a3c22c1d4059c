// =====================================================================================
// Histograms (issue 17): the course's atomic-operation strategies, one kernel each, for 8-bit and
// 16-bit samples.
//
// Input, 8-bit (convolab_hist_*): n packed ARGB pixels, one 32-bit word each (A<<24 | R<<16 |
// G<<8 | B, as the engine uploads them). Input, 16-bit (convolab_hist16_*): n pixels of four
// 16-bit samples R, G, B, A (one uint2: R | G<<16, B | A<<16). Output: 5 * bins unsigned 32-bit
// counts, channel after channel (R, G, B, A, luminance), which the caller zeroes before the
// launch. Value v of a channel falls in bin v * bins / 2^depth (rounded down: v * bins >> 8 or
// >> 16, which fits 32 bits at 65536 bins); luminance is round(0.299 R + 0.587 G + 0.114 B),
// halves up, computed exactly as (299 R + 587 G + 114 B + 500) / 1000, the same integers as
// org.convolab.core.Histogram, on the 8-bit or the 16-bit values.
//
// Kernels, plainest first (each a template over the pixel format, instantiated for both):
//   global       one thread per pixel, atomics in global memory
//   sectioned    each thread one contiguous section: loads do not coalesce
//   interleaved  a stride loop: coalesced loads, atomics in global memory
//   privatized   a block histogram in shared memory, merged once at the end
//   aggregated   privatized, runs of equal bins counted in registers first
//   fast         uint4 loads, runs of equal pixels, opaque alpha in a register, shared copies
// The shared-memory kernels need 5 * bins words a block: at most HIST16_SHARED_BINS bins of
// 16-bit samples. There the 16-bit privatized and aggregated kernels are not launched (the
// engine refuses them) and the 16-bit fast kernel counts into global memory instead.
// Block sizes and copies are in geometry.cuh (HIST_*), which HistogramKernels mirrors.
// =====================================================================================
#include "geometry.cuh"

// The fast kernel's copies at the most bins fit the 48 KiB of dynamic shared memory a launch gets
// without opting in, and so do the 16-bit shared-memory kernels' histograms.
static_assert(HIST_CHANNELS * HIST_MAX_BINS * HIST_FAST_COPIES * 4 <= 48 * 1024, "histogram copies exceed 48 KiB");
static_assert(HIST_CHANNELS * HIST16_SHARED_BINS * 4 <= 48 * 1024, "16-bit shared histogram exceeds 48 KiB");

// =====================================================================================
// Pixel formats: what one pixel is, and its five values (R, G, B, alpha, luminance).
// =====================================================================================
__device__ __forceinline__ unsigned int convolab_hist_luminance(unsigned int r, unsigned int g, unsigned int b)
{
    return (299u * r + 587u * g + 114u * b + 500u) / 1000u;
}

struct ConvolabArgb8 {
    typedef unsigned int Pixel;
    static constexpr unsigned int SHIFT = 8;          // bin = v * bins >> SHIFT
    static constexpr unsigned int OPAQUE = 255u;
    __device__ static __forceinline__ void values(Pixel p, unsigned int v[HIST_CHANNELS])
    {
        v[0] = (p >> 16) & 0xffu;
        v[1] = (p >> 8) & 0xffu;
        v[2] = p & 0xffu;
        v[3] = p >> 24;
        v[4] = convolab_hist_luminance(v[0], v[1], v[2]);
    }
};

struct ConvolabRgba16 {
    typedef uint2 Pixel;
    static constexpr unsigned int SHIFT = 16;
    static constexpr unsigned int OPAQUE = 65535u;
    __device__ static __forceinline__ void values(Pixel p, unsigned int v[HIST_CHANNELS])
    {
        v[0] = p.x & 0xffffu;
        v[1] = p.x >> 16;
        v[2] = p.y & 0xffffu;
        v[3] = p.y >> 16;
        v[4] = convolab_hist_luminance(v[0], v[1], v[2]);
    }
    __device__ static __forceinline__ bool same(Pixel a, Pixel b) { return a.x == b.x && a.y == b.y; }
};

// The dynamic shared memory of the shared-memory kernels: the block's histogram (or its copies).
extern __shared__ unsigned int hist_s[];

// Flat index (channel * bins + bin) of each channel's bin for one pixel.
template <class F>
__device__ __forceinline__ void convolab_hist_index(typename F::Pixel p, unsigned int bins, unsigned int idx[HIST_CHANNELS])
{
    unsigned int v[HIST_CHANNELS];
    F::values(p, v);
#pragma unroll
    for (int c = 0; c < HIST_CHANNELS; c++) idx[c] = c * bins + ((v[c] * bins) >> F::SHIFT);
}

// One pixel into a histogram (global or shared memory), one atomic per channel.
template <class F>
__device__ __forceinline__ void convolab_hist_add(unsigned int* hist, typename F::Pixel p, unsigned int bins)
{
    unsigned int idx[HIST_CHANNELS];
    convolab_hist_index<F>(p, bins, idx);
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
template <class F>
__device__ __forceinline__ void convolab_hist_global_body(const typename F::Pixel* __restrict__ px, unsigned int n,
                                                          unsigned int bins, unsigned int* __restrict__ hist)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) convolab_hist_add<F>(hist, px[i], bins);
}

// =====================================================================================
// sectioned: thread t counts pixels [t * section, (t + 1) * section). Right on a CPU, where each
// core streams its own cache lines; on a GPU the 32 threads of a warp read 32 addresses a section
// apart, so every load is a transaction of its own.
// =====================================================================================
template <class F>
__device__ __forceinline__ void convolab_hist_sectioned_body(const typename F::Pixel* __restrict__ px, unsigned int n,
                                                             unsigned int bins, unsigned int* __restrict__ hist)
{
    unsigned int threads = gridDim.x * blockDim.x;
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int section = (n + threads - 1u) / threads;
    unsigned long long start = (unsigned long long)t * section;
    unsigned long long end = min(start + section, (unsigned long long)n);
    for (unsigned long long i = start; i < end; i++) convolab_hist_add<F>(hist, px[i], bins);
}

// =====================================================================================
// interleaved: the course's stride loop. All threads of the grid read one contiguous stretch
// (a warp's 32 loads are one or two 128-byte transactions), then move on by the grid's width.
// =====================================================================================
template <class F>
__device__ __forceinline__ void convolab_hist_interleaved_body(const typename F::Pixel* __restrict__ px, unsigned int n,
                                                               unsigned int bins, unsigned int* __restrict__ hist)
{
    unsigned int stride = gridDim.x * blockDim.x;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        convolab_hist_add<F>(hist, px[i], bins);
    }
}

// =====================================================================================
// privatized: each block counts into its own histogram in shared memory (dynamic, 5 * bins
// words), where an atomic costs a few cycles and only the block's threads contend, then adds it
// into the global histogram once.
// =====================================================================================
template <class F>
__device__ __forceinline__ void convolab_hist_privatized_body(const typename F::Pixel* __restrict__ px, unsigned int n,
                                                              unsigned int bins, unsigned int* __restrict__ hist)
{
    unsigned int words = HIST_CHANNELS * bins;
    convolab_hist_zero(hist_s, words);
    unsigned int stride = gridDim.x * blockDim.x;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        convolab_hist_add<F>(hist_s, px[i], bins);
    }
    convolab_hist_merge(hist_s, hist, words);
}

// =====================================================================================
// aggregated: privatized, and each thread keeps, per channel, the bin it saw last and how many
// times in a row: a run of equal bins costs one atomic when it ends. On a constant image a thread
// does five atomics in all; on uniform noise every pixel still ends a run.
// =====================================================================================
template <class F>
__device__ __forceinline__ void convolab_hist_aggregated_body(const typename F::Pixel* __restrict__ px, unsigned int n,
                                                              unsigned int bins, unsigned int* __restrict__ hist)
{
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
        convolab_hist_index<F>(px[i], bins, idx);
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
// fast: Convolab's own, privatization plus four ideas, each a template parameter so that the
// tuning harness (bench/histlab) tries every setting with this very code; the kernels below
// instantiate the settings in geometry.cuh:
//  - COPIES copies of the block histogram, interleaved word by word (s[k * COPIES + copy]), lane
//    L on copy L % COPIES: a uniform image's atomics land in more banks (with one copy 32 lanes
//    hit 32 random banks, and the busiest bank serializes the instruction);
//  - QUADS 16-byte loads (four 8-bit pixels, two 16-bit ones) a thread, all issued before the
//    first atomic: more bytes in flight, full-width transactions;
//  - OPAQUE: alpha at its maximum (every pixel of an opaque image) is counted in a register and
//    added once at the end: a fifth of the atomics gone on most images;
//  - RUNS: a pixel equal to the one before it in its load adds to that one's count, so one atomic
//    carries a run (1: every addition of a weight; 2: additions of 1 kept apart).
// The additions of 1 matter: ptxas makes them ATOMS.POPC.INC, which the hardware merges for the
// lanes of a warp on one counter, while adding a register value (a run's weight) is serialized
// lane by lane. On the H100 (bench/results/h100-2026-11-23/histlab.txt) runs won on the upscaled
// dark image and lost on the others, so production counts with increments only.
// B256 (8-bit, 256 bins) drops the v * bins >> 8 of every channel; the kernel picks it at run time.
// =====================================================================================
// One atomic addition of w to a counter. RUNS 2 keeps the additions of 1 apart: the compiler
// makes those an increment that the hardware merges for lanes on one address (ATOMS.POPC.INC),
// while an addition of a register value is serialized lane by lane.
template <int RUNS>
__device__ __forceinline__ void convolab_hist_fast_add(unsigned int* p, unsigned int w)
{
    if (RUNS == 2 && w == 1u) atomicAdd(p, 1u);
    else atomicAdd(p, w);
}

template <class F, int COPIES, bool B256, bool OPAQUE, int RUNS, bool AGG>
__device__ __forceinline__ void convolab_hist_fast_pixel(unsigned int* sc, typename F::Pixel p, unsigned int w,
                                                         unsigned int bins, unsigned int& opaque)
{
    static_assert(!(AGG && RUNS), "warp aggregation adds one count a lane");
    unsigned int v[HIST_CHANNELS];
    F::values(p, v);
    unsigned int mask = AGG ? __activemask() : 0u;
#pragma unroll
    for (int c = 0; c < HIST_CHANNELS; c++) {
        bool reg = OPAQUE && c == 3 && v[3] == F::OPAQUE;
        unsigned int idx = B256 ? c * 256u + v[c] : c * bins + ((v[c] * bins) >> F::SHIFT);  // B256: c * 256 is an immediate
        if (AGG) {
            // the lanes on one counter add once: the first of them adds how many they are
            unsigned int peers = __match_any_sync(mask, reg ? 0xffffffffu : idx);
            if (reg) opaque += w;
            else if ((threadIdx.x & 31u) == __ffs(peers) - 1u) atomicAdd(&sc[idx * COPIES], (unsigned int)__popc(peers));
        } else if (reg) {
            opaque += w;
        } else {
            convolab_hist_fast_add<RUNS>(&sc[idx * COPIES], w);
        }
    }
}

// The pixels of one 16-byte load; with RUNS a pixel equal to the one before it is carried by that
// one's atomics (weights are the lengths of the runs that start at each pixel).
template <class F, int COPIES, bool B256, bool OPAQUE, int RUNS, bool AGG>
__device__ __forceinline__ void convolab_hist_fast_load(unsigned int* sc, uint4 q, unsigned int bins, unsigned int& opaque)
{
    if constexpr (sizeof(typename F::Pixel) == 8) {     // two 16-bit pixels
        uint2 a = make_uint2(q.x, q.y), b = make_uint2(q.z, q.w);
        unsigned int e = RUNS && F::same(a, b);
        convolab_hist_fast_pixel<F, COPIES, B256, OPAQUE, RUNS, AGG>(sc, a, 1u + e, bins, opaque);
        if (!e) convolab_hist_fast_pixel<F, COPIES, B256, OPAQUE, RUNS, AGG>(sc, b, 1u, bins, opaque);
    } else {                                           // four 8-bit pixels
        unsigned int e1 = RUNS && q.y == q.x, e2 = RUNS && q.z == q.y, e3 = RUNS && q.w == q.z;
        unsigned int w2 = 1u + e3, w1 = 1u + e2 * w2, w0 = 1u + e1 * w1;
        convolab_hist_fast_pixel<F, COPIES, B256, OPAQUE, RUNS, AGG>(sc, q.x, w0, bins, opaque);
        if (!e1) convolab_hist_fast_pixel<F, COPIES, B256, OPAQUE, RUNS, AGG>(sc, q.y, w1, bins, opaque);
        if (!e2) convolab_hist_fast_pixel<F, COPIES, B256, OPAQUE, RUNS, AGG>(sc, q.z, w2, bins, opaque);
        if (!e3) convolab_hist_fast_pixel<F, COPIES, B256, OPAQUE, RUNS, AGG>(sc, q.w, 1u, bins, opaque);
    }
}

// Counts the grid's share of the n pixels into `hist` (a block's copies in shared memory, or with
// COPIES 1 the global histogram itself).
template <class F, int COPIES, int QUADS, bool B256, bool OPAQUE, int RUNS, bool AGG>
__device__ __forceinline__ void convolab_hist_fast_count(const typename F::Pixel* __restrict__ px, unsigned int n,
                                                         unsigned int bins, unsigned int* hist)
{
    constexpr unsigned int PER = 16u / sizeof(typename F::Pixel);   // pixels a 16-byte load
    unsigned int* sc = hist + (COPIES == 1 ? 0u : threadIdx.x % COPIES);
    unsigned int opaque = 0u;
    const uint4* __restrict__ loads = reinterpret_cast<const uint4*>(px);
    unsigned int nl = n / PER;
    unsigned int stride = gridDim.x * blockDim.x;
    unsigned int k = blockIdx.x * blockDim.x + threadIdx.x;
    // whole trips: QUADS loads in flight before the first atomic
    for (; k + (QUADS - 1u) * stride < nl; k += QUADS * stride) {
        uint4 q[QUADS];
#pragma unroll
        for (int j = 0; j < QUADS; j++) q[j] = loads[k + j * stride];
#pragma unroll
        for (int j = 0; j < QUADS; j++) convolab_hist_fast_load<F, COPIES, B256, OPAQUE, RUNS, AGG>(sc, q[j], bins, opaque);
    }
    for (; k < nl; k += stride) convolab_hist_fast_load<F, COPIES, B256, OPAQUE, RUNS, AGG>(sc, loads[k], bins, opaque);
    // the pixels past the last whole load
    if (blockIdx.x == 0u && threadIdx.x < n - PER * nl) {
        convolab_hist_fast_pixel<F, COPIES, B256, OPAQUE, RUNS, AGG>(sc, px[PER * nl + threadIdx.x], 1u, bins, opaque);
    }
    if (OPAQUE && opaque != 0u) atomicAdd(&sc[(3u * bins + bins - 1u) * COPIES], opaque);
}

// The whole kernel: zero the copies, count, add the copies' sums into the global histogram.
template <class F, int COPIES, int QUADS, bool OPAQUE, int RUNS>
__device__ __forceinline__ void convolab_hist_fast_body(const typename F::Pixel* __restrict__ px, unsigned int n,
                                                        unsigned int bins, unsigned int* __restrict__ hist)
{
    unsigned int words = HIST_CHANNELS * bins;
    convolab_hist_zero(hist_s, words * COPIES);
    if constexpr (F::SHIFT == 8u) {
        if (bins == 256u) convolab_hist_fast_count<F, COPIES, QUADS, true, OPAQUE, RUNS, false>(px, n, bins, hist_s);
        else convolab_hist_fast_count<F, COPIES, QUADS, false, OPAQUE, RUNS, false>(px, n, bins, hist_s);
    } else {
        convolab_hist_fast_count<F, COPIES, QUADS, false, OPAQUE, RUNS, false>(px, n, bins, hist_s);
    }
    __syncthreads();
    for (unsigned int k = threadIdx.x; k < words; k += blockDim.x) {
        unsigned int v = 0u;
#pragma unroll
        for (int c = 0; c < COPIES; c++) v += hist_s[k * COPIES + c];
        if (v != 0u) atomicAdd(&hist[k], v);
    }
}

// The 16-bit fast kernel's body: the fast body in shared memory up to HIST16_SHARED_BINS bins;
// past that the same loads and opaque register with atomics straight into global memory, where
// (AGG) the lanes of a warp on one counter first agree (__match_any_sync) and add once: wide bins
// spread most images over many counters, and a skewed one no longer queues a warp on a few.
template <bool AGG>
__device__ __forceinline__ void convolab_hist16_fast_body(const uint2* __restrict__ px, unsigned int n, unsigned int bins,
                                                          unsigned int* __restrict__ hist)
{
    if (bins <= HIST16_SHARED_BINS) convolab_hist_fast_body<ConvolabRgba16, 1, HIST_FAST_QUADS, true, 0>(px, n, bins, hist);
    else convolab_hist_fast_count<ConvolabRgba16, 1, HIST_FAST_QUADS, false, true, 0, AGG>(px, n, bins, hist);
}

// =====================================================================================
// The kernels: 8-bit (convolab_hist_*) and 16-bit (convolab_hist16_*).
// =====================================================================================
#define CONVOLAB_HIST_KERNELS(PREFIX, F)                                                                    \
    extern "C" __global__ void PREFIX##_global(const F::Pixel* __restrict__ px, unsigned int n, unsigned int bins, \
                                               unsigned int* __restrict__ hist)                              \
    { convolab_hist_global_body<F>(px, n, bins, hist); }                                                  \
    extern "C" __global__ void PREFIX##_sectioned(const F::Pixel* __restrict__ px, unsigned int n, unsigned int bins, \
                                                  unsigned int* __restrict__ hist)                           \
    { convolab_hist_sectioned_body<F>(px, n, bins, hist); }                                               \
    extern "C" __global__ void PREFIX##_interleaved(const F::Pixel* __restrict__ px, unsigned int n, unsigned int bins, \
                                                    unsigned int* __restrict__ hist)                         \
    { convolab_hist_interleaved_body<F>(px, n, bins, hist); }                                             \
    extern "C" __global__ void PREFIX##_privatized(const F::Pixel* __restrict__ px, unsigned int n, unsigned int bins, \
                                                   unsigned int* __restrict__ hist)                          \
    { convolab_hist_privatized_body<F>(px, n, bins, hist); }                                              \
    extern "C" __global__ void PREFIX##_aggregated(const F::Pixel* __restrict__ px, unsigned int n, unsigned int bins, \
                                                   unsigned int* __restrict__ hist)                          \
    { convolab_hist_aggregated_body<F>(px, n, bins, hist); }

CONVOLAB_HIST_KERNELS(convolab_hist, ConvolabArgb8)
CONVOLAB_HIST_KERNELS(convolab_hist16, ConvolabRgba16)

// 8-bit fast, with the settings of geometry.cuh (HIST_FAST_*, measured with bench/histlab).
// Dynamic shared memory: 5 * bins * HIST_FAST_COPIES words (40 KiB at 256 bins and 8 copies).
extern "C" __global__ void __launch_bounds__(HIST_FAST_THREADS)
convolab_hist_fast(const unsigned int* __restrict__ px, unsigned int n, unsigned int bins, unsigned int* __restrict__ hist)
{
    convolab_hist_fast_body<ConvolabArgb8, HIST_FAST_COPIES, HIST_FAST_QUADS, HIST_FAST_OPAQUE != 0, HIST_FAST_RUNS>(px, n, bins, hist);
}

// 16-bit fast (convolab_hist16_fast_body). Dynamic shared memory: 5 * bins words up to
// HIST16_SHARED_BINS bins, none past.
extern "C" __global__ void __launch_bounds__(HIST_FAST_THREADS)
convolab_hist16_fast(const uint2* __restrict__ px, unsigned int n, unsigned int bins, unsigned int* __restrict__ hist)
{
    convolab_hist16_fast_body<true>(px, n, bins, hist);
}
