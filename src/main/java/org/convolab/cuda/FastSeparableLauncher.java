package org.convolab.cuda;

import java.util.List;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;
import org.convolab.core.Mask;
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
 * radius); past 63x63 (any separable mask up to 1023 a side) the wide kernels of wide_separable.cu, a row pass into the
 * scratch plane and a column pass, a channel at a time; for other separable masks {@link CudaPlanner} runs
 * {@code separable-tiled} and the plan says so. The tile
 * shapes (the FASTSEP_* policies of {@link KernelGeometry}) are those bench/fastlab measured on an H200 (1.3 to
 * 2 times the speed of the earlier shared-tile kernel); {@link KernelTable} sizes the launch.
 */
final class FastSeparableLauncher implements ChannelLauncher {

    /** The wide column pass's ghost value under a constant policy (set by {@link #prepare}). */
    private float columnConstant;

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
        if (CudaPlanner.large(ctx.mask())) {
            // the wide kernels read their weights from global memory (the constant bank holds 63 a side):
            // the row's at the start of the session's mask buffer, the column's after Mask.MAX_SIZE floats
            JCudaDriver.cuMemcpyHtoD(ctx.globalMask(), Pointer.to(sep.row()), 4L * sep.row().length);
            JCudaDriver.cuMemcpyHtoD(columnWeights(ctx), Pointer.to(sep.column()), 4L * sep.column().length);
            double sum = 0;
            for (float v : sep.row()) {
                sum += v;
            }
            columnConstant = (float) (ctx.constant() * sum);
            return;
        }
        ctx.module().setConstant("c_fast_row", sep.row());
        ctx.module().setConstant("c_fast_col", sep.column());
    }

    private static CUdeviceptr columnWeights(LaunchContext ctx) {
        return ctx.globalMask().withByteOffset(4L * Mask.MAX_SIZE);
    }

    @Override
    public void launchAll(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr[] in, CUdeviceptr[] out) {
        steps.get(0).launch().ptr(in[0]).ptr(in[1]).ptr(in[2]).ptr(out[0]).ptr(out[1]).ptr(out[2]).i(ctx.width()).i(ctx.height())
                .i(ctx.policy()).f(ctx.constant()).run(ctx.module(), ctx.stream());
    }

    /**
     * The wide kernels on one plane: rows into the scratch plane, then columns into {@code out}. Under a constant policy
     * the column pass's ghost rows are rows of the constant filtered by the row mask: V * sum(row).
     */
    @Override
    public void launch(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr in, CUdeviceptr out) {
        Mask m = ctx.mask();
        steps.get(0).launch().ptr(in).ptr(ctx.scratch()).ptr(ctx.globalMask()).i(ctx.width()).i(ctx.height()).i(m.width())
                .i(ctx.policy()).f(ctx.constant()).run(ctx.module(), ctx.stream());
        steps.get(1).launch().ptr(ctx.scratch()).ptr(out).ptr(columnWeights(ctx)).i(ctx.width()).i(ctx.height()).i(m.height())
                .i(ctx.policy()).f(columnConstant).run(ctx.module(), ctx.stream());
    }
}
