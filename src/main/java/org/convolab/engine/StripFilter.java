package org.convolab.engine;

import java.util.Optional;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.OutputDepth;
import org.convolab.core.SampleMapping;
import org.convolab.core.PlaneFilter;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSink;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.core.Strategy;

/**
 * Filters an image in bands of rows: reads a band plus the mask's halo, filters it, writes it, and
 * reads on, so memory is O(width x (band + mask height)) whatever the image's height.
 *
 * <p>8-bit RGB(A) bands go through {@link ConvolutionEngine#filter} (GPU or CPU); grey and 16-bit
 * bands go a colour channel at a time through a {@link PlaneFilter}. Alpha passes through.
 *
 * <p>Ghost rows: the rows above the top and below the bottom are what {@link BorderPolicy#index} says
 * for the whole image, so every policy gives the bits a whole-image filter gives. The source rows they
 * copy ("edge rows", at most mask height - 1) are kept as they stream by; when a row above the top
 * copies a row not read yet (wrap, or a mask taller than the first band), a first pass over the source
 * reads those rows before the filtering pass. Constant rows are the policy's constant (on the 8-bit
 * path the band is cut at the image's edge and the engine supplies them, so any constant is exact).
 */
public final class StripFilter {

    /**
     * Pixels a band holds by default: 1 M (a few MB a buffer, enough work for many cores). Larger bands
     * made the JVM's default collector grow the heap past 2 GB on a 1-gigapixel PNG.
     */
    public static final long DEFAULT_BAND_PIXELS = 1L << 20;

    private final ConvolutionEngine engine;
    private final PlaneFilter planes;
    private final int bandRowsWanted;
    /** Time the last plane-at-a-time band spent writing its rows, taken out of the filter phase. */
    private long writeNs;

    /**
     * What a run did.
     *
     * @param plan what the last band ran (the bands of a run all take the same path): the strategy asked
     *             for, the one that ran and why
     * @param covers what the filter phase ({@code filterMs}) is made of, in a few words (e.g. "samples up, kernels,
     *               samples down"), or empty
     */
    public record Report(int width, int height, SampleFormat format, int bands, boolean prePass, LaunchPlan plan,
                         double filterMs, SampleFormat output, double setupMs, String covers) {

        /** A run whose filter phase is not described further ({@code covers} empty). */
        public Report(int width, int height, SampleFormat format, int bands, boolean prePass, LaunchPlan plan,
                      double filterMs, SampleFormat output, double setupMs) {
            this(width, height, format, bands, prePass, plan, filterMs, output, setupMs, "");
        }

        /** A run with no set-up timed apart. */
        public Report(int width, int height, SampleFormat format, int bands, boolean prePass, LaunchPlan plan, double filterMs,
                      SampleFormat output) {
            this(width, height, format, bands, prePass, plan, filterMs, output, 0);
        }

        /** A run whose output has the input's format. */
        public Report(int width, int height, SampleFormat format, int bands, boolean prePass, LaunchPlan plan, double filterMs) {
            this(width, height, format, bands, prePass, plan, filterMs, format);
        }

        /** The strategy that ran. */
        public Strategy strategy() {
            return plan.runs();
        }

        /**
         * The work of the kernels that ran over the whole image, counted from the plan as every report counts it
         * ({@link FilterCost#of(int, int, int, Mask, LaunchPlan)}, the image's colour channels).
         */
        public FilterCost cost(Mask mask) {
            return FilterCost.of(width, height, format.colourChannels(), mask, plan);
        }
    }

    /**
     * @param bandRows rows a band, or 0 for the whole image in one band where it is filtered a plane at a time (grey,
     *                 16-bit, 32-bit, a changed depth) and fits the heap, else about {@link #DEFAULT_BAND_PIXELS}
     *                 pixels a band
     */
    public StripFilter(ConvolutionEngine engine, PlaneFilter planes, int bandRows) {
        this.engine = engine;
        this.planes = planes;
        this.bandRowsWanted = bandRows;
    }

    /**
     * Streams {@code opener}'s image through the filter into {@code sink}, whose format is the
     * source's. {@code opener} is called a second time only when a first pass for edge rows is needed.
     */
    public Report run(Supplier<RowSource> opener, RowSink sink, FilterSpec spec, Strategy strategy) {
        return run(opener, sink, spec, strategy, OutputDepth.SAME);
    }

    /**
     * As {@link #run(Supplier, RowSink, FilterSpec, Strategy)}, into a sink whose format is {@code depth} of the
     * source's ({@link SampleMapping}): a float output keeps the exact mapped sums.
     */
    public Report run(Supplier<RowSource> opener, RowSink sink, FilterSpec spec, Strategy strategy, OutputDepth depth) {
        strategy.checkApplicable(spec.mask());
        try (RowSource src = opener.get()) {
            int w = src.width();
            int h = src.height();
            SampleFormat fmt = src.format();
            int ry = spec.mask().radiusY();
            SampleMapping mapping = new SampleMapping(spec, fmt, depth.of(fmt));
            // 8-bit RGB(A) into 8 bits goes through the engine's packed path; everything else a plane at a time
            boolean rgb8 = fmt.narrowInteger() && fmt.bitDepth() == 8 && !fmt.grey() && mapping.output().equals(fmt);
            int band;
            if (bandRowsWanted > 0) {
                band = bandRowsWanted;
            } else if (!rgb8 && fitsWhole(w, h, fmt, spec.mask().height())) {
                band = h; // the whole image in one band: one plane filter call a channel (on a GPU, one upload)
            } else {
                // bands at least as tall as the mask, so a large mask's halo rows at most double what is filtered
                band = (int) Math.max(spec.mask().height(), Math.max(1, Math.min(h, DEFAULT_BAND_PIXELS / w)));
            }
            band = Math.min(band, h);
            if (band == h && bandRowsWanted == 0 && !rgb8) {
                Optional<Report> whole = WholeSampleFilter.run(planes, src, sink, spec, strategy, mapping);
                if (whole.isPresent()) {
                    return whole.get();
                }
            }
            Window win = new Window(w * fmt.channels(), h, band + 2 * ry);
            TreeSet<Integer> edge = edgeRows(spec.border(), ry, h, true);
            edge.addAll(edgeRows(spec.border(), ry, h, false));
            // every row above the top is needed by the first band: a row it copies that the first
            // band's reading does not reach must be read first
            int firstEnd = Math.min(h, band + ry);
            TreeSet<Integer> early = new TreeSet<>(edgeRows(spec.border(), ry, h, true).tailSet(firstEnd));
            boolean prePass = !early.isEmpty();
            if (prePass) {
                try (RowSource first = opener.get()) {
                    int[] row = new int[w * fmt.channels()];
                    for (int y = 0; y <= early.last(); y++) {
                        first.readRow(row);
                        if (early.contains(y)) {
                            win.edge.put(y, row.clone());
                        }
                    }
                }
            }
            win.wanted = edge;
            LaunchPlan used = null;
            long filterNs = 0;
            int bands = 0;
            int[] outRow = new int[w * fmt.channels()];
            int[] argb = rgb8 ? new int[(band + 2 * ry) * w] : null;
            float[] in = rgb8 ? null : new float[(band + 2 * ry) * w];
            float[] sums = rgb8 ? null : new float[band * w];
            for (int y0 = 0; y0 < h; y0 += band) {
                int y1 = Math.min(h, y0 + band);
                win.readUpTo(src, Math.min(h, y1 + ry));
                win.dropBelow(y0 - ry);
                long t = System.nanoTime();
                if (rgb8) {
                    used = rgbBand(win, w, fmt, y0, y1, ry, spec, strategy, sink, outRow, argb);
                } else {
                    used = planarBand(win, w, fmt, y0, y1, ry, spec, strategy, in, sums, sink, mapping);
                }
                filterNs += System.nanoTime() - t - writeNs;
                writeNs = 0;
                bands++;
            }
            return new Report(w, h, fmt, bands, prePass, used, filterNs / 1e6, mapping.output());
        }
    }

    /**
     * Heap a pixel of a plane-filtered image takes when it is filtered whole: its rows as read and as written
     * (an int a sample each), the channel's float plane and sums, and room for the plane filter's own copies.
     */
    static long wholeImageBytesPerPixel(SampleFormat f) {
        return 8L * f.channels() + 32;
    }

    /** Whether an image filtered a plane at a time fits the free heap whole (with its halo rows and 64 MB to spare). */
    private static boolean fitsWhole(int w, int h, SampleFormat f, int maskHeight) {
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        return (long) w * (h + maskHeight) * wholeImageBytesPerPixel(f) + (64L << 20) <= free;
    }

    /** The source rows that the ghost rows above the top (or below the bottom) copy. */
    static TreeSet<Integer> edgeRows(BorderPolicy border, int ry, int h, boolean top) {
        TreeSet<Integer> rows = new TreeSet<>();
        for (int k = 1; k <= ry; k++) {
            int r = border.index(top ? -k : h - 1 + k, h);
            if (r >= 0) {
                rows.add(r);
            }
        }
        return rows;
    }

    private LaunchPlan rgbBand(Window win, int w, SampleFormat fmt, int y0, int y1, int ry, FilterSpec spec, Strategy strategy,
                             RowSink sink, int[] outRow, int[] buffer) {
        boolean constant = spec.border() instanceof ConstantPolicy;
        int top = constant ? Math.max(0, y0 - ry) : y0 - ry;
        int bottom = constant ? Math.min(win.h, y1 + ry) : y1 + ry;
        int n = bottom - top;
        // a new RgbaImage on the reused buffer: engines that keep the last image compare by identity
        int[] argb = buffer.length == n * w ? buffer : java.util.Arrays.copyOf(buffer, n * w);
        int ch = fmt.channels();
        for (int k = 0; k < n; k++) {
            RgbaImage.packRow(win.row(top + k, spec.border()), ch, w, argb, k * w);
        }
        FilterResult r = engine.filter(new RgbaImage(w, n, argb), spec, strategy);
        int[] out = r.image().pixels();
        for (int y = y0; y < y1; y++) {
            int o = (y - top) * w;
            RgbaImage.unpackRow(out, o, w, outRow, ch);
            if (ch == 4) { // alpha passes through, as read
                int[] src = win.row(y, spec.border());
                for (int s = 3; s < outRow.length; s += 4) {
                    outRow[s] = src[s];
                }
            }
            sink.writeRow(outRow);
        }
        return r.plan();
    }

    /** Filters a band a colour channel at a time through the plane filter; returns the plan of the last. */
    private LaunchPlan planarBand(Window win, int w, SampleFormat fmt, int y0, int y1, int ry, FilterSpec spec,
                                  Strategy strategy, float[] in, float[] sums, RowSink sink, SampleMapping mapping) {
        int n = y1 - y0;
        int ch = fmt.channels();
        int[][] outRows = new int[n][];
        if (n == win.h && mapping.output().equals(fmt)) {
            // the whole image: its rows are read no more once a channel is in the plane, so the results go
            // into them (alpha stays as it is), not into a second copy of the image
            for (int y = 0; y < n; y++) {
                outRows[y] = win.row(y, spec.border());
            }
        }
        for (int y = 0; y < n && outRows[y] == null; y++) {
            outRows[y] = new int[w * ch];
            if (fmt.alpha()) { // alpha passes through
                int[] src = win.row(y0 + y, spec.border());
                for (int s = ch - 1; s < src.length; s += ch) {
                    outRows[y][s] = mapping.passThrough(src[s]);
                }
            }
        }
        float ghost = spec.border().constant();
        LaunchPlan plan = null;
        boolean narrow = fmt.narrowInteger();
        for (int c = 0; c < fmt.colourChannels(); c++) {
            int channel = c;
            // rows in parallel: on a whole image these conversions cost as much as a separable filter
            IntStream.range(0, n + 2 * ry).parallel().forEach(k -> {
                int y = y0 - ry + k;
                int o = k * w;
                if (win.isConstant(y, spec.border())) {
                    java.util.Arrays.fill(in, o, o + w, ghost);
                    return;
                }
                int[] row = win.row(y, spec.border());
                if (narrow) {
                    for (int x = 0, i = channel; x < w; x++, i += ch) {
                        in[o + x] = row[i];
                    }
                } else {
                    for (int x = 0, i = channel; x < w; x++, i += ch) {
                        in[o + x] = fmt.toFloat(row[i]);
                    }
                }
            });
            plan = planes.correlate(in, w, n, spec, strategy, sums);
            IntStream.range(0, n).parallel().forEach(y -> mapping.samples(sums, y * w, outRows[y], channel, ch, w));
        }
        long w0 = System.nanoTime();
        for (int[] r : outRows) {
            sink.writeRow(r);
        }
        writeNs = System.nanoTime() - w0; // the file's encoding is not the filter's time
        return plan;
    }

    /** The rows read and still needed: a ring of the last rows plus the edge rows kept aside. */
    private static final class Window {
        final int rowLength;
        final int h;
        final int[][] ring;
        final Map<Integer, int[]> edge = new HashMap<>();
        TreeSet<Integer> wanted = new TreeSet<>();
        int lo;
        int next;

        Window(int rowLength, int h, int capacity) {
            this.rowLength = rowLength;
            this.h = h;
            this.ring = new int[Math.min(h, capacity)][];
        }

        void readUpTo(RowSource src, int end) {
            while (next < end) {
                if (next - lo == ring.length) {
                    lo++; // the oldest row is past every band still to come
                }
                int slot = next % ring.length;
                if (ring[slot] == null) {
                    ring[slot] = new int[rowLength];
                }
                src.readRow(ring[slot]);
                if (wanted.contains(next) && !edge.containsKey(next)) {
                    edge.put(next, ring[slot].clone());
                }
                next++;
            }
        }

        void dropBelow(int y) {
            lo = Math.max(lo, Math.min(y, next));
        }

        boolean isConstant(int y, BorderPolicy border) {
            return (y < 0 || y >= h) && border.index(y, h) < 0;
        }

        /** Row y of the image, or the row a ghost row y copies. */
        int[] row(int y, BorderPolicy border) {
            int r = y < 0 || y >= h ? border.index(y, h) : y;
            if (r < 0) {
                throw new IllegalStateException("row " + y + " is a constant ghost row");
            }
            if (r >= lo && r < next) {
                return ring[r % ring.length];
            }
            int[] e = edge.get(r);
            if (e == null) {
                throw new ConvolabException("internal error: row " + r + " of the image is no longer held (rows "
                        + lo + " to " + (next - 1) + " are)");
            }
            return e;
        }
    }
}
