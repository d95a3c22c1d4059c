package org.convolab.core;

import java.util.Arrays;

/**
 * The histograms of an image's 8-bit or 16-bit values: red, green, blue, alpha and luminance, each
 * with the same number of bins (1 to 256 for 8-bit values, 1 to 65536 for 16-bit ones). Value v
 * (0 to max, max = 2^depth - 1) falls in bin {@code v * bins / (max + 1)}, rounded down, so 256 (or
 * 65536) bins count every value on its own, and a bin count that divides max + 1 gives bins of equal
 * width (64 bins of 8-bit values: 0-3, 4-7, ...); other counts give widths that differ by one.
 *
 * <p>Luminance is {@code round(0.299 R + 0.587 G + 0.114 B)} with halves rounded up, computed exactly
 * in integers as {@code (299 R + 587 G + 114 B + 500) / 1000} on the values at their depth, the same
 * on the CPU and the GPU, and binned like the other channels.
 *
 * <p>Alpha is always counted (an opaque image has every pixel in the top bin); whether an image
 * "has" alpha is a property of its file, which the caller knows and this class does not.
 *
 * <p>Immutable.
 */
public final class Histogram {

    /** The most bins of 8-bit values: one per value. */
    public static final int MAX_BINS = 256;

    /** The most bins of 16-bit values: one per value. */
    public static final int MAX_WIDE_BINS = 65536;

    /** The channels counted, in the order of {@link #channelCounts}, CSV columns and the GPU's layout. */
    public enum Channel {
        RED("r"), GREEN("g"), BLUE("b"), ALPHA("a"), LUMINANCE("luminance");

        private final String column;

        Channel(String column) {
            this.column = column;
        }

        /** The short name used as CSV column and JSON key: r, g, b, a, luminance. */
        public String column() {
            return column;
        }
    }

    private static final int CHANNELS = Channel.values().length;

    private final int depth;
    private final int bins;
    private final long[][] counts;
    private final long pixels;

    /**
     * A histogram of 8-bit values.
     *
     * @param counts one array of {@code bins} counts per channel, in {@link Channel} order; copied
     * @throws ConvolabException when the bin count is out of range or the arrays do not fit it
     */
    public Histogram(int bins, long[][] counts) {
        this(8, bins, counts);
    }

    /**
     * @param depth  bits of the values counted: 8 or 16
     * @param counts one array of {@code bins} counts per channel, in {@link Channel} order; copied
     * @throws ConvolabException when the bin count is out of range for the depth or the arrays do not fit it
     */
    public Histogram(int depth, int bins, long[][] counts) {
        checkBins(bins, depth);
        this.depth = depth;
        if (counts.length != CHANNELS) {
            throw new IllegalArgumentException(CHANNELS + " channels expected, got " + counts.length);
        }
        this.bins = bins;
        this.counts = new long[CHANNELS][];
        long total = -1;
        for (int c = 0; c < CHANNELS; c++) {
            if (counts[c].length != bins) {
                throw new IllegalArgumentException("channel " + c + " has " + counts[c].length + " bins, not " + bins);
            }
            this.counts[c] = counts[c].clone();
            long sum = Arrays.stream(counts[c]).sum();
            if (total >= 0 && sum != total) {
                throw new IllegalArgumentException("channel " + c + " counts " + sum + " pixels, channel 0 " + total);
            }
            total = sum;
        }
        this.pixels = total;
    }

    /**
     * A histogram from the flat layout the GPU kernels write: {@code bins} unsigned 32-bit counts per
     * channel, channel after channel in {@link Channel} order.
     */
    public static Histogram fromFlat(int bins, int[] flat) {
        return fromFlat(8, bins, flat);
    }

    /** {@link #fromFlat(int, int[])} for values of the given depth (8 or 16 bits). */
    public static Histogram fromFlat(int depth, int bins, int[] flat) {
        checkBins(bins, depth);
        if (flat.length != CHANNELS * bins) {
            throw new IllegalArgumentException("a flat histogram of " + bins + " bins has " + CHANNELS * bins + " counts, not " + flat.length);
        }
        long[][] c = new long[CHANNELS][bins];
        for (int k = 0; k < flat.length; k++) {
            c[k / bins][k % bins] = Integer.toUnsignedLong(flat[k]);
        }
        return new Histogram(depth, bins, c);
    }

    /**
     * The plain count, one pixel after another on the calling thread: the reference every backend
     * and strategy must equal exactly.
     */
    public static Histogram count(RgbaImage image, int bins) {
        return count(java.nio.IntBuffer.wrap(image.pixels()), bins);
    }

    /**
     * The plain count of ARGB pixels in a buffer (from index 0 to its limit, read with absolute gets): an
     * image's array or a result an engine lent ({@link ResultLease#pixels()}).
     */
    public static Histogram count(java.nio.IntBuffer argb, int bins) {
        checkBins(bins);
        long[][] c = new long[CHANNELS][bins];
        for (int i = 0, n = argb.limit(); i < n; i++) {
            int p = argb.get(i);
            int r = (p >>> 16) & 0xff;
            int g = (p >>> 8) & 0xff;
            int b = p & 0xff;
            c[0][binOf(r, bins)]++;
            c[1][binOf(g, bins)]++;
            c[2][binOf(b, bins)]++;
            c[3][binOf(p >>> 24, bins)]++;
            c[4][binOf(luminance(r, g, b), bins)]++;
        }
        return new Histogram(bins, c);
    }

    /**
     * The plain count of a 16-bit image, one pixel after another on the calling thread: the reference
     * every backend and strategy must equal exactly.
     */
    public static Histogram count(Rgba16Image image, int bins) {
        checkBins(bins, 16);
        long[][] c = new long[CHANNELS][bins];
        short[] s = image.samples();
        for (int i = 0; i < s.length; i += Rgba16Image.SAMPLES) {
            int r = s[i] & 0xffff;
            int g = s[i + 1] & 0xffff;
            int b = s[i + 2] & 0xffff;
            c[0][binOf(r, bins, 16)]++;
            c[1][binOf(g, bins, 16)]++;
            c[2][binOf(b, bins, 16)]++;
            c[3][binOf(s[i + 3] & 0xffff, bins, 16)]++;
            c[4][binOf(luminance(r, g, b), bins, 16)]++;
        }
        return new Histogram(16, bins, c);
    }

    /** The bin of an 8-bit value: {@code value * bins / 256}, rounded down. */
    public static int binOf(int value, int bins) {
        return value * bins >>> 8;
    }

    /** The bin of a value of the given depth: {@code value * bins / 2^depth}, rounded down. */
    public static int binOf(int value, int bins, int depth) {
        return (int) ((long) value * bins >>> depth);
    }

    /** round(0.299 R + 0.587 G + 0.114 B), halves up, exactly (integer arithmetic), for 8-bit or 16-bit values. */
    public static int luminance(int r, int g, int b) {
        return (299 * r + 587 * g + 114 * b + 500) / 1000;
    }

    /** Throws with one sentence unless 1 <= bins <= 256. */
    public static void checkBins(int bins) {
        checkBins(bins, 8);
    }

    /** Throws with one sentence unless the depth is 8 or 16 and 1 <= bins <= 2^depth. */
    public static void checkBins(int bins, int depth) {
        if (depth != 8 && depth != 16) {
            throw new ConvolabException("histograms count 8-bit or 16-bit values, not " + depth + "-bit ones");
        }
        int most = 1 << depth;
        if (bins < 1 || bins > most) {
            throw new ConvolabException("a histogram of " + depth + "-bit values has 1 to " + most + " bins, not " + bins);
        }
    }

    /** Bits of the values counted: 8 or 16. */
    public int bitDepth() {
        return depth;
    }

    /** The number of bins of every channel. */
    public int bins() {
        return bins;
    }

    /** The number of pixels counted (every channel counts each pixel once). */
    public long pixels() {
        return pixels;
    }

    /** The count of one bin. */
    public long count(Channel channel, int bin) {
        return counts[channel.ordinal()][bin];
    }

    /** A copy of one channel's counts, bin 0 first. */
    public long[] channelCounts(Channel channel) {
        return counts[channel.ordinal()].clone();
    }

    /** The largest count of a channel (for scaling a plot). */
    public long max(Channel channel) {
        return Arrays.stream(counts[channel.ordinal()]).max().orElse(0);
    }

    /** The smallest value in a bin. */
    public int lowValue(int bin) {
        return (int) ((((long) bin << depth) + bins - 1) / bins);
    }

    /** The largest value in a bin. */
    public int highValue(int bin) {
        return lowValue(bin + 1) - 1;
    }

    /**
     * Null when the two histograms are equal, else a phrase naming the first differing bin, this
     * histogram's count first: "bin 17 of g: 40 against 39".
     */
    public String firstDifference(Histogram other) {
        if (other.depth != depth) {
            return depth + "-bit values against " + other.depth + "-bit ones";
        }
        if (other.bins != bins) {
            return bins + " bins against " + other.bins;
        }
        for (Channel ch : Channel.values()) {
            for (int k = 0; k < bins; k++) {
                long a = counts[ch.ordinal()][k];
                long b = other.counts[ch.ordinal()][k];
                if (a != b) {
                    return "bin " + k + " of " + ch.column() + ": " + a + " against " + b;
                }
            }
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Histogram h && h.depth == depth && h.bins == bins && Arrays.deepEquals(h.counts, counts);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * depth + bins) + Arrays.deepHashCode(counts);
    }

    @Override
    public String toString() {
        return "Histogram of " + pixels + " pixels, " + bins + " bins of " + depth + "-bit values";
    }
}
