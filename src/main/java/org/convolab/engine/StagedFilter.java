package org.convolab.engine;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.function.Consumer;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.ResultLease;
import org.convolab.core.SampleFormat;
import org.convolab.core.StagedInput;
import org.convolab.core.Strategy;
import org.convolab.io.PendingJpeg;
import org.convolab.io.RowSinks;

/**
 * The short way of {@link PackedFilter} for a JPEG on an engine with {@link StagedInput} (the GPU's): the engine is
 * made ready for the image's size, the JPEG is decoded straight into its page-locked upload buffer, and one call
 * filters it from there. The ordinary short way decodes into a Java array, copies that into a native buffer inside
 * the decoder, and the engine copies it again into the upload buffer; here the pixels are written once.
 *
 * <p>What it costs: the decode waits for the engine (a CUDA context coming up while the JPEG decodes on the ordinary
 * way). The bits are those of the ordinary way ({@code StagedFilterTest}).
 */
final class StagedFilter {

    private static final SampleFormat RGB8 = new SampleFormat(3, 8);

    private StagedFilter() {
    }

    /** Whether a job may take this way at all: the short way's masks, no bands, no depth change, no turn upright. */
    static boolean applies(FileFilter.Job job, FilterSpec spec, Strategy strategy, int orientation) {
        return job.takesWholeImage(RGB8) && PackedFilter.applies(spec, strategy)
                && (!job.autoOrient() || orientation < 2 || orientation > 8);
    }

    /**
     * Filters the JPEG into the job's output, or returns empty (nothing written) where the engine takes the image only
     * the ordinary way (too large for its memory whole), the codec found late that it decodes the file only into an
     * array, or the device failed under the staged pixels ({@link StagedInput.Lost}): the caller then goes the ordinary
     * way, where the engine retries or falls back.
     */
    static Optional<StripFilter.Report> run(FileFilter.Job job, ConvolutionEngine engine, StagedInput staged, PendingJpeg jpeg,
                                            FilterSpec spec, Strategy strategy, RowSinks.Options encoding,
                                            Consumer<String> notices) {
        int w = jpeg.width();
        int h = jpeg.height();
        long s0 = System.nanoTime();
        engine.prepare(w, h, spec, strategy); // buffers, plans, kernels: timed apart
        Optional<ByteBuffer> buffer = staged.buffer(w, h);
        if (buffer.isEmpty()) {
            return Optional.empty();
        }
        double setupMs = (System.nanoTime() - s0) / 1e6;
        if (!jpeg.decodeInto(buffer.get())) {
            return Optional.empty();
        }
        long t0 = System.nanoTime();
        double ms;
        LaunchPlan plan;
        try (ResultLease r = staged.filterLeased(w, h, spec, strategy)) {
            ms = (System.nanoTime() - t0) / 1e6;
            plan = r.plan();
            FileFilter.trace("staged image", ms, r.timings());
            RowSinks.write(job.output(), job.replace(), r.image(), RGB8, jpeg.iccProfile(), encoding, notices);
        } catch (StagedInput.Lost lost) {
            return Optional.empty();
        }
        for (int i = 0; i < Integer.getInteger("convolab.trace.repeat", 0); i++) {
            long t = System.nanoTime(); // the decoded pixels stay in the upload buffer: each call uploads them again
            try (ResultLease r = staged.filterLeased(w, h, spec, strategy)) {
                FileFilter.trace("staged image, again", (System.nanoTime() - t) / 1e6, r.timings());
            }
        }
        return Optional.of(new StripFilter.Report(w, h, RGB8, 1, false, plan, ms, RGB8, setupMs,
                "the engine's call: up from the pinned memory the JPEG was decoded into, the kernels, down into pinned memory"));
    }
}
