package org.convolab.io;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.convolab.core.ConvolabException;
import org.convolab.core.RowSource;

/**
 * Opens image files as {@link RowSource}s: PNG streamed a row at a time (PNGJ), an uncompressed stripped TIFF
 * a strip at a time straight from the file ({@link TiffStripReader}), other TIFFs a block of rows at a time
 * (ImageIO, TwelveMonkeys' reader), JPEG, BMP and GIF decoded whole once, after a check that
 * the heap holds them; a JPEG through the native codec of {@link JpegCodecs} where it takes the file.
 */
public final class RowSources {

    /** Default limit on width x height for what is streamed: 2 gigapixels. */
    public static final long DEFAULT_MAX_PIXELS = 2_000_000_000L;

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private RowSources() {
    }

    /**
     * Checks the file and its header now and returns what opens it (again, for a second pass).
     *
     * @param maxPixels refuse images with more pixels than this (from the header, before decoding)
     * @throws ConvolabException with one clear sentence for a missing, unreadable, unsupported,
     *                           damaged, too large or (decoded whole) too large for the heap file
     */
    public static Supplier<RowSource> opener(Path file, long maxPixels) {
        String name = file.toString();
        check(file, name);
        if (isPng(file, name)) {
            PngChunks.Scan scan = PngChunks.scan(file, name); // before PNGJ inflates any metadata chunk
            try (PngRowSource first = new PngRowSource(file)) {
                checkSize(name, "PNG", first.width(), first.height(), maxPixels);
            }
            scan.checkHolds(name);
            return () -> new PngRowSource(file);
        }
        Optional<JpegFiles.Decoded> jpeg = JpegFiles.read(file, name, maxPixels, true);
        if (jpeg.isPresent()) {
            return () -> new PackedRowSource(name, jpeg.get().image(), jpeg.get().icc());
        }
        ImageFiles.imageIo();
        Header header = header(file, name);
        checkSize(name, header.format, header.width, header.height, maxPixels);
        DataExtent.check(file, name, header.width, header.height);
        if (header.format.equals("TIFF")) {
            TiffLayout wide = tiffLayout(file, name);
            if (wide == null || wide.pages() == 1) { // an ImageJ channel stack's pages go through the JDK's reader
                Optional<RowSource> plain = TiffStripReader.open(file, name);
                if (plain.isPresent()) { // uncompressed strips: read straight from the file
                    plain.get().close();
                    return () -> TiffStripReader.open(file, name)
                            .orElseThrow(() -> new ConvolabException("cannot read " + name + ": it changed while it was read"));
                }
            }
            return () -> {
                ImageInputStream in = null;
                try {
                    in = ImageIO.createImageInputStream(file.toFile());
                    ImageReader reader = wide != null ? TiffLayout.jdkReader(in) : ImageIO.getImageReaders(in).next();
                    // an ImageJ channel stack reads pages 1 and 2 too: the reader must not forget what it has seen
                    reader.setInput(in, wide == null || wide.pages() == 1, true);
                    return new ImageIoRowSource(name, reader, in, null, wide);
                } catch (IOException | RuntimeException e) {
                    closeQuietly(in);
                    throw new ConvolabException("cannot decode " + name + ": the TIFF data is damaged or not supported" + detail(e));
                }
            };
        }
        HeapCheck.require((long) header.width * header.height * 4 + (64L << 20),
                String.format(Locale.ROOT, "decoding this %dx%d %s whole", header.width, header.height, header.format));
        BufferedImage whole = decodeWhole(file, name);
        if (header.format.equals("JPEG")) {
            JpegCodecs.decoded(JpegCodecs.imageIoName());
        }
        return () -> {
            try {
                return new ImageIoRowSource(name, null, null, whole);
            } catch (IOException e) {
                throw new ConvolabException("cannot read " + name + detail(e));
            }
        };
    }

    private record Header(String format, int width, int height) {
    }

    /** The layout of a TIFF of 32-bit samples, null for the others; refuses sample types not read faithfully. */
    private static TiffLayout tiffLayout(Path file, String name) {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            return TiffLayout.of(in, name);
        } catch (ConvolabException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ConvolabException("cannot decode " + name + ": the TIFF data is damaged or not supported" + detail(e));
        }
    }

    private static void check(Path file, String name) {
        ImageFiles.checkReadable(file, name);
    }

    private static boolean isPng(Path file, String name) {
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(8), PNG_SIGNATURE);
        } catch (IOException e) {
            throw new ConvolabException("cannot read " + name + detail(e));
        }
    }

    private static void checkSize(String name, String format, int w, int h, long maxPixels) {
        if (w < 1 || h < 1) {
            throw new ConvolabException("cannot read " + name + ": the " + format + " header declares a " + w + "x" + h + " image");
        }
        long pixels = (long) w * h;
        if (pixels > maxPixels) {
            throw new ConvolabException(String.format(Locale.ROOT,
                    "refusing %s: %dx%d is %.1f megapixels, over the limit of %.1f megapixels (raise it with --max-megapixels)",
                    name, w, h, pixels / 1e6, maxPixels / 1e6));
        }
    }

    private static Header header(Path file, String name) {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw new ConvolabException("cannot read " + name + ": not an image in a format Convolab reads (PNG, JPEG, BMP, GIF, TIFF)");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                return new Header(formatName(reader),
                        reader.getWidth(0), reader.getHeight(0));
            } finally {
                reader.dispose();
            }
        } catch (ConvolabException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ConvolabException("cannot decode " + name + ": the file is damaged or not a valid image" + detail(e));
        }
    }

    private static BufferedImage decodeWhole(Path file, String name) {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            ImageReader reader = ImageIO.getImageReaders(in).next();
            try {
                reader.setInput(in, true, true);
                DecodeWarnings warnings = DecodeWarnings.listen(reader);
                BufferedImage img = reader.read(0, storedValues(reader));
                warnings.check(name, formatName(reader));
                return img;
            } finally {
                reader.dispose();
            }
        } catch (ConvolabException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ConvolabException("cannot decode " + name + ": the data is damaged, truncated or of an unsupported kind"
                    + detail(e));
        } catch (OutOfMemoryError e) {
            throw new ConvolabException("cannot read " + name + ": not enough memory for the decoded image (raise -Xmx)");
        }
    }

    /**
     * Read parameters that keep the stored values: where the file embeds an ICC profile, the JDK's JPEG
     * reader converts to sRGB by default (rocket.jpg changed by up to 55 levels); the image type in the
     * profile's own colour space takes the values as decoded, and carries the profile on.
     */
    static javax.imageio.ImageReadParam storedValues(ImageReader reader) throws IOException {
        javax.imageio.ImageReadParam p = reader.getDefaultReadParam();
        Iterator<javax.imageio.ImageTypeSpecifier> it = reader.getImageTypes(0);
        int components = it.next().getColorModel().getNumColorComponents();
        while (it.hasNext()) {
            javax.imageio.ImageTypeSpecifier t = it.next();
            if (t.getColorModel().getNumColorComponents() == components
                    && ImageIoRowSource.profileOf(t.getColorModel().getColorSpace()) != null) {
                p.setDestinationType(t);
                break;
            }
        }
        return p;
    }

    private static String formatName(ImageReader reader) throws IOException {
        return reader.getFormatName().toUpperCase(Locale.ROOT).replace("JPG", "JPEG");
    }

    private static void closeQuietly(ImageInputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // already failing; that error is the one to report
            }
        }
    }

    private static String detail(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? "" : " (" + m.strip() + ")";
    }
}
