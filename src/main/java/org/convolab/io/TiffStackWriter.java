package org.convolab.io;

import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import org.convolab.core.ConvolabException;
import org.convolab.core.SampleFormat;
import org.convolab.core.UserText;

/**
 * Writes a stack as a multi-page TIFF, a row at a time straight into the file ({@link ContiguousTiff}: only a row
 * is in memory), atomically as every output ({@link AtomicWrite}): uncompressed pages one after the other, the
 * first directory carrying ImageJ's description, laid out as ImageJ writes stacks, so ImageJ and Fiji open the
 * file as a stack or hyperstack of the same dimensions. Pages of 8 or 16 bits, 32-bit integer or float, grey or
 * RGB, as {@link RowSinks} writes one image.
 *
 * <p>A stack of more than {@link #CLASSIC_LIMIT} bytes of samples is written as a BigTIFF (64-bit offsets)
 * through TwelveMonkeys' BigTIFF writer, a page in memory at a time: Fiji's Bio-Formats, libtiff and tifffile open
 * it; ImageJ 1.x itself does not read BigTIFF.
 */
public final class TiffStackWriter {

    /** Bytes of samples past which the stack is written as BigTIFF (classic TIFF offsets end at 4 GiB). */
    public static final long CLASSIC_LIMIT = (4L << 30) - (64L << 20);

    /** Produces one page's rows into the sink it is given. */
    @FunctionalInterface
    public interface Pages {
        /** Writes every page in order through {@code sink}. */
        void writePages(PageSink sink);
    }

    /** Takes the stack's pages one after another. */
    @FunctionalInterface
    public interface PageSink {
        /** Writes the next page, its rows from {@code rows}. */
        void writePage(RowSinks.Body rows);
    }

    private TiffStackWriter() {
    }

    /**
     * Writes {@code pages} pages of {@code width x height} samples in {@code format}.
     *
     * @param description ImageJ's description for the first page ({@link Hyperstack#imageJDescription})
     * @throws ConvolabException for an existing output without {@code replace}, a missing folder, a page count
     *                           other than {@code pages}, or a failed write; nothing is left behind then
     */
    public static void write(Path file, boolean replace, int width, int height, SampleFormat format, int pages,
                             Optional<byte[]> icc, String description, Pages body) {
        write(file, replace, width, height, format, pages, icc, description, body, CLASSIC_LIMIT);
    }

    /** {@link #write} with the BigTIFF threshold given (tests write small BigTIFFs). */
    static void write(Path file, boolean replace, int width, int height, SampleFormat format, int pages,
                      Optional<byte[]> icc, String description, Pages body, long classicLimit) {
        if (!"tiff".equals(ImageFiles.formatOf(file))) {
            throw new ConvolabException("cannot write " + UserText.escape(file.toString()) + ": a stack of " + pages
                    + " pages is written as TIFF only; give the output a .tif or .tiff name");
        }
        long bytes = (long) width * height * format.channels() * format.bytesPerSample() * pages;
        boolean big = bytes > classicLimit;
        ImageFiles.atomically(file, replace, channel -> {
            if (big) {
                writeBig(channel, width, height, format, pages, icc, description, body);
            } else {
                ContiguousTiff.write(channel, width, height, format, pages, icc, description, body);
            }
        });
    }

    /** The BigTIFF through TwelveMonkeys' writer, a page image at a time. */
    private static void writeBig(java.nio.channels.FileChannel channel, int width, int height, SampleFormat format, int pages,
                                 Optional<byte[]> icc, String description, Pages body) throws IOException {
        ImageFiles.imageIo();
        ImageWriter writer = bigTiffWriter();
        try (ChannelImageOutputStream stream = new ChannelImageOutputStream(channel)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            if (param.canWriteCompressed()) {
                param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
                param.setCompressionType("None");
            }
            writer.prepareWriteSequence(null);
            int[] written = {0};
            body.writePages(rows -> {
                if (written[0] == pages) {
                    throw new IllegalStateException("more than " + pages + " pages");
                }
                BufferedImage img = RowSinks.newImage("tiff", width, height, format, icc);
                fill(img.getRaster(), rows, width, format);
                try {
                    IIOMetadata meta = written[0] == 0
                            ? withDescriptionTree(writer.getDefaultImageMetadata(new ImageTypeSpecifier(img), param), description)
                            : null;
                    writer.writeToSequence(new IIOImage(img, null, meta), param);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                written[0]++;
            });
            if (written[0] != pages) {
                throw new IllegalStateException(written[0] + " pages written of " + pages);
            }
            writer.endWriteSequence();
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        } finally {
            writer.dispose();
        }
    }

    private static void fill(WritableRaster raster, RowSinks.Body rows, int w, SampleFormat f) {
        float[] floats = f.isFloat() ? new float[w * f.channels()] : null;
        int[] y = {0};
        rows.writeRows(samples -> {
            if (floats != null) { // the rows hold the floats' bits
                for (int i = 0; i < floats.length; i++) {
                    floats[i] = Float.intBitsToFloat(samples[i]);
                }
                raster.setPixels(0, y[0]++, w, 1, floats);
            } else {
                raster.setPixels(0, y[0]++, w, 1, samples);
            }
        });
    }

    /** TwelveMonkeys' metadata with an ImageDescription field added through the standard TIFF tree. */
    private static IIOMetadata withDescriptionTree(IIOMetadata meta, String description) throws IOException {
        String format = meta.getNativeMetadataFormatName();
        org.w3c.dom.Node root = meta.getAsTree(format);
        javax.imageio.metadata.IIOMetadataNode ifd = (javax.imageio.metadata.IIOMetadataNode) root.getFirstChild();
        javax.imageio.metadata.IIOMetadataNode field = new javax.imageio.metadata.IIOMetadataNode("TIFFField");
        field.setAttribute("number", "270");
        field.setAttribute("name", "ImageDescription");
        javax.imageio.metadata.IIOMetadataNode ascii = new javax.imageio.metadata.IIOMetadataNode("TIFFAsciis");
        javax.imageio.metadata.IIOMetadataNode value = new javax.imageio.metadata.IIOMetadataNode("TIFFAscii");
        value.setAttribute("value", new String(description.getBytes(StandardCharsets.US_ASCII), StandardCharsets.US_ASCII));
        ascii.appendChild(value);
        field.appendChild(ascii);
        ifd.appendChild(field);
        meta.mergeTree(format, root);
        return meta;
    }

    private static ImageWriter bigTiffWriter() {
        var it = ImageIO.getImageWritersByFormatName("BigTIFF");
        if (!it.hasNext()) {
            throw new ConvolabException("this stack needs a BigTIFF (over 4 GB) and no BigTIFF writer is installed");
        }
        return it.next();
    }

    /** "1.2 GB" for messages. */
    static String size(long bytes) {
        return String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
    }
}
