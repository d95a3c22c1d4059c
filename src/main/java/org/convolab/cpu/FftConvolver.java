package org.convolab.cpu;

import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.stream.IntStream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.OutputMapping;
import org.convolab.core.RgbaImage;
import org.jtransforms.fft.FloatFFT_1D;
import org.jtransforms.fft.FloatFFT_2D;
import pl.edu.icm.jlargearrays.ConcurrencyUtils;

/**
 * FFT correlation of one image size with one mask on the CPU, for large masks (OpenCV switches to its
 * DFT from 11x11). Same results as the direct engine within float rounding: the channel is padded
 * with the policy's ghost cells first, exactly as {@link CpuEngine} pads, so every policy is right.
 *
 * <p>How: the padded plane is cut into an even number of row bands, each with the 2*ry rows of
 * overlap its outputs read. Two bands at a time go into one complex array, one as the real part and
 * one as the imaginary part; one complex 2D FFT (JTransforms, multithreaded), a product with the
 * conjugate mask spectrum and one inverse FFT give both bands' correlations at once, because the mask
 * is real. A padded band fits its transform without wrapping: output row y reads rows y..y+2ry of
 * the band, all inside it, so the circular correlation equals the linear one there. Transform
 * sizes are products of 2, 3 and 5 (JTransforms handles 7 and larger factors with a generic
 * pass about twice as slow per point, measured), picked with the band count by a cost model
 * ({@link FftLayout}).
 *
 * <p>Plan once per image size and mask ({@link #FftConvolver(Mask, int, int)}: the mask spectrum is
 * computed there), then {@link #filterChannel} per channel. Not thread-safe: one plan, one caller.
 */
public final class FftConvolver {

    static {
        // JTransforms' default pool has non-daemon threads that idle for 60 s, which would keep a
        // finished CLI run alive for a minute; the same pool with daemon threads.
        ConcurrencyUtils.setThreadPool(Executors.newCachedThreadPool(daemonThreads()));
    }

    /**
     * Mask taps (width x height) from which FFT correlation beat the direct 2D path of {@link CpuEngine}
     * on 2048x2048 RGB with 2 threads (FftCrossoverBench, 4 runs, medians of 5): at 15x15 (225 taps)
     * the FFT took 0.8 to 1.9 times as long, at 21x21 (441 taps) 0.7 to 1.1 times, at 31x31 0.4 to
     * 0.95 times; its time hardly depends on the mask, the direct path's grows with the taps. For
     * non-separable masks only: a separable mask's two passes cost 2(2r+1) taps.
     */
    public static final int CROSSOVER_TAPS = 300;


    private final int width;
    private final int height;
    private final int radiusX;
    private final int radiusY;
    /** Rows and columns of the complex transform. */
    private final int rows;
    private final int cols;
    /** Output rows of band k are bandStart[k]..bandStart[k+1]-1. */
    private final int[] bandStart;
    private final FloatFFT_2D fft;
    /** conj(FFT(mask placed at the origin)) / (rows*cols), interleaved re, im. */
    private final float[] maskSpectrum;
    /** The work array, interleaved re, im: two bands a job. */
    private final float[] work;

    /**
     * Plans the correlation of width x height planes with the mask and computes the mask spectrum.
     *
     * @param mask   the mask, applied as a correlation anchored at its centre
     * @param width  image width in pixels
     * @param height image height in pixels
     */
    public FftConvolver(Mask mask, int width, int height) {
        this(mask, width, height, 0);
    }

    /** As {@link #FftConvolver(Mask, int, int)} with a given even band count (0: the cost model's). */
    FftConvolver(Mask mask, int width, int height, int forcedBands) {
        this.width = width;
        this.height = height;
        this.radiusX = mask.radiusX();
        this.radiusY = mask.radiusY();
        FftLayout best = FftLayout.plan(height, width + 2 * radiusX, radiusY, forcedBands);
        this.rows = best.rows();
        this.cols = best.cols();
        this.bandStart = new int[best.bands() + 1];
        for (int k = 0; k <= best.bands(); k++) {
            bandStart[k] = (int) ((long) height * k / best.bands());
        }
        this.fft = new FloatFFT_2D(rows, cols);
        this.work = new float[Math.multiplyExact(2 * rows, cols)];
        this.maskSpectrum = spectrumOf(mask);
    }

    /** Bands the planes are cut into (even). */
    public int bands() {
        return bandStart.length - 1;
    }

    /** Rows of the complex transform. */
    public int transformRows() {
        return rows;
    }

    /** Columns of the complex transform. */
    public int transformColumns() {
        return cols;
    }

    /**
     * Filters one channel given as a padded plane, as {@link CpuEngine} builds it: (width + 2*rx) x
     * (height + 2*ry) floats, row-major, ghost cells included. The mapped 8-bit values are OR-ed into
     * out at bit {@code shift} (16 red, 8 green, 0 blue); the other bits of out are left alone.
     */
    public void filterChannel(float[] padded, int[] out, int shift, FilterSpec spec) {
        int pw = width + 2 * radiusX;
        if (padded.length != (long) pw * (height + 2 * radiusY)) {
            throw new IllegalArgumentException("padded plane of " + padded.length + " floats, expected "
                    + pw + "x" + (height + 2 * radiusY));
        }
        run((py, dst) -> System.arraycopy(padded, py * pw, dst, 0, pw), mapped(out, shift, spec));
    }

    /**
     * The raw sums (before divisor, offset and abs) of one plane given padded as for {@link #filterChannel}: what
     * {@link CpuPlaneFilter} returns, width x height floats into {@code sums}.
     */
    public void sums(float[] padded, float[] sums) {
        int pw = width + 2 * radiusX;
        if (padded.length != (long) pw * (height + 2 * radiusY) || sums.length < (long) width * height) {
            throw new IllegalArgumentException("padded plane of " + padded.length + " floats, expected "
                    + pw + "x" + (height + 2 * radiusY));
        }
        run((py, dst) -> System.arraycopy(padded, py * pw, dst, 0, pw),
                (y, z) -> {
                    int o = y * width;
                    for (int x = 0; x < width; x++) {
                        sums[o + x] = work[z + 2 * x];
                    }
                });
    }

    /**
     * Filters R, G and B of an image with FFT correlation (alpha passes through): the whole-image
     * entry for tests and the bench.
     */
    public static RgbaImage filter(RgbaImage image, FilterSpec spec) {
        int w = image.width();
        int h = image.height();
        Mask mask = spec.mask();
        FftConvolver plan = new FftConvolver(mask, w, h);
        int[] src = image.pixels();
        int[] out = new int[src.length];
        BorderPolicy border = spec.border();
        int rx = mask.radiusX();
        int ry = mask.radiusY();
        int[] xmap = new int[w + 2 * rx];
        for (int px = 0; px < xmap.length; px++) {
            xmap[px] = border.index(px - rx, w);
        }
        float ghost = border.constant();
        for (int c = 0; c < 3; c++) {
            int shift = 16 - 8 * c;
            plan.run((py, dst) -> {
                int sy = border.index(py - ry, h);
                for (int px = 0; px < xmap.length; px++) {
                    int sx = xmap[px];
                    dst[px] = sx < 0 || sy < 0 ? ghost : (float) ((src[sy * w + sx] >>> shift) & 0xff);
                }
            }, plan.mapped(out, shift, spec));
        }
        for (int k = 0; k < out.length; k++) {
            out[k] |= src[k] & 0xff000000;
        }
        return new RgbaImage(w, h, out);
    }

    /** Writes padded row py (width + 2*rx floats) of the channel into dst. */
    @FunctionalInterface
    private interface PaddedRows {
        void read(int py, float[] dst);
    }

    /** Takes output row y of the plane, whose sums are work[z + 2x] for x = 0..width-1. */
    @FunctionalInterface
    private interface RowStore {
        void store(int y, int z);
    }

    /** All bands of one channel, two a transform. */
    private void run(PaddedRows source, RowStore rows) {
        for (int k = 0; k < bands(); k += 2) {
            load(source, k);
            fft.complexForward(work);
            multiplyBySpectrum();
            fft.complexInverse(work, false); // the 1/(rows*cols) is in the spectrum
            store(k, 0, rows);
            store(k + 1, 1, rows);
        }
    }

    /** Bands k (real part) and k+1 (imaginary part), with their overlap rows, into work; zeros elsewhere. */
    private void load(PaddedRows source, int k) {
        int pw = width + 2 * radiusX;
        inParallel(rows, (r0, r1) -> {
            float[] line = new float[pw];
            for (int r = r0; r < r1; r++) {
                int o = 2 * r * cols;
                java.util.Arrays.fill(work, o, o + 2 * cols, 0f);
                for (int part = 0; part < 2; part++) {
                    int y0 = bandStart[k + part];
                    if (r < bandStart[k + part + 1] - y0 + 2 * radiusY) {
                        source.read(y0 + r, line);
                        for (int c = 0; c < pw; c++) {
                            work[o + 2 * c + part] = line[c];
                        }
                    }
                }
            }
        });
    }

    private void multiplyBySpectrum() {
        float[] z = work;
        float[] s = maskSpectrum;
        inParallel(rows, (r0, r1) -> {
            for (int i = 2 * r0 * cols; i < 2 * r1 * cols; i += 2) {
                float re = z[i] * s[i] - z[i + 1] * s[i + 1];
                z[i + 1] = z[i] * s[i + 1] + z[i + 1] * s[i];
                z[i] = re;
            }
        });
    }

    /** Band k's rows, whose sums the given part (0 real, 1 imaginary) of work holds, to {@code rows}. */
    private void store(int k, int part, RowStore rows) {
        int y0 = bandStart[k];
        inParallel(bandStart[k + 1] - y0, (r0, r1) -> {
            for (int r = r0; r < r1; r++) {
                rows.store(y0 + r, 2 * r * cols + part);
            }
        });
    }

    /**
     * The rows' sums mapped as {@link FilterSpec#toByte} maps them (in float, as {@link CpuEngine} does), OR-ed
     * into out at bit {@code shift}.
     */
    private RowStore mapped(int[] out, int shift, FilterSpec spec) {
        OutputMapping m = spec.mapping();
        return (y, z) -> {
            int o = y * width;
            for (int x = 0; x < width; x++) {
                float sum = work[z + 2 * x];
                if (!Float.isFinite(sum)) {
                    throw CpuEngine.overflow(sum);
                }
                out[o + x] |= m.toSample(sum, 255) << shift;
            }
        };
    }

    /**
     * conj(FFT(mask)) / (rows*cols), the mask's weight (i, j) at row j, column i. Only the mask's rows
     * are non-zero, so the row pass transforms those alone, then every column is transformed.
     */
    private float[] spectrumOf(Mask mask) {
        float[] s = new float[2 * rows * cols];
        FloatFFT_1D rowFft = new FloatFFT_1D(cols);
        float[] row = new float[2 * cols];
        for (int j = 0; j < mask.height(); j++) {
            java.util.Arrays.fill(row, 0f);
            for (int i = 0; i < mask.width(); i++) {
                row[2 * i] = mask.get(i, j);
            }
            rowFft.complexForward(row);
            System.arraycopy(row, 0, s, 2 * j * cols, 2 * cols);
        }
        FloatFFT_1D colFft = new FloatFFT_1D(rows);
        float scale = 1f / ((float) rows * cols);
        inParallel(cols, (c0, c1) -> {
            float[] col = new float[2 * rows];
            for (int c = c0; c < c1; c++) {
                for (int r = 0; r < rows; r++) {
                    col[2 * r] = s[2 * (r * cols + c)];
                    col[2 * r + 1] = s[2 * (r * cols + c) + 1];
                }
                colFft.complexForward(col);
                for (int r = 0; r < rows; r++) {
                    s[2 * (r * cols + c)] = col[2 * r] * scale;
                    s[2 * (r * cols + c) + 1] = -col[2 * r + 1] * scale;
                }
            }
        });
        return s;
    }

    // ------------------------------------------------------------------ threads

    @FunctionalInterface
    private interface Range {
        void run(int from, int to);
    }

    /** Splits 0..n into a few chunks a core and runs them on the common pool. */
    private static void inParallel(int n, Range body) {
        int chunks = Math.min(n, 4 * Runtime.getRuntime().availableProcessors());
        if (chunks <= 1) {
            body.run(0, n);
            return;
        }
        IntStream.range(0, chunks).parallel()
                .forEach(b -> body.run((int) ((long) n * b / chunks), (int) ((long) n * (b + 1) / chunks)));
    }

    private static ThreadFactory daemonThreads() {
        ThreadFactory base = Executors.defaultThreadFactory();
        return r -> {
            Thread t = base.newThread(r);
            t.setDaemon(true);
            t.setName("convolab-fft-" + t.getName());
            return t;
        };
    }

}
