package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * Runs one strategy's kernel(s) on one float plane. {@link #prepare} uploads the mask where the
 * kernels want it (once per filter); {@link #launch} filters one channel; launchers check their
 * preconditions and name the kernel and geometry when a launch fails.
 */
interface ChannelLauncher {

    /** Uploads the mask to where the kernels read it. */
    void prepare(LaunchContext ctx);

    /** Filters one plane: {@code in} to {@code out} (both width*height floats). */
    void launch(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out);

    /** True when one launch filters all three channels ({@link #launchAll}). */
    default boolean allChannels() {
        return false;
    }

    /**
     * Frees what the launcher keeps between filters (plans, work buffers) in the context whose module
     * is {@code current}; on the CUDA thread. What belongs to an older context went with it.
     */
    default void release(CudaModule current) {
    }

    /**
     * The kernel with which {@link #launchArgb} filters packed 8-bit ARGB for this mask in one launch
     * (unpack, the three channels and pack fused, with the same results as the planes and the pack
     * kernel), or null where there is none.
     */
    default String argbKernel(Mask mask) {
        return null;
    }

    /**
     * Filters packed ARGB {@code in} (width*height words) into {@code out}, the output mapping of the
     * context's spec applied and alpha passed through; only where {@link #argbKernel} names one.
     */
    default void launchArgb(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        throw new UnsupportedOperationException("no fused ARGB kernel");
    }

    /** Filters the three planes in one launch; only for launchers whose {@link #allChannels()} is true. */
    default void launchAll(LaunchContext ctx, CUdeviceptr[] in, CUdeviceptr[] out) {
        throw new UnsupportedOperationException("one channel at a time");
    }
}
