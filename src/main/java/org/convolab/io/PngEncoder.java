package org.convolab.io;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.IntStream;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.convolab.core.RgbaImage;

/**
 * Writes 8-bit RGB or RGBA PNG files fast: each row gets the adaptive filter that libpng's heuristic
 * picks (smallest sum of absolute filtered bytes), and bands of rows are deflated in parallel, each
 * band ending on a sync flush so that the bands join into one zlib stream (as pigz does). The JDK's
 * PNG writer deflates on one thread and the Java PNG libraries (PNGJ) do too; that, not filtering,
 * is where the time of a 24-megapixel PNG goes.
 */
public final class PngEncoder {

    /** Raw bytes per band: large enough that the lost back-references at band edges cost little. */
    private static final int BAND_BYTES = 2 << 20;

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private PngEncoder() {
    }

    /**
     * Writes the image as a PNG.
     *
     * @param alpha write RGBA (colour type 6), else RGB (colour type 2) and alpha is dropped
     * @param level deflate level, 0 to 9 (0: stored, rows unfiltered)
     */
    public static void write(RgbaImage image, boolean alpha, int level, OutputStream out) throws IOException {
        write(image, alpha, level, out, BAND_BYTES, 2 * Runtime.getRuntime().availableProcessors());
    }

    /**
     * Writes the image as a PNG, deflating {@code wave} bands at a time in parallel and writing each wave
     * before the next is made: the encoder holds at most a wave of bands (a few MB a core), never the
     * whole compressed image (a 300-megapixel result would otherwise hold hundreds of MB until the end).
     * The file is the same bytes for any wave.
     *
     * @param bandBytes raw bytes per band (rows are never split)
     * @param wave      bands made at once, at least 1
     */
    static void write(RgbaImage image, boolean alpha, int level, OutputStream out, int bandBytes, int wave) throws IOException {
        int w = image.width();
        int h = image.height();
        int bpp = alpha ? 4 : 3;
        long rowBytes = 1L + (long) w * bpp;
        int rowsPerBand = (int) Math.max(1, Math.min(h, bandBytes / rowBytes));
        int bands = (h + rowsPerBand - 1) / rowsPerBand;
        int perWave = Math.max(1, wave);

        DataOutputStream d = new DataOutputStream(out);
        d.write(SIGNATURE);
        ByteArrayOutputStream ihdr = new ByteArrayOutputStream(13);
        DataOutputStream hd = new DataOutputStream(ihdr);
        hd.writeInt(w);
        hd.writeInt(h);
        hd.writeByte(8);                // bit depth
        hd.writeByte(alpha ? 6 : 2);    // colour type: RGBA or RGB
        hd.writeByte(0);                // deflate
        hd.writeByte(0);                // adaptive filtering
        hd.writeByte(0);                // not interlaced
        chunk(d, "IHDR", ihdr.toByteArray(), ihdr.size());
        chunk(d, "IDAT", zlibHeader(level), 2);
        long adler = 1;
        for (int first = 0; first < bands; first += perWave) {
            int from = first;
            Band[] done = new Band[Math.min(perWave, bands - first)];
            IntStream.range(0, done.length).parallel().forEach(i -> {
                int b = from + i;
                done[i] = band(image, bpp, level, b * rowsPerBand, Math.min(h, (b + 1) * rowsPerBand), b == bands - 1);
            });
            for (Band b : done) {
                chunk(d, "IDAT", b.deflated, b.deflatedLength);
                adler = combineAdler32(adler, b.adler, b.rawLength);
            }
        }
        byte[] trailer = {(byte) (adler >>> 24), (byte) (adler >>> 16), (byte) (adler >>> 8), (byte) adler};
        chunk(d, "IDAT", trailer, 4);
        chunk(d, "IEND", new byte[0], 0);
        d.flush();
    }

    // ---- one band: filter the rows, deflate them ---------------------------------------------

    /** A deflated band: its bytes, their length, the Adler-32 and length of its raw bytes. */
    record Band(byte[] deflated, int deflatedLength, long adler, long rawLength) {
    }

    private static Band band(RgbaImage image, int bpp, int level, int y0, int y1, boolean last) {
        int w = image.width();
        int n = w * bpp;
        byte[] prev = new byte[n];
        byte[] cur = new byte[n];
        byte[] filtered = new byte[(n + 1) * (y1 - y0)];
        if (y0 > 0) {
            pack(image, y0 - 1, bpp, prev);
        }
        int pos = 0;
        for (int y = y0; y < y1; y++) {
            pack(image, y, bpp, cur);
            int type = level == 0 ? 0 : bestFilter(cur, prev, bpp); // stored data gains nothing from filtering
            filtered[pos] = (byte) type;
            applyFilter(type, cur, prev, bpp, filtered, pos + 1);
            pos += n + 1;
            byte[] t = prev;
            prev = cur;
            cur = t;
        }
        return deflate(filtered, pos, level, Deflater.DEFAULT_STRATEGY, last);
    }

    /**
     * Deflates one band of filtered rows (raw deflate): to the end of the stream for the last band, else up to a
     * sync flush, so that the bands join into one zlib stream; with the band's Adler-32 for the trailer.
     *
     * @param strategy the Deflater's strategy ({@link Deflater#HUFFMAN_ONLY}: no search for matches)
     */
    static Band deflate(byte[] filtered, int pos, int level, int strategy, boolean last) {
        Adler32 a = new Adler32();
        a.update(filtered, 0, pos);
        Deflater def = new Deflater(level, true); // raw deflate: one zlib header and trailer wrap all bands
        try {
            def.setStrategy(strategy);
            def.setInput(filtered, 0, pos);
            if (last) {
                def.finish();
            }
            byte[] buf = new byte[Math.max(1024, pos / 2)];
            int len = 0;
            while (true) {
                if (len == buf.length) {
                    buf = java.util.Arrays.copyOf(buf, buf.length * 2);
                }
                int space = buf.length - len;
                int got = def.deflate(buf, len, space, last ? Deflater.NO_FLUSH : Deflater.SYNC_FLUSH);
                len += got;
                // finishing: until the stream ends; flushing: until a call leaves output space unused
                if (last ? def.finished() : got < space && def.needsInput()) {
                    break;
                }
            }
            return new Band(buf, len, a.getValue(), pos);
        } finally {
            def.end();
        }
    }

    private static void pack(RgbaImage image, int y, int bpp, byte[] row) {
        int[] px = image.pixels();
        int off = y * image.width();
        int w = image.width();
        if (bpp == 3) {
            for (int x = 0, j = 0; x < w; x++, j += 3) {
                int p = px[off + x];
                row[j] = (byte) (p >>> 16);
                row[j + 1] = (byte) (p >>> 8);
                row[j + 2] = (byte) p;
            }
        } else {
            for (int x = 0, j = 0; x < w; x++, j += 4) {
                int p = px[off + x];
                row[j] = (byte) (p >>> 16);
                row[j + 1] = (byte) (p >>> 8);
                row[j + 2] = (byte) p;
                row[j + 3] = (byte) (p >>> 24);
            }
        }
    }

    /** Bytes between those that the filter choice looks at: coprime with 3 and 4, so every channel is sampled. */
    private static final int CHOICE_STRIDE = 5;

    /**
     * libpng's heuristic: the filter whose output bytes, read as signed, have the smallest absolute
     * sum; estimated on every {@value #CHOICE_STRIDE}th byte, which picks the same filter for the
     * rows of photographs at a fifth of the cost (the choice took longer than deflate level 1).
     */
    static int bestFilter(byte[] cur, byte[] prev, int bpp) {
        long none = 0;
        long sub = 0;
        long up = 0;
        long avg = 0;
        long paeth = 0;
        int n = cur.length;
        for (int i = 0; i < n; i += CHOICE_STRIDE) {
            int x = cur[i] & 0xff;
            int a = i >= bpp ? cur[i - bpp] & 0xff : 0;
            int b = prev[i] & 0xff;
            int c = i >= bpp ? prev[i - bpp] & 0xff : 0;
            none += Math.abs((byte) x);
            sub += Math.abs((byte) (x - a));
            up += Math.abs((byte) (x - b));
            avg += Math.abs((byte) (x - ((a + b) >>> 1)));
            paeth += Math.abs((byte) (x - paethPredictor(a, b, c)));
        }
        int best = 0;
        long min = none;
        long[] sums = {none, sub, up, avg, paeth};
        for (int t = 1; t < 5; t++) {
            if (sums[t] < min) {
                min = sums[t];
                best = t;
            }
        }
        return best;
    }

    /** Writes the row filtered with PNG filter {@code type} (0 none, 1 sub, 2 up, 3 average, 4 Paeth) at {@code off}. */
    static void applyFilter(int type, byte[] cur, byte[] prev, int bpp, byte[] out, int off) {
        int n = cur.length;
        int head = Math.min(bpp, n);
        switch (type) { // one loop per filter: a switch inside the loop costs as much as the filtering
            case 0 -> System.arraycopy(cur, 0, out, off, n);
            case 1 -> {
                System.arraycopy(cur, 0, out, off, head);
                for (int i = bpp; i < n; i++) {
                    out[off + i] = (byte) (cur[i] - cur[i - bpp]);
                }
            }
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    out[off + i] = (byte) (cur[i] - prev[i]);
                }
            }
            case 3 -> {
                for (int i = 0; i < head; i++) {
                    out[off + i] = (byte) (cur[i] - ((prev[i] & 0xff) >>> 1));
                }
                for (int i = bpp; i < n; i++) {
                    out[off + i] = (byte) (cur[i] - (((cur[i - bpp] & 0xff) + (prev[i] & 0xff)) >>> 1));
                }
            }
            default -> {
                for (int i = 0; i < head; i++) {
                    out[off + i] = (byte) (cur[i] - prev[i]); // Paeth with a = c = 0 predicts b
                }
                for (int i = bpp; i < n; i++) {
                    out[off + i] = (byte) (cur[i] - paethPredictor(cur[i - bpp] & 0xff, prev[i] & 0xff, prev[i - bpp] & 0xff));
                }
            }
        }
    }

    private static int paethPredictor(int a, int b, int c) {
        int p = a + b - c;
        int pa = Math.abs(p - a);
        int pb = Math.abs(p - b);
        int pc = Math.abs(p - c);
        if (pa <= pb && pa <= pc) {
            return a;
        }
        return pb <= pc ? b : c;
    }

    // ---- zlib framing and PNG chunks ----------------------------------------------------------

    static byte[] zlibHeader(int level) {
        int cmf = 0x78; // deflate, 32K window
        int flevel = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3;
        int flg = flevel << 6;
        flg += 31 - ((cmf << 8) + flg) % 31;
        return new byte[] {(byte) cmf, (byte) flg};
    }

    /** zlib's adler32_combine: the Adler-32 of A followed by B from those of A and B and B's length. */
    static long combineAdler32(long adler1, long adler2, long len2) {
        final long base = 65521;
        long rem = len2 % base;
        long sum1 = adler1 & 0xffff;
        long sum2 = (rem * sum1) % base;
        sum1 += (adler2 & 0xffff) + base - 1;
        sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + base - rem;
        if (sum1 >= base) {
            sum1 -= base;
        }
        if (sum1 >= base) {
            sum1 -= base;
        }
        if (sum2 >= (base << 1)) {
            sum2 -= base << 1;
        }
        if (sum2 >= base) {
            sum2 -= base;
        }
        return sum1 | (sum2 << 16);
    }

    static void chunk(DataOutputStream d, String type, byte[] data, int length) throws IOException {
        byte[] t = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data, 0, length);
        d.writeInt(length);
        d.write(t);
        d.write(data, 0, length);
        d.writeInt((int) crc.getValue());
    }
}
