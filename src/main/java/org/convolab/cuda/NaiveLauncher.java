package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/** naive: one thread per output, mask in global memory. */
final class NaiveLauncher implements ChannelLauncher {
    static final int BX = 32;
    static final int BY = 8;

    @Override
    public void prepare(LaunchContext ctx) {
        jcuda.driver.JCudaDriver.cuMemcpyHtoD(ctx.globalMask(), jcuda.Pointer.to(ctx.mask().weights()),
                ctx.mask().width() * ctx.mask().height() * 4L);
    }

    @Override
    public void launch(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        ctx.planeArgs(new KernelLaunch("convolab_naive")
                .grid(KernelLaunch.ceilDiv(ctx.width(), BX), KernelLaunch.ceilDiv(ctx.height(), BY)).block(BX, BY), in, out)
                .ptr(ctx.globalMask())
                .run(ctx.module(), ctx.stream());
    }
}
