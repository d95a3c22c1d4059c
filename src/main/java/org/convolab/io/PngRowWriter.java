package org.convolab.io;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ShortBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.DeflaterOutputStream;
import org.convolab.core.RowSink;
import org.convolab.core.SampleFormat;
import org.convolab.core.SampleImageFilter.Samples;

/**
 * Writes a PNG of rows as they come, in the rows' own format (8 or 16 bits, grey or RGB, with or without alpha),
 * fast: the rows are gathered into bands of about {@value #BAND_BYTES} bytes, and each band is filtered (the
 * adaptive row filter {@link PngEncoder} picks) and deflated on a pool of threads while the next is gathered,
 * ending on a sync flush so that the bands join into one zlib stream (as pigz does). At most two bands a core are
 * in flight, so memory stays a few MB a core whatever the image's size.
 *
 * <p>PNGJ, which wrote these files before, filters and deflates on one thread: 3 s of CPU for a 4000x3000 16-bit
 * RGB image at level 6, against about 1.4 s for libvips; {@link PngEncoder} does this for packed 8-bit images.
 */
final class PngRowWriter {

    /** Raw bytes a band (whole rows): large enough that the back-references lost at band edges cost little. */
    static final int BAND_BYTES = 2 << 20;

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private static final int THREADS = Runtime.getRuntime().availableProcessors();

    /** Daemon threads: a write never keeps the JVM alive. */
    private static final ExecutorService POOL = Executors.newFixedThreadPool(THREADS, r -> {
        Thread t = new Thread(r, "convolab-png-deflate");
        t.setDaemon(true);
        return t;
    });

    private PngRowWriter() {
    }

    /**
     * Writes the image; {@code body} must produce exactly {@code height} rows.
     *
     * @param f     the rows' format: 8 or 16-bit unsigned samples
     * @param level deflate level, 0 (stored, rows unfiltered) to 9
     */
    static void write(OutputStream sink, int width, int height, SampleFormat f, Optional<byte[]> icc, int level,
                      RowSinks.Body body) throws IOException {
        if (!f.narrowInteger()) {
            throw new IllegalArgumentException("PNG holds 8- or 16-bit samples, not " + f);
        }
        int bytes = f.bytesPerSample();
        int bpp = f.channels() * bytes;
        int n = width * bpp;
        int rowsPerBand = (int) Math.max(1, Math.min(height, BAND_BYTES / (n + 1L)));
        DataOutputStream d = new DataOutputStream(new BufferedOutputStream(sink, 1 << 16));
        d.write(SIGNATURE);
        ByteArrayOutputStream ihdr = new ByteArrayOutputStream(13);
        DataOutputStream hd = new DataOutputStream(ihdr);
        hd.writeInt(width);
        hd.writeInt(height);
        hd.writeByte(f.bitDepth());
        hd.writeByte((f.grey() ? 0 : 2) | (f.alpha() ? 4 : 0)); // 0 grey, 4 grey+alpha, 2 RGB, 6 RGBA
        hd.writeByte(0);  // deflate
        hd.writeByte(0);  // adaptive filtering
        hd.writeByte(0);  // not interlaced
        PngEncoder.chunk(d, "IHDR", ihdr.toByteArray(), ihdr.size());
        if (icc.isPresent()) {
            byte[] iccp = iccp(icc.get());
            PngEncoder.chunk(d, "iCCP", iccp, iccp.length);
        }
        PngEncoder.chunk(d, "IDAT", PngEncoder.zlibHeader(level), 2);
        int strategy = strategy(f.bitDepth(), level);
        ArrayDeque<Future<PngEncoder.Band>> pending = new ArrayDeque<>();
        long[] adler = {1};
        int[] y = {0};
        byte[][][] band = {new byte[rowsPerBand][]};
        byte[][] previous = {new byte[n]}; // the row above the band's first (zeros above the image)
        int[] inBand = {0};
        java.util.function.Consumer<byte[]> add = row -> {
            if (y[0] == height) {
                throw new IllegalStateException("more than " + height + " rows");
            }
            band[0][inBand[0]++] = row;
            y[0]++;
            if (inBand[0] == rowsPerBand || y[0] == height) {
                byte[][] rows = band[0];
                int count = inBand[0];
                byte[] above = previous[0];
                boolean last = y[0] == height;
                pending.add(POOL.submit(() -> band(rows, count, above, bpp, level, strategy, last)));
                previous[0] = row;
                band[0] = new byte[rowsPerBand][];
                inBand[0] = 0;
                while (pending.size() > 2 * THREADS) {
                    writeBand(d, pending.poll(), adler);
                }
            }
        };
        body.writeRows(new RowSink() {
            @Override
            public void writeRow(int[] samples) {
                byte[] row = new byte[n];
                packRow(samples, width * f.channels(), bytes, row);
                add.accept(row);
            }

            /** 16-bit samples into PNG's big-endian bytes by a bulk copy that swaps them; 8-bit a row at a time. */
            @Override
            public void writeSamples(ByteBuffer src, int rows, int rowLength, Samples kind) {
                if (kind != Samples.U16 || bytes != 2) {
                    RowSink.super.writeSamples(src, rows, rowLength, kind);
                    return;
                }
                ShortBuffer shorts = src.asShortBuffer();
                for (int r = 0; r < rows; r++) {
                    byte[] row = new byte[n];
                    ShortBuffer one = shorts.slice(r * rowLength, rowLength);
                    ByteBuffer.wrap(row).order(ByteOrder.BIG_ENDIAN).asShortBuffer().put(one);
                    add.accept(row);
                }
                src.position(src.position() + rows * rowLength * 2);
            }
        });
        if (y[0] != height) {
            throw new IllegalStateException(y[0] + " rows written of " + height);
        }
        while (!pending.isEmpty()) {
            writeBand(d, pending.poll(), adler);
        }
        long a = adler[0];
        byte[] trailer = {(byte) (a >>> 24), (byte) (a >>> 16), (byte) (a >>> 8), (byte) a};
        PngEncoder.chunk(d, "IDAT", trailer, 4);
        PngEncoder.chunk(d, "IEND", new byte[0], 0);
        d.flush();
    }

    /** Waits for a band and writes it as an IDAT chunk, folding its Adler-32 into the stream's. */
    private static void writeBand(DataOutputStream d, Future<PngEncoder.Band> next, long[] adler) {
        PngEncoder.Band b;
        try {
            b = next.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new java.io.InterruptedIOException("interrupted while writing the PNG"));
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
        try {
            PngEncoder.chunk(d, "IDAT", b.deflated(), b.deflatedLength());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        adler[0] = PngEncoder.combineAdler32(adler[0], b.adler(), b.rawLength());
    }

    /** Filters a band's rows (each against the one above it) and deflates them. */
    private static PngEncoder.Band band(byte[][] rows, int count, byte[] above, int bpp, int level, int strategy, boolean last) {
        int n = above.length;
        byte[] filtered = new byte[(n + 1) * count];
        byte[] prev = above;
        for (int r = 0, pos = 0; r < count; r++, pos += n + 1) {
            byte[] cur = rows[r];
            int type = level == 0 ? 0 : PngEncoder.bestFilter(cur, prev, bpp); // stored data gains nothing from filtering
            filtered[pos] = (byte) type;
            PngEncoder.applyFilter(type, cur, prev, bpp, filtered, pos + 1);
            prev = cur;
        }
        return PngEncoder.deflate(filtered, filtered.length, level, strategy, last);
    }

    /**
     * Huffman coding alone for 16-bit samples at levels 1 to 6: their low bytes are mostly noise, where deflate's
     * search for repeated strings finds little and takes most of the time. On a 4000x3000 16-bit RGB filter result
     * (bench/CodecTimes.java, 2-core machine): level 6 with the search 52.2 MB in 5.8 s of CPU, Huffman alone 50.6
     * MB in 1.9 s (libvips: 70.4 MB unfiltered, 1.9 s). Levels 7 to 9 search, for flat or synthetic images.
     */
    static int strategy(int bitDepth, int level) {
        return bitDepth == 16 && level >= 1 && level <= 6 ? java.util.zip.Deflater.HUFFMAN_ONLY : java.util.zip.Deflater.DEFAULT_STRATEGY;
    }

    /** PNG's samples: a byte each, or two, most significant first. */
    static void packRow(int[] samples, int count, int bytesPerSample, byte[] out) {
        if (bytesPerSample == 1) {
            for (int i = 0; i < count; i++) {
                out[i] = (byte) samples[i];
            }
        } else {
            for (int i = 0, j = 0; i < count; i++, j += 2) {
                int v = samples[i];
                out[j] = (byte) (v >>> 8);
                out[j + 1] = (byte) v;
            }
        }
    }

    /** An iCCP chunk's data: a profile name, its end, compression method 0 and the zlib-compressed profile. */
    private static byte[] iccp(byte[] profile) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(profile.length / 2 + 32);
        b.write("ICC profile".getBytes(StandardCharsets.ISO_8859_1));
        b.write(0);
        b.write(0);
        try (DeflaterOutputStream z = new DeflaterOutputStream(b)) {
            z.write(profile);
        }
        return b.toByteArray();
    }
}
