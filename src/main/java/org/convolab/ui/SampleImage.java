package org.convolab.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSink;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.io.ImageFiles;
import org.convolab.io.RowSinks;
import org.convolab.io.RowSources;

/**
 * An image as its file stores it, whole in memory: interleaved samples in the rows' own {@link SampleFormat}
 * (16-bit values, 32-bit integers, float bits; see {@code SampleFormat}), what the window keeps of a 16-bit,
 * 32-bit or float image and of a result of another depth, so that the status bar reads exact values, the
 * display range maps them to the screen and Save writes them back unchanged. 8-bit photos are kept packed
 * ({@link RgbaImage}) instead.
 *
 * <p>One plane of one z slice: a stack ({@link ImageStack}) holds one of these a page, and each slice reads, filters
 * and shows as this one does.
 *
 * @param samples {@code width * height * format.channels()} samples, row-major, taken without copying; do not modify
 */
record SampleImage(int width, int height, SampleFormat format, int[] samples) {

    SampleImage {
        if ((long) width * height * format.channels() != samples.length) {
            throw new IllegalArgumentException(width + "x" + height + " " + format + " needs "
                    + (long) width * height * format.channels() + " samples, not " + samples.length);
        }
    }

    /** Whether an image of this format is kept as samples (every format but 8-bit unsigned). */
    static boolean keepsSamples(SampleFormat f) {
        return !(f.narrowInteger() && f.bitDepth() == 8);
    }

    /**
     * The rest of a source, read whole (the caller closes it).
     *
     * @throws ConvolabException for an image whose samples one Java array cannot hold, or a heap too small
     */
    static SampleImage read(RowSource source) {
        int w = source.width();
        int h = source.height();
        SampleFormat f = source.format();
        long n = (long) w * h * f.channels();
        if (n > Integer.MAX_VALUE - 8) {
            throw new ConvolabException(String.format(Locale.ROOT, "a %dx%d %s image is too large for the window "
                    + "(filter it with convolab filter, which streams it)", w, h, f));
        }
        int[] all;
        try {
            all = new int[(int) n];
        } catch (OutOfMemoryError e) {
            throw new ConvolabException("not enough memory for this " + w + "x" + h + " " + f + " image (raise -Xmx)");
        }
        int[] row = new int[w * f.channels()];
        for (int y = 0; y < h; y++) {
            source.readRow(row);
            System.arraycopy(row, 0, all, y * row.length, row.length);
        }
        return new SampleImage(w, h, f, all);
    }

    /**
     * A PNG or TIFF file whose samples are not 8-bit (16-bit, 32-bit integer, float), read whole with their own
     * values; null for any other file (8-bit PNG and TIFF, JPEG...), which the window reads as 8-bit pixels.
     *
     * @throws ConvolabException with one clear sentence when the file cannot be read
     */
    static SampleImage readIfWide(Path file) {
        if (!pngOrTiff(file)) {
            return null;
        }
        try (RowSource source = RowSources.opener(file, ImageFiles.DEFAULT_MAX_PIXELS).get()) {
            return keepsSamples(source.format()) ? read(source) : null;
        }
    }

    /** Whether the file starts as a PNG or a (classic) TIFF does. */
    private static boolean pngOrTiff(Path file) {
        byte[] head = new byte[4];
        try (java.io.InputStream in = Files.newInputStream(file)) {
            if (in.readNBytes(head, 0, 4) < 4) {
                return false;
            }
        } catch (IOException e) {
            return false; // the reader that follows says what is wrong with the file
        }
        boolean png = (head[0] & 0xff) == 0x89 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G';
        boolean tiff = (head[0] == 'I' && head[1] == 'I' && head[2] == 42 && head[3] == 0)
                || (head[0] == 'M' && head[1] == 'M' && head[2] == 0 && head[3] == 42);
        return png || tiff;
    }

    /** Writes the image to a file chosen by its extension (TIFF keeps every format; PNG 8 and 16 bits). */
    void write(Path file, boolean replace, java.util.function.Consumer<String> notices) {
        RowSinks.write(file, replace, width, height, format, java.util.Optional.empty(), RowSinks.Options.defaults(), notices,
                this::writeRows);
    }

    /** Hands every row, top to bottom, to the sink. */
    void writeRows(RowSink sink) {
        int n = width * format.channels();
        int[] row = new int[n];
        for (int y = 0; y < height; y++) {
            System.arraycopy(samples, y * n, row, 0, n);
            sink.writeRow(row);
        }
    }

    /** An 8-bit image's samples: RGB, or RGBA when some pixel is not opaque. */
    static SampleImage of(RgbaImage image) {
        int[] px = image.pixels();
        boolean alpha = false;
        for (int p : px) {
            if (p >>> 24 != 255) {
                alpha = true;
                break;
            }
        }
        int ch = alpha ? 4 : 3;
        int w = image.width();
        int[] all = new int[px.length * ch];
        int[] row = new int[w * ch];
        for (int y = 0; y < image.height(); y++) {
            RgbaImage.unpackRow(px, y * w, w, row, ch);
            System.arraycopy(row, 0, all, y * w * ch, row.length);
        }
        return new SampleImage(w, image.height(), new SampleFormat(ch, 8), all);
    }

    /** The rows again, top to bottom, as a source (its close does nothing). */
    RowSource source() {
        return new RowSource() {
            private int y;

            @Override
            public int width() {
                return width;
            }

            @Override
            public int height() {
                return height;
            }

            @Override
            public SampleFormat format() {
                return format;
            }

            @Override
            public void readRow(int[] row) {
                int n = width * format.channels();
                System.arraycopy(samples, y++ * n, row, 0, n);
            }

            @Override
            public void close() {
                // nothing held
            }
        };
    }

    /** Collects rows written to it into a new image. */
    static final class Collector implements RowSink {
        private final int[] all;
        private final int width;
        private final int height;
        private final SampleFormat format;
        private int y;

        Collector(int width, int height, SampleFormat format) {
            this.width = width;
            this.height = height;
            this.format = format;
            this.all = new int[Math.multiplyExact(Math.multiplyExact(width, height), format.channels())];
        }

        @Override
        public void writeRow(int[] row) {
            int n = width * format.channels();
            System.arraycopy(row, 0, all, y++ * n, n);
        }

        /** The image written (all its rows). */
        SampleImage image() {
            if (y != height) {
                throw new IllegalStateException(y + " of " + height + " rows written");
            }
            return new SampleImage(width, height, format, all);
        }
    }

    /** Channel c of pixel (x, y) as the float a filter works on. */
    float value(int x, int y, int c) {
        return format.toFloat(samples[(y * width + x) * format.channels() + c]);
    }

    /**
     * The colour samples of pixel (x, y) exactly as stored, comma-separated: a float as the shortest decimal that
     * reads back as the same float, an integer as an integer.
     */
    String valueText(int x, int y) {
        StringBuilder sb = new StringBuilder();
        int base = (y * width + x) * format.channels();
        for (int c = 0; c < format.colourChannels(); c++) {
            int s = samples[base + c];
            sb.append(c > 0 ? "," : "").append(switch (format.kind()) {
                case FLOAT -> Float.toString(Float.intBitsToFloat(s));
                case SIGNED -> Integer.toString(s);
                case UNSIGNED -> Integer.toUnsignedString(s);
            });
        }
        return sb.toString();
    }

    /** The pixels shown on screen through a display range: each colour sample mapped to 0..255, alpha as stored. */
    RgbaImage render(DisplayRange range) {
        int ch = format.channels();
        int colours = format.colourChannels();
        int[] px = new int[width * height];
        float alphaMax = format.narrowInteger() ? format.maxValue() : 1f;
        for (int i = 0, s = 0; i < px.length; i++, s += ch) {
            int r = range.toByte(format.toFloat(samples[s]));
            int g = colours == 3 ? range.toByte(format.toFloat(samples[s + 1])) : r;
            int b = colours == 3 ? range.toByte(format.toFloat(samples[s + 2])) : r;
            int a = format.alpha() ? alpha(format.toFloat(samples[s + ch - 1]), alphaMax) : 255;
            px[i] = a << 24 | r << 16 | g << 8 | b;
        }
        return new RgbaImage(width, height, px);
    }

    private static int alpha(float v, float max) {
        float a = v / max * 255f + 0.5f;
        return a <= 0 || Float.isNaN(a) ? 0 : a >= 255 ? 255 : (int) a;
    }
}
