package org.convolab.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.stream.ImageOutputStream;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;

/**
 * Encodes an image into a file in one of the formats Convolab writes, the fast way for each: PNG
 * through {@link PngEncoder} (parallel deflate at the chosen level), JPEG through the codec of {@link JpegCodecs}
 * (libjpeg-turbo where the system has it, else ImageIO) at the chosen quality, BMP and TIFF through ImageIO; the codecs get the image's own array.
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
        ImageFiles.imageIo();
        try (ImageOutputStream ios = new ChannelImageOutputStream(file)) {
            if (!ImageIO.write(FastRasters.wrap(image, alpha), format, ios)) {
                throw new ConvolabException("no " + format.toUpperCase(Locale.ROOT) + " writer");
            }
        }
    }

    /** Through the codec {@link JpegCodecs} chose, at the quality given, 4:4:4 from quality 90 (as RowSinks writes). */
    private static void writeJpeg(RgbaImage image, OutputStream os, int quality) throws IOException {
        JpegCodec codec = JpegCodecs.encoder();
        codec.encode(image, quality, Optional.empty(), os);
        JpegCodecs.encoded(codec.name());
    }
}
