package org.convolab.cpu;

import java.util.concurrent.atomic.LongAdder;

/**
 * The scalar kernel for a process's first {@link #SCALAR_ROWS} rows, the vector kernel from then on. Java 17
 * runs the Vector API interpreted or in C1 code (every vector boxed), several times slower than plain loops,
 * until C2 has compiled it: in a fresh process on two cores, one 24 MP JPEG with a 5×5 Gaussian took 3.8 s
 * with the vector kernel from the start against 2.4 s with plain loops (hyperfine, 5 runs), C2 having the
 * vector kernel ready only after about 0.7 s of the filter (-XX:+PrintCompilation). Compiling it pays only in a
 * process that goes on filtering (a batch, the window, a benchmark), so a single photo's filter stays scalar and
 * the switch comes a little past one 24 MP photo's rows. Both kernels give the same bits ({@link TapKernel}),
 * so where the switch falls changes no result.
 */
final class ScalarFirstTapKernel implements TapKernel {

    /** Rows before the switch: a little more than one 24 MP photo's (4000 rows, 3 channels, 2 passes). */
    static final long SCALAR_ROWS = 30_000;

    private final TapKernel vector;
    private final TapKernel scalar;
    private final long scalarRows;
    private final LongAdder rowsDone = new LongAdder();
    private volatile boolean switched;

    /** {@code scalar} for the first {@code scalarRows} rows calls, then {@code vector}. */
    ScalarFirstTapKernel(TapKernel vector, TapKernel scalar, long scalarRows) {
        this.vector = vector;
        this.scalar = scalar;
        this.scalarRows = scalarRows;
    }

    /** Whether calls now go to the vector kernel. */
    boolean switched() {
        return switched;
    }

    @Override
    public void rows(float[] src, int base, int[] offsets, float[] weights, float[] acc, int o, int w) {
        if (switched) {
            vector.rows(src, base, offsets, weights, acc, o, w);
            return;
        }
        scalar.rows(src, base, offsets, weights, acc, o, w);
        rowsDone.increment();
        if (rowsDone.sum() >= scalarRows) {
            switched = true;
        }
    }

    @Override
    public int store(float[] acc, int[] out, int o, int w, int shift, float div, float off, boolean abs) {
        return switched ? vector.store(acc, out, o, w, shift, div, off, abs) : scalar.store(acc, out, o, w, shift, div, off, abs);
    }
}
