package org.convolab.cuda;

import java.util.List;
import jcuda.driver.CUdeviceptr;
import org.convolab.core.Strategy;

/**
 * Runs one strategy's kernels as the planner laid them out ({@link KernelStep}: kernel, grid, block,
 * shared memory): it puts the mask where the kernels read it ({@link #prepare}, once per filter) and
 * adds each launch's arguments; it chooses no kernel and no geometry. A launch that fails names the
 * kernel and its geometry.
 */
interface ChannelLauncher {

    /** The strategy whose kernels this launcher runs. */
    Strategy strategy();

    /** Uploads the mask to where the kernels read it. */
    void prepare(LaunchContext ctx);

    /** True when one launch filters every channel (grid z): {@link #launchAll}; else {@link #launch} a channel. */
    default boolean allChannels() {
        return false;
    }

    /**
     * Whether the planner's steps for the context's mask cover every channel a launch: the variant of the table says
     * (a launcher may run both kinds: fast-separable's wide kernels go a channel at a time).
     */
    default boolean allChannels(LaunchContext ctx) {
        return CudaPlanner.variant(strategy(), ctx.mask(), SampleLayout.PLANES, true, false).allChannels();
    }

    /** Runs the steps on one plane: {@code in} to {@code out} (both width*height floats). */
    default void launch(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr in, CUdeviceptr out) {
        throw new UnsupportedOperationException(strategy().id() + " filters all channels in one launch");
    }

    /** Runs the steps over the planes, all channels in each launch. */
    default void launchAll(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr[] in, CUdeviceptr[] out) {
        throw new UnsupportedOperationException(strategy().id() + " filters one channel at a time");
    }

    /**
     * Runs a fused step: packed ARGB {@code in} (width*height words) into {@code out}, the output mapping of
     * the context's spec applied and alpha passed through.
     */
    default void launchArgb(LaunchContext ctx, KernelStep step, CUdeviceptr in, CUdeviceptr out) {
        throw new UnsupportedOperationException(strategy().id() + " has no fused ARGB kernel");
    }

    /**
     * Frees what the launcher keeps between filters (plans, work buffers) in the context whose module
     * is {@code current}; on the CUDA thread. What belongs to an older context went with it.
     */
    default void release(CudaModule current) {
    }

    /** Filters one plane with the planner's steps for it (the plane filter's way in). */
    default void launch(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        launch(ctx, planeSteps(ctx), in, out);
    }

    /** Filters the planes with the planner's steps for them (the plane filter's way in). */
    default void launchAll(LaunchContext ctx, CUdeviceptr[] in, CUdeviceptr[] out) {
        launchAll(ctx, planeSteps(ctx), in, out);
    }

    /** The steps the planner lays out for this strategy on the context's planes. */
    default List<KernelStep> planeSteps(LaunchContext ctx) {
        return CudaPlanner.variant(strategy(), ctx.mask(), SampleLayout.PLANES, true, false)
                .steps(ctx.width(), ctx.height(), ctx.channels(), ctx.module());
    }
}
