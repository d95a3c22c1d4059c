package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.SeparableMask;
import org.convolab.core.Strategy;

/**
 * fast-separable: one pass per block over all three channels (grid z = channel): the input tile goes
 * to shared memory, its rows are filtered into a second shared tile, and the columns are filtered
 * from there, so the intermediate never reaches global memory (24 bytes a pixel in all instead of
 * 48). Radius 0 to 4 runs a register-only kernel instead (4x4 outputs per thread, float4 loads through
 * L1, rows filtered in registers), 1.2 to 1.9 times faster there on an H200 (bench/fastlab). For
 * square masks of radius 0 to 15 (kernels compiled per radius); other separable masks run
 * {@code separable-tiled}, and the result says so. Constants match FSEP_* in fast.cu.
 */
final class FastSeparableLauncher implements ChannelLauncher {
    static final int BX = 64;
    static final int BY = 8;
    static final int PY = 4;
    static final int OH = BY * PY;
    /** Outputs per thread down a column in the register-only kernel of radius 0 to 4. */
    static final int VECTOR_PY = 4;

    private final SeparableLauncher fallback = new SeparableLauncher(true);

    @Override
    public Strategy resolve(Mask mask) {
        return FastLauncher.compiledRadius(mask) >= 0 ? Strategy.FAST_SEPARABLE : Strategy.SEPARABLE_TILED;
    }

    @Override
    public boolean allChannels() {
        return true;
    }

    @Override
    public boolean twoPasses() {
        return false;
    }

    @Override
    public void prepare(LaunchContext ctx) {
        if (resolve(ctx.mask()) != Strategy.FAST_SEPARABLE) {
            fallback.prepare(ctx);
            return;
        }
        SeparableMask sep = ctx.mask().separable().orElseThrow(() -> new ConvolabException(
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
        if (resolve(ctx.mask()) != Strategy.FAST_SEPARABLE) {
            for (int c = 0; c < 3; c++) {
                fallback.launch(ctx, in[c], out[c]);
            }
            return;
        }
        int r = ctx.mask().radiusX();
        KernelLaunch k = new KernelLaunch("convolab_fastsep_r" + r);
        if (r <= FastLauncher.MAX_VECTOR_RADIUS) {
            k.grid(KernelLaunch.ceilDiv(KernelLaunch.ceilDiv(ctx.width(), 4), FastLauncher.VBX),
                    KernelLaunch.ceilDiv(ctx.height(), FastLauncher.VBY * VECTOR_PY), 3).block(FastLauncher.VBX, FastLauncher.VBY);
        } else {
            k.grid(KernelLaunch.ceilDiv(ctx.width(), BX), KernelLaunch.ceilDiv(ctx.height(), OH), 3).block(BX, BY);
        }
        k
                .ptr(in[0]).ptr(in[1]).ptr(in[2]).ptr(out[0]).ptr(out[1]).ptr(out[2]).i(ctx.width()).i(ctx.height())
                .i(ctx.policy()).f(ctx.constant()).run(ctx.module(), ctx.stream());
    }
}
