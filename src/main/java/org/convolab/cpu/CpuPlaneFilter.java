package org.convolab.cpu;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.PlaneFilter;
import org.convolab.core.SeparableMask;
import org.convolab.core.Strategy;

/**
 * The CPU's {@link PlaneFilter}: the same float arithmetic as {@link CpuEngine} (the same
 * {@link CpuEngine#shiftRow} and {@link CpuEngine#accumulate}, in the same order), so an 8-bit grey
 * plane filtered here gives the bits CpuEngine gives each channel. Rows are split across threads.
 * Three paths ({@link CpuPlanner#planePlan}): rows then columns, the 2D loop, and FFT correlation
 * ({@link FftConvolver}) for fft and for large masks that are not separable.
 */
public final class CpuPlaneFilter implements PlaneFilter {

    private final ForkJoinPool pool;
    private final int threads;

    /** A filter on all available cores. */
    public CpuPlaneFilter() {
        this(Runtime.getRuntime().availableProcessors());
    }

    public CpuPlaneFilter(int threads) {
        this.threads = Math.max(1, threads);
        this.pool = new ForkJoinPool(this.threads);
    }

    @Override
    public LaunchPlan correlate(float[] rows, int w, int outRows, FilterSpec spec, Strategy strategy, float[] sums) {
        Mask mask = spec.mask();
        strategy.checkApplicable(mask);
        LaunchPlan plan = CpuPlanner.planePlan(strategy, mask);
        boolean separable = plan.runs().needsSeparable();
        int rx = mask.radiusX();
        int pw = w + 2 * rx;
        int inRows = outRows + mask.height() - 1;
        float[] padded = padColumns(rows, w, inRows, rx, spec.border());
        if (plan.runs() == Strategy.FFT) {
            fftFor(mask, w, outRows).sums(padded, sums);
        } else if (separable) {
            separable(padded, pw, inRows, w, outRows, mask.separable().orElseThrow(), sums);
        } else {
            direct(padded, pw, w, outRows, mask, sums);
        }
        return plan;
    }

    /** The FFT plan of the last size and mask, kept while bands keep their size (its spectrum costs a transform). */
    private FftConvolver fft;
    private Mask fftMask;
    private int fftWidth;
    private int fftRows;

    private FftConvolver fftFor(Mask mask, int w, int outRows) {
        if (fft == null || !mask.equals(fftMask) || w != fftWidth || outRows != fftRows) {
            fft = null; // the old plan's arrays go before the new one's are made
            fft = new FftConvolver(mask, w, outRows);
            fftMask = mask;
            fftWidth = w;
            fftRows = outRows;
        }
        return fft;
    }

    /** Each row widened by rx ghost columns a side, through the policy. */
    private float[] padColumns(float[] rows, int w, int n, int rx, BorderPolicy border) {
        int pw = w + 2 * rx;
        int[] xmap = new int[pw];
        for (int px = 0; px < pw; px++) {
            xmap[px] = border.index(px - rx, w);
        }
        float ghost = border.constant();
        float[] padded = new float[Math.multiplyExact(pw, n)];
        parallelRows(n, (y0, y1) -> {
            for (int y = y0; y < y1; y++) {
                int s = y * w;
                int o = y * pw;
                for (int px = 0; px < pw; px++) {
                    int sx = xmap[px];
                    padded[o + px] = sx < 0 ? ghost : rows[s + sx];
                }
            }
        });
        return padded;
    }

    private void direct(float[] padded, int pw, int w, int outRows, Mask mask, float[] sums) {
        int mw = mask.width();
        int mh = mask.height();
        float[] m = mask.weights();
        parallelRows(outRows, (y0, y1) -> {
            float[] acc = new float[w];
            float[][] taps = new float[mw][w];
            for (int y = y0; y < y1; y++) {
                Arrays.fill(acc, 0f);
                for (int j = 0; j < mh; j++) {
                    CpuEngine.shiftRow(padded, (y + j) * pw, mw, w, taps);
                    CpuEngine.accumulate(acc, taps, m, j * mw, mw, w);
                }
                System.arraycopy(acc, 0, sums, y * w, w);
            }
        });
    }

    private void separable(float[] padded, int pw, int inRows, int w, int outRows, SeparableMask sep, float[] sums) {
        float[] row = sep.row();
        float[] col = sep.column();
        float[][] rowSums = new float[inRows][w];
        parallelRows(inRows, (y0, y1) -> {
            float[][] taps = new float[row.length][w];
            for (int y = y0; y < y1; y++) {
                CpuEngine.shiftRow(padded, y * pw, row.length, w, taps);
                CpuEngine.accumulate(rowSums[y], taps, row, 0, row.length, w);
            }
        });
        parallelRows(outRows, (y0, y1) -> {
            float[] acc = new float[w];
            float[][] window = new float[col.length][];
            for (int y = y0; y < y1; y++) {
                Arrays.fill(acc, 0f);
                System.arraycopy(rowSums, y, window, 0, col.length);
                CpuEngine.accumulate(acc, window, col, 0, col.length, w);
                System.arraycopy(acc, 0, sums, y * w, w);
            }
        });
    }

    /** Splits rows 0..n into a few bands a thread and runs them on the pool. */
    private void parallelRows(int n, RowBands.Body body) {
        RowBands.run(pool, threads, n, body);
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
