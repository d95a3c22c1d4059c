package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * fast: all three channels in one launch (grid z = channel), block {@value #BX}x{@value #BY} threads
 * computing a {@value #BX}x{@value #OH} output tile, {@value #PY} outputs per thread down a column.
 * Square masks of radius 0 to 15 run a kernel compiled for their radius; other shapes run the
 * runtime-radius kernel with dynamic shared memory (at most 126x94 floats, 47 KB, for 63x63).
 * These constants must match FAST_BX, FAST_BY and FAST_PY in fast.cu.
 */
final class FastLauncher implements ChannelLauncher {
    static final int BX = 64;
    static final int BY = 4;
    static final int PY = 8;
    static final int OH = BY * PY;
    static final int MAX_COMPILED_RADIUS = 15;

    @Override
    public Strategy resolve(Mask mask) {
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
    public void launch(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        throw new UnsupportedOperationException("fast filters all channels in one launch");
    }

    /** The compiled radius for the mask, or -1 when it takes the runtime-radius kernel. */
    static int compiledRadius(Mask m) {
        return m.width() == m.height() && m.radiusX() <= MAX_COMPILED_RADIUS ? m.radiusX() : -1;
    }

    @Override
    public void launchAll(LaunchContext ctx, CUdeviceptr[] in, CUdeviceptr[] out) {
        Mask m = ctx.mask();
        int r = compiledRadius(m);
        KernelLaunch k = new KernelLaunch(r >= 0 ? "convolab_fast2d_r" + r : "convolab_fast2d_any")
                .grid(KernelLaunch.ceilDiv(ctx.width(), BX), KernelLaunch.ceilDiv(ctx.height(), OH), 3).block(BX, BY)
                .ptr(in[0]).ptr(in[1]).ptr(in[2]).ptr(out[0]).ptr(out[1]).ptr(out[2]).i(ctx.width()).i(ctx.height());
        if (r < 0) {
            k.sharedBytes((BX + 2 * m.radiusX()) * (OH + 2 * m.radiusY()) * 4).i(m.width()).i(m.height());
        }
        k.i(ctx.policy()).f(ctx.constant()).run(ctx.module(), ctx.stream());
    }
}
