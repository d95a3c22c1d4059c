package org.convolab.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;

/**
 * Encodes an image into a file in one of the formats Convolab writes, the fast way for each: PNG
 * through {@link PngEncoder} (parallel deflate at the chosen level), JPEG through ImageIO's libjpeg
 * at the chosen quality, BMP and TIFF through ImageIO; the codecs get the image's own array.
 */
final class ImageEncoders {

    private ImageEncoders() {
    }

    /**
     * Encodes {@code image} as {@code format} into {@code file}, which stays open (the caller owns it:
     * {@link AtomicWrite} syncs and closes the file). PNG and JPEG are written as a stream; TIFF and BMP,
     * whose writers go back to fill in offsets, seek in the file ({@link ChannelImageOutputStream}) rather
     * than keeping the encoded file in memory.
     *
     * @param format an ImageIO format name from {@link ImageFiles#formatOf}
     */
    static void encode(RgbaImage image, String format, FileChannel file, EncodeOptions options) throws IOException {
        // Alpha only when the format keeps it and some pixel uses it: an opaque image is RGB, a quarter smaller.
        boolean alpha = (format.equals("png") || format.equals("tiff")) && FastRasters.hasAlpha(image);
        if (format.equals("png") || format.equals("jpeg")) {
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(file), 1 << 20);
            if (format.equals("png")) {
                PngEncoder.write(image, alpha, options.pngLevel(), out);
            } else {
                writeJpeg(image, out, options.jpegQuality());
            }
            out.flush();
            return;
        }
        try (ImageOutputStream ios = new ChannelImageOutputStream(file)) {
            if (!ImageIO.write(FastRasters.wrap(image, alpha), format, ios)) {
                throw new ConvolabException("no " + format.toUpperCase(Locale.ROOT) + " writer");
            }
        }
    }

    private static void writeJpeg(RgbaImage image, OutputStream os, int quality) throws IOException {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
        if (!writers.hasNext()) {
            throw new ConvolabException("no JPEG writer");
        }
        ImageWriter writer = writers.next();
        try (ImageOutputStream ios = ImageIO.createImageOutputStream(os)) {
            ImageWriteParam p = writer.getDefaultWriteParam();
            p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            p.setCompressionQuality(quality / 100f);
            writer.setOutput(ios);
            writer.write(null, new IIOImage(FastRasters.wrap(image, false), null, null), p);
        } finally {
            writer.dispose();
        }
    }
}
