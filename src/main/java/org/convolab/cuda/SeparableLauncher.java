package org.convolab.cuda;

import java.util.List;
import jcuda.driver.CUdeviceptr;
import org.convolab.core.StrategyRefusedException;
import org.convolab.core.Mask;
import org.convolab.core.SeparableMask;
import org.convolab.core.Strategy;

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
    public Strategy strategy() {
        return tiled ? Strategy.SEPARABLE_TILED : Strategy.SEPARABLE;
    }

    /** The row pass into the scratch plane, then the column pass: the two steps of the plan. */
    @Override
    public void launch(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr in, CUdeviceptr out) {
        Mask m = ctx.mask();
        steps.get(0).launch().ptr(in).ptr(ctx.scratch()).i(ctx.width()).i(ctx.height()).i(m.width()).i(ctx.policy()).f(ctx.constant())
                .run(ctx.module(), ctx.stream());
        steps.get(1).launch().ptr(ctx.scratch()).ptr(out).i(ctx.width()).i(ctx.height()).i(m.height()).i(ctx.policy()).f(columnConstant)
                .run(ctx.module(), ctx.stream());
    }
}
