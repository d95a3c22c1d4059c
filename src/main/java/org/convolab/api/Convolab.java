package org.convolab.api;

import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.PlaneFilter;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Timings;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import org.convolab.engine.PlaneFilters;
import org.convolab.io.ImageFiles;
import org.convolab.io.MaskFiles;

/**
 * An open Convolab engine for other Java programs: filters {@link BufferedImage}s, float planes and float
 * channels. Open one with {@link #open(Backend, Consumer)}, filter as often as needed (the GPU engine keeps
 * the last image on the device), and close it. The methods are synchronized: one filter at a time, as the
 * engines require; the CPU engine uses every core and the GPU one stream anyway.
 *
 * <p>What is computed: a correlation of each colour channel with the mask (not flipped; use
 * {@link Mask#flipped()} for a convolution), the ghost cells outside the image from the spec's
 * {@link BorderPolicy}, then the spec's output mapping ({@code |sum|} when {@code abs}, divided by the
 * divisor, plus the offset). Float results stop there; 8- and 16-bit results are rounded half up and
 * clamped to the samples' range. Alpha passes through.
 */
public final class Convolab implements AutoCloseable {

    private final ConvolutionEngine engine;
    private PlaneFilter planes;
    private boolean closed;

    private Convolab(ConvolutionEngine engine) {
        this.engine = engine;
    }

    /**
     * Opens an engine.
     *
     * @param backend {@link Backend#AUTO} (the GPU when one is usable, else the CPU, saying why through
     *                {@code notices}), {@link Backend#CUDA} or {@link Backend#CPU}
     * @param notices receives a sentence when auto goes over to the CPU, at opening or later
     * @throws ConvolabException when CUDA was asked for and cannot run
     */
    public static Convolab open(Backend backend, Consumer<String> notices) {
        return new Convolab(Engines.open(Objects.requireNonNull(backend, "backend"), Objects.requireNonNull(notices, "notices")));
    }

    /**
     * Opens an engine by name: auto, cuda or cpu (case-insensitive), as on the command line.
     *
     * @throws ConvolabException for another name, or when CUDA was asked for and cannot run
     */
    public static Convolab open(String backend, Consumer<String> notices) {
        return open(backend(backend), notices);
    }

    /** The backend named auto, cuda or cpu (case-insensitive). */
    public static Backend backend(String name) {
        String s = name == null ? "" : name.trim().toUpperCase(Locale.ROOT);
        for (Backend b : Backend.values()) {
            if (b.name().equals(s)) {
                return b;
            }
        }
        throw new ConvolabException("unknown backend '" + name + "' (use auto, cuda or cpu)");
    }

    /** A mask from a preset (box:5, gaussian:2, sobel-x...) or rows inline ("1 2 1; 2 4 2; 1 2 1"). */
    public static Mask mask(String text) {
        return MaskPresets.parse(text);
    }

    /**
     * A mask file: text rows (ImageJ's kernel files, one row a line) or a libvips matrix ({@code .mat}); see
     * {@link MaskFiles#read}.
     *
     * @throws ConvolabException naming the file and what is wrong with it
     */
    public static Mask readMask(java.nio.file.Path file) {
        return MaskFiles.read(file);
    }

    /** A ghost-cell policy by name: zero, constant:V, clamp, reflect, mirror, wrap (and the OpenCV/SciPy names). */
    public static BorderPolicy border(String name) {
        return BorderPolicy.parse(name);
    }

    /** "cuda" or "cpu": the engine that filters (auto has picked one by now). */
    public synchronized String backend() {
        return engine.backend().toString();
    }

    /** What filters, e.g. "NVIDIA H100 80GB HBM3 (sm_90)" or "CPU, 8 threads". */
    public synchronized String device() {
        return engine.device();
    }

    /**
     * An image and what ran.
     *
     * @param image   the filtered image
     * @param plan    the strategy asked for, the one that ran and why, the kernels
     * @param timings the phases of an 8-bit colour filter; null for grey images (filtered as planes)
     */
    public record ImageResult(BufferedImage image, LaunchPlan plan, Timings timings) {
    }

    /**
     * Float channels and what ran.
     *
     * @param channels the filtered channels, {@code width * height} values each, row-major
     * @param plan     what ran for the last channel (every channel takes the same path)
     */
    public record PlanesResult(float[][] channels, int width, int height, LaunchPlan plan) {

        /** The first (for {@link #filter(float[], int, int, FilterSpec, Strategy)} the only) channel. */
        public float[] plane() {
            return channels[0];
        }
    }

    /**
     * Filters a BufferedImage. 8-bit and 16-bit grey images ({@code TYPE_BYTE_GRAY}, {@code TYPE_USHORT_GRAY})
     * give an image of the same type; any other image is filtered as 8-bit ARGB and gives {@code TYPE_INT_ARGB}
     * when it has alpha, else {@code TYPE_INT_RGB}.
     *
     * @throws ConvolabException when the strategy does not apply to the mask, or the backend fails
     */
    public synchronized ImageResult filter(BufferedImage image, FilterSpec spec, Strategy strategy) {
        check();
        int type = image.getType();
        if (type == BufferedImage.TYPE_BYTE_GRAY || type == BufferedImage.TYPE_USHORT_GRAY) {
            int w = image.getWidth();
            int h = image.getHeight();
            int max = type == BufferedImage.TYPE_BYTE_GRAY ? 255 : 65535;
            float[] plane = image.getRaster().getSamples(0, 0, w, h, 0, new float[w * h]);
            PlanesResult r = filterPlanes(new float[][] {plane}, w, h, spec, strategy);
            BufferedImage out = new BufferedImage(w, h, type);
            WritableRaster raster = out.getRaster();
            int[] row = new int[w];
            float[] values = r.plane();
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    row[x] = toSample(values[y * w + x], max);
                }
                raster.setSamples(0, y, w, 1, 0, row);
            }
            return new ImageResult(out, r.plan(), null);
        }
        FilterResult r = filter(ImageFiles.toRgba(image), spec, strategy);
        return new ImageResult(ImageFiles.toBufferedImage(r.image(), image.getColorModel().hasAlpha()), r.plan(), r.timings());
    }

    /**
     * Filters a packed 8-bit ARGB image: the engine's own call, with its timings.
     *
     * @throws ConvolabException when the strategy does not apply to the mask, or the backend fails
     */
    public synchronized FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
        check();
        strategy.checkApplicable(spec.mask());
        return engine.filter(image, spec, strategy);
    }

    /**
     * Filters one float plane (a grey image, or any 2D array of numbers).
     *
     * @param plane {@code width * height} values, row-major; not changed
     * @return the mapped sums, not rounded or clamped (see the class comment)
     * @throws ConvolabException when the strategy does not apply to the mask, the sizes do not match, or
     *                           the backend fails
     */
    public synchronized PlanesResult filter(float[] plane, int width, int height, FilterSpec spec, Strategy strategy) {
        return filterPlanes(new float[][] {plane}, width, height, spec, strategy);
    }

    /**
     * Filters several float channels of one image alike (R, G, B; or the slices of a stack).
     *
     * @param channels each {@code width * height} values, row-major; not changed
     * @return the mapped sums of each channel, not rounded or clamped
     * @throws ConvolabException as {@link #filter(float[], int, int, FilterSpec, Strategy)}
     */
    public synchronized PlanesResult filter(float[][] channels, int width, int height, FilterSpec spec, Strategy strategy) {
        return filterPlanes(channels, width, height, spec, strategy);
    }

    private PlanesResult filterPlanes(float[][] channels, int width, int height, FilterSpec spec, Strategy strategy) {
        check();
        if (width < 1 || height < 1) {
            throw new ConvolabException("a plane needs at least one value, not " + width + "x" + height);
        }
        if (channels.length == 0) {
            throw new ConvolabException("no channels to filter");
        }
        long n = (long) width * height;
        for (int c = 0; c < channels.length; c++) {
            if (channels[c].length != n) {
                throw new ConvolabException("a " + width + "x" + height + " plane needs " + n + " values, channel " + c
                        + " has " + channels[c].length);
            }
        }
        strategy.checkApplicable(spec.mask());
        if (planes == null) {
            planes = PlaneFilters.forEngine(engine);
        }
        int ry = spec.mask().radiusY();
        float[] rows = new float[Math.toIntExact((height + 2L * ry) * width)];
        float[][] out = new float[channels.length][];
        LaunchPlan plan = null;
        for (int c = 0; c < channels.length; c++) {
            withGhostRows(channels[c], width, height, ry, spec.border(), rows);
            float[] sums = new float[(int) n];
            plan = planes.correlate(rows, width, height, spec, strategy, sums);
            for (int i = 0; i < sums.length; i++) {
                float a = spec.abs() ? Math.abs(sums[i]) : sums[i];
                sums[i] = a / spec.divisor() + spec.offset();
            }
            out[c] = sums;
        }
        return new PlanesResult(out, width, height, plan);
    }

    /** The plane with ry ghost rows above and below, as the policy says (the plane filter supplies the columns). */
    private static void withGhostRows(float[] plane, int w, int h, int ry, BorderPolicy border, float[] rows) {
        for (int k = 0; k < h + 2 * ry; k++) {
            int y = k - ry;
            int src = y >= 0 && y < h ? y : border.index(y, h);
            if (src < 0) {
                Arrays.fill(rows, k * w, (k + 1) * w, border.constant());
            } else {
                System.arraycopy(plane, src * w, rows, k * w, w);
            }
        }
    }

    /**
     * A mapped float value as a sample of 0 to {@code max}: rounded half up and clamped, as the engines map
     * 8- and 16-bit results.
     */
    public static int toSample(float value, int max) {
        float v = (float) Math.floor(value + 0.5f);
        return v <= 0f ? 0 : (v >= max ? max : (int) v);
    }

    private void check() {
        if (closed) {
            throw new IllegalStateException("this Convolab is closed");
        }
    }

    /** Releases the engine (device memory, threads). Closing twice does nothing. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (planes != null) {
                planes.close();
            }
        } finally {
            engine.close();
        }
    }
}
