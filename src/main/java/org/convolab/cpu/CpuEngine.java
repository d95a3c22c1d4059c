package org.convolab.cpu;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.SeparableMask;
import org.convolab.core.Strategy;
import org.convolab.core.Timings;

/**
 * The fast CPU engine: float arithmetic on all cores, one channel at a time.
 *
 * <p>Each channel is first copied into a padded float plane whose border already holds the ghost
 * cells (built through {@link BorderPolicy#index}, so every policy and any mask size are right), so
 * the inner loops have no bounds checks and the JIT can vectorise them: for each output row, each
 * weight adds a scaled input row into an accumulator row. Rank-1 masks take the separable path
 * (rows, then columns) when the strategy asks for it or is auto. Rows are split across threads.
 */
public final class CpuEngine implements ConvolutionEngine {

    private final ForkJoinPool pool;
    private final int threads;

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
        SeparableMask sep = mask.separable().orElse(null);
        Strategy used = strategy == Strategy.AUTO ? (sep != null ? Strategy.FAST_SEPARABLE : Strategy.FAST) : strategy;
        boolean separablePath = used.needsSeparable();

        long t0 = System.nanoTime();
        int w = image.width();
        int h = image.height();
        int[] src = image.pixels();
        int[] out = new int[src.length];
        int rx = mask.radiusX();
        int ry = mask.radiusY();
        int pw = w + 2 * rx;
        int ph = h + 2 * ry;
        float[] padded = new float[Math.multiplyExact(pw, ph)];
        float[] rows = separablePath ? new float[w * ph] : null;
        double padMs = 0;
        List<Double> channelMs = new ArrayList<>(3);
        try {
            for (int c = 0; c < 3; c++) {
                int shift = 16 - 8 * c;
                long a = System.nanoTime();
                pad(src, w, h, shift, spec.border(), rx, ry, padded);
                long b = System.nanoTime();
                if (separablePath) {
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
            throw rethrow(e);
        }
        double totalMs = (System.nanoTime() - t0) / 1e6;
        Timings t = new Timings(0, padMs, channelMs, 0, 0, totalMs, totalMs, FilterCost.of(w, h, mask, separablePath));
        return new FilterResult(new RgbaImage(w, h, out), used, t);
    }

    private static RuntimeException rethrow(RuntimeException e) {
        Throwable c = e;
        while (c.getCause() != null && !(c instanceof ConvolabException)) {
            c = c.getCause();
        }
        return c instanceof ConvolabException ce ? ce : e;
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
        parallelRows(h, (y0, y1) -> {
            float[] acc = new float[w];
            for (int y = y0; y < y1; y++) {
                java.util.Arrays.fill(acc, 0f);
                for (int j = 0; j < mh; j++) {
                    accumulateRow(acc, padded, (y + j) * pw, m, j * mw, mw, w);
                }
                store(acc, out, y * w, w, shift, spec);
            }
        });
    }

    /**
     * acc[x] += sum over i of weights[wOff + i] * src[base + x + i], for x below w. Taps go four at a
     * time so that the accumulator row is read and written once per four taps; the loops over x are
     * simple enough for the JIT to vectorise.
     */
    static void accumulateRow(float[] acc, float[] src, int base, float[] weights, int wOff, int taps, int w) {
        int i = 0;
        for (; i + 4 <= taps; i += 4) {
            float a = weights[wOff + i];
            float b = weights[wOff + i + 1];
            float c = weights[wOff + i + 2];
            float d = weights[wOff + i + 3];
            int o = base + i;
            for (int x = 0; x < w; x++) {
                acc[x] += a * src[o + x] + b * src[o + x + 1] + c * src[o + x + 2] + d * src[o + x + 3];
            }
        }
        for (; i + 2 <= taps; i += 2) {
            float a = weights[wOff + i];
            float b = weights[wOff + i + 1];
            int o = base + i;
            for (int x = 0; x < w; x++) {
                acc[x] += a * src[o + x] + b * src[o + x + 1];
            }
        }
        for (; i < taps; i++) {
            float a = weights[wOff + i];
            if (a == 0f) {
                continue;
            }
            int o = base + i;
            for (int x = 0; x < w; x++) {
                acc[x] += a * src[o + x];
            }
        }
    }

    /** Rows then columns: the padded plane's rows into {@code rows} (w x ph), then columns into out. */
    private void separable(float[] padded, int pw, int ph, int w, int h, SeparableMask sep, float[] rows, int[] out,
                           int shift, FilterSpec spec) {
        float[] row = sep.row();
        float[] col = sep.column();
        parallelRows(ph, (y0, y1) -> {
            for (int y = y0; y < y1; y++) {
                float[] acc = new float[w];
                accumulateRow(acc, padded, y * pw, row, 0, row.length, w);
                System.arraycopy(acc, 0, rows, y * w, w);
            }
        });
        parallelRows(h, (y0, y1) -> {
            float[] acc = new float[w];
            for (int y = y0; y < y1; y++) {
                java.util.Arrays.fill(acc, 0f);
                for (int j = 0; j < col.length; j++) {
                    float wt = col[j];
                    if (wt == 0f) {
                        continue;
                    }
                    int base = (y + j) * w;
                    for (int x = 0; x < w; x++) {
                        acc[x] += wt * rows[base + x];
                    }
                }
                store(acc, out, y * w, w, shift, spec);
            }
        });
    }

    /** The output mapping of {@link FilterSpec#toByte}, in float. */
    private static void store(float[] acc, int[] out, int o, int w, int shift, FilterSpec spec) {
        float div = spec.divisor();
        float off = spec.offset();
        boolean abs = spec.abs();
        for (int x = 0; x < w; x++) {
            float a = abs ? Math.abs(acc[x]) : acc[x];
            float v = (float) Math.floor(a / div + off + 0.5f);
            int b = v <= 0f ? 0 : (v >= 255f ? 255 : (int) v);
            out[o + x] |= b << shift;
        }
    }

    @FunctionalInterface
    private interface RowBand {
        void run(int y0, int y1);
    }

    /** Splits rows 0..n into bands, a few per thread, and runs them on the pool. */
    private void parallelRows(int n, RowBand body) {
        int bands = Math.min(n, threads * 4);
        if (bands <= 1) {
            body.run(0, n);
            return;
        }
        pool.submit(() -> IntStream.range(0, bands).parallel().forEach(b -> {
            int y0 = (int) ((long) n * b / bands);
            int y1 = (int) ((long) n * (b + 1) / bands);
            body.run(y0, y1);
        })).join();
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
