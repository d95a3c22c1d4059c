package org.convolab.cuda;

import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * The 2D strategies that differ only in their kernel, where it reads the mask and how much shared
 * memory it takes: one thread per output in a {@value #BX}x{@value #BY} block, one launch per
 * channel. Each row of {@link #TABLE} is one strategy.
 */
final class SimpleLauncher implements ChannelLauncher {
    static final int BX = 32;
    static final int BY = 8;
    /** Static shared memory a block may take without opting in to more. */
    static final int MAX_SHARED_BYTES = 48 * 1024;

    /** Where a kernel reads the 2D mask: a global buffer passed as its last argument, or {@code c_mask}. */
    enum MaskIn { GLOBAL, CONSTANT }

    /** One strategy: its kernel, where the mask lives, and its dynamic shared memory for a mask. */
    record Row(String kernel, MaskIn mask, ToIntFunction<Mask> sharedBytes) {
    }

    static final Map<Strategy, Row> TABLE = Map.of(
            // naive: the mask in global memory.
            Strategy.NAIVE, new Row("convolab_naive", MaskIn.GLOBAL, m -> 0),
            // constant: the mask in __constant__ memory.
            Strategy.CONSTANT, new Row("convolab_constant", MaskIn.CONSTANT, m -> 0),
            // tiled-out: block = output tile; the input tile with its halo is loaded in a strided loop
            // (at most 94x70 floats, 26 KB, for a 63x63 mask).
            Strategy.TILED_OUT, new Row("convolab_tiled_out", MaskIn.CONSTANT,
                    m -> (BX + 2 * m.radiusX()) * (BY + 2 * m.radiusY()) * 4),
            // cached: the output tile's own pixels in shared memory, the halo read through the cache.
            Strategy.CACHED, new Row("convolab_cached", MaskIn.CONSTANT, m -> BX * BY * 4));

    private final Strategy strategy;
    private final Row row;

    SimpleLauncher(Strategy strategy) {
        this.strategy = strategy;
        row = TABLE.get(strategy);
        if (row == null) {
            throw new IllegalArgumentException(strategy.id() + " is not a simple 2D strategy");
        }
    }

    @Override
    public Strategy strategy() {
        return strategy;
    }

    @Override
    public void prepare(LaunchContext ctx) {
        Mask m = ctx.mask();
        if (row.mask() == MaskIn.GLOBAL) {
            JCudaDriver.cuMemcpyHtoD(ctx.globalMask(), Pointer.to(m.weights()), m.width() * m.height() * 4L);
        } else {
            ctx.module().setConstant("c_mask", m.weights());
        }
    }

    @Override
    public void launch(LaunchContext ctx, List<KernelStep> steps, CUdeviceptr in, CUdeviceptr out) {
        KernelStep step = steps.get(0);
        if (step.sharedBytes() > MAX_SHARED_BYTES) {
            Mask m = ctx.mask();
            throw new IllegalStateException(row.kernel() + " would need " + step.sharedBytes() + " bytes of shared memory for a "
                    + m.width() + "x" + m.height() + " mask (at most " + MAX_SHARED_BYTES + ")");
        }
        KernelLaunch k = ctx.planeArgs(step.launch(), in, out);
        if (row.mask() == MaskIn.GLOBAL) {
            k.ptr(ctx.globalMask());
        }
        k.run(ctx.module(), ctx.stream());
    }
}
