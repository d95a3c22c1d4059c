package org.convolab.cpu;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterResult;
import org.convolab.core.LaunchPlan;
import org.convolab.core.FilterSpec;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.Mask;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;
import org.convolab.core.SeparableMask;
import org.convolab.core.Strategy;
import org.convolab.core.Timings;

/**
 * The fast CPU engine: float arithmetic on all cores, one channel at a time.
 *
 * <p>Each channel is first copied into a padded float plane whose border already holds the ghost
 * cells (built through {@link BorderPolicy#index}, so every policy and any mask size are right), so
 * the inner loops have no bounds checks: for each output row, each group of four taps adds scaled
 * input rows into an accumulator row. The rows under the taps are copied to arrays of their own first
 * ({@link #shiftRow}), which is what lets the JIT vectorise the loops. Rank-1 masks take the separable path
 * (rows, then columns) when the strategy asks for it or is auto. Rows are split across threads.
 * Strategy fft, and auto for large masks that are not separable, correlate the same padded planes
 * through {@link FftConvolver}; its plan (with the mask's spectrum) is kept while the mask and
 * image size stay. {@link CpuPlanner} decides the path.
 */
public final class CpuEngine implements ConvolutionEngine {

    /** Most floats of shifted rows a thread keeps (about 16 MB). */
    private static final long RING_FLOATS = 4L << 20;

    private final ForkJoinPool pool;
    private final int threads;
    /** The last FFT plan, taken out while a filter uses it (a plan is not thread-safe). */
    private final AtomicReference<CachedFft> lastFft = new AtomicReference<>();

    /** An FFT plan and what it was made for. */
    private record CachedFft(Mask mask, int width, int height, FftConvolver plan) {
        boolean fits(Mask m, int w, int h) {
            return width == w && height == h && mask.equals(m);
        }
    }

    /** An engine on all available cores. */
    public CpuEngine() {
        this(Runtime.getRuntime().availableProcessors());
    }

    public CpuEngine(int threads) {
        this.threads = Math.max(1, threads);
        this.pool = new ForkJoinPool(this.threads);
    }

    @Override
    public String backend() {
        return "cpu";
    }

    @Override
    public String device() {
        return "CPU, " + threads + (threads == 1 ? " thread" : " threads");
    }

    @Override
    public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
        Mask mask = spec.mask();
        strategy.checkApplicable(mask);
        LaunchPlan plan = CpuPlanner.plan(strategy, mask);
        boolean separablePath = plan.runs().needsSeparable();
        boolean fftPath = plan.runs() == Strategy.FFT;
        SeparableMask sep = separablePath ? mask.separable().orElseThrow() : null;

        long t0 = System.nanoTime();
        int w = image.width();
        int h = image.height();
        CachedFft fft = fftPath ? fftPlan(mask, w, h) : null;
        int[] src = image.pixels();
        int[] out = new int[src.length];
        int rx = mask.radiusX();
        int ry = mask.radiusY();
        int pw = w + 2 * rx;
        int ph = h + 2 * ry;
        float[] padded = new float[Math.multiplyExact(pw, ph)];
        float[][] rows = separablePath ? new float[ph][w] : null;
        double padMs = 0;
        List<Double> channelMs = new ArrayList<>(3);
        try {
            for (int c = 0; c < 3; c++) {
                int shift = 16 - 8 * c;
                long a = System.nanoTime();
                pad(src, w, h, shift, spec.border(), rx, ry, padded);
                long b = System.nanoTime();
                if (fftPath) {
                    fft.plan().filterChannel(padded, out, shift, spec);
                } else if (separablePath) {
                    separable(padded, pw, ph, w, h, sep, rows, out, shift, spec);
                } else {
                    direct(padded, pw, w, h, mask, out, shift, spec);
                }
                long e = System.nanoTime();
                padMs += (b - a) / 1e6;
                channelMs.add((e - b) / 1e6);
            }
            parallelRows(h, (y0, y1) -> {
                for (int k = y0 * w; k < y1 * w; k++) {
                    out[k] |= src[k] & 0xff000000;
                }
            });
        } catch (RuntimeException e) {
            // A worker's ConvolabException arrives wrapped; the user should see its message.
            throw ConvolabException.foundIn(e).map(RuntimeException.class::cast).orElse(e);
        } finally {
            if (fft != null) {
                lastFft.set(fft);
            }
        }
        double totalMs = (System.nanoTime() - t0) / 1e6;
        Timings t = new Timings(0, padMs, channelMs, 0, 0, totalMs, totalMs, FilterCost.of(w, h, mask, plan));
        return new FilterResult(new RgbaImage(w, h, out), plan, t);
    }

    /** The FFT plan for the mask and size: the kept one when it fits, else a new one (spectrum computed). */
    private CachedFft fftPlan(Mask mask, int w, int h) {
        CachedFft kept = lastFft.getAndSet(null);
        return kept != null && kept.fits(mask, w, h) ? kept : new CachedFft(mask, w, h, new FftConvolver(mask, w, h));
    }

    /** Copies one channel into the padded plane, ghost cells included. */
    private void pad(int[] src, int w, int h, int shift, BorderPolicy border, int rx, int ry, float[] padded) {
        int pw = w + 2 * rx;
        int ph = h + 2 * ry;
        int[] xmap = new int[pw];
        for (int px = 0; px < pw; px++) {
            xmap[px] = border.index(px - rx, w);
        }
        float ghost = border.constant();
        parallelRows(ph, (y0, y1) -> {
            for (int py = y0; py < y1; py++) {
                int sy = border.index(py - ry, h);
                int o = py * pw;
                if (sy < 0) {
                    java.util.Arrays.fill(padded, o, o + pw, ghost);
                    continue;
                }
                int s = sy * w;
                for (int px = 0; px < pw; px++) {
                    int sx = xmap[px];
                    padded[o + px] = sx < 0 ? ghost : (float) ((src[s + sx] >>> shift) & 0xff);
                }
            }
        });
    }

    /** 2D correlation from the padded plane into channel bits of out. */
    private void direct(float[] padded, int pw, int w, int h, Mask mask, int[] out, int shift, FilterSpec spec) {
        int mw = mask.width();
        int mh = mask.height();
        float[] m = mask.weights();
        // Each input row's shifted copies serve mh output rows: keep the last mh in a ring when that fits
        // in about 16 MB a thread, else copy them for every output row.
        boolean ring = (long) mh * mw * w <= RING_FLOATS;
        parallelRows(h, (y0, y1) -> {
            float[] acc = new float[w];
            float[][][] shifted = new float[ring ? mh : 1][mw][w];
            for (int y = y0; y < y1; y++) {
                java.util.Arrays.fill(acc, 0f);
                if (ring) {
                    for (int r = (y == y0 ? y : y + mh - 1); r < y + mh; r++) {
                        shiftRow(padded, r * pw, mw, w, shifted[r % mh]);
                    }
                }
                for (int j = 0; j < mh; j++) {
                    float[][] rowTaps = ring ? shifted[(y + j) % mh] : shifted[0];
                    if (!ring) {
                        shiftRow(padded, (y + j) * pw, mw, w, rowTaps);
                    }
                    accumulate(acc, rowTaps, m, j * mw, mw, w);
                }
                store(acc, out, y * w, w, shift, spec);
            }
        });
    }

    /**
     * shifted[i][x] = src[base + i + x]: the row under each tap as its own array. Java 17's C2
     * vectorises a loop only when every array in it is indexed by the bare loop variable; with an
     * offset (src[base + i + x]) it falls back to scalar code, about ten times slower.
     */
    static void shiftRow(float[] src, int base, int taps, int w, float[][] shifted) {
        for (int i = 0; i < taps; i++) {
            System.arraycopy(src, base + i, shifted[i], 0, w);
        }
    }

    /** acc[x] += sum over i of weights[wOff + i] * rows[i][x], four rows a pass. */
    static void accumulate(float[] acc, float[][] rows, float[] weights, int wOff, int count, int w) {
        int i = 0;
        for (; i + 4 <= count; i += 4) {
            sum4(acc, rows[i], rows[i + 1], rows[i + 2], rows[i + 3], weights[wOff + i], weights[wOff + i + 1],
                    weights[wOff + i + 2], weights[wOff + i + 3], w);
        }
        for (; i < count; i++) {
            sum1(acc, rows[i], weights[wOff + i], w);
        }
    }

    private static void sum4(float[] acc, float[] s0, float[] s1, float[] s2, float[] s3, float a, float b, float c, float d,
                             int w) {
        for (int x = 0; x < w; x++) {
            acc[x] += a * s0[x] + b * s1[x] + c * s2[x] + d * s3[x];
        }
    }

    private static void sum1(float[] acc, float[] s0, float a, int w) {
        if (a == 0f) {
            return;
        }
        for (int x = 0; x < w; x++) {
            acc[x] += a * s0[x];
        }
    }

    /** Rows then columns: each padded row filtered into rows[py] (w wide), then the columns into out. */
    private void separable(float[] padded, int pw, int ph, int w, int h, SeparableMask sep, float[][] rows, int[] out,
                           int shift, FilterSpec spec) {
        float[] row = sep.row();
        float[] col = sep.column();
        parallelRows(ph, (y0, y1) -> {
            float[][] shifted = new float[row.length][w];
            for (int y = y0; y < y1; y++) {
                java.util.Arrays.fill(rows[y], 0f);
                shiftRow(padded, y * pw, row.length, w, shifted);
                accumulate(rows[y], shifted, row, 0, row.length, w);
            }
        });
        parallelRows(h, (y0, y1) -> {
            float[] acc = new float[w];
            float[][] window = new float[col.length][];
            for (int y = y0; y < y1; y++) {
                java.util.Arrays.fill(acc, 0f);
                System.arraycopy(rows, y, window, 0, col.length);
                accumulate(acc, window, col, 0, col.length, w);
                store(acc, out, y * w, w, shift, spec);
            }
        });
    }

    /**
     * The error for a sum that is not finite. {@link FilterSpec} refuses weights whose sums can overflow; this is
     * the backstop, so that such a sum is never clamped into a silently wrong value.
     */
    static org.convolab.core.ConvolabException overflow(float sum) {
        return new org.convolab.core.ConvolabException("the filter's sums overflowed the float range (" + sum
                + "); scale the mask's weights down");
    }

    /** The output mapping of {@link FilterSpec#toByte}, in float. */
    private static void store(float[] acc, int[] out, int o, int w, int shift, FilterSpec spec) {
        float div = spec.divisor();
        float off = spec.offset();
        boolean abs = spec.abs();
        for (int x = 0; x < w; x++) {
            float a = abs ? Math.abs(acc[x]) : acc[x];
            if (!Float.isFinite(a)) {
                throw overflow(a);
            }
            float v = (float) Math.floor(a / div + off + 0.5f);
            int b = v <= 0f ? 0 : (v >= 255f ? 255 : (int) v);
            out[o + x] |= b << shift;
        }
    }

    /** Splits rows 0..n into bands, a few per thread, and runs them on the pool. */
    private void parallelRows(int n, RowBands.Body body) {
        RowBands.run(pool, threads, n, body);
    }

    /** Counts on all cores ({@link HistogramCounter}); the strategy is for the GPU and is ignored. */
    @Override
    public HistogramResult histogram(RgbaImage image, int bins, HistogramStrategy strategy) {
        return timed(() -> HistogramCounter.count(image, bins, pool, threads));
    }

    /** Counts the 16-bit values on all cores ({@link HistogramCounter}); the strategy is ignored. */
    @Override
    public HistogramResult histogram(Rgba16Image image, int bins, HistogramStrategy strategy) {
        return timed(() -> HistogramCounter.count(image, bins, pool, threads));
    }

    private HistogramResult timed(java.util.function.Supplier<Histogram> count) {
        long t0 = System.nanoTime();
        Histogram h = count.get();
        double ms = (System.nanoTime() - t0) / 1e6;
        return new HistogramResult(h, device(), ms, ms);
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
