package org.convolab.cuda;

import java.util.List;
import jcuda.driver.CUdeviceptr;
import org.convolab.core.StrategyRefusedException;
import org.convolab.core.SeparableMask;
import org.convolab.core.Strategy;

/**
 * fast-separable: one pass per block over all channels (grid z = channel: three for an image, one
 * for a plane). A block of 32x8
 * threads owns 128 columns x 8*{@link #rowsPerThread} rows: it filters the rows of its tile (halo
 * rows included) from global memory into shared memory, 4 per thread with float4 loads, then the
 * columns from there with a register window, so the intermediate never reaches global memory (24
 * bytes a pixel in all instead of 48). For square masks of radius 0 to 15 (kernels compiled per
 * radius); for other separable masks {@link CudaPlanner} runs {@code separable-tiled} and the plan says so. The tile
 * shapes (the FASTSEP_* policies of {@link KernelGeometry}) are those bench/fastlab measured on an H200 (1.3 to
 * 2 times the speed of the earlier shared-tile kernel); {@link KernelTable} sizes the launch.
 */
final class FastSeparableLauncher implements ChannelLauncher {

    @Override
    public Strategy strategy() {
        return Strategy.FAST_SEPARABLE;
    }

    @Override
    public boolean allChannels() {
        return true;
    }

    @Override
    public void prepare(LaunchContext ctx) {
        SeparableMask sep = ctx.mask().separable().orElseThrow(() -> new StrategyRefusedException(
                Strategy.FAST_SEPARABLE.whyNotApplicable(ctx.mask())));
        ctx.module().setConstant("c_fast_row", sep.row());
        ctx.module().setConstant("c_fast_col", sep.column());
    }

    @Override
    public void launchAll(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr[] in, CUdeviceptr[] out) {
        steps.get(0).launch().ptr(in[0]).ptr(in[1]).ptr(in[2]).ptr(out[0]).ptr(out[1]).ptr(out[2]).i(ctx.width()).i(ctx.height())
                .i(ctx.policy()).f(ctx.constant()).run(ctx.module(), ctx.stream());
    }
}
