package org.convolab.io;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.convolab.core.RgbaImage;

/** JPEG files for tests, written by ImageIO: baseline or progressive, colour or grey; and their PSNR. */
public final class TestJpegs {

    private TestJpegs() {
    }

    /** The image as a JPEG of the given quality (RGB, or grey when {@code grey}). */
    public static byte[] jpeg(RgbaImage image, int quality, boolean progressive, boolean grey) {
        BufferedImage bi = new BufferedImage(image.width(), image.height(), grey ? BufferedImage.TYPE_BYTE_GRAY : BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                bi.setRGB(x, y, image.pixels()[y * image.width() + x]);
            }
        }
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
        ImageWriter writer = writers.next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream ios = ImageIO.createImageOutputStream(bytes)) {
            ImageWriteParam p = writer.getDefaultWriteParam();
            p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            p.setCompressionQuality(quality / 100f);
            if (progressive) {
                p.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
            }
            writer.setOutput(ios);
            writer.write(null, new IIOImage(bi, null, null), p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    /** Peak signal-to-noise ratio over R, G and B, in dB (infinite for equal images). */
    public static double psnr(RgbaImage a, RgbaImage b) {
        if (a.width() != b.width() || a.height() != b.height()) {
            throw new IllegalArgumentException("sizes differ: " + a.width() + "x" + a.height() + " and " + b.width() + "x" + b.height());
        }
        double sum = 0;
        int[] pa = a.pixels();
        int[] pb = b.pixels();
        for (int i = 0; i < pa.length; i++) {
            for (int shift = 0; shift <= 16; shift += 8) {
                int d = ((pa[i] >> shift) & 0xff) - ((pb[i] >> shift) & 0xff);
                sum += d * d;
            }
        }
        double mse = sum / (3.0 * pa.length);
        return mse == 0 ? Double.POSITIVE_INFINITY : 10 * Math.log10(255.0 * 255.0 / mse);
    }
}
