package org.convolab.io;

import java.awt.Rectangle;
import java.awt.color.ColorSpace;
import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.Raster;
import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.stream.ImageInputStream;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;

/**
 * An image read through an ImageIO reader, a block of rows at a time (TIFF: the reader decodes only
 * the strips or tiles of the block) or decoded whole once (JPEG, BMP, GIF). Grey and RGB samples are
 * taken from the raster as stored, never through the colour model, so an embedded ICC profile is
 * handed on rather than applied; palette and other colour models go through {@code getRGB}.
 */
final class ImageIoRowSource implements RowSource {

    /** Rows decoded at a time from a reader that reads regions. */
    private static final int BLOCK_PIXELS = 1 << 20;

    private final String name;
    private final ImageReader reader;
    private final ImageInputStream stream;
    private final int width;
    private final int height;
    private final SampleFormat format;
    private final byte[] icc;
    private final boolean raw;
    private final int componentBits;
    private final DecodeWarnings warnings;
    /** Set for 32-bit samples: read as stored (floats' bits), from one page or (ImageJ) one page a channel. */
    private final TiffLayout wide;
    /** The page (image index) read: 0 but for a page of a stack ({@link TiffStack}). */
    private final int page;
    private BufferedImage block;
    /** The blocks of the other pages of an ImageJ channel stack (page 0's is {@link #block}). */
    private BufferedImage[] pageBlocks;
    private float[] floatRow;
    private int blockY0;
    private int next;

    /**
     * @param reader a reader with its input set, or null when {@code whole} is given
     * @param stream the reader's input, closed with this source (or null)
     * @param whole  the image decoded whole, or null to read blocks of rows from {@code reader}
     */
    ImageIoRowSource(String name, ImageReader reader, ImageInputStream stream, BufferedImage whole) throws IOException {
        this(name, reader, stream, whole, null);
    }

    /**
     * @param wide the layout of a TIFF of 32-bit samples (then {@code reader} is the JDK's), or null
     */
    ImageIoRowSource(String name, ImageReader reader, ImageInputStream stream, BufferedImage whole, TiffLayout wide)
            throws IOException {
        this(name, reader, stream, whole, wide, 0);
    }

    /**
     * @param page the image of a multi-page file to read (a page of a stack); 0 for the others
     */
    ImageIoRowSource(String name, ImageReader reader, ImageInputStream stream, BufferedImage whole, TiffLayout wide, int page)
            throws IOException {
        this.name = name;
        this.page = page;
        this.wide = wide;
        this.reader = reader;
        this.stream = stream;
        this.warnings = reader == null ? null : DecodeWarnings.listen(reader);
        ColorModel cm;
        if (whole != null) {
            width = whole.getWidth();
            height = whole.getHeight();
            cm = whole.getColorModel();
            block = whole;
        } else {
            width = reader.getWidth(page);
            height = reader.getHeight(page);
            ImageTypeSpecifier type = reader.getRawImageType(page);
            cm = type != null ? type.getColorModel() : reader.getImageTypes(page).next().getColorModel();
        }
        if (wide != null) {
            raw = true;
            componentBits = 32;
            format = wide.format();
            icc = wide.pages() == 1 ? profileOf(cm.getColorSpace()) : null;
            return;
        }
        int type = cm.getColorSpace().getType();
        int bits = cm.getComponentSize(0);
        raw = cm instanceof ComponentColorModel && (type == ColorSpace.TYPE_GRAY || type == ColorSpace.TYPE_RGB)
                && bits <= 16 && cm.getTransferType() != DataBuffer.TYPE_FLOAT && cm.getTransferType() != DataBuffer.TYPE_DOUBLE;
        componentBits = bits;
        if (raw) {
            format = new SampleFormat(cm.getNumComponents(), bits > 8 ? 16 : 8);
        } else {
            format = new SampleFormat(cm.hasAlpha() ? 4 : 3, 8);
        }
        icc = raw ? profileOf(cm.getColorSpace()) : null;
    }

    /** The profile of a colour space, or null for the JDK's own sRGB and grey (no profile in the file). */
    static byte[] profileOf(ColorSpace cs) {
        if (!(cs instanceof ICC_ColorSpace ics) || cs.isCS_sRGB()) {
            return null;
        }
        byte[] data = ics.getProfile().getData();
        for (int builtIn : new int[] {ColorSpace.CS_GRAY, ColorSpace.CS_LINEAR_RGB, ColorSpace.CS_sRGB}) {
            if (Arrays.equals(data, ICC_Profile.getInstance(builtIn).getData())) {
                return null;
            }
        }
        return data;
    }

    @Override
    public int width() {
        return width;
    }

    @Override
    public int height() {
        return height;
    }

    @Override
    public SampleFormat format() {
        return format;
    }

    @Override
    public Optional<byte[]> iccProfile() {
        return Optional.ofNullable(icc);
    }

    /**
     * The image decoded whole, when it is 8-bit RGB or RGBA: the interleaved bytes packed in parallel bands
     * of rows, or (another layout) each row as {@link #readRow} reads it.
     */
    @Override
    public Optional<RgbaImage> packedArgb() {
        if (reader != null || format.grey() || format.bitDepth() != 8 || (raw && componentBits != 8)) {
            return Optional.empty();
        }
        RgbaImage fast = raw ? FastRasters.storedArgb(block) : null;
        if (fast != null) {
            return Optional.of(fast);
        }
        int saved = next;
        next = 0;
        try {
            return Optional.of(RowSource.readPacked(this, height));
        } finally {
            next = saved;
        }
    }

    @Override
    public void readRow(int[] samples) {
        if (next >= height) {
            throw new ConvolabException("cannot read " + name + ": read past the last row");
        }
        if (block == null || next >= blockY0 + block.getHeight()) {
            readBlock();
        }
        int y = next - blockY0;
        if (wide != null) {
            readWideRow(y, samples);
        } else if (raw) {
            Raster r = block.getRaster();
            if (!FastRasters.rowSamples(r, r.getMinY() + y, samples)) {
                r.getPixels(0, y, width, 1, samples);
            }
            if (componentBits < 8) {
                int scale = 255 / ((1 << componentBits) - 1);
                for (int i = 0; i < width * format.channels(); i++) {
                    samples[i] *= scale;
                }
            } else if (componentBits > 8 && componentBits < 16) {
                int max = (1 << componentBits) - 1;
                for (int i = 0; i < width * format.channels(); i++) {
                    samples[i] = (int) ((samples[i] * 65535L + max / 2) / max);
                }
            }
        } else {
            int ch = format.channels();
            for (int x = 0; x < width; x++) {
                int p = block.getRGB(x, y);
                samples[x * ch] = (p >>> 16) & 0xff;
                samples[x * ch + 1] = (p >>> 8) & 0xff;
                samples[x * ch + 2] = p & 0xff;
                if (ch == 4) {
                    samples[x * ch + 3] = p >>> 24;
                }
            }
        }
        next++;
    }

    /** Row y of the block, 32-bit samples as stored: an int's value, a float's bits. */
    private void readWideRow(int y, int[] samples) {
        int ch = format.channels();
        for (int page = 0; page < wide.pages(); page++) {
            Raster r = (page == 0 ? block : pageBlocks[page]).getRaster();
            if (wide.pages() == 1 && FastRasters.rowSamples(r, r.getMinY() + y, samples)) {
                return; // floats' bits and ints as stored, straight from the data array
            }
            int bands = r.getNumBands();
            int n = width * bands;
            if (format.isFloat()) {
                if (floatRow == null || floatRow.length < n) {
                    floatRow = new float[n];
                }
                r.getPixels(0, y, width, 1, floatRow);
                if (wide.pages() == 1) {
                    for (int i = 0; i < n; i++) {
                        samples[i] = Float.floatToRawIntBits(floatRow[i]);
                    }
                } else {
                    for (int x = 0; x < width; x++) {
                        samples[x * ch + page] = Float.floatToRawIntBits(floatRow[x]);
                    }
                }
            } else if (wide.pages() == 1) {
                r.getPixels(0, y, width, 1, samples);
            } else {
                int[] one = new int[width];
                r.getSamples(0, y, width, 1, 0, one);
                for (int x = 0; x < width; x++) {
                    samples[x * ch + page] = one[x];
                }
            }
        }
    }

    private void readBlock() {
        int rows = (int) Math.max(1, Math.min(height - next, BLOCK_PIXELS / width));
        ImageReadParam p = reader.getDefaultReadParam();
        p.setSourceRegion(new Rectangle(0, next, width, rows));
        try {
            if (wide != null && wide.pages() > 1) {
                pageBlocks = new BufferedImage[wide.pages()];
                for (int page = 1; page < wide.pages(); page++) {
                    pageBlocks[page] = reader.read(page, p);
                }
            }
            block = reader.read(page, p);
        } catch (IOException | RuntimeException e) {
            String m = e.getMessage();
            throw new ConvolabException("cannot decode " + name + ": the " + formatName() + " data is damaged or truncated"
                    + (m == null || m.isBlank() ? "" : " (" + m.strip() + ")"));
        }
        warnings.check(name, formatName());
        blockY0 = next;
    }

    private String formatName() {
        try {
            return reader.getFormatName().toUpperCase(java.util.Locale.ROOT);
        } catch (IOException e) {
            return "image";
        }
    }

    @Override
    public void close() {
        block = null;
        pageBlocks = null;
        if (reader != null) {
            reader.dispose();
        }
        if (stream != null) {
            try {
                stream.close();
            } catch (IOException ignored) {
                // nothing was written; nothing is lost
            }
        }
    }
}
