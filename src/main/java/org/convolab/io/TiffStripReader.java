package org.convolab.io;

import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.convolab.core.ConvolabException;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.core.SampleImageFilter.Samples;

/**
 * The first image of an uncompressed, chunky, stripped TIFF read straight from the file: each strip's bytes are
 * read in one call and turned into rows of samples in bulk (either byte order). It takes what {@link
 * TiffStripWriter}, libvips, ImageJ and most science software write by default: grey or RGB, with or without one
 * alpha sample, 8 or 16-bit unsigned, 32-bit float or integer samples. For anything else (compression, tiles,
 * planes, palette, other photometric types) {@link #open} answers empty and the ImageIO readers take the file.
 *
 * <p>Through ImageIO, a 4000x3000 16-bit RGB TIFF's strips were decoded into a raster a block of rows at a time
 * and copied again from it; here each sample is read once.
 */
final class TiffStripReader implements RowSource {

    private final String name;
    private final FileChannel channel;
    private final int width;
    private final int height;
    private final SampleFormat format;
    private final ByteOrder order;
    private final long[] offsets;
    private final int rowsPerStrip;
    private final byte[] icc;
    private final int rowBytes;
    private ByteBuffer strip;
    private int stripIndex = -1;
    private int next;

    private TiffStripReader(String name, FileChannel channel, int width, int height, SampleFormat format, ByteOrder order,
                            long[] offsets, int rowsPerStrip, byte[] icc) {
        this.name = name;
        this.channel = channel;
        this.width = width;
        this.height = height;
        this.format = format;
        this.order = order;
        this.offsets = offsets;
        this.rowsPerStrip = rowsPerStrip;
        this.icc = icc;
        this.rowBytes = width * format.channels() * format.bytesPerSample();
    }

    /**
     * The file's first image as rows, when its layout is one this reads; empty for any other (ImageIO reads it).
     *
     * @throws ConvolabException when the file cannot be read, or its strips lie outside it
     */
    static Optional<RowSource> open(Path file, String name) {
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new ConvolabException("cannot read " + name + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
        }
        try {
            Optional<RowSource> r = parse(ch, name);
            if (r.isEmpty()) {
                ch.close();
            }
            return r;
        } catch (IOException | RuntimeException e) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // already failing
            }
            if (e instanceof ConvolabException c) {
                throw c;
            }
            return Optional.empty(); // a directory this does not follow: ImageIO's readers say what is wrong
        }
    }

    private static Optional<RowSource> parse(FileChannel ch, String name) throws IOException {
        long size = ch.size();
        ByteBuffer head = read(ch, 0, 8);
        ByteOrder order = head.get(0) == 'I' && head.get(1) == 'I' ? ByteOrder.LITTLE_ENDIAN
                : head.get(0) == 'M' && head.get(1) == 'M' ? ByteOrder.BIG_ENDIAN : null;
        if (order == null || head.order(order).getShort(2) != 42) {
            return Optional.empty(); // not a classic TIFF (BigTIFF goes through ImageIO)
        }
        long ifd = Integer.toUnsignedLong(head.getInt(4));
        int count = read(ch, ifd, 2).order(order).getShort(0) & 0xffff;
        ByteBuffer dir = read(ch, ifd + 2, 12 * count).order(order);
        int w = 0;
        int h = 0;
        int spp = 1;
        int[] bits = {1};
        int compression = 1;
        int photometric = -1;
        int planar = 1;
        int[] sampleFormat = {1};
        int rowsPerStrip = Integer.MAX_VALUE;
        long[] offsets = null;
        long[] counts = null;
        int extra = 0;
        byte[] icc = null;
        for (int i = 0; i < count; i++) {
            int at = 12 * i;
            int tag = dir.getShort(at) & 0xffff;
            switch (tag) {
                case 256 -> w = (int) values(ch, dir, at, order)[0];
                case 257 -> h = (int) values(ch, dir, at, order)[0];
                case 258 -> bits = ints(values(ch, dir, at, order));
                case 259 -> compression = (int) values(ch, dir, at, order)[0];
                case 262 -> photometric = (int) values(ch, dir, at, order)[0];
                case 273 -> offsets = values(ch, dir, at, order);
                case 277 -> spp = (int) values(ch, dir, at, order)[0];
                case 278 -> rowsPerStrip = (int) Math.min(Integer.MAX_VALUE, values(ch, dir, at, order)[0]);
                case 279 -> counts = values(ch, dir, at, order);
                case 284 -> planar = (int) values(ch, dir, at, order)[0];
                case 338 -> extra = values(ch, dir, at, order).length;
                case 339 -> sampleFormat = ints(values(ch, dir, at, order));
                case 320, 322, 324, 317 -> {
                    if (tag != 317 || values(ch, dir, at, order)[0] != 1) {
                        return Optional.empty(); // palette, tiles, a predictor
                    }
                }
                case 34675 -> icc = bytes(ch, dir, at, order);
                default -> {
                    // other tags do not change how the samples are read
                }
            }
        }
        int b = bits[0];
        int sf = sampleFormat[0];
        for (int v : bits) {
            if (v != b) {
                return Optional.empty();
            }
        }
        for (int v : sampleFormat) {
            if (v != sf) {
                return Optional.empty();
            }
        }
        boolean grey = photometric == 1 && (spp == 1 || spp == 2 && extra == 1);
        boolean rgb = photometric == 2 && (spp == 3 || spp == 4 && extra == 1);
        SampleFormat.Kind kind = sf == 1 ? SampleFormat.Kind.UNSIGNED : sf == 2 ? SampleFormat.Kind.SIGNED
                : sf == 3 ? SampleFormat.Kind.FLOAT : null;
        boolean depth = kind == SampleFormat.Kind.UNSIGNED ? b == 8 || b == 16 || b == 32 : kind != null && b == 32;
        if (compression != 1 || planar != 1 || !(grey || rgb) || !depth || w < 1 || h < 1 || offsets == null
                || counts == null || offsets.length != counts.length) {
            return Optional.empty();
        }
        int rps = Math.min(rowsPerStrip, h);
        SampleFormat f = new SampleFormat(spp, b, kind);
        long rowBytes = (long) w * spp * (b / 8);
        int strips = (int) ((h + (long) rps - 1) / rps);
        if (offsets.length != strips || rowBytes * rps > Integer.MAX_VALUE - 64) {
            return Optional.empty();
        }
        for (int s = 0; s < strips; s++) {
            long need = Math.min(rps, h - (long) s * rps) * rowBytes;
            if (counts[s] < need || offsets[s] < 0 || offsets[s] + need > size) {
                throw new ConvolabException("cannot decode " + name + ": the TIFF data is damaged or truncated (strip " + s
                        + " of " + strips + " lies outside the file)");
            }
        }
        return Optional.of(new TiffStripReader(name, ch, w, h, f, order, offsets, rps, kept(icc, f)));
    }

    /** The profile as ImageIO's readers hand it on: none for the JDK's built-in ones, or one that does not parse. */
    private static byte[] kept(byte[] icc, SampleFormat f) {
        if (icc == null) {
            return null;
        }
        try {
            ICC_Profile p = ICC_Profile.getInstance(icc);
            return p.getNumComponents() == f.colourChannels() ? ImageIoRowSource.profileOf(new ICC_ColorSpace(p)) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static ByteBuffer read(FileChannel ch, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                throw new IOException("the file ends early");
            }
        }
        return b.flip();
    }

    private static final int[] TYPE_BYTES = {0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8};

    /** An entry's values as longs (BYTE, SHORT, LONG and their signed kinds). */
    private static long[] values(FileChannel ch, ByteBuffer dir, int at, ByteOrder order) throws IOException {
        int type = dir.getShort(at + 2) & 0xffff;
        long n = Integer.toUnsignedLong(dir.getInt(at + 4));
        int size = type < TYPE_BYTES.length ? TYPE_BYTES[type] : 0;
        if (size == 0 || size == 8 || n < 1 || n > (1 << 24)) {
            throw new IllegalArgumentException("an entry of type " + type);
        }
        ByteBuffer v = n * size <= 4 ? dir.slice(at + 8, 4).order(order)
                : read(ch, Integer.toUnsignedLong(dir.getInt(at + 8)), (int) (n * size)).order(order);
        long[] out = new long[(int) n];
        for (int i = 0; i < n; i++) {
            out[i] = switch (size) {
                case 1 -> v.get(i) & 0xff;
                case 2 -> v.getShort(2 * i) & 0xffff;
                default -> Integer.toUnsignedLong(v.getInt(4 * i));
            };
        }
        return out;
    }

    private static byte[] bytes(FileChannel ch, ByteBuffer dir, int at, ByteOrder order) throws IOException {
        long n = Integer.toUnsignedLong(dir.getInt(at + 4));
        if (n > (64 << 20)) {
            return null;
        }
        return n <= 4 ? new byte[0] : read(ch, Integer.toUnsignedLong(dir.getInt(at + 8)), (int) n).array();
    }

    private static int[] ints(long[] v) {
        int[] out = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (int) v[i];
        }
        return out;
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
        return Optional.ofNullable(icc);
    }

    @Override
    public void readRow(int[] samples) {
        if (next >= height) {
            throw new ConvolabException("cannot read " + name + ": read past the last row");
        }
        int s = next / rowsPerStrip;
        if (s != stripIndex) {
            int rows = Math.min(rowsPerStrip, height - s * rowsPerStrip);
            try {
                if (strip == null || strip.capacity() < rows * rowBytes) {
                    strip = ByteBuffer.allocate(rowsPerStrip * rowBytes);
                }
                strip.clear().limit(rows * rowBytes);
                readFully(strip, offsets[s], s);
            } catch (IOException e) {
                throw new ConvolabException("cannot decode " + name + ": the TIFF data is damaged or truncated ("
                        + e.getMessage() + ")");
            }
            stripIndex = s;
        }
        unpack(strip.array(), (next - s * rowsPerStrip) * rowBytes, samples, width * format.channels());
        next++;
    }

    /**
     * Where the samples are already what {@code kind} holds (16-bit into {@link Samples#U16}, float into {@link
     * Samples#F32}), each strip's bytes go from the file straight into {@code dst} (a pinned buffer: no copy in Java),
     * swapped in bulk where the file's byte order is not the buffer's; other formats a row at a time.
     */
    @Override
    public void readSamples(ByteBuffer dst, int rows, Samples kind) {
        int bytes = format.bytesPerSample();
        boolean direct = kind.bytes() == bytes && (bytes == 2 || format.isFloat());
        if (!direct) {
            RowSource.super.readSamples(dst, rows, kind);
            return;
        }
        if (next + rows > height) {
            throw new ConvolabException("cannot read " + name + ": read past the last row");
        }
        int end = next + rows;
        try {
            while (next < end) {
                int s = next / rowsPerStrip;
                int inStrip = next - s * rowsPerStrip;
                int count = Math.min(Math.min(rowsPerStrip, height - s * rowsPerStrip) - inStrip, end - next);
                long at = offsets[s] + (long) inStrip * rowBytes;
                int n = count * rowBytes;
                if (order == dst.order()) {
                    ByteBuffer part = dst.slice(dst.position(), n);
                    readFully(part, at, s);
                } else {
                    ByteBuffer part = ByteBuffer.allocate(n).order(order);
                    readFully(part, at, s);
                    part.flip();
                    ByteBuffer to = dst.slice(dst.position(), n).order(dst.order());
                    if (bytes == 2) { // a bulk copy that swaps the bytes of each sample
                        to.asShortBuffer().put(part.asShortBuffer());
                    } else {
                        to.asIntBuffer().put(part.asIntBuffer());
                    }
                }
                dst.position(dst.position() + n);
                next += count;
            }
        } catch (IOException e) {
            throw new ConvolabException("cannot decode " + name + ": the TIFF data is damaged or truncated (" + e.getMessage() + ")");
        }
        stripIndex = -1; // the strip buffer no longer holds the strip of the next row
    }

    private void readFully(ByteBuffer part, long at, int s) throws IOException {
        while (part.hasRemaining()) {
            if (channel.read(part, at + part.position()) < 0) {
                throw new IOException("the file ends inside strip " + s);
            }
        }
    }

    /** Samples as stored: unsigned 8 and 16-bit values, 32-bit integers and floats' bits as they are. */
    private void unpack(byte[] a, int at, int[] samples, int n) {
        boolean little = order == ByteOrder.LITTLE_ENDIAN;
        switch (format.bytesPerSample()) {
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    samples[i] = a[at + i] & 0xff;
                }
            }
            case 2 -> {
                int lo = little ? 0 : 1;
                int hi = 1 - lo;
                for (int i = 0, j = at; i < n; i++, j += 2) {
                    samples[i] = (a[j + lo] & 0xff) | (a[j + hi] & 0xff) << 8;
                }
            }
            default -> {
                if (little) {
                    for (int i = 0, j = at; i < n; i++, j += 4) {
                        samples[i] = (a[j] & 0xff) | (a[j + 1] & 0xff) << 8 | (a[j + 2] & 0xff) << 16 | a[j + 3] << 24;
                    }
                } else {
                    for (int i = 0, j = at; i < n; i++, j += 4) {
                        samples[i] = a[j] << 24 | (a[j + 1] & 0xff) << 16 | (a[j + 2] & 0xff) << 8 | (a[j + 3] & 0xff);
                    }
                }
            }
        }
    }

    @Override
    public void close() {
        strip = null;
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was written; nothing is lost
        }
    }
}
