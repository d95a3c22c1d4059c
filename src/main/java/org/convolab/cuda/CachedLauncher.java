package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/** cached: the output tile's own pixels in shared memory, the halo read through the cache. */
final class CachedLauncher extends ConstantMaskLauncher {
    static final int BX = 32;
    static final int BY = 8;

    @Override
    public void launch(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        Mask m = ctx.mask();
        ctx.planeArgs(new KernelLaunch("convolab_cached")
                .grid(KernelLaunch.ceilDiv(ctx.width(), BX), KernelLaunch.ceilDiv(ctx.height(), BY)).block(BX, BY)
                .sharedBytes(BX * BY * 4), in, out)
                .run(ctx.module(), ctx.stream());
    }
}
