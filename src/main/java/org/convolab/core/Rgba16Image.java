package org.convolab.core;

/**
 * An image of 16-bit samples as the histograms count them: four a pixel, red, green, blue and
 * alpha (0 to 65535 each, stored in shorts), row-major. A grey file's value is stored in red, green
 * and blue alike; a file without alpha has alpha 65535 everywhere. The values are the file's stored
 * ones: no colour conversion, no scaling.
 *
 * <p>Treated as immutable: the constructor takes the array as it is (a 24 MP image is 192 MB), and
 * {@link #samples()} hands out the same array, which callers must not modify.
 */
public final class Rgba16Image {
    /** Samples a pixel: R, G, B, A. */
    public static final int SAMPLES = 4;

    private final int width;
    private final int height;
    private final short[] samples;

    /**
     * @param samples {@code 4 * width * height} samples, R, G, B, A for each pixel; taken without copying
     */
    public Rgba16Image(int width, int height, short[] samples) {
        if (width < 1 || height < 1) {
            throw new ConvolabException("an image needs at least one pixel, not " + width + "x" + height);
        }
        if ((long) width * height * SAMPLES != samples.length) {
            throw new ConvolabException("a " + width + "x" + height + " image needs " + (long) width * height * SAMPLES
                    + " samples, got " + samples.length);
        }
        this.width = width;
        this.height = height;
        this.samples = samples;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Pixel count. */
    public int size() {
        return width * height;
    }

    /** Channel c (0 red, 1 green, 2 blue, 3 alpha) of pixel i (row-major), 0 to 65535. */
    public int value(int i, int c) {
        return samples[i * SAMPLES + c] & 0xffff;
    }

    /** The backing samples, R, G, B, A a pixel, row-major; do not modify. */
    public short[] samples() {
        return samples;
    }
}
