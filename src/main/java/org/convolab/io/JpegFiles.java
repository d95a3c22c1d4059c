package org.convolab.io;

import java.awt.color.ICC_ColorSpace;
import java.awt.color.ICC_Profile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;

/**
 * Reads a JPEG file through the first codec of {@link JpegCodecs} that takes it: the size checks of the
 * ImageIO path (pixel limit, heap) from the header, then the decode, then the ICC profile. Empty where the
 * file is not a JPEG, no codec besides ImageIO is there, or the codec does not take this JPEG: the caller
 * then reads it through ImageIO as before.
 */
final class JpegFiles {

    /** A decoded JPEG and the ICC profile it carries (kept where the ImageIO path keeps it). */
    record Decoded(RgbaImage image, Optional<byte[]> icc) {
    }

    private JpegFiles() {
    }

    /**
     * @param name          the file's name as messages show it
     * @param maxPixels     refuse larger images, from the header
     * @param whenProfiled  also decode a file that embeds an ICC profile (false: leave it to ImageIO, whose
     *                      general reader converts it to sRGB for display)
     * @throws ConvolabException for a file too large or too large for the heap, or damaged data
     */
    static Optional<Decoded> read(Path file, String name, long maxPixels, boolean whenProfiled) {
        return open(file, name, maxPixels, whenProfiled).flatMap(Pending::decode);
    }

    /**
     * A JPEG file read, its header checked (pixel limit, heap) by the codec that takes it, and not yet decoded.
     *
     * @param name the file's name as messages show it
     */
    record Pending(JpegCodec codec, byte[] data, String name, int width, int height, Optional<byte[]> icc) {
        /** Decoded into a Java array; empty when the codec found late that it does not take the file. */
        Optional<Decoded> decode() {
            Optional<RgbaImage> image;
            try {
                image = codec.decode(data, name);
            } catch (OutOfMemoryError e) {
                throw new ConvolabException("cannot read " + name + ": not enough memory for the decoded image (raise -Xmx)");
            }
            if (image.isEmpty()) {
                return Optional.empty();
            }
            JpegCodecs.decoded(codec.name());
            return Optional.of(new Decoded(image.get(), icc));
        }

        /** Decoded straight into {@code argb} ({@link JpegCodec#decodeInto}); false where the codec does not. */
        boolean decodeInto(java.nio.ByteBuffer argb) {
            boolean done = codec.decodeInto(data, name, new JpegCodec.Header(width, height), argb);
            if (done) {
                JpegCodecs.decoded(codec.name());
            }
            return done;
        }
    }

    /** {@link #read} up to the decode: the file, its header and its profile; empty as {@link #read} says. */
    static Optional<Pending> open(Path file, String name, long maxPixels, boolean whenProfiled) {
        Optional<JpegCodec> codec = JpegCodecs.decoder();
        if (codec.isEmpty() || !startsAsJpeg(file) || sizeOf(file) > Integer.MAX_VALUE - 16) {
            return Optional.empty();
        }
        byte[] data;
        try {
            data = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ConvolabException("cannot read " + name + ImageFiles.detail(e));
        }
        Optional<JpegCodec.Header> header = codec.get().header(data);
        if (header.isEmpty()) {
            return Optional.empty();
        }
        Optional<byte[]> icc = JpegMarkers.iccProfile(data);
        if (icc.isPresent() && !whenProfiled) {
            return Optional.empty();
        }
        int w = header.get().width();
        int h = header.get().height();
        long pixels = (long) w * h;
        if (pixels > maxPixels) {
            throw new ConvolabException(String.format(Locale.ROOT,
                    "refusing %s: %dx%d is %.1f megapixels, over the limit of %.1f megapixels (raise it with --max-megapixels)",
                    name, w, h, pixels / 1e6, maxPixels / 1e6));
        }
        HeapCheck.require(pixels * 4 + (64L << 20), String.format(Locale.ROOT, "decoding this %dx%d JPEG whole", w, h));
        if (pixels > Integer.MAX_VALUE - 8L) {
            return Optional.empty(); // more than one int[] holds
        }
        return Optional.of(new Pending(codec.get(), data, name, w, h, icc.flatMap(JpegFiles::kept)));
    }

    /**
     * The profile as the ImageIO path hands it on: a valid RGB profile that is not the JDK's own sRGB or
     * linear RGB (those mean no profile in the file); a damaged profile is dropped, as ImageIO drops it.
     */
    static Optional<byte[]> kept(byte[] profile) {
        try {
            ICC_Profile p = ICC_Profile.getInstance(profile);
            if (p.getNumComponents() != 3) {
                return Optional.empty();
            }
            return Optional.ofNullable(ImageIoRowSource.profileOf(new ICC_ColorSpace(p)));
        } catch (IllegalArgumentException | java.awt.color.CMMException e) {
            return Optional.empty();
        }
    }

    static boolean startsAsJpeg(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return JpegMarkers.isJpeg(in.readNBytes(3));
        } catch (IOException e) {
            return false; // the ImageIO path reports it
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }
}
