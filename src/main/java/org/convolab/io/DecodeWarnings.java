package org.convolab.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageReader;
import org.convolab.core.ConvolabException;
import org.convolab.core.UserText;

/**
 * Turns an ImageIO decoder's warnings about the pixel data into an error. The decoders fill what a
 * truncated or corrupt file lacks with grey and only warn ("Premature end of JPEG file"); every decode
 * path (the window's, {@code filter}'s and a batch's) listens with this, so a damaged file never passes as
 * an image. Warnings about metadata (a bad ICC profile, a thumbnail) leave the pixels whole and are let
 * through.
 */
final class DecodeWarnings {

    private final List<String> damage = new ArrayList<>();

    private DecodeWarnings() {
    }

    /** Listens to {@code reader}'s warnings from now on. */
    static DecodeWarnings listen(ImageReader reader) {
        DecodeWarnings w = new DecodeWarnings();
        reader.addIIOReadWarningListener((source, warning) -> {
            if (!isHarmless(warning)) {
                w.damage.add(warning);
            }
        });
        return w;
    }

    /**
     * @param name   the file as messages show it (escaped)
     * @param format e.g. "JPEG"
     * @throws ConvolabException {@code cannot decode F: the JPEG data is damaged or truncated (warning)} when the
     *                           decoder warned about the pixels
     */
    void check(String name, String format) {
        if (!damage.isEmpty()) {
            throw new ConvolabException("cannot decode " + name + ": the " + format
                    + " data is damaged or truncated (" + UserText.escape(damage.get(0).strip()) + ")");
        }
    }

    private static boolean isHarmless(String warning) {
        String w = warning.toLowerCase(Locale.ROOT);
        return w.contains("icc") || w.contains("profile") || w.contains("thumbnail") || w.contains("exif")
                || w.contains("metadata") || w.contains("jfxx") || w.contains("app14")
                // TwelveMonkeys' TIFF reader says this of every image whose height is not a multiple of its rows
                // a strip (the last strip is shorter, as TIFF allows: libvips, libtiff and ImageJ write such files);
                // a strip whose data is really missing ends in an error when it is read past the file's end
                || w.contains("strip/tilebytecount < required");
    }
}
