package org.convolab.core;

/**
 * An image as packed 8-bit ARGB, one int per pixel (alpha in the top byte, then red, green, blue),
 * row-major. Every reader converts to this form.
 *
 * <p>Treated as immutable: the constructor takes the array as it is (images can be 100 MB), and
 * {@link #pixels()} hands out the same array, which callers must not modify.
 */
public final class RgbaImage {
    private final int width;
    private final int height;
    private final int[] argb;

    /**
     * @param argb width*height pixels, taken without copying
     */
    public RgbaImage(int width, int height, int[] argb) {
        if (width < 1 || height < 1) {
            throw new ConvolabException("an image needs at least one pixel, not " + width + "x" + height);
        }
        if ((long) width * height != argb.length) {
            throw new ConvolabException("a " + width + "x" + height + " image needs " + (long) width * height
                    + " pixels, got " + argb.length);
        }
        this.width = width;
        this.height = height;
        this.argb = argb;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Pixel count. */
    public int size() {
        return argb.length;
    }

    /** The ARGB pixel at column x, row y. */
    public int argb(int x, int y) {
        return argb[y * width + x];
    }

    /** The backing pixels, row-major; do not modify. */
    public int[] pixels() {
        return argb;
    }

    /** Channel c (0 red, 1 green, 2 blue, 3 alpha) of the pixel at x, y. */
    public int channel(int x, int y, int c) {
        int p = argb[y * width + x];
        return switch (c) {
            case 0 -> (p >>> 16) & 0xff;
            case 1 -> (p >>> 8) & 0xff;
            case 2 -> p & 0xff;
            case 3 -> p >>> 24;
            default -> throw new IllegalArgumentException("channel " + c);
        };
    }

    /**
     * Where two images of the same size differ most.
     *
     * @param max the largest difference of any R, G, B or alpha value (0 when equal)
     * @param x   column of the first pixel with that difference
     * @param y   row of that pixel
     */
    public record Difference(int max, int x, int y) {
    }

    /** The largest difference of any R, G, B or alpha value, and where it is first found. */
    public Difference difference(RgbaImage other) {
        if (other.width != width || other.height != height) {
            throw new IllegalArgumentException("sizes differ: " + width + "x" + height + " and " + other.width + "x" + other.height);
        }
        int max = 0;
        int at = 0;
        for (int i = 0; i < argb.length; i++) {
            int a = argb[i];
            int b = other.argb[i];
            if (a == b) {
                continue;
            }
            for (int s = 0; s < 32; s += 8) {
                int d = Math.abs(((a >>> s) & 0xff) - ((b >>> s) & 0xff));
                if (d > max) {
                    max = d;
                    at = i;
                }
            }
        }
        return new Difference(max, at % Math.max(width, 1), at / Math.max(width, 1));
    }

    /** The largest difference of any R, G, B or alpha value between two images of the same size. */
    public int maxDifference(RgbaImage other) {
        return difference(other).max();
    }

    /**
     * Packs {@code width} pixels of interleaved 8-bit samples, RGB ({@code channels} 3, alpha taken as 255) or
     * RGBA (4), into ARGB pixels from {@code argb[offset]} on.
     */
    public static void packRow(int[] samples, int channels, int width, int[] argb, int offset) {
        for (int x = 0, s = 0; x < width; x++, s += channels) {
            int a = channels == 4 ? samples[s + 3] : 255;
            argb[offset + x] = a << 24 | samples[s] << 16 | samples[s + 1] << 8 | samples[s + 2];
        }
    }

    /**
     * The reverse of {@link #packRow}: R, G, B (and alpha when {@code channels} is 4) of the {@code width}
     * ARGB pixels from {@code argb[offset]} on, into interleaved samples.
     */
    public static void unpackRow(int[] argb, int offset, int width, int[] samples, int channels) {
        for (int x = 0, s = 0; x < width; x++, s += channels) {
            int p = argb[offset + x];
            samples[s] = (p >>> 16) & 0xff;
            samples[s + 1] = (p >>> 8) & 0xff;
            samples[s + 2] = p & 0xff;
            if (channels == 4) {
                samples[s + 3] = p >>> 24;
            }
        }
    }

    /** A copy of the w x h rectangle whose top-left corner is (x, y). */
    public RgbaImage crop(int x, int y, int w, int h) {
        if (x < 0 || y < 0 || w < 0 || h < 0 || x + w > width || y + h > height) {
            throw new IllegalArgumentException("crop " + w + "x" + h + " at (" + x + ", " + y + ") is outside " + this);
        }
        int[] p = new int[w * h];
        for (int r = 0; r < h; r++) {
            System.arraycopy(argb, (y + r) * width + x, p, r * w, w);
        }
        return new RgbaImage(w, h, p);
    }

    @Override
    public String toString() {
        return "RgbaImage " + width + "x" + height;
    }
}
