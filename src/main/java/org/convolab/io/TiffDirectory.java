package org.convolab.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.convolab.core.SampleFormat;

/**
 * The image file directory of an uncompressed, chunky, little-endian classic TIFF page, as Convolab's two TIFF
 * writers lay it out ({@link TiffStripWriter}: one page in strips; {@link ContiguousTiff}: the pages of a stack):
 * the entries of a page, in tag order, and the directory's bytes with the values that do not fit an entry after it.
 */
final class TiffDirectory {

    private static final int ASCII = 2;
    private static final int SHORT = 3;
    private static final int LONG = 4;
    private static final int UNDEFINED = 7;

    private TiffDirectory() {
    }

    /** One directory entry; values past 4 bytes go after the directory. */
    record Entry(int tag, int type, int count, byte[] value) {
    }

    /**
     * A page's entries, in tag order.
     *
     * @param pageOfStack write NewSubfileType 0 (a stack's page, as ImageJ writes it)
     * @param description the ImageDescription, or null for none
     * @param orientation the EXIF orientation tag to write (1, upright, writes none)
     */
    static List<Entry> page(int w, int h, SampleFormat f, boolean pageOfStack, String description, int orientation,
                            int rowsPerStrip, long[] offsets, long[] counts, Optional<byte[]> icc) {
        int spp = f.channels();
        List<Entry> e = new ArrayList<>();
        if (pageOfStack) {
            e.add(new Entry(254, LONG, 1, ints(0)));
        }
        e.add(new Entry(256, LONG, 1, ints(w)));
        e.add(new Entry(257, LONG, 1, ints(h)));
        e.add(new Entry(258, SHORT, spp, shorts(spp, f.bitDepth())));
        e.add(new Entry(259, SHORT, 1, shorts(1, 1))); // no compression
        e.add(new Entry(262, SHORT, 1, shorts(1, f.grey() ? 1 : 2))); // black is zero, or RGB
        if (description != null) {
            byte[] d = (description + "\0").getBytes(StandardCharsets.ISO_8859_1);
            e.add(new Entry(270, ASCII, d.length, d));
        }
        e.add(new Entry(273, LONG, offsets.length, ints(offsets)));
        if (orientation != 1) {
            e.add(new Entry(274, SHORT, 1, shorts(1, orientation)));
        }
        e.add(new Entry(277, SHORT, 1, shorts(1, spp)));
        e.add(new Entry(278, LONG, 1, ints(rowsPerStrip)));
        e.add(new Entry(279, LONG, counts.length, ints(counts)));
        e.add(new Entry(284, SHORT, 1, shorts(1, 1))); // chunky
        if (f.alpha()) {
            e.add(new Entry(338, SHORT, 1, shorts(1, 2))); // unassociated alpha
        }
        int sf = switch (f.kind()) {
            case FLOAT -> 3;
            case SIGNED -> 2;
            case UNSIGNED -> 1;
        };
        e.add(new Entry(339, SHORT, spp, shorts(spp, sf)));
        icc.ifPresent(p -> e.add(new Entry(34675, UNDEFINED, p.length, p)));
        return e;
    }

    /** Bytes of a directory with its values. */
    static long size(List<Entry> entries) {
        long n = 2 + 12L * entries.size() + 4;
        for (Entry e : entries) {
            if (e.value.length > 4) {
                n += e.value.length + (e.value.length & 1);
            }
        }
        return n;
    }

    /** A directory at {@code at}: its entries, the next directory's offset (0: none), then the values that did not fit. */
    static byte[] bytes(long at, List<Entry> entries, long next) {
        ByteBuffer b = ByteBuffer.allocate((int) size(entries)).order(ByteOrder.LITTLE_ENDIAN);
        long extra = at + 2 + 12L * entries.size() + 4;
        b.putShort((short) entries.size());
        List<byte[]> extras = new ArrayList<>();
        for (Entry e : entries) {
            b.putShort((short) e.tag).putShort((short) e.type).putInt(e.count);
            if (e.value.length <= 4) {
                b.put(Arrays.copyOf(e.value, 4));
            } else {
                b.putInt((int) extra);
                extras.add(e.value);
                extra += e.value.length + (e.value.length & 1);
            }
        }
        b.putInt((int) next);
        for (byte[] v : extras) {
            b.put(v);
            if ((v.length & 1) == 1) {
                b.put((byte) 0);
            }
        }
        return b.array();
    }

    /** Where the next 16-byte boundary is at or after {@code n}. */
    static long align(long n) {
        return (n + 15) & ~15L;
    }

    private static byte[] ints(long... v) {
        ByteBuffer b = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long x : v) {
            b.putInt((int) x);
        }
        return b.array();
    }

    private static byte[] shorts(int n, int v) {
        ByteBuffer b = ByteBuffer.allocate(2 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putShort((short) v);
        }
        return b.array();
    }
}
