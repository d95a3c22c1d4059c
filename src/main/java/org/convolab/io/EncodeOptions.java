package org.convolab.io;

import org.convolab.core.ConvolabException;

/**
 * How images are encoded: the deflate level of PNG and the quality of JPEG.
 *
 * @param pngLevel    0 (store, fastest) to 9 (smallest). With the adaptive row filters of {@link PngEncoder},
 *                    level 1 writes a 24-megapixel photograph half the size of libvips's default (level 6,
 *                    no row filters) in about the same time; higher levels gain a few percent for several
 *                    times the time (measured in docs/BENCHMARKS.md)
 * @param jpegQuality 1 to 100
 */
public record EncodeOptions(int pngLevel, int jpegQuality) {

    /** PNG level 1 (see above), JPEG quality 92 (as photo tools use). */
    public static final EncodeOptions DEFAULT = new EncodeOptions(1, 92);

    /** @throws ConvolabException when a value is out of range, naming the option */
    public EncodeOptions {
        if (pngLevel < 0 || pngLevel > 9) {
            throw new ConvolabException("--png-level " + pngLevel + " is out of range: 0 (fastest) to 9 (smallest)");
        }
        if (jpegQuality < 1 || jpegQuality > 100) {
            throw new ConvolabException("--quality " + jpegQuality + " is out of range: 1 to 100");
        }
    }
}
