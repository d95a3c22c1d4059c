package org.convolab.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.convolab.core.ConvolabException;

/**
 * Walks a PNG's chunks before any decoder sees them, and refuses, with one line, the two kinds of file a
 * decoder would turn into a silently wrong image or an exhausted heap.
 *
 * <ul>
 *   <li>Decompression bombs in metadata: a compressed chunk ({@code iCCP}, {@code zTXt}, {@code iTXt}) is
 *       inflated here into a counter, never into memory, and stopped at {@link #MAX_ICC_BYTES} (an ICC profile is
 *       a few KB to a few MB) or {@link #MAX_TEXT_BYTES} a text chunk, {@link #MAX_METADATA_BYTES} in all. PNGJ
 *       and ImageIO's PNG reader both inflate these chunks whole into the heap (a 298 KB file held a 300 MB
 *       "profile"), and the profile would be passed on to the output.</li>
 *   <li>Pixel data that ends long before the declared size: deflate cannot shrink data more than about 1032
 *       to 1, so IDAT chunks that add up to less than that share of the declared pixels cannot hold them. This
 *       is found before a raster is allocated (a 36-byte file declaring 8000x8000).</li>
 * </ul>
 */
final class PngChunks {

    /** The most an inflated ICC profile may have. */
    static final int MAX_ICC_BYTES = 4 << 20;
    /** The most one inflated text chunk may have. */
    static final int MAX_TEXT_BYTES = 1 << 20;
    /** The most all inflated metadata chunks may have together. */
    static final int MAX_METADATA_BYTES = 16 << 20;
    /** Deflate's best ratio is 1032:1 (258 bytes a 2-bit code); a little over it, to be safe. */
    private static final long DEFLATE_MAX_RATIO = 1040;

    private PngChunks() {
    }

    /**
     * What a walk found of the pixel data.
     *
     * @param idat       bytes of IDAT chunks in the file
     * @param pixelBytes bytes of the pixels the header declares (without the rows' filter bytes), -1 if unknown
     */
    record Scan(long idat, long pixelBytes) {
        /**
         * @throws ConvolabException {@code cannot decode F: the PNG data is truncated (…)} when deflate cannot have
         *                           packed the declared pixels into the IDAT bytes there are
         */
        void checkHolds(String name) {
            if (pixelBytes > 0 && idat * DEFLATE_MAX_RATIO + DEFLATE_MAX_RATIO < pixelBytes) {
                throw new ConvolabException(String.format(Locale.ROOT,
                        "cannot decode %s: the PNG data is truncated (%,d bytes of pixel data cannot hold the %,d bytes "
                                + "its header declares)", name, idat, pixelBytes));
            }
        }
    }

    /** {@link #scan} and {@link Scan#checkHolds}. */
    static void check(Path file, String name) {
        scan(file, name).checkHolds(name);
    }

    /**
     * Walks the chunks, inflating the compressed metadata into a counter.
     *
     * @param name the file as messages show it
     * @throws ConvolabException for a metadata chunk that inflates past its cap
     */
    static Scan scan(Path file, String name) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long pos = 8;
            long idat = 0;
            long pixelBytes = -1;
            long inflatedTotal = 0;
            ByteBuffer head = ByteBuffer.allocate(8);
            while (pos + 8 <= size) {
                head.clear();
                readFully(ch, head, pos);
                long length = Integer.toUnsignedLong(head.getInt(0));
                String type = new String(head.array(), 4, 4, StandardCharsets.ISO_8859_1);
                long data = pos + 8;
                long available = Math.min(length, Math.max(0, size - data));
                switch (type) {
                    case "IHDR" -> pixelBytes = pixelBytes(ch, data, available);
                    case "IDAT" -> idat += available;
                    case "iCCP", "zTXt", "iTXt" -> {
                        long cap = type.equals("iCCP") ? MAX_ICC_BYTES : MAX_TEXT_BYTES;
                        long room = Math.min(cap, MAX_METADATA_BYTES - inflatedTotal);
                        long n = inflatedSize(ch, data, available, type, room);
                        if (n < 0) {
                            throw bomb(name, type, room < cap ? MAX_METADATA_BYTES : cap, room < cap);
                        }
                        inflatedTotal += n;
                    }
                    default -> {
                        // other chunks are read by the decoder, uncompressed and bounded by the file's size
                    }
                }
                if (type.equals("IEND")) {
                    break;
                }
                pos = data + length + 4;
            }
            return new Scan(idat, pixelBytes);
        } catch (IOException e) {
            return new Scan(0, -1); // unreadable here: the decoder says what is wrong
        }
    }

    private static ConvolabException bomb(String name, String type, long cap, boolean total) {
        String what = type.equals("iCCP") ? "ICC profile (iCCP chunk)" : "text chunk (" + type + ")";
        return new ConvolabException(String.format(Locale.ROOT,
                "refusing %s: its %s inflates to more than %d MB%s, far more than any real one holds "
                        + "(a decompression bomb?)", name, what, cap >> 20, total ? " of metadata in all" : ""));
    }

    /** Bytes of the declared pixels (without the rows' filter bytes), from IHDR; -1 if it cannot be read. */
    private static long pixelBytes(FileChannel ch, long data, long available) throws IOException {
        if (available < 13) {
            return -1;
        }
        ByteBuffer b = ByteBuffer.allocate(13);
        readFully(ch, b, data);
        long w = Integer.toUnsignedLong(b.getInt(0));
        long h = Integer.toUnsignedLong(b.getInt(4));
        int depth = b.get(8) & 0xff;
        int channels = switch (b.get(9) & 0xff) {
            case 0, 3 -> 1;
            case 2 -> 3;
            case 4 -> 2;
            case 6 -> 4;
            default -> 0;
        };
        return w * h * depth * channels / 8;
    }

    /**
     * The inflated size of a compressed metadata chunk's payload, counted without keeping it; -1 when it passes
     * {@code cap}. A chunk that does not inflate is left to the decoder (0).
     */
    private static long inflatedSize(FileChannel ch, long data, long available, String type, long cap) throws IOException {
        InputStream in = Channels.newInputStream(ch.position(data));
        long left = available;
        // skip the keyword (and for iTXt the flag, method, language and translated keyword) to the compressed bytes
        int nulls = type.equals("iTXt") ? 3 : 1;
        int extra = type.equals("iTXt") ? 0 : 1; // iCCP and zTXt: the method byte after the keyword
        boolean compressed = true;
        for (int seen = 0; seen < nulls && left > 0; ) {
            int c = in.read();
            left--;
            if (c < 0) {
                return 0;
            }
            if (c == 0) {
                seen++;
                if (type.equals("iTXt") && seen == 1) {
                    int flag = in.read();
                    in.read();
                    left -= 2;
                    compressed = flag == 1;
                }
            }
        }
        if (!compressed) {
            return 0;
        }
        if (extra == 1) {
            in.read();
            left--;
        }
        Inflater inf = new Inflater();
        try {
            byte[] src = new byte[64 << 10];
            byte[] out = new byte[64 << 10];
            long total = 0;
            while (!inf.finished()) {
                if (inf.needsInput()) {
                    if (left <= 0) {
                        break;
                    }
                    int n = in.read(src, 0, (int) Math.min(src.length, left));
                    if (n < 0) {
                        break;
                    }
                    left -= n;
                    inf.setInput(src, 0, n);
                }
                int got = inf.inflate(out);
                total += got;
                if (total > cap) {
                    return -1;
                }
                if (got == 0 && inf.needsDictionary()) {
                    break;
                }
            }
            return total;
        } catch (DataFormatException e) {
            return 0; // not deflate data: the decoder says what is wrong, or ignores the chunk
        } finally {
            inf.end();
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer b, long pos) throws IOException {
        while (b.hasRemaining()) {
            if (ch.read(b, pos + b.position()) < 0) {
                throw new EOFException();
            }
        }
    }
}
