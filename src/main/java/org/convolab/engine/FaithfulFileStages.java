package org.convolab.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.OutputDepth;
import org.convolab.core.PlaneFilter;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.core.Strategy;
import org.convolab.io.Exif;
import org.convolab.io.Orientation;
import org.convolab.io.RowSinks;
import org.convolab.io.RowSources;
import org.convolab.io.Hyperstack;
import org.convolab.io.TiffStack;
import org.convolab.io.TiffStackWriter;

/**
 * The stages of {@link BatchPipeline} for files whose output keeps what the input had: bit depth
 * (8 or 16), grey or colour, alpha, the embedded ICC profile, the stored values. Decoding opens the
 * file through {@link RowSources} (a JPEG is decoded there, whole; grey and 16-bit PNG and TIFF are read
 * as the filter goes); the filter stage runs {@link StripFilter} on the engine's thread into rows held in
 * memory at the input's depth; encoding writes them through {@link RowSinks} (atomically). An 8-bit RGB(A)
 * image takes {@link PackedFilter}'s short way instead where the heap has room: decoding reads it whole and
 * packs it (on the codec thread: a PNG or TIFF too), the filter stage is one engine call on the whole image,
 * encoding takes the packed result. The streamed and the short way give the same bits, so a batch output
 * equals the single-file output bit for bit.
 */
public final class FaithfulFileStages implements BatchPipeline.Stages<FaithfulFileStages.Opened, FaithfulFileStages.Filtered> {

    /**
     * An opened input: how to read its rows, and its header.
     *
     * @param opener reads the rows; null when {@code packed} holds the image
     * @param packed the image packed for {@link PackedFilter}'s short way, or empty to stream its rows
     * @param exif   the input's EXIF, for the output (orientation 1 once the rows are turned upright)
     */
    public record Opened(Supplier<RowSource> opener, int width, int height, SampleFormat format, Optional<byte[]> icc,
                         Optional<RgbaImage> packed, Exif exif, Optional<TiffStack> stack) {
        public Opened(Supplier<RowSource> opener, int width, int height, SampleFormat format, Optional<byte[]> icc,
                      Optional<RgbaImage> packed, Exif exif) {
            this(opener, width, height, format, icc, packed, exif, Optional.empty());
        }
    }

    /**
     * A filtered image: its rows at the input's depth (bytes for 8 bits, shorts for 16), or (the short way)
     * the packed result.
     *
     * @param rows   the rows; empty when {@code packed} holds the image
     * @param packed the engine's result on the short way, else empty
     * @param exif   the input's EXIF, for the output
     */
    public record Filtered(int width, int height, SampleFormat format, Optional<byte[]> icc, List<Object> rows,
                           Optional<RgbaImage> packed, Exif exif, Optional<StackPages> stack) {
        public Filtered(int width, int height, SampleFormat format, Optional<byte[]> icc, List<Object> rows,
                        Optional<RgbaImage> packed, Exif exif) {
            this(width, height, format, icc, rows, packed, exif, Optional.empty());
        }
    }

    /** The filtered pages of a stack (a multi-page TIFF), each its rows, and the stack's dimensions. */
    public record StackPages(List<List<Object>> pages, Hyperstack dims) {
    }

    private final FilterSpec spec;
    private final Strategy strategy;
    private final long maxPixels;
    private final RowSinks.Options encoding;
    private final Consumer<String> notices;
    private final boolean autoOrient;
    private final OutputDepth depth;

    /**
     * @param notices gets what an output format cannot keep (alpha in a JPEG, 16 bits in a BMP)
     */
    public FaithfulFileStages(FilterSpec spec, Strategy strategy, long maxPixels, RowSinks.Options encoding,
                              Consumer<String> notices) {
        this(spec, strategy, maxPixels, encoding, notices, false, OutputDepth.SAME);
    }

    /**
     * @param autoOrient turn each input upright by its EXIF orientation before filtering (its output then says
     *                   orientation 1); else the output keeps the input's orientation
     * @param depth      the outputs' samples: each input's, 8 or 16 bits, or 32-bit float
     */
    public FaithfulFileStages(FilterSpec spec, Strategy strategy, long maxPixels, RowSinks.Options encoding,
                              Consumer<String> notices, boolean autoOrient, OutputDepth depth) {
        this.autoOrient = autoOrient;
        this.depth = depth;
        this.spec = spec;
        this.strategy = strategy;
        this.maxPixels = maxPixels;
        this.encoding = encoding;
        this.notices = notices;
    }

    @Override
    public Opened decode(Path input) {
        Optional<TiffStack> stack = TiffStack.open(input, maxPixels);
        if (stack.isPresent()) { // every page filtered with the 2D mask, never the first alone
            TiffStack s = stack.get();
            return new Opened(null, s.width(), s.height(), s.format(), s.iccProfile(), Optional.empty(), Exif.NONE, stack);
        }
        Supplier<RowSource> stored = RowSources.opener(input, maxPixels);
        Exif exif = Exif.read(input);
        Supplier<RowSource> opener = autoOrient ? Orientation.upright(stored, exif.orientation()) : stored;
        if (autoOrient) {
            exif = exif.withOrientation(1);
        }
        try (RowSource header = opener.get()) {
            Optional<RgbaImage> packed = depth.of(header.format()).equals(header.format())
                    ? PackedFilter.input(header, spec, strategy, true) : Optional.empty();
            // on the short way the decoded image is dropped here: the packed copy is all that is needed
            return new Opened(packed.isPresent() ? null : opener, header.width(), header.height(), header.format(),
                    header.iccProfile(), packed, exif);
        }
    }

    @Override
    public Filtered filter(ConvolutionEngine engine, Opened in) {
        if (in.packed().isPresent()) {
            RgbaImage out = engine.filter(in.packed().get(), spec, strategy).image();
            return new Filtered(in.width(), in.height(), in.format(), in.icc(), List.of(), Optional.of(out), in.exif());
        }
        SampleFormat out = depth.of(in.format());
        int bytes = out.bytesPerSample();
        try (PlaneFilter planes = PlaneFilters.forEngine(engine)) {
            StripFilter strips = new StripFilter(engine, planes, 0);
            if (in.stack().isPresent()) {
                TiffStack s = in.stack().get();
                List<List<Object>> pages = new ArrayList<>(s.pages());
                for (int p = 0; p < s.pages(); p++) {
                    int page = p;
                    List<Object> rows = new ArrayList<>(in.height());
                    strips.run(() -> s.page(page), collect(rows, bytes), spec, strategy, depth);
                    pages.add(rows);
                }
                return new Filtered(in.width(), in.height(), out, in.icc(), List.of(), Optional.empty(), in.exif(),
                        Optional.of(new StackPages(pages, s.hyperstack())));
            }
            List<Object> rows = new ArrayList<>(in.height());
            strips.run(in.opener(), collect(rows, bytes), spec, strategy, depth);
            return new Filtered(in.width(), in.height(), out, in.icc(), rows, Optional.empty(), in.exif());
        }
    }

    /** A sink that keeps each row at its depth (bytes for 8 bits, shorts for 16, ints for 32). */
    private static org.convolab.core.RowSink collect(List<Object> rows, int bytes) {
        return samples -> {
            if (bytes == 4) {
                rows.add(samples.clone());
            } else if (bytes == 2) {
                short[] r = new short[samples.length];
                for (int i = 0; i < r.length; i++) {
                    r[i] = (short) samples[i];
                }
                rows.add(r);
            } else {
                byte[] r = new byte[samples.length];
                for (int i = 0; i < r.length; i++) {
                    r[i] = (byte) samples[i];
                }
                rows.add(r);
            }
        };
    }

    @Override
    public void encode(Filtered f, Path output, boolean replace) {
        Path dir = output.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir); // sub-folders kept with --recursive
        } catch (IOException e) {
            throw new ConvolabException("cannot create folder " + dir + ": " + e.getMessage());
        }
        if (f.packed().isPresent()) {
            RowSinks.write(output, replace, f.packed().get(), f.format(), f.icc(), encoding.withExif(f.exif()), notices);
            return;
        }
        int[] samples = new int[f.width() * f.format().channels()];
        if (f.stack().isPresent()) {
            StackPages s = f.stack().get();
            TiffStackWriter.write(output, replace, f.width(), f.height(), f.format(), s.pages().size(), f.icc(),
                    s.dims().imageJDescription(), pages -> {
                        for (List<Object> rows : s.pages()) {
                            pages.writePage(sink -> emit(rows, samples, sink));
                        }
                    });
            return;
        }
        RowSinks.write(output, replace, f.width(), f.height(), f.format(), f.icc(), encoding.withExif(f.exif()), notices,
                sink -> emit(f.rows(), samples, sink));
    }

    /** The kept rows, widened back to samples, into the sink. */
    private static void emit(List<Object> rows, int[] samples, org.convolab.core.RowSink sink) {
        for (Object row : rows) {
            if (row instanceof int[] wide) {
                System.arraycopy(wide, 0, samples, 0, samples.length);
            } else if (row instanceof short[] s) {
                for (int i = 0; i < samples.length; i++) {
                    samples[i] = s[i] & 0xffff;
                }
            } else {
                byte[] b = (byte[]) row;
                for (int i = 0; i < samples.length; i++) {
                    samples[i] = b[i] & 0xff;
                }
            }
            sink.writeRow(samples);
        }
    }

    @Override
    public long pixels(Opened decoded) {
        return (long) decoded.width() * decoded.height() * decoded.stack().map(TiffStack::pages).orElse(1);
    }
}
