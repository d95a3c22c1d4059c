package org.convolab.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.plugins.tiff.BaselineTIFFTagSet;
import javax.imageio.plugins.tiff.TIFFDirectory;
import javax.imageio.plugins.tiff.TIFFField;
import javax.imageio.stream.ImageInputStream;
import org.convolab.core.ConvolabException;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.core.UserText;

/**
 * A multi-page TIFF read as a stack: pages of one size and sample format (8 or 16 bits, 32-bit integer or
 * float; grey or RGB), each opened as a {@link RowSource} of its own, so a stack is read a page at a time. ImageJ's
 * hyperstack description (channels, slices, frames, spacing, unit) is kept ({@link #hyperstack}). An ImageJ
 * 32-bit colour image (three pages, {@code channels=3}) is one RGB image, not a stack: {@link #open} leaves it to
 * {@link RowSources}.
 */
public final class TiffStack {

    private final Path file;
    private final String name;
    private final int width;
    private final int height;
    private final int pages;
    private final SampleFormat format;
    private final TiffLayout wide;
    private final Optional<byte[]> icc;
    private final Hyperstack hyperstack;

    private TiffStack(Path file, String name, int width, int height, int pages, SampleFormat format, TiffLayout wide,
                      Optional<byte[]> icc, Hyperstack hyperstack) {
        this.file = file;
        this.name = name;
        this.width = width;
        this.height = height;
        this.pages = pages;
        this.format = format;
        this.wide = wide;
        this.icc = icc;
        this.hyperstack = hyperstack;
    }

    /**
     * The file as a stack when it is a TIFF of more than one page, else empty (a single image, or not a TIFF).
     *
     * @param maxPixels the limit on one page's width x height
     * @throws ConvolabException when the pages differ in size or format, or the file is damaged
     */
    public static Optional<TiffStack> open(Path file, long maxPixels) {
        String name = UserText.escape(file.toString());
        if (!isTiff(file)) {
            return Optional.empty();
        }
        ImageFiles.imageIo();
        int pages;
        int w;
        int h;
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            ImageReader reader = reader(in);
            try {
                pages = reader.getNumImages(true);
                if (pages <= 1) {
                    return Optional.empty();
                }
                w = reader.getWidth(0);
                h = reader.getHeight(0);
                for (int p = 1; p < pages; p++) {
                    if (reader.getWidth(p) != w || reader.getHeight(p) != h) {
                        throw new ConvolabException(String.format(Locale.ROOT, "cannot read %s as a stack: page %d is %dx%d,"
                                + " page 1 is %dx%d; Convolab filters stacks whose pages are all one size", name, p + 1,
                                reader.getWidth(p), reader.getHeight(p), w, h));
                    }
                }
            } finally {
                reader.dispose();
            }
        } catch (ConvolabException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ConvolabException("cannot decode " + name + ": the TIFF data is damaged or not supported" + detail(e));
        }
        Hyperstack hs = Hyperstack.parse(description(file), pages);
        TiffLayout wide;
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            wide = TiffLayout.of(in, name, 0, false);
        } catch (ConvolabException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ConvolabException("cannot decode " + name + ": the TIFF data is damaged or not supported" + detail(e));
        }
        if (wide != null && pages == 3 && hs.channels() == 3) {
            return Optional.empty(); // ImageJ's 32-bit colour image: RowSources reads it as RGB
        }
        long pixels = (long) w * h;
        if (pixels > maxPixels) {
            throw new ConvolabException(String.format(Locale.ROOT, "refusing %s: a page of %dx%d is %.1f megapixels, over the"
                    + " limit of %.1f megapixels (raise it with --max-megapixels)", name, w, h, pixels / 1e6, maxPixels / 1e6));
        }
        TiffStack probe = new TiffStack(file, name, w, h, pages, null, wide, Optional.empty(), hs);
        try (RowSource first = probe.page(0)) {
            return Optional.of(new TiffStack(file, name, w, h, pages, first.format(), wide, first.iccProfile(), hs));
        }
    }

    /** Whether the file starts as a TIFF or BigTIFF does. */
    static boolean isTiff(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = in.readNBytes(4);
            return b.length == 4 && ((b[0] == 'I' && b[1] == 'I' && (b[2] == 42 || b[2] == 43) && b[3] == 0)
                    || (b[0] == 'M' && b[1] == 'M' && b[2] == 0 && (b[3] == 42 || b[3] == 43)));
        } catch (IOException e) {
            return false; // RowSources says why it cannot be read
        }
    }

    private static ImageReader reader(ImageInputStream in) throws IOException {
        Iterator<ImageReader> it = ImageIO.getImageReaders(in);
        if (!it.hasNext()) {
            throw new IOException("no TIFF reader takes it");
        }
        ImageReader r = it.next();
        r.setInput(in, false, true);
        return r;
    }

    /** The first page's ImageDescription, or empty (also when the JDK's reader cannot read the file: BigTIFF). */
    private static Optional<String> description(Path file) {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            ImageReader reader = TiffLayout.jdkReader(in);
            if (reader == null) {
                return Optional.empty();
            }
            try {
                reader.setInput(in, false, false); // metadata not ignored: the description is not among the layout's fields
                TIFFField f = TIFFDirectory.createFromMetadata(reader.getImageMetadata(0))
                        .getTIFFField(BaselineTIFFTagSet.TAG_IMAGE_DESCRIPTION);
                return f == null || f.getCount() < 1 ? Optional.empty() : Optional.of(f.getAsString(0));
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Opens page {@code index} (from 0) as a row source of its own.
     *
     * @throws ConvolabException when the page is damaged or its format differs from the first page's
     */
    public RowSource page(int index) {
        ImageInputStream in = null;
        try {
            in = ImageIO.createImageInputStream(file.toFile());
            ImageReader reader = wide != null ? TiffLayout.jdkReader(in) : ImageIO.getImageReaders(in).next();
            reader.setInput(in, false, true);
            ImageIoRowSource src = new ImageIoRowSource(name, reader, in, null, wide, index);
            if (format != null && !src.format().equals(format)) {
                src.close();
                throw new ConvolabException("cannot read " + name + " as a stack: page " + (index + 1) + " holds " + src.format()
                        + " samples, page 1 " + format + "; Convolab filters stacks whose pages are all one format");
            }
            return src;
        } catch (ConvolabException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            if (in != null) {
                try {
                    in.close();
                } catch (IOException ignored) {
                    // already failing
                }
            }
            throw new ConvolabException("cannot decode page " + (index + 1) + " of " + name + ": the TIFF data is damaged or not"
                    + " supported" + detail(e));
        }
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** The number of pages. */
    public int pages() {
        return pages;
    }

    /** Every page's sample format. */
    public SampleFormat format() {
        return format;
    }

    /** The first page's ICC profile, which the output keeps. */
    public Optional<byte[]> iccProfile() {
        return icc;
    }

    /** The stack's dimensions: from ImageJ's description, or every page a slice. */
    public Hyperstack hyperstack() {
        return hyperstack;
    }

    /** The file's name as messages show it. */
    public String name() {
        return name;
    }

    private static String detail(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? "" : " (" + UserText.escape(m.strip()) + ")";
    }
}
