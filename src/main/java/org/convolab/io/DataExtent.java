package org.convolab.io;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.convolab.core.ConvolabException;

/**
 * Refuses, from the file's bytes and before a raster is allocated, an image whose data ends before its declared
 * size, as PIL and OpenCV do. ImageIO's GIF reader fills the pixels that a short LZW stream does not reach with
 * black and says nothing (a 36-byte GIF declaring 8000x8000 became 64 megapixels of invented black).
 *
 * <ul>
 *   <li>GIF: the first image's LZW codes are walked and the pixels they stand for counted (the length of each
 *       table entry, not its pixels: a few KB of work, whatever the declared size).</li>
 *   <li>PNG: see {@link PngChunks} (also its metadata bombs).</li>
 * </ul>
 * JPEG and TIFF decoders report a short file themselves ({@link DecodeWarnings}, exceptions); the BMP reader
 * compares the declared rows with the file's length from the header.
 */
final class DataExtent {

    private DataExtent() {
    }

    /**
     * @param name the file as messages show it
     * @param w    the width the header declares (for a GIF, its first image's)
     * @param h    the height the header declares
     * @throws ConvolabException {@code cannot decode F: the GIF data ends after N of its WxH pixels …}
     */
    static void check(Path file, String name, int w, int h) {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(8);
        } catch (IOException e) {
            return; // the decoder says what is wrong
        }
        if (head.length >= 8 && (head[0] & 0xff) == 0x89 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G') {
            PngChunks.check(file, name);
        } else if (head.length >= 6 && head[0] == 'G' && head[1] == 'I' && head[2] == 'F') {
            long pixels = (long) w * h;
            long found = gifPixels(file, pixels);
            if (found >= 0 && found < pixels) {
                throw short_(name, "GIF", found, w, h);
            }
        }
    }

    private static ConvolabException short_(String name, String format, long found, int w, int h) {
        return new ConvolabException(String.format(Locale.ROOT,
                "cannot decode %s: the %s data ends after %,d of its %,d pixels (%dx%d declared); the file is "
                        + "truncated or damaged", name, format, found, (long) w * h, w, h));
    }

    /**
     * Pixels the first image's LZW data stands for, counted up to {@code enough}; -1 when the file has no image
     * or is not one this walk understands (left to the decoder).
     */
    static long gifPixels(Path file, long enough) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            byte[] screen = in.readNBytes(13);
            if (screen.length < 13) {
                return -1;
            }
            int flags = screen[10] & 0xff;
            if ((flags & 0x80) != 0) {
                in.skipNBytes(3L << ((flags & 7) + 1));
            }
            while (true) {
                int block = in.read();
                if (block == 0x21) { // extension: label, then sub-blocks
                    in.read();
                    skipSubBlocks(in);
                } else if (block == 0x2c) { // image descriptor
                    byte[] d = in.readNBytes(9);
                    if (d.length < 9) {
                        return 0;
                    }
                    if ((d[8] & 0x80) != 0) {
                        in.skipNBytes(3L << ((d[8] & 7) + 1));
                    }
                    int minCodeSize = in.read();
                    if (minCodeSize < 1 || minCodeSize > 11) {
                        return -1;
                    }
                    return new LzwCount(in, minCodeSize).count(enough);
                } else {
                    return -1; // trailer, end of file or garbage: the decoder decides
                }
            }
        } catch (IOException e) {
            return -1;
        }
    }

    private static void skipSubBlocks(InputStream in) throws IOException {
        int n;
        while ((n = in.read()) > 0) {
            in.skipNBytes(n);
        }
    }

    /** Counts the pixels of a GIF LZW stream: each code's string length, from a table of lengths alone. */
    private static final class LzwCount {
        private final InputStream in;
        private final int minCodeSize;
        private int blockLeft;
        private boolean ended;
        private int bits;
        private int bitCount;

        LzwCount(InputStream in, int minCodeSize) {
            this.in = in;
            this.minCodeSize = minCodeSize;
        }

        long count(long enough) throws IOException {
            int clear = 1 << minCodeSize;
            int end = clear + 1;
            int size = minCodeSize + 1;
            int next = clear + 2;
            int[] length = new int[4096];
            int previous = -1;
            long total = 0;
            while (total < enough) {
                int code = read(size);
                if (code < 0 || code == end) {
                    break;
                }
                if (code == clear) {
                    size = minCodeSize + 1;
                    next = clear + 2;
                    previous = -1;
                    continue;
                }
                int len;
                if (code < clear) {
                    len = 1;
                } else if (previous >= 0 && code < next) {
                    len = length[code];
                } else if (previous >= 0 && code == next) {
                    len = previous + 1;
                } else {
                    break; // a code not yet in the table: the data is damaged here
                }
                if (previous >= 0 && next < 4096) {
                    length[next++] = previous + 1;
                    if (next == 1 << size && size < 12) {
                        size++;
                    }
                }
                total += len;
                previous = len;
            }
            return total;
        }

        /** The next code of {@code size} bits, least significant first, across sub-blocks; -1 at the end. */
        private int read(int size) throws IOException {
            while (bitCount < size) {
                int b = nextByte();
                if (b < 0) {
                    return -1;
                }
                bits |= b << bitCount;
                bitCount += 8;
            }
            int code = bits & ((1 << size) - 1);
            bits >>>= size;
            bitCount -= size;
            return code;
        }

        private int nextByte() throws IOException {
            while (blockLeft == 0) {
                if (ended) {
                    return -1;
                }
                int n = in.read();
                if (n <= 0) {
                    ended = true;
                    return -1;
                }
                blockLeft = n;
            }
            int b = in.read();
            if (b < 0) {
                ended = true;
                return -1;
            }
            blockLeft--;
            return b;
        }
    }
}
