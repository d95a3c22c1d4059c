package org.convolab.io;

import ar.com.hjg.pngj.ImageInfo;
import ar.com.hjg.pngj.PngWriter;
import java.awt.Point;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Random;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;

/** Test files of random samples, written with the codecs' own writers, for the tests that read them back. */
public final class TestImageFiles {

    private TestImageFiles() {
    }

    /**
     * Writes a PNG (PNGJ) of random samples: 8 or 16 bits, grey or RGB, with or without alpha.
     *
     * @return the samples as stored, row after row, interleaved
     */
    public static int[] png(Path file, int w, int h, int bits, boolean alpha, boolean grey, long seed) {
        ImageInfo info = new ImageInfo(w, h, bits, alpha, grey, false);
        PngWriter pw = new PngWriter(file.toFile(), info, true);
        Random rnd = new Random(seed);
        int[] all = new int[info.samplesPerRow * h];
        int[] row = new int[info.samplesPerRow];
        for (int y = 0; y < h; y++) {
            for (int i = 0; i < row.length; i++) {
                row[i] = rnd.nextInt(1 << bits);
            }
            System.arraycopy(row, 0, all, y * row.length, row.length);
            pw.writeRowInt(row);
        }
        pw.end();
        return all;
    }

    /**
     * Writes a plain 16-bit RGB TIFF of random samples with the JDK's writer (as ImageMagick writes them).
     *
     * @return the samples, R, G, B a pixel, row after row
     */
    public static int[] tiff16(Path file, int w, int h, long seed) {
        ComponentColorModel cm = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_sRGB), false, false,
                Transparency.OPAQUE, DataBuffer.TYPE_USHORT);
        WritableRaster raster = Raster.createInterleavedRaster(DataBuffer.TYPE_USHORT, w, h, 3, new Point(0, 0));
        Random rnd = new Random(seed);
        int[] px = new int[w * h * 3];
        for (int i = 0; i < px.length; i++) {
            px[i] = rnd.nextInt(65536);
        }
        raster.setPixels(0, 0, w, h, px);
        ImageWriter jdk = null;
        for (var it = ImageIO.getImageWritersByFormatName("tiff"); it.hasNext(); ) {
            ImageWriter wr = it.next();
            if (wr.getClass().getName().startsWith("com.sun.")) {
                jdk = wr;
            }
        }
        try (var os = ImageIO.createImageOutputStream(file.toFile())) {
            jdk.setOutput(os);
            jdk.write(new BufferedImage(cm, raster, false, null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return px;
    }

    /**
     * Writes {@code image} as a JPEG (ImageFiles) with an EXIF APP1 segment after JFIF's APP0 that says {@code
     * orientation} and a camera make, as a phone writes it.
     */
    public static Path jpegWithOrientation(Path file, org.convolab.core.RgbaImage image, int orientation) {
        try {
            Path plain = file.resolveSibling(file.getFileName() + ".plain.jpg");
            ImageFiles.write(image, plain, true);
            byte[] jpeg = java.nio.file.Files.readAllBytes(plain);
            java.nio.file.Files.delete(plain);
            // little-endian TIFF: IFD0 with Make (ASCII "Phone\0" at 38) and Orientation, no next IFD
            java.nio.ByteBuffer tiff = java.nio.ByteBuffer.allocate(44).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            tiff.put((byte) 'I').put((byte) 'I').putShort((short) 42).putInt(8).putShort((short) 2)
                    .putShort((short) 0x010f).putShort((short) 2).putInt(6).putInt(38)
                    .putShort((short) 0x0112).putShort((short) 3).putInt(1).putShort((short) orientation).putShort((short) 0)
                    .putInt(0).put("Phone\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            int app0End = 4 + (((jpeg[4] & 0xff) << 8) | (jpeg[5] & 0xff)); // SOI, then APP0 and its length
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            out.write(jpeg, 0, app0End);
            out.write(new byte[] {(byte) 0xff, (byte) 0xe1, 0, (byte) (2 + 6 + 44)});
            out.writeBytes("Exif\0\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.writeBytes(tiff.array());
            out.write(jpeg, app0End, jpeg.length - app0End);
            return java.nio.file.Files.write(file, out.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
