package org.convolab.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.convolab.core.SampleFormat;

/**
 * A classic (little-endian, 32-bit offset) uncompressed multi-page TIFF written front to back in one stream, laid
 * out as ImageJ writes its stacks: the header, the first page's directory (with the ImageJ description), every
 * page's samples one after the other, then the other pages' directories. Every offset is known before the first
 * sample is written, so nothing is held or sought back to.
 *
 * <p>Written here rather than through an ImageIO writer because ImageJ 1.x reads a stack's channels, slices and
 * frames only where the pages lie contiguously ({@code images=} in the description: it then reads the first
 * directory only), and the JDK's and TwelveMonkeys' writers put each page's directory between the pages.
 */
final class ContiguousTiff {

    private static final int BYTE = 1;
    private static final int ASCII = 2;
    private static final int SHORT = 3;
    private static final int LONG = 4;
    private static final int UNDEFINED = 7;

    private ContiguousTiff() {
    }

    /** One directory entry; values past 4 bytes go in the directory's extra area. */
    private record Entry(int tag, int type, int count, byte[] value) {
    }

    static void write(FileChannel channel, int width, int height, SampleFormat f, int pages, Optional<byte[]> icc,
                      String description, TiffStackWriter.Pages body) throws IOException {
        long pageBytes = (long) width * height * f.channels() * f.bytesPerSample();
        // ImageJ reads contiguous pages of every type but 16-bit colour, which it reads directory by directory (and
        // shows as three channels)
        String desc = f.bitDepth() == 16 && !f.grey() ? withoutImageCount(description) : withImageCount(description, pages);
        // the first directory and its extras, then the samples, then the other directories
        long ifd0 = 8;
        long dataStart = align(ifd0 + size(entries(width, height, f, 0, pageBytes, desc, icc)));
        List<byte[]> dirs = new ArrayList<>();
        dirs.add(directory(ifd0, entries(width, height, f, dataStart, pageBytes, desc, icc), 0));
        long at = dataStart + pageBytes * pages;
        long[] offsets = new long[pages];
        offsets[0] = ifd0;
        for (int p = 1; p < pages; p++) {
            offsets[p] = at;
            at = align(at + size(entries(width, height, f, 0, pageBytes, null, Optional.empty())));
        }
        if (at > 0xFFFF_FFFFL) {
            throw new IOException("the stack does not fit a classic TIFF's 4 GB");
        }
        for (int p = 0; p < pages; p++) {
            long next = p + 1 < pages ? offsets[p + 1] : 0;
            List<Entry> e = entries(width, height, f, dataStart + pageBytes * p, pageBytes, p == 0 ? desc : null,
                    p == 0 ? icc : Optional.empty());
            if (p == 0) {
                dirs.set(0, directory(ifd0, e, next));
            } else {
                dirs.add(directory(offsets[p], e, next));
            }
        }
        channel.position(0);
        OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 20);
        ByteBuffer header = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        header.put((byte) 'I').put((byte) 'I').putShort((short) 42).putInt((int) ifd0);
        out.write(header.array());
        out.write(dirs.get(0));
        out.write(new byte[(int) (dataStart - ifd0 - dirs.get(0).length)]);
        int[] written = {0};
        ByteBuffer row = ByteBuffer.allocate(width * f.channels() * f.bytesPerSample()).order(ByteOrder.LITTLE_ENDIAN);
        body.writePages(rows -> {
            if (written[0] == pages) {
                throw new IllegalStateException("more than " + pages + " pages");
            }
            int[] count = {0};
            rows.writeRows(samples -> {
                row.clear();
                for (int i = 0; i < width * f.channels(); i++) {
                    switch (f.bytesPerSample()) {
                        case 1 -> row.put((byte) samples[i]);
                        case 2 -> row.putShort((short) samples[i]);
                        default -> row.putInt(samples[i]); // 32-bit integers, and floats' bits
                    }
                }
                try {
                    out.write(row.array());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                count[0]++;
            });
            if (count[0] != height) {
                throw new IllegalStateException(count[0] + " rows written of " + height);
            }
            written[0]++;
        });
        if (written[0] != pages) {
            throw new IllegalStateException(written[0] + " pages written of " + pages);
        }
        long pos = dataStart + pageBytes * pages;
        for (int p = 1; p < pages; p++) {
            out.write(new byte[(int) (offsets[p] - pos)]);
            out.write(dirs.get(p));
            pos = offsets[p] + dirs.get(p).length;
        }
        out.flush();
    }

    private static long align(long n) {
        return (n + 15) & ~15L;
    }

    /** ImageJ's description with the page count ImageJ reads contiguous pages by. */
    static String withImageCount(String description, int pages) {
        StringBuilder b = new StringBuilder();
        boolean counted = description.contains("\nimages=");
        for (String line : description.split("\n")) {
            if (line.startsWith("images=")) {
                line = "images=" + pages;
            }
            b.append(line).append('\n');
            if (!counted && line.startsWith("ImageJ=")) {
                b.append("images=").append(pages).append('\n');
                counted = true;
            }
        }
        return b.toString();
    }

    /** The description without its {@code images=} line. */
    static String withoutImageCount(String description) {
        StringBuilder b = new StringBuilder();
        for (String line : description.split("\n")) {
            if (!line.startsWith("images=")) {
                b.append(line).append('\n');
            }
        }
        return b.toString();
    }

    private static List<Entry> entries(int w, int h, SampleFormat f, long stripOffset, long stripBytes, String description,
                                       Optional<byte[]> icc) {
        int spp = f.channels();
        List<Entry> e = new ArrayList<>();
        e.add(new Entry(254, LONG, 1, ints(0)));
        e.add(new Entry(256, LONG, 1, ints(w)));
        e.add(new Entry(257, LONG, 1, ints(h)));
        e.add(new Entry(258, SHORT, spp, shorts(spp, f.bitDepth())));
        e.add(new Entry(259, SHORT, 1, shorts(1, 1)));
        e.add(new Entry(262, SHORT, 1, shorts(1, f.grey() ? 1 : 2)));
        if (description != null) {
            byte[] d = (description + "\0").getBytes(StandardCharsets.ISO_8859_1);
            e.add(new Entry(270, ASCII, d.length, d));
        }
        e.add(new Entry(273, LONG, 1, ints((int) stripOffset)));
        e.add(new Entry(277, SHORT, 1, shorts(1, spp)));
        e.add(new Entry(278, LONG, 1, ints(h)));
        e.add(new Entry(279, LONG, 1, ints((int) stripBytes)));
        e.add(new Entry(284, SHORT, 1, shorts(1, 1)));
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

    private static byte[] ints(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }

    private static byte[] shorts(int n, int v) {
        ByteBuffer b = ByteBuffer.allocate(2 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putShort((short) v);
        }
        return b.array();
    }

    /** Bytes of a directory with its extras. */
    private static long size(List<Entry> entries) {
        long n = 2 + 12L * entries.size() + 4;
        for (Entry e : entries) {
            if (e.value.length > 4) {
                n += e.value.length + (e.value.length & 1);
            }
        }
        return n;
    }

    /** A directory at {@code at}: its entries, the next directory's offset, then the values that did not fit. */
    private static byte[] directory(long at, List<Entry> entries, long next) {
        ByteBuffer b = ByteBuffer.allocate((int) size(entries)).order(ByteOrder.LITTLE_ENDIAN);
        long extra = at + 2 + 12L * entries.size() + 4;
        b.putShort((short) entries.size());
        List<byte[]> extras = new ArrayList<>();
        for (Entry e : entries) {
            b.putShort((short) e.tag).putShort((short) e.type).putInt(e.count);
            if (e.value.length <= 4) {
                byte[] v = java.util.Arrays.copyOf(e.value, 4);
                b.put(v);
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
}
