package org.convolab.engine;

import java.util.Optional;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.PlaneFilter;
import org.convolab.core.RowSink;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.core.SampleImageFilter;
import org.convolab.core.SampleImageFilter.Samples;
import org.convolab.core.SampleMapping;
import org.convolab.core.Strategy;

/**
 * {@link StripFilter}'s short way for a whole grey, 16-bit or float image: the source decodes its samples straight into
 * a {@link SampleImageFilter}'s input buffer (the GPU's pinned memory, {@link RowSource#readSamples}), one call filters
 * them, and the encoder takes the result from its output buffer ({@link RowSink#writeSamples}): no row of {@code int}s
 * and no per-sample conversion pass between the codec and the filter.
 */
final class WholeSampleFilter {

    /** -Dconvolab.trace.whole=true prints the stages of a whole image's short way on stderr. */
    private static final boolean TRACE = Boolean.getBoolean("convolab.trace.whole");

    private WholeSampleFilter() {
    }

    /**
     * The short way of a grey, 16-bit or float image that fits: the plane filter's {@link SampleImageFilter} (the
     * GPU's) takes the whole image's interleaved samples in one call, so no channel is converted or filtered apart.
     * Empty where the plane filter has none, the formats are not ones it holds (32-bit integers, a change between 8
     * and 16 bits), or it cannot hold the image now; then the image goes the plane-at-a-time way.
     *
     * <p>The filter phase reported is {@link SampleImageFilter#filter} alone: on a GPU the samples' copy up, the kernels
     * and the copy down. The set-up (buffers, plans: {@link SampleImageFilter#prepare}) is reported apart; decoding into
     * the buffer is reading and encoding from it writing, in neither.
     */
    static Optional<StripFilter.Report> run(PlaneFilter planes, RowSource src, RowSink sink, FilterSpec spec, Strategy strategy,
                                            SampleMapping mapping) {
        SampleFormat fmt = src.format();
        SampleFormat outFmt = mapping.output();
        Samples in = fmt.narrowInteger() ? Samples.U16 : fmt.isFloat() ? Samples.F32 : null;
        Samples out = outFmt.equals(fmt) ? in : outFmt.isFloat() && in != null ? Samples.F32 : null;
        Optional<SampleImageFilter> filter = planes.sampleImages();
        int w = src.width();
        int h = src.height();
        int ch = fmt.channels();
        if (in == null || out == null || filter.isEmpty() || !filter.get().holds(w, h, ch, in, out)) {
            return Optional.empty();
        }
        SampleImageFilter f = filter.get();
        long s0 = System.nanoTime();
        f.prepare(w, h, ch, in, out, spec, strategy); // buffers and plans: once, timed apart
        long r0 = System.nanoTime();
        // the decoder writes the samples into the filter's own buffer (pinned memory on a GPU): part of reading
        src.readSamples(f.input().duplicate().order(f.input().order()), h, in);
        long t = System.nanoTime();
        int max = outFmt.narrowInteger() ? outFmt.maxValue() : 0;
        LaunchPlan plan = f.filter(w, h, ch, in, out, max, spec, strategy);
        long filtered = System.nanoTime();
        // and the encoder takes the result from the filter's output buffer: part of writing
        sink.writeSamples(f.output().duplicate().order(f.output().order()), h, w * ch, out);
        if (TRACE) {
            System.err.printf(java.util.Locale.ROOT, "whole image: set-up %.1f ms, read into the buffer %.1f ms, filter %.1f ms,"
                    + " write from the buffer %.1f ms%n", (r0 - s0) / 1e6, (t - r0) / 1e6, (filtered - t) / 1e6,
                    (System.nanoTime() - filtered) / 1e6);
        }
        double ms = (filtered - t) / 1e6;
        return Optional.of(new StripFilter.Report(w, h, fmt, 1, false, plan, ms, outFmt, (r0 - s0) / 1e6, f.covers()));
    }
}
