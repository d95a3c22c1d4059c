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
 * Three paths ({@link CpuPlanner#planePlan}): rows then columns and the 2D loop, both through
 * {@link VectorTapKernel} where the Vector API is present (same bits), and FFT correlation
 * ({@link FftConvolver}) for fft and for large masks that are not separable.
 */
public final class CpuPlaneFilter implements PlaneFilter {

    private final ForkJoinPool pool;
    private final int threads;
    /** The SIMD kernel ({@link TapKernels}), or null for the scalar loops. */
    private final TapKernel simd;

    /** A filter on all available cores. */
    public CpuPlaneFilter() {
        this(Runtime.getRuntime().availableProcessors());
    }

    public CpuPlaneFilter(int threads) {
        this(threads, TapKernels.vector());
    }

    /** A filter on {@code threads} threads whose 2D and separable loops use {@code simd} when present, else the scalar loops. */
    CpuPlaneFilter(int threads, java.util.Optional<TapKernel> simd) {
        this.threads = Math.max(1, threads);
        this.pool = new ForkJoinPool(this.threads);
        this.simd = simd.orElse(null);
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
        TapList taps = new TapList(mask.weights(), mw, mh);
        if (simd != null) {
            int[] offsets = taps.offsets(pw);
            parallelRows(outRows, (y0, y1) -> {
                float[] acc = new float[w];
                for (int y = y0; y < y1; y++) {
                    simd.rows(padded, y * pw, offsets, taps.w, acc, 0, w);
                    System.arraycopy(acc, 0, sums, y * w, w);
                }
            });
            return;
        }
        parallelRows(outRows, (y0, y1) -> {
            float[] acc = new float[w];
            float[][] shifted = new float[mw][w];
            float[][] under = new float[taps.size()][];
            for (int y = y0; y < y1; y++) {
                Arrays.fill(acc, 0f);
                for (int j = 0; j < mh; j++) {
                    CpuEngine.shiftRow(padded, (y + j) * pw, mw, w, shifted);
                    for (int t = taps.start[j]; t < taps.start[j + 1]; t++) {
                        under[t] = shifted[taps.i[t]];
                    }
                    CpuEngine.accumulate(acc, under, taps.w, taps.start[j], taps.start[j + 1], w);
                }
                System.arraycopy(acc, 0, sums, y * w, w);
            }
        });
    }

    private void separable(float[] padded, int pw, int inRows, int w, int outRows, SeparableMask sep, float[] sums) {
        float[] row = sep.row();
        float[] col = sep.column();
        TapList rowTaps = new TapList(row, row.length, 1);
        TapList colTaps = new TapList(col, 1, col.length);
        if (simd != null) {
            // Row sums in one plane, so that the column pass is the same kernel with offsets j * w.
            float[] plane = new float[Math.multiplyExact(inRows, w)];
            int[] rowOffsets = rowTaps.offsets(pw);
            int[] colOffsets = colTaps.offsets(w);
            parallelRows(inRows, (y0, y1) -> {
                for (int y = y0; y < y1; y++) {
                    simd.rows(padded, y * pw, rowOffsets, rowTaps.w, plane, y * w, w);
                }
            });
            parallelRows(outRows, (y0, y1) -> {
                for (int y = y0; y < y1; y++) {
                    simd.rows(plane, y * w, colOffsets, colTaps.w, sums, y * w, w);
                }
            });
            return;
        }
        float[][] rowSums = new float[inRows][w];
        parallelRows(inRows, (y0, y1) -> {
            float[][] shifted = new float[row.length][w];
            float[][] under = new float[rowTaps.size()][];
            for (int t = 0; t < under.length; t++) {
                under[t] = shifted[rowTaps.i[t]];
            }
            for (int y = y0; y < y1; y++) {
                CpuEngine.shiftRow(padded, y * pw, row.length, w, shifted);
                CpuEngine.accumulate(rowSums[y], under, rowTaps.w, 0, under.length, w);
            }
        });
        parallelRows(outRows, (y0, y1) -> {
            float[] acc = new float[w];
            float[][] window = new float[colTaps.size()][];
            for (int y = y0; y < y1; y++) {
                Arrays.fill(acc, 0f);
                for (int t = 0; t < window.length; t++) {
                    window[t] = rowSums[y + colTaps.j[t]];
                }
                CpuEngine.accumulate(acc, window, colTaps.w, 0, window.length, w);
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
