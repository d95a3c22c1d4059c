package org.convolab.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
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
     * Writes {@code image} to {@code file} (a new or temporary file) as {@code format}.
     *
     * @param format an ImageIO format name from {@link ImageFiles#formatOf}
     */
    static void encode(RgbaImage image, String format, Path file, EncodeOptions options) throws IOException {
        // Alpha only when the format keeps it and some pixel uses it: an opaque image is RGB, a quarter smaller.
        boolean alpha = (format.equals("png") || format.equals("tiff")) && FastRasters.hasAlpha(image);
        switch (format) {
            case "png" -> {
                try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
                    PngEncoder.write(image, alpha, options.pngLevel(), out);
                }
            }
            case "jpeg" -> writeJpeg(image, file, options.jpegQuality());
            default -> {
                if (!ImageIO.write(FastRasters.wrap(image, alpha), format, file.toFile())) {
                    throw new ConvolabException("cannot write " + file + ": no " + format.toUpperCase(Locale.ROOT) + " writer");
                }
            }
        }
    }

    private static void writeJpeg(RgbaImage image, Path file, int quality) throws IOException {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
        if (!writers.hasNext()) {
            throw new ConvolabException("cannot write " + file + ": no JPEG writer");
        }
        ImageWriter writer = writers.next();
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
             ImageOutputStream ios = ImageIO.createImageOutputStream(os)) {
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
