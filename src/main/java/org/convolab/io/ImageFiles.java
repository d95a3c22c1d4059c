package org.convolab.io;

import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.FileImageInputStream;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.convolab.core.ConvolabException;
import org.convolab.core.OutputExistsException;
import org.convolab.core.RgbaImage;
import org.convolab.core.UserText;

/**
 * Reads PNG, JPEG, BMP, GIF and TIFF (8 or 16 bits, grey, palette, with or without alpha) into
 * {@link RgbaImage}, and writes PNG, JPEG, BMP or TIFF chosen by the file's extension, through the
 * JDK's ImageIO codecs; JPEG through libjpeg-turbo where the system has it ({@link JpegCodecs}).
 *
 * <p>Images larger than a pixel limit are refused from the header, before decoding; a decoder's
 * warning about the pixel data (a truncated JPEG) is an error, not a grey patch. CMYK and YCCK JPEGs
 * are read by the TwelveMonkeys JPEG plug-in. Nothing goes through ImageIO's disk cache. Writes go
 * through {@link AtomicWrite}: a failed write leaves no partial file, and an existing file is
 * replaced only when asked.
 */
public final class ImageFiles {

    /** Default limit on width x height: 500 megapixels. */
    public static final long DEFAULT_MAX_PIXELS = 500_000_000L;

    /** Extensions {@link #write} understands. */
    public static final java.util.List<String> WRITABLE = java.util.List.of("png", "jpg", "jpeg", "bmp", "tif", "tiff");

    /** ImageIO set up on first use: its registry scans every plug-in, a cost a JPEG through libjpeg-turbo need not pay. */
    private static final class ImageIoSetup {
        static {
            // ImageIO would otherwise copy every stream into its temp folder: slow, and a small temp
            // folder would make valid files look damaged
            ImageIO.setUseCache(false);
        }

        static void ready() {
            // the static block has run
        }
    }

    /** Sets ImageIO up (no disk cache) before its first use; every ImageIO path of this package calls it. */
    static void imageIo() {
        ImageIoSetup.ready();
    }

    private ImageFiles() {
    }

    /** {@link #read(Path, long)} with {@link #DEFAULT_MAX_PIXELS}. */
    public static RgbaImage read(Path file) {
        return read(file, DEFAULT_MAX_PIXELS);
    }

    /**
     * Reads an image file.
     *
     * @param maxPixels refuse images with more pixels than this (checked from the header)
     * @throws ConvolabException with one clear sentence for a missing, unreadable, unsupported,
     *                           damaged or too large file
     */
    public static RgbaImage read(Path file, long maxPixels) {
        String name = UserText.escape(file.toString());
        checkReadable(file, name);
        refuseWideSamples(file, name);
        // a JPEG through the native codec where it takes the file; one with an ICC profile goes on to ImageIO,
        // whose reader converts it to sRGB for display
        Optional<JpegFiles.Decoded> jpeg = JpegFiles.read(file, name, Math.min(maxPixels, Integer.MAX_VALUE - 8L), false);
        if (jpeg.isPresent()) {
            return jpeg.get().image();
        }
        imageIo();
        // straight from the file: no copy of the input in ImageIO's cache folder
        try (ImageInputStream iis = new FileImageInputStream(file.toFile())) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(iis);
            if (!readers.hasNext()) {
                throw new ConvolabException("cannot read " + name
                        + ": not an image in a format Convolab reads (PNG, JPEG, BMP, GIF, TIFF)");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(iis, true, true);
                String format = reader.getFormatName().toUpperCase(Locale.ROOT);
                int w = reader.getWidth(0);
                int h = reader.getHeight(0);
                long pixels = (long) w * h;
                if (w < 1 || h < 1) {
                    throw new ConvolabException("cannot read " + name + ": the " + format + " header declares a "
                            + w + "x" + h + " image");
                }
                if (pixels > maxPixels || pixels > Integer.MAX_VALUE - 8) {
                    throw new ConvolabException(String.format(Locale.ROOT,
                            "refusing %s: %dx%d is %.1f megapixels, over the limit of %.1f megapixels (raise it with --max-megapixels)",
                            name, w, h, pixels / 1e6, Math.min(maxPixels, Integer.MAX_VALUE - 8L) / 1e6));
                }
                DataExtent.check(file, name, w, h); // before the raster is allocated, and any metadata inflated
                DecodeWarnings warnings = DecodeWarnings.listen(reader);
                BufferedImage img;
                try {
                    img = reader.read(0);
                    if (format.equals("JPEG")) {
                        JpegCodecs.decoded(JpegCodecs.imageIoName());
                    }
                } catch (IOException | RuntimeException e) {
                    throw new ConvolabException("cannot decode " + name + ": the " + format
                            + " data is damaged or truncated" + detail(e));
                }
                warnings.check(name, format);
                return toRgba(img);
            } finally {
                reader.dispose();
            }
        } catch (FileNotFoundException | NoSuchFileException e) {
            throw new ConvolabException("cannot read " + name + ": no such file");
        } catch (IOException e) {
            throw new ConvolabException("cannot read " + name + detail(e));
        } catch (ConvolabException e) {
            throw e;
        } catch (RuntimeException e) {
            // the codecs throw unchecked exceptions on some malformed headers
            throw new ConvolabException("cannot decode " + name + ": the file is damaged or not a valid image" + detail(e));
        } catch (OutOfMemoryError e) {
            throw new ConvolabException("cannot read " + name + ": not enough memory for the decoded image (raise -Xmx)");
        }
    }

    /**
     * A TIFF of 32-bit samples is not squeezed into 8 bits here (TwelveMonkeys' reader would clip its floats to
     * 0..1): one line saying where it can be filtered; other sample types no reader takes faithfully, the line
     * naming them.
     */
    private static void refuseWideSamples(Path file, String name) {
        TiffLayout wide;
        try (ImageInputStream in = new FileImageInputStream(file.toFile())) {
            wide = TiffLayout.of(in, name);
        } catch (IOException | RuntimeException e) {
            if (e instanceof ConvolabException c) {
                throw c;
            }
            return; // not a TIFF the JDK's reader parses: the read below says what is wrong
        }
        if (wide != null) {
            throw new ConvolabException("cannot read " + name + ": its samples are " + wide.format() + "; the histogram and"
                    + " this 8-bit reader take 8- and 16-bit images (the window, convolab filter and batch keep 32-bit samples)");
        }
    }

    /** Warnings about metadata (a bad ICC profile, a thumbnail) that leave the pixels whole. */
    static boolean isHarmless(String warning) {
        String w = warning.toLowerCase(Locale.ROOT);
        return w.contains("icc") || w.contains("profile") || w.contains("thumbnail") || w.contains("exif")
                || w.contains("metadata") || w.contains("jfxx") || w.contains("app14");
    }

    /** The innermost cause: ImageIO wraps "No space left on device" in its own "I/O error writing PNG file!". */
    private static Throwable rootCause(Throwable e) {
        Throwable c = e;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c;
    }

    static String detail(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? "" : " (" + m.strip() + ")";
    }

    /**
     * Converts any decoded image to packed ARGB. Grey images are scaled from their raster samples,
     * not through the colour model, whose linear grey space would brighten them.
     */
    public static RgbaImage toRgba(BufferedImage img) {
        RgbaImage fast = FastRasters.toRgba(img);
        if (fast != null) {
            return fast;
        }
        int w = img.getWidth();
        int h = img.getHeight();
        int[] argb = new int[Math.multiplyExact(w, h)];
        ColorModel cm = img.getColorModel();
        boolean grey = cm.getColorSpace().getType() == java.awt.color.ColorSpace.TYPE_GRAY
                && !(cm instanceof IndexColorModel);
        if (grey) {
            Raster r = img.getRaster();
            int bands = r.getNumBands();
            double gMax = (1L << cm.getComponentSize(0)) - 1;
            double aMax = bands > 1 ? (1L << cm.getComponentSize(1)) - 1 : 1;
            int[] g = new int[w];
            int[] a = bands > 1 ? new int[w] : null;
            for (int y = 0; y < h; y++) {
                r.getSamples(0, y, w, 1, 0, g);
                if (a != null) {
                    r.getSamples(0, y, w, 1, 1, a);
                }
                for (int x = 0; x < w; x++) {
                    int v = (int) Math.round(g[x] * 255.0 / gMax);
                    int al = a == null ? 255 : (int) Math.round(a[x] * 255.0 / aMax);
                    argb[y * w + x] = (al << 24) | (v << 16) | (v << 8) | v;
                }
            }
        } else {
            img.getRGB(0, 0, w, h, argb, 0, w);
        }
        return new RgbaImage(w, h, argb);
    }

    /** The image as a BufferedImage of TYPE_INT_ARGB (sharing nothing with it). */
    public static BufferedImage toBufferedImage(RgbaImage image, boolean alpha) {
        BufferedImage b = new BufferedImage(image.width(), image.height(),
                alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
        b.setRGB(0, 0, image.width(), image.height(), image.pixels(), 0, image.width());
        return b;
    }

    /** The ImageIO format for a file name's extension, or null. */
    public static String formatOf(Path file) {
        String n = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = n.lastIndexOf('.');
        String ext = dot < 0 ? "" : n.substring(dot + 1);
        return switch (ext) {
            case "png" -> "png";
            case "jpg", "jpeg" -> "jpeg";
            case "bmp" -> "bmp";
            case "tif", "tiff" -> "tiff";
            default -> null;
        };
    }

    /**
     * Checks, before any work, that {@link #write} can create {@code file}: a known extension, not a
     * folder, not an existing name (a dangling symlink counts) unless {@code replace}, and a folder
     * that exists and takes a new file.
     *
     * @throws ConvolabException with one clear sentence naming the problem
     */
    public static void checkWritable(Path file, boolean replace) {
        String name = UserText.escape(file.toString());
        if (formatOf(file) == null) {
            throw new ConvolabException("cannot write " + name + ": unknown extension (use .png, .jpg, .bmp or .tif)");
        }
        Path target = FileIdentity.resolved(file);
        if (Files.isDirectory(target)) {
            throw new ConvolabException("cannot write " + name + ": it is a folder");
        }
        if (!replace && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw exists(name);
        }
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new ConvolabException("cannot write " + name + ": folder " + UserText.escape(String.valueOf(dir)) + " does not exist");
        }
        try {
            AtomicWrite.checkFolderWritable(dir);
        } catch (AccessDeniedException e) {
            throw new ConvolabException("cannot write " + name + ": permission denied in folder " + UserText.escape(dir.toString()));
        } catch (IOException e) {
            throw new ConvolabException("cannot write " + name + detail(rootCause(e)));
        }
    }

    /** The error for an output that exists (found before the write, or by the atomic link at its end). */
    static OutputExistsException exists(String name) {
        return new OutputExistsException("not writing " + name + ": the file exists (use --force to replace it)");
    }

    /**
     * Writes the image in the format of the file's extension, atomically and through a temporary
     * file only this process can have opened (see {@link AtomicWrite}).
     *
     * @param replace replace an existing file, keeping its permission bits (otherwise an existing
     *                file is an error, decided atomically: of two writers to one new name one wins)
     * @throws ConvolabException for an unknown extension, an existing file, or a failed write; no
     *                           temporary file is left behind
     */
    public static void write(RgbaImage image, Path file, boolean replace) {
        write(image, file, replace, EncodeOptions.DEFAULT);
    }

    /** {@link #write(RgbaImage, Path, boolean)} with the PNG level and JPEG quality given. */
    public static void write(RgbaImage image, Path file, boolean replace, EncodeOptions options) {
        String format = formatOf(file);
        atomically(file, replace, ch -> ImageEncoders.encode(image, format, ch, options));
    }

    /**
     * Writes a file already encoded elsewhere (a device codec's JPEG) as {@link #write} writes an image:
     * atomically, with the same checks and messages.
     */
    public static void writeEncoded(byte[] encoded, Path file, boolean replace) {
        writeEncoded(new java.nio.ByteBuffer[] {java.nio.ByteBuffer.wrap(encoded)}, file, replace);
    }

    /**
     * {@link #writeEncoded(byte[], Path, boolean)} of the parts one after the other, in one gathering write where
     * the system takes it (a direct buffer goes to the file without a copy). The parts' positions move.
     */
    public static void writeEncoded(java.nio.ByteBuffer[] parts, Path file, boolean replace) {
        long total = 0;
        for (java.nio.ByteBuffer p : parts) {
            total += p.remaining();
        }
        long left = total;
        atomically(file, replace, ch -> {
            long written = 0;
            while (written < left) {
                written += ch.write(parts);
            }
        });
    }

    /** The checks, the atomic write through the path the file system resolves, and one line for each failure. */
    static void atomically(Path file, boolean replace, AtomicWrite.ChannelContent content) {
        checkWritable(file, replace);
        String name = UserText.escape(file.toString());
        try {
            AtomicWrite.writeChannel(FileIdentity.resolved(file), replace, content);
        } catch (FileAlreadyExistsException e) {
            throw exists(name);
        } catch (AccessDeniedException e) {
            throw new ConvolabException("cannot write " + name + ": permission denied");
        } catch (IOException e) {
            throw new ConvolabException("cannot write " + name + detail(rootCause(e)));
        }
    }

    /** Encodes through the given stream (held in memory until flushed, never in a cache file). */
    static void encode(BufferedImage image, String format, OutputStream out) throws IOException {
        imageIo();
        try (ImageOutputStream ios = new MemoryCacheImageOutputStream(out)) {
            if (!ImageIO.write(image, format, ios)) {
                throw new IOException("no " + format.toUpperCase(Locale.ROOT) + " writer");
            }
        }
    }

    /**
     * Fails with one clear line when {@code file} is missing, a folder, unreadable or empty; the
     * checks every reader makes before it decodes.
     *
     * @param name the file's name as messages show it (escaped)
     */
    static void checkReadable(Path file, String name) {
        if (!Files.exists(file)) {
            throw new ConvolabException("cannot read " + name + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new ConvolabException("cannot read " + name + ": it is a folder, not an image file");
        }
        if (!Files.isReadable(file)) {
            throw new ConvolabException("cannot read " + name + ": permission denied");
        }
        try {
            if (Files.size(file) == 0) {
                throw new ConvolabException("cannot read " + name + ": the file is empty (0 bytes)");
            }
        } catch (IOException e) {
            throw new ConvolabException("cannot read " + name + ": " + e.getMessage());
        }
    }

    /** True when both paths reach the same file, as the file system resolves them ({@link FileIdentity#same}). */
    public static boolean sameFile(Path a, Path b) {
        return FileIdentity.same(a, b);
    }
}
