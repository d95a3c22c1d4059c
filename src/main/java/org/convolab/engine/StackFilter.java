package org.convolab.engine;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask3D;
import org.convolab.core.PlaneFilter;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.core.SampleMapping;
import org.convolab.core.Strategy;
import org.convolab.core.VolumeFilter;
import org.convolab.core.VolumeStrategy;
import org.convolab.cpu.CpuVolumeFilter;
import org.convolab.io.Hyperstack;
import org.convolab.io.RowSinks;
import org.convolab.io.TiffStack;
import org.convolab.io.TiffStackWriter;

/**
 * Filters a stack (a multi-page TIFF) into a stack of the same dimensions: with a 2D mask every page on its own,
 * streamed a page at a time through {@link StripFilter} (memory: one page); with a 3D mask ({@link Mask3D}) each
 * time frame and channel as a volume through the engine's {@link VolumeFilter} (memory: one frame of every
 * channel as float, twice). Alpha passes through. The output keeps the input's ImageJ dimensions, spacing and unit.
 */
public final class StackFilter {

    /** A stack to filter: its size, format, dimensions and a page opener. */
    public record Input(String name, int width, int height, SampleFormat format, Hyperstack dims, Optional<byte[]> icc,
                        IntFunction<RowSource> page) {

        /** The pages of a TIFF stack. */
        public static Input of(TiffStack s) {
            return new Input(s.name(), s.width(), s.height(), s.format(), s.hyperstack(), s.iccProfile(), s::page);
        }
    }

    /**
     * What a run did.
     *
     * @param plan what the last page or volume ran
     */
    public record Report(int width, int height, Hyperstack dims, SampleFormat format, SampleFormat output, LaunchPlan plan,
                         double filterMs, boolean volume) {
    }

    private StackFilter() {
    }

    /** The engine's own 3D filter, or the CPU's. */
    public static VolumeFilter volumeFilter(ConvolutionEngine engine) {
        return engine.volumeFilter().orElseGet(CpuVolumeFilter::new);
    }

    /**
     * Every page filtered with the 2D mask of {@code spec}, one page in memory at a time.
     *
     * @throws ConvolabException as {@link StripFilter} and {@link TiffStackWriter} do; the output is then untouched
     */
    public static Report perPage(Input in, FileFilter.Job job, ConvolutionEngine engine, FilterSpec spec, Strategy strategy) {
        SampleFormat out = job.depth().of(in.format());
        int pages = in.dims().pages();
        StripFilter.Report[] last = new StripFilter.Report[1];
        double[] ms = {0};
        try (PlaneFilter planes = PlaneFilters.forEngine(engine)) {
            StripFilter strips = new StripFilter(engine, planes, job.bandRows());
            TiffStackWriter.write(job.output(), job.replace(), in.width(), in.height(), out, pages, in.icc(),
                    in.dims().imageJDescription(), sink -> {
                        for (int p = 0; p < pages; p++) {
                            int page = p;
                            sink.writePage(rows -> {
                                last[0] = strips.run(() -> in.page().apply(page), rows, spec, strategy, job.depth());
                                ms[0] += last[0].filterMs();
                            });
                        }
                    });
        }
        return new Report(in.width(), in.height(), in.dims(), in.format(), out, last[0].plan(), ms[0], false);
    }

    /**
     * The stack filtered as volumes with the 3D mask: each frame's channels read whole, correlated through the
     * engine's 3D filter, mapped by {@code spec} (divisor, offset, abs; its 2D mask is not used) and written.
     * A single page (a 1-page stack) is written in any format {@link RowSinks} writes.
     *
     * @throws ConvolabException when the strategy does not apply to the mask, the heap cannot hold a frame, or the
     *                           input or output fails; the output is then untouched
     */
    public static Report volume(Input in, FileFilter.Job job, ConvolutionEngine engine, Mask3D mask, FilterSpec spec,
                                VolumeStrategy strategy, Consumer<String> notices) {
        SampleFormat fmt = in.format();
        SampleFormat out = job.depth().of(fmt);
        SampleMapping mapping = new SampleMapping(spec, fmt, out);
        Hyperstack dims = in.dims();
        int w = in.width();
        int h = in.height();
        int z = dims.slices();
        int colours = fmt.colourChannels();
        long voxels = (long) w * h * z;
        long bytes = voxels * dims.channels() * (colours * 8L + (fmt.alpha() ? 4 : 0));
        long free = Runtime.getRuntime().maxMemory() - (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory());
        if (voxels > Integer.MAX_VALUE - 16 || bytes > free) {
            throw new ConvolabException(String.format(Locale.ROOT, "filtering %s in 3D holds a frame (%dx%dx%d, %d channel%s) as"
                            + " float: about %.1f GB, the heap allows %.1f GB (run with a larger -Xmx, or filter it page by page"
                            + " with a 2D mask)", in.name(), w, h, z, dims.channels() * colours, dims.channels() * colours == 1 ? "" : "s",
                    bytes / 1e9, free / 1e9));
        }
        LaunchPlan[] plan = new LaunchPlan[1];
        double[] ms = {0};
        try (VolumeFilter filter = volumeFilter(engine)) {
            Frames frames = new Frames(in, filter, mask, spec, strategy, mapping, plan, ms);
            if (dims.pages() == 1) {
                RowSinks.write(job.output(), job.replace(), w, h, out, in.icc(), job.encoding(), notices,
                        sink -> frames.writePage(0, 0, sink));
            } else {
                TiffStackWriter.write(job.output(), job.replace(), w, h, out, dims.pages(), in.icc(), dims.imageJDescription(),
                        sink -> {
                            for (int t = 0; t < dims.frames(); t++) {
                                for (int s = 0; s < z; s++) {
                                    for (int c = 0; c < dims.channels(); c++) {
                                        int tt = t;
                                        int ss = s;
                                        int cc = c;
                                        sink.writePage(rows -> frames.writePage(tt, dims.page(cc, ss, 0), rows));
                                    }
                                }
                            }
                        });
            }
        }
        return new Report(w, h, dims, fmt, out, plan[0], ms[0], true);
    }

    /** One frame at a time: read, filtered, then its pages handed out in order. */
    private static final class Frames {
        private final Input in;
        private final VolumeFilter filter;
        private final Mask3D mask;
        private final FilterSpec spec;
        private final VolumeStrategy strategy;
        private final SampleMapping mapping;
        private final LaunchPlan[] plan;
        private final double[] ms;
        private int frame = -1;
        /** Per hyperstack channel and colour channel: the frame's sums, slice after slice. */
        private float[][][] sums;
        /** Per hyperstack channel: alpha samples, or null. */
        private int[][] alpha;

        Frames(Input in, VolumeFilter filter, Mask3D mask, FilterSpec spec, VolumeStrategy strategy, SampleMapping mapping,
               LaunchPlan[] plan, double[] ms) {
            this.in = in;
            this.filter = filter;
            this.mask = mask;
            this.spec = spec;
            this.strategy = strategy;
            this.mapping = mapping;
            this.plan = plan;
            this.ms = ms;
        }

        /** Writes the page of frame t at {@code index} within the frame (c + channels * z) into the sink. */
        void writePage(int t, int index, org.convolab.core.RowSink sink) {
            if (t != frame) {
                load(t);
            }
            Hyperstack dims = in.dims();
            int c = index % dims.channels();
            int z = index / dims.channels();
            SampleFormat fmt = in.format();
            int w = in.width();
            int ch = fmt.channels();
            int plane = w * in.height();
            int[] row = new int[w * ch];
            for (int y = 0; y < in.height(); y++) {
                for (int k = 0; k < fmt.colourChannels(); k++) {
                    mapping.samples(sums[c][k], z * plane + y * w, row, k, ch, w);
                }
                if (fmt.alpha()) {
                    for (int x = 0; x < w; x++) {
                        row[x * ch + ch - 1] = mapping.passThrough(alpha[c][z * plane + y * w + x]);
                    }
                }
                sink.writeRow(row);
            }
        }

        private void load(int t) {
            Hyperstack dims = in.dims();
            SampleFormat fmt = in.format();
            int w = in.width();
            int h = in.height();
            int ch = fmt.channels();
            int colours = fmt.colourChannels();
            int plane = w * h;
            int depth = dims.slices();
            sums = null;
            float[][][] volumes = new float[dims.channels()][colours][plane * depth];
            alpha = fmt.alpha() ? new int[dims.channels()][plane * depth] : null;
            int[] row = new int[w * ch];
            for (int c = 0; c < dims.channels(); c++) {
                for (int z = 0; z < depth; z++) {
                    try (RowSource src = in.page().apply(dims.page(c, z, t))) {
                        for (int y = 0; y < h; y++) {
                            src.readRow(row);
                            int at = z * plane + y * w;
                            for (int x = 0; x < w; x++) {
                                for (int k = 0; k < colours; k++) {
                                    volumes[c][k][at + x] = fmt.toFloat(row[x * ch + k]);
                                }
                                if (alpha != null) {
                                    alpha[c][at + x] = row[x * ch + ch - 1];
                                }
                            }
                        }
                    }
                }
            }
            long t0 = System.nanoTime();
            for (float[][] channel : volumes) {
                for (int k = 0; k < colours; k++) {
                    float[] s = new float[channel[k].length];
                    plan[0] = filter.correlate(channel[k], w, h, depth, mask, spec.border(), strategy, s);
                    channel[k] = s; // the input is no longer needed: the sums take its place
                }
            }
            ms[0] += (System.nanoTime() - t0) / 1e6;
            sums = volumes;
            frame = t;
        }
    }
}
