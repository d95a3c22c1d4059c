package org.convolab.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
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

    private ContiguousTiff() {
    }

    static void write(FileChannel channel, int width, int height, SampleFormat f, int pages, Optional<byte[]> icc,
                      String description, TiffStackWriter.Pages body) throws IOException {
        long pageBytes = (long) width * height * f.channels() * f.bytesPerSample();
        // ImageJ reads contiguous pages of every type but 16-bit colour, which it reads directory by directory (and
        // shows as three channels)
        String desc = f.bitDepth() == 16 && !f.grey() ? withoutImageCount(description) : withImageCount(description, pages);
        // the first directory and its extras, then the samples, then the other directories
        long ifd0 = 8;
        long dataStart = TiffDirectory.align(ifd0 + TiffDirectory.size(entries(width, height, f, 0, pageBytes, desc, icc)));
        List<byte[]> dirs = new ArrayList<>();
        dirs.add(TiffDirectory.bytes(ifd0, entries(width, height, f, dataStart, pageBytes, desc, icc), 0));
        long at = dataStart + pageBytes * pages;
        long[] offsets = new long[pages];
        offsets[0] = ifd0;
        for (int p = 1; p < pages; p++) {
            offsets[p] = at;
            at = TiffDirectory.align(at + TiffDirectory.size(entries(width, height, f, 0, pageBytes, null, Optional.empty())));
        }
        if (at > 0xFFFF_FFFFL) {
            throw new IOException("the stack does not fit a classic TIFF's 4 GB");
        }
        for (int p = 0; p < pages; p++) {
            long next = p + 1 < pages ? offsets[p + 1] : 0;
            List<TiffDirectory.Entry> e = entries(width, height, f, dataStart + pageBytes * p, pageBytes, p == 0 ? desc : null,
                    p == 0 ? icc : Optional.empty());
            if (p == 0) {
                dirs.set(0, TiffDirectory.bytes(ifd0, e, next));
            } else {
                dirs.add(TiffDirectory.bytes(offsets[p], e, next));
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
        byte[] row = new byte[width * f.channels() * f.bytesPerSample()];
        body.writePages(rows -> {
            if (written[0] == pages) {
                throw new IllegalStateException("more than " + pages + " pages");
            }
            int[] count = {0};
            rows.writeRows(samples -> {
                TiffStripWriter.packRow(samples, width * f.channels(), f.bytesPerSample(), row, 0); // little-endian
                try {
                    out.write(row);
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

    /** A page's entries: one strip of the whole page, NewSubfileType 0 as ImageJ writes its stacks. */
    private static List<TiffDirectory.Entry> entries(int w, int h, SampleFormat f, long stripOffset, long stripBytes,
                                                     String description, Optional<byte[]> icc) {
        return TiffDirectory.page(w, h, f, true, description, 1, h, new long[] {stripOffset}, new long[] {stripBytes}, icc);
    }
}
