package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * tiled-out: block = output tile of {@value #BX}x{@value #BY}; the input tile with its halo,
 * (BX + 2rx) x (BY + 2ry) floats, is loaded by all threads in a strided loop (at most 94x70 floats,
 * 26 KB, for a 63x63 mask).
 */
final class TiledOutLauncher extends ConstantMaskLauncher {
    static final int BX = 32;
    static final int BY = 8;

    @Override
    public void launch(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        Mask m = ctx.mask();
        int tw = BX + 2 * m.radiusX();
        int th = BY + 2 * m.radiusY();
        ctx.planeArgs(new KernelLaunch("convolab_tiled_out")
                .grid(KernelLaunch.ceilDiv(ctx.width(), BX), KernelLaunch.ceilDiv(ctx.height(), BY)).block(BX, BY)
                .sharedBytes(tw * th * 4), in, out)
                .run(ctx.module(), ctx.stream());
    }
}
