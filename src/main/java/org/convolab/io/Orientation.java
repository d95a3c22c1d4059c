package org.convolab.io;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;

/**
 * Turns stored pixels upright by their EXIF orientation (1 to 8), as {@code vips autorot} and ImageMagick's
 * {@code -auto-orient} do: 2 mirrors left-right, 3 turns 180 degrees, 4 mirrors top-bottom, 5 transposes, 6 turns 90
 * degrees clockwise, 7 transverses, 8 turns 90 degrees anticlockwise. Orientations 5 to 8 swap width and height.
 */
public final class Orientation {

    private Orientation() {
    }

    /** Whether the upright image has width and height swapped. */
    static boolean swaps(int o) {
        return o >= 5 && o <= 8;
    }

    /**
     * The index into the stored {@code w x h} image of the upright image's pixel {@code (x, y)}.
     */
    static int source(int o, int w, int h, int x, int y) {
        return switch (o) {
            case 2 -> y * w + (w - 1 - x);
            case 3 -> (h - 1 - y) * w + (w - 1 - x);
            case 4 -> (h - 1 - y) * w + x;
            case 5 -> x * w + y;
            case 6 -> (h - 1 - x) * w + y;
            case 7 -> (h - 1 - x) * w + (w - 1 - y);
            case 8 -> x * w + (w - 1 - y);
            default -> y * w + x;
        };
    }

    /**
     * The image upright (the same image for orientation 1).
     *
     * @throws org.convolab.core.ConvolabException when the heap cannot hold the turned copy
     */
    public static RgbaImage apply(RgbaImage img, int o) {
        if (o < 2 || o > 8) {
            return img;
        }
        int w = img.width();
        int h = img.height();
        int ow = swaps(o) ? h : w;
        int oh = swaps(o) ? w : h;
        int[] in = img.pixels();
        HeapCheck.require((long) in.length * 4 + (64L << 20),
                String.format(Locale.ROOT, "turning this %dx%d image upright (EXIF orientation %d)", w, h, o));
        int[] out = new int[in.length];
        for (int y = 0, i = 0; y < oh; y++) {
            for (int x = 0; x < ow; x++) {
                out[i++] = in[source(o, w, h, x, y)];
            }
        }
        return new RgbaImage(ow, oh, out);
    }

    /**
     * Sources of the upright image: each reads the stored image whole (after a check that the heap holds its
     * samples, 1 or 2 bytes each) and gives its rows turned; {@code opener} itself for orientation 1.
     */
    public static Supplier<RowSource> upright(Supplier<RowSource> opener, int o) {
        if (o < 2 || o > 8) {
            return opener;
        }
        return () -> {
            try (RowSource stored = opener.get()) {
                return new Upright(stored, o);
            }
        };
    }

    /** A stored image held whole, read back turned upright. */
    private static final class Upright implements RowSource {
        private final int width;
        private final int height;
        private final SampleFormat format;
        private final Optional<byte[]> icc;
        private final short[] samples;
        private final int storedWidth;
        private final int storedHeight;
        private final int orientation;
        private int next;

        Upright(RowSource stored, int o) {
            storedWidth = stored.width();
            storedHeight = stored.height();
            format = stored.format();
            icc = stored.iccProfile();
            orientation = o;
            int ch = format.channels();
            HeapCheck.require((long) storedWidth * storedHeight * ch * 2 + (64L << 20), String.format(Locale.ROOT,
                    "turning this %dx%d image upright (--auto-orient)", storedWidth, storedHeight));
            samples = new short[Math.multiplyExact(Math.multiplyExact(storedWidth, storedHeight), ch)];
            int[] row = new int[storedWidth * ch];
            for (int y = 0; y < storedHeight; y++) {
                stored.readRow(row);
                for (int i = 0; i < row.length; i++) {
                    samples[y * row.length + i] = (short) row[i];
                }
            }
            width = swaps(o) ? storedHeight : storedWidth;
            height = swaps(o) ? storedWidth : storedHeight;
        }

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
        public Optional<byte[]> iccProfile() {
            return icc;
        }

        @Override
        public Optional<RgbaImage> packedArgb() {
            if (format.grey() || format.bitDepth() != 8) {
                return Optional.empty();
            }
            int ch = format.channels();
            int[] argb = new int[Math.multiplyExact(width, height)];
            int[] row = new int[width * ch];
            for (int y = 0; y < height; y++) {
                fill(y, row);
                RgbaImage.packRow(row, ch, width, argb, y * width);
            }
            return Optional.of(new RgbaImage(width, height, argb));
        }

        @Override
        public void readRow(int[] row) {
            fill(next++, row);
        }

        /** Row {@code y} of the upright image. */
        private void fill(int y, int[] row) {
            int ch = format.channels();
            for (int x = 0; x < width; x++) {
                int s = source(orientation, storedWidth, storedHeight, x, y) * ch;
                for (int c = 0; c < ch; c++) {
                    row[x * ch + c] = samples[s + c] & 0xffff;
                }
            }
        }

        @Override
        public void close() {
            // nothing held outside the heap
        }
    }
}
