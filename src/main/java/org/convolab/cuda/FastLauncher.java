package org.convolab.cuda;

import java.util.List;
import jcuda.driver.CUdeviceptr;
import org.convolab.core.FilterSpec;
import org.convolab.core.Strategy;

/**
 * fast: the kernels of {@link KernelTable}'s fast variants, as the planner laid them out. On float
 * planes all channels go in one launch (grid z = channel: three for an image, one for a plane): the
 * float4 kernel for square masks of radius 0 to 2, the streamed kernel for 3 and 4 (its rows per block are
 * the step's {@link KernelStep#rowsPerBlock}), the shared-tile kernel for 5 to 15, the run-time size
 * kernel for other shapes (which takes the mask's size). On the app's own path (packed 8-bit ARGB
 * resident on the GPU) the fused kernels read and write the packed words ({@link #launchArgb}): the
 * float4 kernel's window and FMA order for each of R, G and B, 8 bytes a pixel instead of 24 for the
 * planes and 20 for the pack kernel, with the same bits. The tile shapes were chosen with bench/fastlab
 * on an H200 and H100; they are the policies of {@link KernelGeometry}.
 */
final class FastLauncher implements ChannelLauncher {

    @Override
    public Strategy strategy() {
        return Strategy.FAST;
    }

    @Override
    public boolean allChannels() {
        return true;
    }

    @Override
    public void prepare(LaunchContext ctx) {
        ctx.module().setConstant("c_fast_mask", ctx.mask().weights());
    }

    @Override
    public void launchArgb(LaunchContext ctx, KernelStep step, CUdeviceptr in, CUdeviceptr out) {
        if (ctx.channels() != LaunchContext.RGB) {
            throw new IllegalStateException("the fused ARGB kernel " + step.kernel() + " filters packed RGB, not "
                    + ctx.channels() + " channel(s)");
        }
        FilterSpec spec = ctx.spec();
        step.launch().ptr(in).ptr(out).i(ctx.width()).i(ctx.height()).i(ctx.policy()).f(ctx.constant())
                .f(spec.divisor()).f(spec.offset()).i(spec.abs() ? 1 : 0).run(ctx.module(), ctx.stream());
    }

    @Override
    public void launchAll(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr[] in, CUdeviceptr[] out) {
        KernelStep step = steps.get(0);
        KernelLaunch k = step.launch().ptr(in[0]).ptr(in[1]).ptr(in[2]).ptr(out[0]).ptr(out[1]).ptr(out[2]).i(ctx.width()).i(ctx.height());
        if (step.rowsPerBlock() > 0) {
            k.i(step.rowsPerBlock()); // the streamed kernel's chunk
        }
        if (step.kernel().equals(KernelTable.FAST_ANY)) {
            k.i(ctx.mask().width()).i(ctx.mask().height()); // the run-time size kernel
        }
        k.i(ctx.policy()).f(ctx.constant()).run(ctx.module(), ctx.stream());
    }
}
