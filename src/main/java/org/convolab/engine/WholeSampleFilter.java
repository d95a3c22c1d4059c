package org.convolab.engine;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.ShortBuffer;
import java.util.Optional;
import java.util.stream.IntStream;
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
 * {@link StripFilter}'s short way for a whole grey, 16-bit or float image: the rows packed into a
 * {@link SampleImageFilter}'s buffer (the GPU's pinned memory), one call, the result unpacked into the rows written.
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
     * <p>The filter phase reported is from the samples read to the samples ready to write (packing the rows, the
     * copies, the kernels); the set-up (buffers, plans: {@link SampleImageFilter#prepare}) is reported apart, and
     * writing the file is in neither.
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
        int rowLength = w * ch;
        int[][] rows = new int[h][];
        for (int y = 0; y < h; y++) {
            rows[y] = new int[rowLength];
            src.readRow(rows[y]);
        }
        long s0 = System.nanoTime();
        f.prepare(w, h, ch, in, out, spec, strategy); // buffers and plans: once, timed apart
        long t = System.nanoTime();
        ByteBuffer inBuf = f.input();
        // in chunks of rows, one scratch row a chunk (a lambda a row ran cold, about 100 ms for 36 M samples)
        int chunks = Math.min(h, 4 * Runtime.getRuntime().availableProcessors());
        IntStream.range(0, chunks).parallel().forEach(c -> {
            ByteBuffer view = inBuf.duplicate().order(ByteOrder.nativeOrder());
            IntBuffer ints = in == Samples.F32 ? view.asIntBuffer() : null;
            ShortBuffer shorts = in == Samples.U16 ? view.asShortBuffer() : null;
            short[] s = shorts == null ? null : new short[rowLength];
            for (int y = (int) ((long) c * h / chunks); y < (int) ((long) (c + 1) * h / chunks); y++) {
                int[] row = rows[y];
                if (ints != null) { // the rows hold the floats' bits
                    ints.put(y * rowLength, row, 0, rowLength);
                } else {
                    for (int i = 0; i < rowLength; i++) {
                        s[i] = (short) row[i];
                    }
                    shorts.put(y * rowLength, s, 0, rowLength);
                }
            }
        });
        ByteBuffer outBuf = f.output();
        int max = outFmt.narrowInteger() ? outFmt.maxValue() : 0;
        long packed = System.nanoTime();
        LaunchPlan plan = f.filter(w, h, ch, in, out, max, spec, strategy);
        long filtered = System.nanoTime();
        IntStream.range(0, chunks).parallel().forEach(c -> {
            ByteBuffer view = outBuf.duplicate().order(ByteOrder.nativeOrder());
            IntBuffer ints = out == Samples.F32 ? view.asIntBuffer() : null;
            ShortBuffer shorts = out == Samples.U16 ? view.asShortBuffer() : null;
            short[] s = shorts == null ? null : new short[rowLength];
            for (int y = (int) ((long) c * h / chunks); y < (int) ((long) (c + 1) * h / chunks); y++) {
                int[] row = rows[y]; // read no more: the results go into it
                if (ints != null) {
                    ints.get(y * rowLength, row, 0, rowLength);
                } else {
                    shorts.get(y * rowLength, s, 0, rowLength);
                    for (int i = 0; i < rowLength; i++) {
                        row[i] = s[i] & 0xffff;
                    }
                }
            }
        });
        double ms = (System.nanoTime() - t) / 1e6;
        if (TRACE) {
            System.err.printf(java.util.Locale.ROOT, "whole image: set-up %.1f ms, pack %.1f ms, filter %.1f ms, unpack %.1f ms%n",
                    (t - s0) / 1e6, (packed - t) / 1e6, (filtered - packed) / 1e6, (System.nanoTime() - filtered) / 1e6);
        }
        for (int[] row : rows) {
            sink.writeRow(row);
        }
        return Optional.of(new StripFilter.Report(w, h, fmt, 1, false, plan, ms, outFmt, (t - s0) / 1e6));
    }
}
