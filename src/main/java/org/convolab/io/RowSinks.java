package org.convolab.io;

import ar.com.hjg.pngj.PngjException;
import java.awt.Point;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.PixelInterleavedSampleModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.stream.ImageOutputStream;
import org.convolab.core.ConvolabException;
import org.convolab.core.UserText;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSink;
import org.convolab.core.SampleFormat;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Writes rows into an image file chosen by its extension, atomically (a temporary file renamed into
 * place; nothing is left on failure). PNG is written as the rows come ({@link PngRowWriter}, deflated on all cores) in the rows' own format:
 * 8 or 16 bits, grey or RGB, alpha only when the rows have it. TIFF keeps the format too; JPEG and BMP
 * hold 8-bit grey or RGB, and say once what they drop. TIFF is written as the rows come, uncompressed
 * ({@link TiffStripWriter}; through the JDK's writer, whole, when a JPEG input's EXIF block is to be kept); JPEG and
 * BMP are encoded whole, after a check that the heap holds the image. An ICC profile is written back as it came.
 */
public final class RowSinks {

    /**
     * How to encode, and the input's EXIF that JPEG and TIFF outputs keep.
     *
     * @param exif the input's EXIF: a JPEG output carries its block (APP1) with its orientation, a TIFF output its
     *             fields (Orientation, Make..., the EXIF sub-IFD) in its own IFD; PNG and BMP outputs keep none
     */
    public record Options(int jpegQuality, int pngLevel, Exif exif) {
        /** Without EXIF. */
        public Options(int jpegQuality, int pngLevel) {
            this(jpegQuality, pngLevel, Exif.NONE);
        }

        /** These options with the input's EXIF. */
        public Options withExif(Exif e) {
            return new Options(jpegQuality, pngLevel, e);
        }

        public Options {
            if (exif == null) {
                exif = Exif.NONE;
            }
            if (jpegQuality < 1 || jpegQuality > 100) {
                throw new ConvolabException("JPEG quality must be from 1 to 100, not " + jpegQuality);
            }
            if (pngLevel < 0 || pngLevel > 9) {
                throw new ConvolabException("PNG compression level must be from 0 to 9, not " + pngLevel);
            }
        }

        /** Quality 92 (as photo tools use), PNG level 6. */
        public static Options defaults() {
            return new Options(92, 6);
        }
    }

    /** Produces the rows, into the sink it is given. */
    @FunctionalInterface
    public interface Body {
        void writeRows(RowSink sink);
    }

    private RowSinks() {
    }

    /**
     * Writes a {@code width x height} image of rows in {@code format} into {@code file}.
     *
     * @param notices gets one sentence for what the file's format cannot hold (alpha, 16 bits)
     * @throws ConvolabException for an unknown extension, an existing file without {@code replace}, a
     *                           missing folder, a heap too small, or a failed write
     */
    public static void write(Path file, boolean replace, int width, int height, SampleFormat format, Optional<byte[]> icc,
                             Options options, Consumer<String> notices, Body body) {
        write(file, replace, width, height, format, icc, options, notices, body, null);
    }

    /**
     * Writes a packed image whose pixels are 8-bit RGB or RGBA samples ({@code format}: 3 or 4 channels, 8 bits):
     * the file {@link #write(Path, boolean, int, int, SampleFormat, Optional, Options, Consumer, Body)} writes for
     * its rows, byte for byte. JPEG, BMP and TIFF take the pixels into the encoder's image directly; PNG a row at
     * a time.
     *
     * @throws ConvolabException as the other {@code write}, or for a format that is not 8-bit RGB(A)
     */
    public static void write(Path file, boolean replace, RgbaImage image, SampleFormat format, Optional<byte[]> icc,
                             Options options, Consumer<String> notices) {
        if (format.bitDepth() != 8 || format.grey()) {
            throw new IllegalArgumentException("a packed image holds 8-bit RGB or RGBA, not " + format);
        }
        int w = image.width();
        int ch = format.channels();
        Body rows = sink -> {
            int[] row = new int[w * ch];
            for (int y = 0; y < image.height(); y++) {
                RgbaImage.unpackRow(image.pixels(), y * w, w, row, ch);
                sink.writeRow(row);
            }
        };
        write(file, replace, w, image.height(), format, icc, options, notices, rows, image);
    }

    /** The write of rows from {@code body}, or (JPEG, BMP, TIFF) from {@code packed} when it is not null. */
    private static void write(Path file, boolean replace, int width, int height, SampleFormat format, Optional<byte[]> icc,
                              Options options, Consumer<String> notices, Body body, RgbaImage packed) {
        String kind = ImageFiles.formatOf(file);
        String name = UserText.escape(file.toString()); // a file name may hold control characters
        if (kind == null) {
            throw new ConvolabException("cannot write " + name + ": unknown extension (use .png, .jpg, .bmp or .tif)");
        }
        Path target = FileIdentity.resolved(file);
        if (Files.isDirectory(target)) {
            throw new ConvolabException("cannot write " + name + ": it is a folder");
        }
        if (!replace && Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw ImageFiles.exists(name);
        }
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new ConvolabException("cannot write " + name + ": folder " + UserText.escape(String.valueOf(dir)) + " does not exist");
        }
        SampleFormat out = fileFormat(kind, format, notices);
        if (options.exif().turned() && (kind.equals("png") || kind.equals("bmp"))) {
            notices.accept(kind.toUpperCase(Locale.ROOT) + " keeps no EXIF: the input's orientation " + options.exif().orientation()
                    + " is not written, so viewers show the stored pixels as they are (--auto-orient turns them upright)");
        }
        boolean stripTiff = kind.equals("tiff") && options.exif().tiff().isEmpty() && TiffStripWriter.fits(width, height, out);
        if (!kind.equals("png") && !stripTiff) {
            HeapCheck.require((long) width * height * out.channels() * (out.bitDepth() / 8) + (64L << 20),
                    String.format(Locale.ROOT, "encoding this %dx%d %s whole", width, height, kind.toUpperCase(Locale.ROOT)));
        }
        try {
            AtomicWrite.write(target, replace, stream -> {
                if (kind.equals("png")) {
                    writePng(stream, width, height, format, out, icc, options, body);
                } else if (stripTiff) { // streamed, bulk; a JPEG's EXIF block goes through the JDK's writer below
                    TiffStripWriter.write(stream, width, height, out, icc.filter(p -> profileFits(p, out)),
                            options.exif().orientation(), body);
                } else {
                    writeWhole(stream, kind, width, height, format, out, icc, options, body, packed);
                }
            });
        } catch (java.nio.file.FileAlreadyExistsException e) {
            // the atomic link found the name taken: another run wrote this output while this one encoded it
            throw ImageFiles.exists(name);
        } catch (java.nio.file.AccessDeniedException e) {
            throw new ConvolabException("cannot write " + name + ": permission denied");
        } catch (IOException | UncheckedIOException | PngjException e) {
            Throwable c = e;
            while (c.getCause() != null && c.getCause() != c) {
                c = c.getCause();
            }
            String m = c.getMessage();
            throw new ConvolabException("cannot write " + name + (m == null || m.isBlank() ? "" : " (" + UserText.escape(m.strip()) + ")"));
        }
    }

    /** What a file of this kind stores for rows of {@code in}, saying once what is dropped. */
    static SampleFormat fileFormat(String kind, SampleFormat in, Consumer<String> notices) {
        String name = kind.toUpperCase(Locale.ROOT);
        if (kind.equals("tiff")) {
            return in;
        }
        if (!in.narrowInteger()) { // rounding a float or 32-bit result into 8 bits would lose it silently
            throw new ConvolabException(name + " holds 8- or 16-bit integer samples, not the " + SampleFormat.describe(in.bitDepth(),
                    in.kind()) + " result: write a TIFF (.tif), or choose --depth 8 or 16");
        }
        if (kind.equals("png")) {
            return in;
        }
        SampleFormat out = in;
        if (in.alpha()) {
            notices.accept(name + " has no alpha channel: the output is written without the input's alpha");
            out = out.withAlpha(false);
        }
        if (in.bitDepth() == 16) {
            notices.accept(name + " holds 8 bits a sample: the 16-bit result is rounded to 8 bits (write PNG or TIFF to keep 16)");
            out = out.eightBit();
        }
        return out;
    }

    /** Converts a row from the filter's format to the file's: alpha dropped, 16 bits rounded to 8. */
    static void convertRow(int[] in, SampleFormat from, int[] out, SampleFormat to, int width) {
        int fc = from.channels();
        int tc = to.channels();
        boolean narrow = from.bitDepth() == 16 && to.bitDepth() == 8;
        for (int x = 0; x < width; x++) {
            for (int c = 0; c < tc; c++) {
                int v = in[x * fc + c];
                out[x * tc + c] = narrow ? (v * 255 + 32767) / 65535 : v;
            }
        }
    }

    private static void writePng(java.io.OutputStream sink, int w, int h, SampleFormat in, SampleFormat out, Optional<byte[]> icc, Options options,
                                 Body body) throws IOException {
        PngRowWriter.write(sink, w, h, out, icc, options.pngLevel(), body);
    }

    private static void writeWhole(java.io.OutputStream sink, String kind, int w, int h, SampleFormat in, SampleFormat out, Optional<byte[]> icc,
                                   Options options, Body body, RgbaImage packed) throws IOException {
        if (kind.equals("jpeg") && !out.grey()) {
            // colour JPEG: the codec JpegCodecs chose (libjpeg-turbo where the system has it) takes packed ARGB
            JpegCodec codec = JpegCodecs.encoder();
            RgbaImage image = packed != null ? packed : packRows(body, in, out, w, h);
            ExifEmbedding.encodeWithExif(sink, options, jpeg -> codec.encode(image, options.jpegQuality(), icc.flatMap(JpegFiles::kept), jpeg));
            JpegCodecs.encoded(codec.name());
            return;
        }
        ImageFiles.imageIo();
        BufferedImage img = newImage(kind, w, h, out, icc);
        WritableRaster raster = img.getRaster();
        if (packed == null || !FastRasters.intoInterleavedBytes(packed, raster)) {
            int[] row = new int[w * out.channels()];
            float[] floats = out.isFloat() ? new float[row.length] : null;
            int[] y = {0};
            body.writeRows(samples -> {
                convertRow(samples, in, row, out, w);
                if (floats != null) { // the rows hold the floats' bits
                    for (int i = 0; i < row.length; i++) {
                        floats[i] = Float.intBitsToFloat(row[i]);
                    }
                    raster.setPixels(0, y[0]++, w, 1, floats);
                } else {
                    raster.setPixels(0, y[0]++, w, 1, row);
                }
            });
        }
        if (kind.equals("jpeg")) { // grey
            ExifEmbedding.encodeWithExif(sink, options, jpeg -> ImageIoJpegCodec.write(img, options.jpegQuality(), jpeg));
            JpegCodecs.encoded(JpegCodecs.imageIoName());
            return;
        }
        ImageWriter writer = writerFor(kind);
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(sink)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            IIOMetadata meta = null;
            if (kind.equals("tiff")) {
                Optional<byte[]> exif = options.exif().app1Tiff();
                if (exif.isPresent()) {
                    meta = ExifEmbedding.exifFields(writer.getDefaultImageMetadata(new ImageTypeSpecifier(img), param), exif.get());
                }
            }
            if (kind.equals("tiff") && out.bitDepth() == 32) {
                meta = TiffSampleTags.forImage(writer, img, param, out);
            }
            writer.write(null, new IIOImage(img, null, meta), param);
        } finally {
            writer.dispose();
        }
    }

    /** The rows from {@code body}, converted to the file's 8-bit RGB and packed. */
    private static RgbaImage packRows(Body body, SampleFormat in, SampleFormat out, int w, int h) {
        int[] argb = new int[Math.multiplyExact(w, h)];
        int[] row = new int[w * out.channels()];
        int[] y = {0};
        body.writeRows(samples -> {
            convertRow(samples, in, row, out, w);
            RgbaImage.packRow(row, out.channels(), w, argb, y[0]++ * w);
        });
        return new RgbaImage(w, h, argb);
    }

    /** The JDK's own writer where there is one (TwelveMonkeys' TIFF writer refuses 16-bit interleaved rasters). */
    static ImageWriter writerFor(String format) {
        java.util.Iterator<ImageWriter> it = ImageIO.getImageWritersByFormatName(format);
        ImageWriter first = it.next();
        if (first.getClass().getName().startsWith("com.sun.")) {
            return first;
        }
        while (it.hasNext()) {
            ImageWriter w = it.next();
            if (w.getClass().getName().startsWith("com.sun.")) {
                first.dispose();
                return w;
            }
            w.dispose();
        }
        return first;
    }

    /** An image whose raster takes the samples as they are; the profile rides along in the colour model. */
    static BufferedImage newImage(String kind, int w, int h, SampleFormat f, Optional<byte[]> icc) {
        if (kind.equals("bmp")) {
            return new BufferedImage(w, h, f.grey() ? BufferedImage.TYPE_BYTE_GRAY : BufferedImage.TYPE_3BYTE_BGR);
        }
        ColorSpace cs = icc.<ColorSpace>map(p -> new ICC_ColorSpace(ICC_Profile.getInstance(p)))
                .filter(c -> c.getNumComponents() == f.colourChannels())
                .orElseGet(() -> ColorSpace.getInstance(f.grey() ? ColorSpace.CS_GRAY : ColorSpace.CS_sRGB));
        int type = switch (f.bitDepth()) {
            case 8 -> DataBuffer.TYPE_BYTE;
            case 16 -> DataBuffer.TYPE_USHORT;
            default -> f.isFloat() ? DataBuffer.TYPE_FLOAT : DataBuffer.TYPE_INT;
        };
        ComponentColorModel cm = new ComponentColorModel(cs, f.alpha(), false,
                f.alpha() ? Transparency.TRANSLUCENT : Transparency.OPAQUE, type);
        int[] offsets = new int[f.channels()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = i;
        }
        WritableRaster r = f.bitDepth() == 32
                ? Raster.createWritableRaster(new PixelInterleavedSampleModel(type, w, h, f.channels(), w * f.channels(), offsets), null)
                : Raster.createInterleavedRaster(type, w, h, f.channels(), new Point(0, 0));
        return new BufferedImage(cm, r, false, null);
    }

    /** Whether an ICC profile describes as many colour channels as the samples have (others are not written). */
    private static boolean profileFits(byte[] icc, SampleFormat f) {
        try {
            return ICC_Profile.getInstance(icc).getNumComponents() == f.colourChannels();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
