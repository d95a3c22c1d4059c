package org.convolab.io;

import java.io.IOException;
import java.util.Iterator;
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.plugins.tiff.BaselineTIFFTagSet;
import javax.imageio.plugins.tiff.TIFFDirectory;
import javax.imageio.plugins.tiff.TIFFField;
import javax.imageio.stream.ImageInputStream;
import org.convolab.core.ConvolabException;
import org.convolab.core.SampleFormat;

/**
 * What the first image of a TIFF stores, from its tags (BitsPerSample, SampleFormat, SamplesPerPixel and
 * ImageJ's description), read through the JDK's TIFF reader: the 32-bit samples (float, signed and unsigned
 * integer) that the JDK's reader decodes as stored, or a refusal naming any other sample type that no reader
 * here decodes faithfully (64-bit float, 16-bit float, complex, signed 8- and 16-bit). TwelveMonkeys' reader,
 * which reads the other TIFFs, squeezes float samples into 0..1, so 32-bit files go through the JDK's.
 *
 * <p>ImageJ and Fiji write a 32-bit colour image as a stack of one grey page a channel, with
 * {@code channels=3} in the description; {@link #pages} says so, and such a file is read as RGB.
 */
record TiffLayout(SampleFormat format, int pages) {

    /**
     * The layout of a TIFF whose samples are 32 bits, null for one of 8- or 16-bit unsigned samples
     * (and palette, bilevel, YCbCr...) that the usual readers take.
     *
     * @throws ConvolabException naming the sample type, for one that is not read faithfully
     */
    static TiffLayout of(ImageInputStream in, String name) throws IOException {
        return of(in, name, 0, true);
    }

    /**
     * The layout of one page, as {@link #of(ImageInputStream, String)}.
     *
     * @param channelStack read an ImageJ stack of three channels as one RGB image; false for a page of a stack
     */
    static TiffLayout of(ImageInputStream in, String name, int page, boolean channelStack) throws IOException {
        ImageReader reader = jdkReader(in);
        if (reader == null) {
            return null;
        }
        try {
            in.seek(0);
            reader.setInput(in, false, false);
            TIFFDirectory dir = TIFFDirectory.createFromMetadata(reader.getImageMetadata(page));
            int spp = first(dir, BaselineTIFFTagSet.TAG_SAMPLES_PER_PIXEL, 1);
            int bits = first(dir, BaselineTIFFTagSet.TAG_BITS_PER_SAMPLE, 1);
            int sf = first(dir, BaselineTIFFTagSet.TAG_SAMPLE_FORMAT, BaselineTIFFTagSet.SAMPLE_FORMAT_UNSIGNED_INTEGER);
            int photometric = first(dir, BaselineTIFFTagSet.TAG_PHOTOMETRIC_INTERPRETATION, -1);
            SampleFormat.Kind kind = switch (sf) {
                case BaselineTIFFTagSet.SAMPLE_FORMAT_UNSIGNED_INTEGER -> SampleFormat.Kind.UNSIGNED;
                case BaselineTIFFTagSet.SAMPLE_FORMAT_SIGNED_INTEGER -> SampleFormat.Kind.SIGNED;
                case BaselineTIFFTagSet.SAMPLE_FORMAT_FLOATING_POINT -> SampleFormat.Kind.FLOAT;
                case 5, 6 -> throw refuse(name, "complex " + (sf == 5 ? "integer" : "float") + " (" + bits + "-bit)");
                default -> throw refuse(name, "of undefined type (TIFF SampleFormat " + sf + ")");
            };
            if (kind == SampleFormat.Kind.UNSIGNED && bits <= 16) {
                return null; // 1 to 16 bits: the usual path
            }
            if (bits != 32) {
                throw refuse(name, SampleFormat.describe(bits, kind));
            }
            boolean greyOrRgb = photometric == BaselineTIFFTagSet.PHOTOMETRIC_INTERPRETATION_BLACK_IS_ZERO
                    || photometric == BaselineTIFFTagSet.PHOTOMETRIC_INTERPRETATION_WHITE_IS_ZERO
                    || photometric == BaselineTIFFTagSet.PHOTOMETRIC_INTERPRETATION_RGB;
            if (!greyOrRgb || spp < 1 || spp > 4) {
                throw refuse(name, SampleFormat.describe(bits, kind) + " in " + spp + " samples a pixel of photometric type "
                        + photometric);
            }
            int predictor = first(dir, BaselineTIFFTagSet.TAG_PREDICTOR, BaselineTIFFTagSet.PREDICTOR_NONE);
            if (predictor != BaselineTIFFTagSet.PREDICTOR_NONE) {
                // libvips writes compressed float TIFFs so by default; the JDK's reader refuses them, TwelveMonkeys' clips
                throw new ConvolabException("cannot read " + name + ": its " + SampleFormat.describe(bits, kind) + " samples are"
                        + " compressed with a predictor (TIFF Predictor " + predictor + "), which Convolab's TIFF reader does not"
                        + " undo; write it without one (vips copy IN OUT.tif[predictor=none], or uncompressed)");
            }
            int pages = spp == 1 && channelStack ? imageJChannels(dir, reader, name) : 1;
            return new TiffLayout(new SampleFormat(pages == 3 ? 3 : spp, 32, kind), pages);
        } finally {
            reader.dispose();
        }
    }

    /** The JDK's own TIFF reader for the stream, or null when the stream is not a TIFF. */
    static ImageReader jdkReader(ImageInputStream in) throws IOException {
        in.seek(0);
        Iterator<ImageReader> it = ImageIO.getImageReaders(in);
        ImageReader found = null;
        while (it.hasNext()) {
            ImageReader r = it.next();
            if (found == null && r.getClass().getName().startsWith("com.sun.imageio.plugins.tiff")) {
                found = r;
            } else {
                r.dispose();
            }
        }
        in.seek(0);
        return found;
    }

    /** 3 for an ImageJ stack of three channels (Fiji's 32-bit colour), else 1; other channel counts refused. */
    private static int imageJChannels(TIFFDirectory dir, ImageReader reader, String name) throws IOException {
        TIFFField d = dir.getTIFFField(BaselineTIFFTagSet.TAG_IMAGE_DESCRIPTION);
        if (d == null || d.getCount() < 1 || !d.getAsString(0).startsWith("ImageJ=")) {
            return 1;
        }
        int channels = 1;
        for (String line : d.getAsString(0).split("\n")) {
            if (line.startsWith("channels=")) {
                try {
                    channels = Integer.parseInt(line.substring(9).strip());
                } catch (NumberFormatException e) {
                    return 1;
                }
            }
        }
        if (channels == 1) {
            return 1;
        }
        if (channels != 3 || reader.getNumImages(true) != 3) {
            throw new ConvolabException(String.format(Locale.ROOT, "cannot read %s: an ImageJ stack of %d channels in %d"
                    + " pages; Convolab reads one channel (grey) or three (RGB)", name, channels, reader.getNumImages(true)));
        }
        return 3;
    }

    private static int first(TIFFDirectory dir, int tag, int absent) {
        TIFFField f = dir.getTIFFField(tag);
        return f == null || f.getCount() < 1 ? absent : f.getAsInt(0);
    }

    private static ConvolabException refuse(String name, String what) {
        return new ConvolabException("cannot read " + name + ": its samples are " + what + ", which Convolab does not read"
                + " (it reads 8- and 16-bit unsigned integers, 32-bit integers and 32-bit float)");
    }
}
