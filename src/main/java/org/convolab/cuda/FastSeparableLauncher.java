package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.StrategyRefusedException;
import org.convolab.core.Mask;
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
 * shapes (FSEPT_* in {@link KernelGeometry}) are those bench/fastlab measured them on an H200 (1.3 to
 * 2 times the speed of the earlier shared-tile kernel).
 */
final class FastSeparableLauncher implements ChannelLauncher {
    static final int BX = KernelGeometry.FSEPT_BX;
    static final int BY = KernelGeometry.FSEPT_BY;
    static final int OW = KernelGeometry.FSEPT_OW;

    /** Outputs per thread down a column for radius r: more from 8, where the halo rows cost most. */
    static int rowsPerThread(int r) {
        return r <= KernelGeometry.FSEPT_SMALL_MAX_R ? KernelGeometry.FSEPT_PY_SMALL : KernelGeometry.FSEPT_PY_LARGE;
    }

    @Override
    public boolean allChannels() {
        return true;
    }

    @Override
    public void prepare(LaunchContext ctx) {
        if (FastLauncher.compiledRadius(ctx.mask()) < 0) {
            throw new IllegalStateException("fast-separable has no kernel for a " + ctx.mask().width() + "x" + ctx.mask().height()
                    + " mask; the planner runs separable-tiled");
        }
        SeparableMask sep = ctx.mask().separable().orElseThrow(() -> new StrategyRefusedException(
                Strategy.FAST_SEPARABLE.whyNotApplicable(ctx.mask())));
        ctx.module().setConstant("c_fast_row", sep.row());
        ctx.module().setConstant("c_fast_col", sep.column());
    }

    @Override
    public void launch(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        throw new UnsupportedOperationException("fast-separable filters all channels in one launch");
    }

    @Override
    public void launchAll(LaunchContext ctx, CUdeviceptr[] in, CUdeviceptr[] out) {
        int r = ctx.mask().radiusX();
        KernelLaunch k = new KernelLaunch("convolab_fastsep_r" + r);
        k.grid(KernelLaunch.ceilDiv(ctx.width(), OW), KernelLaunch.ceilDiv(ctx.height(), BY * rowsPerThread(r)), ctx.channels())
                .block(BX, BY)
                .ptr(in[0]).ptr(in[1]).ptr(in[2]).ptr(out[0]).ptr(out[1]).ptr(out[2]).i(ctx.width()).i(ctx.height())
                .i(ctx.policy()).f(ctx.constant()).run(ctx.module(), ctx.stream());
    }
}
