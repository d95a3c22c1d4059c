package org.convolab.cuda;

import java.util.List;
import jcuda.driver.CUdeviceptr;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * tiled: block = input tile. Each thread loads one input element; the inner OX x OY threads compute,
 * the 2r-wide halo threads only load. The input tile must fit in {@value #MAX_THREADS} threads, so
 * the output tile is chosen per mask (32 - 2r for square masks up to 31x31, wider and flatter for
 * rectangular ones). When no output tile fits (both radii above 15), or when fewer than
 * {@value #MIN_COMPUTING_THREADS} threads of the block would compute (square masks from 27x27),
 * {@link CudaPlanner} runs tiled-out instead and the plan says so; this launcher refuses such a mask.
 * Why: at 31x31 the 32x32 block has a 2x2 output tile, so 4 of its 1024 threads compute, one
 * 961-tap sum each, while the block holds half an SM (two blocks of 1024 threads fit one) and
 * loads 256 inputs per output; an H100 took 752 ms for 4096x4096 RGB, tiled-out 12.9 ms.
 */
final class TiledLauncher extends ConstantMaskLauncher {
    static final int MAX_THREADS = 1024;

    /** Fewest computing threads (two warps' worth) for which a block = input tile is worth launching. */
    static final int MIN_COMPUTING_THREADS = 64;

    /** Threads of the input tile that compute an output (the output tile's area), 0 when none fits. */
    static int computingThreads(Mask mask) {
        int[] tile = inputTile(mask);
        return tile == null ? 0 : (tile[0] - 2 * mask.radiusX()) * (tile[1] - 2 * mask.radiusY());
    }

    /** Input-tile width and height for the mask, or null when no block = input tile fits. */
    static int[] inputTile(Mask mask) {
        int hx = 2 * mask.radiusX();
        int hy = 2 * mask.radiusY();
        int[] best = null;
        double bestEff = 0;
        for (int tw = hx + 1; tw <= MAX_THREADS; tw++) {
            int th = MAX_THREADS / tw;
            if (th <= hy) {
                break;
            }
            th = Math.min(th, hy + 32);
            double eff = (double) (tw - hx) * (th - hy) / (tw * th);
            // prefer whole warps along x when the efficiency ties
            if (eff > bestEff + 1e-9 || (Math.abs(eff - bestEff) <= 1e-9 && tw % 32 == 0)) {
                bestEff = eff;
                best = new int[] {tw, th};
            }
        }
        return best;
    }

    @Override
    public Strategy strategy() {
        return Strategy.TILED;
    }

    @Override
    public void launch(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr in, CUdeviceptr out) {
        ctx.planeArgs(steps.get(0).launch(), in, out).run(ctx.module(), ctx.stream());
    }
}
