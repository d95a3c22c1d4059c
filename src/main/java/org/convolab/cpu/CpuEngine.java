package org.convolab.cpu;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.convolab.core.Backend;
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
import org.convolab.core.OutputMapping;
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
 * image size stay. {@link CpuPlanner} decides the path. Where the JVM has the Vector API
 * ({@code --add-modules jdk.incubator.vector}) the 2D and separable loops run through {@link VectorTapKernel}
 * instead (same bits, read straight from the padded plane with no shifted copies; {@link TapKernels}).
 */
public final class CpuEngine implements ConvolutionEngine {

    /** Most floats of shifted rows a thread keeps (about 16 MB). */
    private static final long RING_FLOATS = 4L << 20;

    private final ForkJoinPool pool;
    private final int threads;
    /** The SIMD kernel ({@link TapKernels}), or null for the scalar loops. */
    private final TapKernel simd;
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
        this(threads, TapKernels.vector());
    }

    /** An engine on {@code threads} threads whose 2D and separable loops use {@code simd} when present, else the scalar loops. */
    CpuEngine(int threads, java.util.Optional<TapKernel> simd) {
        this.threads = Math.max(1, threads);
        this.pool = new ForkJoinPool(this.threads);
        this.simd = simd.orElse(null);
    }

    /** The CPU's 3D filter, on this engine's thread count. */
    @Override
    public java.util.Optional<org.convolab.core.VolumeFilter> volumeFilter() {
        return java.util.Optional.of(new CpuVolumeFilter(threads));
    }

    @Override
    public Backend backend() {
        return Backend.CPU;
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
        float[][] rows = separablePath && simd == null ? new float[ph][w] : null;
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
                // The ghost columns through the policy's map, the image's own columns straight across.
                for (int px = 0; px < rx; px++) {
                    padded[o + px] = ghostOrPixel(src, s, xmap[px], shift, ghost);
                    padded[o + rx + w + px] = ghostOrPixel(src, s, xmap[rx + w + px], shift, ghost);
                }
                int d = o + rx;
                for (int x = 0; x < w; x++) {
                    padded[d + x] = (float) ((src[s + x] >>> shift) & 0xff);
                }
            }
        });
    }

    private static float ghostOrPixel(int[] src, int rowStart, int sx, int shift, float ghost) {
        return sx < 0 ? ghost : (float) ((src[rowStart + sx] >>> shift) & 0xff);
    }

    /** 2D correlation from the padded plane into channel bits of out. */
    private void direct(float[] padded, int pw, int w, int h, Mask mask, int[] out, int shift, FilterSpec spec) {
        int mw = mask.width();
        int mh = mask.height();
        TapList taps = new TapList(mask.weights(), mw, mh);
        if (simd != null) {
            int[] offsets = taps.offsets(pw);
            parallelRows(h, (y0, y1) -> {
                float[] acc = new float[w];
                for (int y = y0; y < y1; y++) {
                    simd.rows(padded, y * pw, offsets, taps.w, acc, 0, w);
                    store(acc, out, y * w, w, shift, spec);
                }
            });
            return;
        }
        // Each input row's shifted copies serve mh output rows: keep the last mh in a ring when that fits
        // in about 16 MB a thread, else copy them for every output row.
        boolean ring = (long) mh * mw * w <= RING_FLOATS;
        parallelRows(h, (y0, y1) -> {
            float[] acc = new float[w];
            float[][][] shifted = new float[ring ? mh : 1][mw][w];
            float[][] under = new float[taps.size()][];
            for (int y = y0; y < y1; y++) {
                java.util.Arrays.fill(acc, 0f);
                if (ring) {
                    for (int r = (y == y0 ? y : y + mh - 1); r < y + mh; r++) {
                        shiftRow(padded, r * pw, mw, w, shifted[r % mh]);
                    }
                    for (int t = 0; t < under.length; t++) {
                        under[t] = shifted[(y + taps.j[t]) % mh][taps.i[t]];
                    }
                    accumulate(acc, under, taps.w, 0, under.length, w);
                } else {
                    for (int j = 0; j < mh; j++) {
                        shiftRow(padded, (y + j) * pw, mw, w, shifted[0]);
                        for (int t = taps.start[j]; t < taps.start[j + 1]; t++) {
                            under[t] = shifted[0][taps.i[t]];
                        }
                        accumulate(acc, under, taps.w, taps.start[j], taps.start[j + 1], w);
                    }
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

    /**
     * acc[x] += weights[t] * rows[t][x] for t from t0 until t1, one tap after another ({@link TapList}'s order),
     * four rows a pass (C2 vectorises these loops; with eight arrays in one loop it no longer does).
     */
    static void accumulate(float[] acc, float[][] rows, float[] weights, int t0, int t1, int w) {
        int t = t0;
        for (; t + 4 <= t1; t += 4) {
            sum4(acc, rows[t], rows[t + 1], rows[t + 2], rows[t + 3], weights[t], weights[t + 1], weights[t + 2],
                    weights[t + 3], w);
        }
        for (; t < t1; t++) {
            sum1(acc, rows[t], weights[t], w);
        }
    }

    private static void sum4(float[] acc, float[] s0, float[] s1, float[] s2, float[] s3, float a, float b, float c, float d,
                             int w) {
        for (int x = 0; x < w; x++) {
            acc[x] = acc[x] + a * s0[x] + b * s1[x] + c * s2[x] + d * s3[x];
        }
    }

    private static void sum1(float[] acc, float[] s0, float a, int w) {
        for (int x = 0; x < w; x++) {
            acc[x] = acc[x] + a * s0[x];
        }
    }

    /** Rows then columns: each padded row filtered into rows[py] (w wide), then the columns into out. */
    private void separable(float[] padded, int pw, int ph, int w, int h, SeparableMask sep, float[][] rows, int[] out,
                           int shift, FilterSpec spec) {
        float[] row = sep.row();
        float[] col = sep.column();
        TapList rowTaps = new TapList(row, row.length, 1);
        TapList colTaps = new TapList(col, 1, col.length);
        if (simd != null) {
            // Row sums in one plane, so that the column pass is the same kernel with offsets j * w.
            float[] plane = new float[Math.multiplyExact(ph, w)];
            int[] rowOffsets = rowTaps.offsets(pw);
            int[] colOffsets = colTaps.offsets(w);
            parallelRows(ph, (y0, y1) -> {
                for (int y = y0; y < y1; y++) {
                    simd.rows(padded, y * pw, rowOffsets, rowTaps.w, plane, y * w, w);
                }
            });
            parallelRows(h, (y0, y1) -> {
                float[] acc = new float[w];
                for (int y = y0; y < y1; y++) {
                    simd.rows(plane, y * w, colOffsets, colTaps.w, acc, 0, w);
                    store(acc, out, y * w, w, shift, spec);
                }
            });
            return;
        }
        parallelRows(ph, (y0, y1) -> {
            float[][] shifted = new float[row.length][w];
            float[][] under = new float[rowTaps.size()][];
            for (int t = 0; t < under.length; t++) {
                under[t] = shifted[rowTaps.i[t]];
            }
            for (int y = y0; y < y1; y++) {
                java.util.Arrays.fill(rows[y], 0f);
                shiftRow(padded, y * pw, row.length, w, shifted);
                accumulate(rows[y], under, rowTaps.w, 0, under.length, w);
            }
        });
        parallelRows(h, (y0, y1) -> {
            float[] acc = new float[w];
            float[][] window = new float[colTaps.size()][];
            for (int y = y0; y < y1; y++) {
                java.util.Arrays.fill(acc, 0f);
                for (int t = 0; t < window.length; t++) {
                    window[t] = rows[y + colTaps.j[t]];
                }
                accumulate(acc, window, colTaps.w, 0, window.length, w);
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
    private void store(float[] acc, int[] out, int o, int w, int shift, FilterSpec spec) {
        float div = spec.divisor();
        float off = spec.offset();
        boolean abs = spec.abs();
        OutputMapping m = spec.mapping();
        boolean plain = m.identity();
        int done = simd == null ? 0 : simd.store(acc, out, o, w, shift, div, off, abs);
        for (int x = done; x < w; x++) {
            float a = acc[x];
            if (!Float.isFinite(a)) {
                throw overflow(abs ? Math.abs(a) : a);
            }
            // divisor 1, offset 0 and no abs (most filters): the same value without the division
            out[o + x] |= (plain ? OutputMapping.round(a, 255) : m.toSample(a, 255)) << shift;
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
