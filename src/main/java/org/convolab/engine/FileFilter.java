package org.convolab.engine;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask3D;
import org.convolab.core.VolumeStrategy;
import org.convolab.core.OutputDepth;
import org.convolab.core.PlaneFilter;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.core.StagedInput;
import org.convolab.core.Strategy;
import org.convolab.core.Timings;
import org.convolab.core.UserText;
import org.convolab.io.ImageFiles;
import org.convolab.io.Exif;
import org.convolab.io.Orientation;
import org.convolab.io.PendingJpeg;
import org.convolab.io.RowSinks;
import org.convolab.io.RowSources;
import org.convolab.io.TiffStack;

/**
 * One call that filters a file into a file, streamed in bands ({@link StripFilter}), or in one piece
 * for an 8-bit RGB(A) image decoded whole ({@link PackedFilter}): what {@code convolab filter} runs, the
 * paths a batch runs per file. The output keeps the input's sample format where its file format can (see
 * {@link RowSinks}) and its ICC profile.
 */
public final class FileFilter {

    private FileFilter() {
    }

    /**
     * What to read, write and how.
     *
     * @param bandRows rows a band, or 0 for bands sized by {@link StripFilter#DEFAULT_BAND_PIXELS} (and the
     *                 short way of {@link PackedFilter} where it applies); a band height always streams
     * @param autoOrient turn the input upright by its EXIF orientation before filtering, and say orientation 1 in
     *                   the output; else the output keeps the input's orientation (JPEG and TIFF outputs)
     * @param depth      the output's samples: the input's, 8 or 16 bits, or 32-bit float
     */
    public record Job(Path input, Path output, boolean replace, long maxPixels, RowSinks.Options encoding, int bandRows,
                      boolean autoOrient, OutputDepth depth) {
        /** A job that keeps the input's orientation and depth. */
        public Job(Path input, Path output, boolean replace, long maxPixels, RowSinks.Options encoding, int bandRows) {
            this(input, output, replace, maxPixels, encoding, bandRows, false, OutputDepth.SAME);
        }

        /**
         * Whether the job lets a file of this format go the whole-image way ({@link PackedFilter}, {@link StagedFilter}):
         * no band height asked for (that asks for the streamed path) and the output keeps the input's samples.
         */
        boolean takesWholeImage(SampleFormat format) {
            return bandRows == 0 && depth.of(format).equals(format);
        }

        /** Defaults: 2-gigapixel limit, quality 92, bands sized by {@link StripFilter#DEFAULT_BAND_PIXELS}. */
        public static Job of(Path input, Path output, boolean replace) {
            return new Job(input, output, replace, RowSources.DEFAULT_MAX_PIXELS, RowSinks.Options.defaults(), 0);
        }
    }

    /**
     * Filters {@code job.input()} into {@code job.output()} with the engine (and a plane filter for
     * grey and 16-bit images).
     *
     * @param notices gets each distinct notice once (alpha or bits a format cannot hold)
     * @throws ConvolabException with one clear line for bad input, an output that is the input (through
     *                           links too), or a failed write; the output is then untouched
     */
    public static StripFilter.Report run(Job job, ConvolutionEngine engine, FilterSpec spec, Strategy strategy,
                                         Consumer<String> notices) {
        return run(job, () -> engine, spec, strategy, notices);
    }

    /**
     * Filters {@code job.input()} with a 3D mask into {@code job.output()}: a multi-page TIFF as a stack of the same
     * dimensions ({@link StackFilter#volume}), a single image as a stack of one page (the mask's z ghost cells from
     * the policy), written in any format.
     *
     * @param spec the output mapping (divisor, offset, abs) and the ghost-cell policy; its 2D mask is not used
     * @throws ConvolabException as {@link #run}, and when the 3D strategy does not apply to the mask
     */
    public static StackFilter.Report runVolume(Job job, Supplier<ConvolutionEngine> engineWhenNeeded, Mask3D mask, FilterSpec spec,
                                               VolumeStrategy strategy, Consumer<String> notices) {
        if (ImageFiles.sameFile(job.input(), job.output())) {
            throw new ConvolabException("refusing to overwrite the input file " + UserText.escape(job.input().toString())
                    + "; choose another output");
        }
        Optional<TiffStack> stack = TiffStack.open(job.input(), job.maxPixels());
        StackFilter.Input in;
        if (stack.isPresent()) {
            in = StackFilter.Input.of(stack.get());
        } else {
            Supplier<RowSource> opener = RowSources.opener(job.input(), job.maxPixels());
            try (RowSource header = opener.get()) {
                in = new StackFilter.Input(UserText.escape(job.input().toString()), header.width(), header.height(),
                        header.format(), org.convolab.io.Hyperstack.slices(1), header.iccProfile(), p -> opener.get());
            }
        }
        return StackFilter.volume(in, job, engineWhenNeeded.get(), mask, spec, strategy, notices);
    }

    /**
     * {@link #run(Job, ConvolutionEngine, FilterSpec, Strategy, Consumer)} with the engine asked for only once
     * the input is open and (a JPEG, BMP, GIF) decoded: an engine still starting (a CUDA context) comes up
     * while the file decodes.
     */
    public static StripFilter.Report run(Job job, Supplier<ConvolutionEngine> engineWhenNeeded, FilterSpec spec,
                                         Strategy strategy, Consumer<String> notices) {
        if (ImageFiles.sameFile(job.input(), job.output())) {
            throw new ConvolabException("refusing to overwrite the input file " + UserText.escape(job.input().toString())
                    + "; choose another output");
        }
        Optional<TiffStack> stack = TiffStack.open(job.input(), job.maxPixels());
        if (stack.isPresent()) { // every page, never the first alone
            StackFilter.Report r = StackFilter.perPage(StackFilter.Input.of(stack.get()), job, engineWhenNeeded.get(), spec, strategy);
            return new StripFilter.Report(r.width(), r.height(), r.format(), r.dims().pages(), false, r.plan(), r.filterMs(),
                    r.output());
        }
        Exif exif = Exif.read(job.input());
        Optional<StripFilter.Report> staged = staged(job, engineWhenNeeded, spec, strategy, exif, notices);
        if (staged.isPresent()) {
            return staged.get();
        }
        Supplier<RowSource> stored = RowSources.opener(job.input(), job.maxPixels());
        Supplier<RowSource> opener = job.autoOrient() ? Orientation.upright(stored, exif.orientation()) : stored;
        RowSinks.Options encoding = job.encoding().withExif(job.autoOrient() ? exif.withOrientation(1) : exif);
        Set<String> said = new HashSet<>();
        Consumer<String> once = n -> {
            if (said.add(n)) {
                notices.accept(n);
            }
        };
        StripFilter.Report[] report = new StripFilter.Report[1];
        RowSource header = opener.get();
        Optional<RgbaImage> packed;
        ConvolutionEngine engine;
        try {
            // an explicit band height asks for the streamed path
            boolean whole = job.takesWholeImage(header.format());
            packed = whole ? PackedFilter.input(header, spec, strategy, false) : Optional.empty();
            engine = engineWhenNeeded.get();
            if (packed.isEmpty() && whole) {
                packed = PackedFilter.fftOnDevice(header, spec, strategy, engine);
            }
        } catch (RuntimeException | Error e) {
            header.close();
            throw e;
        }
        if (packed.isPresent()) {
            try (header) {
                return packedWay(job, engine, packed.get(), header, spec, strategy, encoding, once);
            }
        }
        try (header; PlaneFilter planes = PlaneFilters.forEngine(engine)) {
            StripFilter strips = new StripFilter(engine, planes, job.bandRows());
            boolean[] first = {true};
            Supplier<RowSource> reuseFirst = () -> {
                if (first[0]) { // the source opened for the header serves the first pass
                    first[0] = false;
                    return header;
                }
                return opener.get();
            };
            RowSinks.write(job.output(), job.replace(), header.width(), header.height(), job.depth().of(header.format()),
                    header.iccProfile(), encoding, once, sink -> report[0] = strips.run(reuseFirst, sink, spec, strategy,
                            job.depth()));
        }
        return report[0];
    }

    /**
     * The JPEG decoded straight into the engine's own memory ({@link StagedFilter}) where the job, the file and the
     * engine allow; else empty, and the file is read the ordinary way. The engine is asked for before the decode only
     * for a file that starts as a JPEG the native codec may take.
     */
    private static Optional<StripFilter.Report> staged(Job job, Supplier<ConvolutionEngine> engineWhenNeeded, FilterSpec spec,
                                                       Strategy strategy, Exif exif, Consumer<String> notices) {
        // -Dconvolab.stagedInput=false: the ordinary way, to compare the two on one host
        if (!Boolean.parseBoolean(System.getProperty("convolab.stagedInput", "true"))
                || !StagedFilter.applies(job, spec, strategy, exif.orientation())) {
            return Optional.empty();
        }
        if (!PendingJpeg.mayTake(job.input())) {
            return Optional.empty();
        }
        ConvolutionEngine engine = engineWhenNeeded.get();
        Optional<StagedInput> input = engine.stagedInput();
        if (input.isEmpty()) {
            return Optional.empty(); // the CPU's: the file is read once, the ordinary way
        }
        Optional<PendingJpeg> jpeg = PendingJpeg.open(job.input(), job.maxPixels());
        if (jpeg.isEmpty()) {
            return Optional.empty();
        }
        RowSinks.Options encoding = job.encoding().withExif(job.autoOrient() ? exif.withOrientation(1) : exif);
        return StagedFilter.run(job, engine, input.get(), jpeg.get(), spec, strategy, encoding, notices);
    }

    /**
     * The short way of an image held packed: one engine call, the result lent in place (on a GPU the pinned memory it
     * came down into), and the encoder takes it from there. The filter phase is the engine's call alone; the copy of
     * the lent result into the encoder's array is writing. -Dconvolab.trace.whole=true prints the call's device events,
     * and -Dconvolab.trace.repeat=N then runs the same call N more times (the image uploaded again each time, nothing
     * written), for the stages of a warm engine.
     */
    private static StripFilter.Report packedWay(Job job, ConvolutionEngine engine, RgbaImage image, RowSource header, FilterSpec spec,
                                                Strategy strategy, RowSinks.Options encoding, Consumer<String> notices) {
        long s0 = System.nanoTime();
        engine.prepare(header.width(), header.height(), spec, strategy); // buffers, plans: timed apart
        long t0 = System.nanoTime();
        double ms;
        org.convolab.core.LaunchPlan plan;
        try (ResultLease r = engine.filterLeased(image, spec, strategy)) {
            ms = (System.nanoTime() - t0) / 1e6;
            plan = r.plan();
            trace("packed image", ms, r.timings());
            RowSinks.write(job.output(), job.replace(), r.image(), header.format(), header.iccProfile(), encoding, notices);
        }
        for (int i = 0; i < Integer.getInteger("convolab.trace.repeat", 0); i++) {
            RgbaImage again = new RgbaImage(image.width(), image.height(), image.pixels()); // a new image: uploaded again
            long t = System.nanoTime();
            try (ResultLease r = engine.filterLeased(again, spec, strategy)) {
                trace("packed image, again", (System.nanoTime() - t) / 1e6, r.timings());
            }
        }
        String covers = engine.backend() == org.convolab.core.Backend.CUDA
                ? "the engine's call: the ARGB into pinned memory, up, the kernels, down into pinned memory" : "";
        return new StripFilter.Report(header.width(), header.height(), header.format(), 1, false, plan, ms, header.format(),
                (t0 - s0) / 1e6, covers);
    }

    static void trace(String what, double callMs, Timings k) {
        if (Boolean.getBoolean("convolab.trace.whole")) {
            System.err.printf(java.util.Locale.ROOT, "%s: filter call %.1f ms, %.1f of it on the engine's thread; device events: upload %.1f, unpack %.1f,"
                    + " kernels %s, pack %.1f, download %.1f, all %.1f ms%n", what, callMs, k.totalMs(), k.uploadMs(), k.unpackMs(), k.channelMs(), k.packMs(),
                    k.downloadMs(), k.resultMs());
        }
    }
}
