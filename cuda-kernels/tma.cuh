// =====================================================================================
// Hopper (sm_90) tensor-memory-accelerator copies and the shared-memory barriers they complete on, as inline PTX
// (the toolkit's cuda::ptx wrappers need libcu++ of CUDA 12.4+; these need nothing). A tensor map (128 bytes, made on
// the host by cuTensorMapEncodeTiled) describes the global array and the box one copy brings; the copy lands whole
// in shared memory and counts its bytes off the barrier, so the threads that wait need not have issued it.
// Used by volume_sep.cuh's one-sweep kernels (the TMA variant, convolab_vol_sep3t_rN).
// =====================================================================================
#pragma once

/** A tensor map as the driver encodes it (CUtensorMap: 128 bytes, 64-byte aligned), passed by value. */
struct alignas(64) ConvolabTensorMap {
    unsigned long long words[16];
};

// Below sm_90 (the fatbin's PTX for compute_75 and older SASS) and in the CPU emulation the helpers exist but must not
// run: the host launches the TMA kernels only on compute capability 9.0 and up.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define CONVOLAB_TMA_PTX(...) asm volatile(__VA_ARGS__)
#elif defined(__CUDA_ARCH__)
#define CONVOLAB_TMA_PTX(...) __trap()
#else
#define CONVOLAB_TMA_PTX(...) ((void)0)
#endif

__device__ __forceinline__ unsigned convolab_smem(const void* p)
{
#ifdef __CUDA_ARCH__
    return (unsigned)__cvta_generic_to_shared(p);
#else
    return (unsigned)(unsigned long long)p;
#endif
}

/** One thread makes the barrier; the block must sync (and fence) before anyone else uses it. */
__device__ __forceinline__ void convolab_mbar_init(unsigned long long* bar, unsigned count)
{
    CONVOLAB_TMA_PTX("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(convolab_smem(bar)), "r"(count) : "memory");
}

/** Makes barrier inits visible to the async proxy (the copies) before the block syncs. */
__device__ __forceinline__ void convolab_mbar_init_fence()
{
    CONVOLAB_TMA_PTX("fence.mbarrier_init.release.cluster;\n\tfence.proxy.async.shared::cta;" ::: "memory");
}

/** Orders this thread's earlier generic shared-memory writes before later async-proxy (copy) writes. */
__device__ __forceinline__ void convolab_fence_async_shared()
{
    CONVOLAB_TMA_PTX("fence.proxy.async.shared::cta;" ::: "memory");
}

/** Arrives (count 1) and tells the barrier to expect `bytes` more from copies before its phase completes. */
__device__ __forceinline__ void convolab_mbar_expect(unsigned long long* bar, unsigned bytes)
{
    CONVOLAB_TMA_PTX("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(convolab_smem(bar)), "r"(bytes) : "memory");
}

/** Arrives (count 1) with no bytes to wait for. */
__device__ __forceinline__ void convolab_mbar_arrive(unsigned long long* bar)
{
    CONVOLAB_TMA_PTX("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(convolab_smem(bar)) : "memory");
}

/** Waits until the barrier's phase of the given parity (0, 1, 0, ... by use) has completed. */
__device__ __forceinline__ void convolab_mbar_wait(unsigned long long* bar, unsigned parity)
{
    CONVOLAB_TMA_PTX("{\n\t.reg .pred p;\n"
                 "CONVOLAB_MBAR_WAIT:\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n\t"
                 "@!p bra CONVOLAB_MBAR_WAIT;\n}" ::"r"(convolab_smem(bar)),
                 "r"(parity)
                 : "memory");
}

/** One box of a 3D tensor map at element (x, y, z) (out-of-range elements read as zero) into dst, 128-byte aligned. */
__device__ __forceinline__ void convolab_tma_load_3d(void* dst, const ConvolabTensorMap* map, unsigned long long* bar, int x,
                                                     int y, int z)
{
    CONVOLAB_TMA_PTX("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5}], [%2];" ::"r"(
                     convolab_smem(dst)),
                 "l"(reinterpret_cast<unsigned long long>(map)), "r"(convolab_smem(bar)), "r"(x), "r"(y), "r"(z)
                 : "memory");
}
