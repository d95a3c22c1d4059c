package org.convolab.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.metadata.IIOMetadata;

/**
 * Puts an input's EXIF into the outputs {@link RowSinks} writes: into a JPEG as an APP1 segment after the
 * encoder's header, into a TIFF as fields of the JDK writer's metadata.
 */
final class ExifEmbedding {

    private ExifEmbedding() {
    }

    /** A JPEG encoder writing into a stream. */
    @FunctionalInterface
    interface JpegEncoder {
        void encode(OutputStream out) throws IOException;
    }

    /**
     * Runs the encoder into {@code sink}; where the options carry an EXIF block, into a buffer first, then the
     * block goes in as an APP1 segment after the encoder's JFIF header ({@link JpegMarkers#withSegments}).
     */
    static void encodeWithExif(OutputStream sink, RowSinks.Options options, JpegEncoder encoder) throws IOException {
        Optional<byte[]> exif = options.exif().app1Tiff(); // at most one segment's worth (Exif.app1Tiff)
        if (exif.isEmpty()) {
            encoder.encode(sink);
            return;
        }
        java.io.ByteArrayOutputStream jpeg = new java.io.ByteArrayOutputStream();
        encoder.encode(jpeg);
        byte[] tiff = exif.get();
        byte[] app1 = new byte[4 + 6 + tiff.length];
        int len = app1.length - 2;
        app1[0] = (byte) 0xFF;
        app1[1] = (byte) 0xE1;
        app1[2] = (byte) (len >> 8);
        app1[3] = (byte) len;
        System.arraycopy("Exif\0\0".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), 0, app1, 4, 6);
        System.arraycopy(tiff, 0, app1, 10, tiff.length);
        sink.write(JpegMarkers.withSegments(jpeg.toByteArray(), java.util.List.of(app1)));
    }

    /** Tags of the image's own layout, which the TIFF writer sets: never copied from an EXIF block. */
    private static final java.util.Set<Integer> LAYOUT_TAGS = java.util.Set.of(254, 255, 256, 257, 258, 259, 262, 266, 273,
            277, 278, 279, 284, 317, 320, 322, 323, 324, 325, 338, 339, 513, 514, 529, 530, 531, 532, 34675);

    /**
     * The JDK TIFF writer's metadata with the fields of an EXIF block added to the image's IFD: its descriptive
     * tags (Orientation, Make, Model, dates...) and its EXIF sub-IFD (exposure, lens...), as libvips keeps them. The
     * block is read with the JDK's own TIFF reader (it is a TIFF structure); one that does not read is left out.
     */
    static IIOMetadata exifFields(IIOMetadata meta, byte[] tiff) throws IOException {
        javax.imageio.ImageReader reader = null;
        for (var it = ImageIO.getImageReadersByFormatName("tiff"); it.hasNext(); ) {
            javax.imageio.ImageReader r = it.next();
            if (reader == null && r.getClass().getName().startsWith("com.sun.")) {
                reader = r;
            } else {
                r.dispose();
            }
        }
        if (reader == null) {
            return meta;
        }
        try (javax.imageio.stream.ImageInputStream in = new javax.imageio.stream.MemoryCacheImageInputStream(
                new java.io.ByteArrayInputStream(tiff))) {
            reader.setInput(in);
            javax.imageio.plugins.tiff.TIFFDirectory from =
                    javax.imageio.plugins.tiff.TIFFDirectory.createFromMetadata(reader.getImageMetadata(0));
            javax.imageio.plugins.tiff.TIFFDirectory to = javax.imageio.plugins.tiff.TIFFDirectory.createFromMetadata(meta);
            for (javax.imageio.plugins.tiff.TIFFField f : from.getTIFFFields()) {
                if (!LAYOUT_TAGS.contains(f.getTagNumber())) {
                    to.addTIFFField(f);
                }
            }
            return to.getAsMetadata();
        } catch (IOException | RuntimeException e) {
            return meta; // EXIF never stops a write
        } finally {
            reader.dispose();
        }
    }
}
