package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/** constant: one thread per output, mask in {@code __constant__} memory. */
final class ConstantLauncher extends ConstantMaskLauncher {
    static final int BX = 32;
    static final int BY = 8;

    @Override
    public void launch(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        ctx.planeArgs(new KernelLaunch("convolab_constant")
                .grid(KernelLaunch.ceilDiv(ctx.width(), BX), KernelLaunch.ceilDiv(ctx.height(), BY)).block(BX, BY), in, out)
                .run(ctx.module(), ctx.stream());
    }
}
