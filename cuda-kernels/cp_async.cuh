#pragma once
// =====================================================================================
// cp.async (sm_80 and later) for the streamed kernels (fast_stream.cu, fast_separable.cu): global
// memory copied into shared memory without registers waiting on it; plain loads and stores before
// sm_80. A thread commits its copies in groups and waits for the older groups before a barrier.
// =====================================================================================
#include "border.cuh"

__device__ __forceinline__ void convolab_cp_async16(float* smem, const float* gmem)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
#else
    *reinterpret_cast<float4*>(smem) = __ldg(reinterpret_cast<const float4*>(gmem));
#endif
}

// One ghost cell of a ring row: the pixel the policy maps it to, copied with a 4-byte cp.async (no
// register waits on it, as for the 16-byte copies), or the constant where the policy gives none.
__device__ __forceinline__ void convolab_cp_ghost(float* smem, const float* __restrict__ in, int x, int y, int w, int h,
                                                  int policy, float cval)
{
    const int sy = convolab_border_index(y, h, policy), sx = convolab_border_index(x, w, policy);
    if (sx < 0 || sy < 0) {
        *smem = cval;
        return;
    }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(s), "l"(in + (size_t)sy * w + sx));
#else
    *smem = __ldg(in + (size_t)sy * w + sx);
#endif
}

__device__ __forceinline__ void convolab_cp_commit()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}

// Waits until at most one committed group of this thread is still in flight.
__device__ __forceinline__ void convolab_cp_wait_all_but_one()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group 1;\n" ::);
#endif
}

// Waits until at most N committed groups of this thread are still in flight.
template <int N>
__device__ __forceinline__ void convolab_cp_wait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
#endif
}
