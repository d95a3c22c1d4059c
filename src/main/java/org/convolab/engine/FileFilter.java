package org.convolab.engine;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.OutputDepth;
import org.convolab.core.PlaneFilter;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSource;
import org.convolab.core.Strategy;
import org.convolab.io.RowSinks;
import org.convolab.io.RowSources;

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
     * @param depth    the output's samples: the input's, 8 or 16 bits, or 32-bit float
     */
    public record Job(Path input, Path output, boolean replace, long maxPixels, RowSinks.Options encoding, int bandRows,
                      OutputDepth depth) {

        /** A job whose output keeps the input's depth. */
        public Job(Path input, Path output, boolean replace, long maxPixels, RowSinks.Options encoding, int bandRows) {
            this(input, output, replace, maxPixels, encoding, bandRows, OutputDepth.SAME);
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
     * @throws org.convolab.core.ConvolabException with one clear line for bad input or a failed write;
     *                                             the output is then untouched
     */
    public static StripFilter.Report run(Job job, ConvolutionEngine engine, FilterSpec spec, Strategy strategy,
                                         Consumer<String> notices) {
        Supplier<RowSource> opener = RowSources.opener(job.input(), job.maxPixels());
        Set<String> said = new HashSet<>();
        Consumer<String> once = n -> {
            if (said.add(n)) {
                notices.accept(n);
            }
        };
        StripFilter.Report[] report = new StripFilter.Report[1];
        RowSource header = opener.get();
        Optional<RgbaImage> packed;
        try {
            // an explicit band height asks for the streamed path
            boolean sameDepth = job.depth().of(header.format()).equals(header.format());
            packed = job.bandRows() > 0 || !sameDepth ? Optional.empty() : PackedFilter.input(header, spec, strategy, false);
        } catch (RuntimeException | Error e) {
            header.close();
            throw e;
        }
        if (packed.isPresent()) {
            try (header) {
                long t0 = System.nanoTime();
                FilterResult r = engine.filter(packed.get(), spec, strategy);
                double ms = (System.nanoTime() - t0) / 1e6;
                RowSinks.write(job.output(), job.replace(), r.image(), header.format(), header.iccProfile(), job.encoding(), once);
                return new StripFilter.Report(header.width(), header.height(), header.format(), 1, false, r.plan(), ms);
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
                    header.iccProfile(), job.encoding(), once, sink -> report[0] = strips.run(reuseFirst, sink, spec, strategy,
                            job.depth()));
        }
        return report[0];
    }
}
