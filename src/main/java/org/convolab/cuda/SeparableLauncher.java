package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import org.convolab.core.StrategyRefusedException;
import org.convolab.core.Mask;
import org.convolab.core.SeparableMask;
import org.convolab.core.Strategy;

import static org.convolab.cuda.KernelGeometry.SEP_BX;
import static org.convolab.cuda.KernelGeometry.SEP_BY;
import static org.convolab.cuda.KernelGeometry.SEP_STEPS;

/**
 * separable and separable-tiled: a row pass into the scratch plane, then a column pass. The 1D
 * masks go to {@code c_row} and {@code c_col}. Under a constant policy the column pass's ghost rows
 * are rows of the constant filtered by the row mask, so its constant is V * sum(row).
 */
final class SeparableLauncher implements ChannelLauncher {
    private final boolean tiled;
    private float columnConstant;

    SeparableLauncher(boolean tiled) {
        this.tiled = tiled;
    }

    @Override
    public void prepare(LaunchContext ctx) {
        SeparableMask sep = ctx.mask().separable().orElseThrow(() -> new StrategyRefusedException(
                (tiled ? Strategy.SEPARABLE_TILED : Strategy.SEPARABLE).whyNotApplicable(ctx.mask())));
        float[] row = sep.row();
        ctx.module().setConstant("c_row", row);
        ctx.module().setConstant("c_col", sep.column());
        double sum = 0;
        for (float v : row) {
            sum += v;
        }
        columnConstant = (float) (ctx.constant() * sum);
    }

    @Override
    public void launch(LaunchContext ctx, CUdeviceptr in, CUdeviceptr out) {
        int w = ctx.width();
        int h = ctx.height();
        Mask m = ctx.mask();
        KernelLaunch rows;
        KernelLaunch cols;
        if (tiled) {
            rows = new KernelLaunch("convolab_sep_rows_tiled")
                    .grid(KernelLaunch.ceilDiv(w, SEP_BX * SEP_STEPS), KernelLaunch.ceilDiv(h, SEP_BY)).block(SEP_BX, SEP_BY)
                    .sharedBytes(SEP_BY * (SEP_BX * SEP_STEPS + 2 * m.radiusX()) * 4);
            cols = new KernelLaunch("convolab_sep_cols_tiled")
                    .grid(KernelLaunch.ceilDiv(w, SEP_BX), KernelLaunch.ceilDiv(h, SEP_BY * SEP_STEPS)).block(SEP_BX, SEP_BY)
                    .sharedBytes((SEP_BY * SEP_STEPS + 2 * m.radiusY()) * SEP_BX * 4);
        } else {
            rows = new KernelLaunch("convolab_sep_rows")
                    .grid(KernelLaunch.ceilDiv(w, 32), KernelLaunch.ceilDiv(h, 8)).block(32, 8);
            cols = new KernelLaunch("convolab_sep_cols")
                    .grid(KernelLaunch.ceilDiv(w, 32), KernelLaunch.ceilDiv(h, 8)).block(32, 8);
        }
        rows.ptr(in).ptr(ctx.scratch()).i(w).i(h).i(m.width()).i(ctx.policy()).f(ctx.constant())
                .run(ctx.module(), ctx.stream());
        cols.ptr(ctx.scratch()).ptr(out).i(w).i(h).i(m.height()).i(ctx.policy()).f(columnConstant)
                .run(ctx.module(), ctx.stream());
    }
}
