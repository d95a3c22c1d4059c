package org.convolab.core;

import java.util.Arrays;
import java.util.Optional;

/**
 * A convolution mask: odd width and height from 1 to {@value #MAX_SIZE}, float weights in row-major
 * order, anchored at the centre. Immutable. Masks wider or taller than {@value #DIRECT_MAX_SIZE} run through
 * the FFT only.
 *
 * <p>Convolab applies masks as a correlation (the mask is not flipped, as in OpenCV filter2D, GIMP and
 * ImageJ): {@code out(x,y) = sum over j,i of weight(i,j) * in(x + i - rx, y + j - ry)}. Use
 * {@link #flipped()} for a true convolution.
 */
public final class Mask {

    /** Largest width or height: masks past {@link #DIRECT_MAX_SIZE} run through the FFT ({@link Strategy#FFT}). */
    public static final int MAX_SIZE = 1023;

    /**
     * Largest width or height the direct strategies take (their GPU kernels hold the mask in {@code __constant__}
     * or shared memory sized for 63x63 weights), and the window's mask editor edits.
     */
    public static final int DIRECT_MAX_SIZE = 63;

    /** Default relative tolerance of {@link #separable()}. */
    public static final double SEPARABLE_TOLERANCE = 1e-5;

    private final int width;
    private final int height;
    private final float[] weights;

    private Mask(int width, int height, float[] weights) {
        this.width = width;
        this.height = height;
        for (int k = 0; k < weights.length; k++) {
            weights[k] += 0.0f; // -0 becomes +0: the same weight, and equal masks compare equal
        }
        this.weights = weights;
    }

    /**
     * A mask of the given size with weights in row-major order.
     *
     * @throws ConvolabException if a size is even or outside 1..{@value #MAX_SIZE}, the weight count does not match,
     *                           or a weight is NaN or infinite
     */
    public static Mask of(int width, int height, float... weights) {
        checkSize("width", width);
        checkSize("height", height);
        if (weights.length != width * height) {
            throw new ConvolabException("a " + width + "x" + height + " mask needs " + width * height
                    + " weights, got " + weights.length);
        }
        for (int k = 0; k < weights.length; k++) {
            if (!Float.isFinite(weights[k])) {
                throw new ConvolabException("mask weight at row " + (k / width + 1) + ", column "
                        + (k % width + 1) + " is " + weights[k] + "; weights must be finite numbers");
            }
        }
        return new Mask(width, height, weights.clone());
    }

    /** A mask from rows of equal length (row-major, top row first). */
    public static Mask ofRows(float[][] rows) {
        if (rows.length == 0) {
            throw new ConvolabException("the mask is empty");
        }
        int w = rows[0].length;
        float[] all = new float[rows.length * w];
        for (int y = 0; y < rows.length; y++) {
            if (rows[y].length != w) {
                throw new ConvolabException("mask row " + (y + 1) + " has " + rows[y].length
                        + " weights but row 1 has " + w + "; all rows must have the same length");
            }
            System.arraycopy(rows[y], 0, all, y * w, w);
        }
        return of(w, rows.length, all);
    }

    private static void checkSize(String what, int size) {
        if (size < 1 || size > MAX_SIZE) {
            throw new ConvolabException("mask " + what + " " + size + " is out of range: it must be odd, from 1 to " + MAX_SIZE);
        }
        if (size % 2 == 0) {
            throw new ConvolabException("mask " + what + " " + size + " is even: the anchor is the centre, so width and height must be odd");
        }
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Half the width: columns on each side of the anchor. */
    public int radiusX() {
        return width / 2;
    }

    /** Half the height: rows above and below the anchor. */
    public int radiusY() {
        return height / 2;
    }

    /** Weight at column x, row y (0-based from the top-left). */
    public float get(int x, int y) {
        return weights[y * width + x];
    }

    /** A copy of the weights in row-major order. */
    public float[] weights() {
        return weights.clone();
    }

    /** The sum of the weights, in double. */
    public double sum() {
        double s = 0;
        for (float w : weights) {
            s += w;
        }
        return s;
    }

    /** True when every weight is 0. */
    public boolean isZero() {
        for (float w : weights) {
            if (w != 0f) {
                return false;
            }
        }
        return true;
    }

    /**
     * This mask divided by the sum of its weights; the mask itself when the sum is 0.
     *
     * @throws ConvolabException when the sum is so close to 0 that a normalised weight is not a
     *                           finite float
     */
    public Mask normalized() {
        double s = sum();
        if (s == 0) {
            return this;
        }
        float[] n = new float[weights.length];
        for (int k = 0; k < n.length; k++) {
            n[k] = (float) (weights[k] / s);
            if (!Float.isFinite(n[k])) {
                throw new ConvolabException("cannot normalise: the mask's weights sum to " + s
                        + ", so close to 0 that the normalised weights overflow (drop --normalize, or use --divisor)");
            }
        }
        return new Mask(width, height, n);
    }

    /** The mask rotated by 180 degrees: correlating with it is convolving with this mask. */
    public Mask flipped() {
        float[] f = new float[weights.length];
        for (int k = 0; k < f.length; k++) {
            f[k] = weights[weights.length - 1 - k];
        }
        return new Mask(width, height, f);
    }

    /**
     * {@link #separable(double)} with {@link #SEPARABLE_TOLERANCE}, computed once per mask: the
     * planner, the launchers and the CPU engine all ask, and the answer is O(width x height).
     * (The mask and SeparableMask are immutable, so a benign race at most computes it twice.)
     */
    public Optional<SeparableMask> separable() {
        Optional<SeparableMask> s = separableAtDefault;
        if (s == null) {
            s = separable(SEPARABLE_TOLERANCE);
            separableAtDefault = s;
        }
        return s;
    }

    private volatile Optional<SeparableMask> separableAtDefault;

    /**
     * Tests whether the mask has rank 1, i.e. {@code weight(x,y) = column[y] * row[x]}, within a
     * tolerance relative to the largest weight.
     *
     * @return the row and column vectors, or empty when the mask is not separable
     */
    public Optional<SeparableMask> separable(double relativeTolerance) {
        int pivot = 0;
        for (int k = 1; k < weights.length; k++) {
            if (Math.abs(weights[k]) > Math.abs(weights[pivot])) {
                pivot = k;
            }
        }
        double max = Math.abs(weights[pivot]);
        float[] row = new float[width];
        float[] col = new float[height];
        if (max == 0) {
            return Optional.of(new SeparableMask(row, col));
        }
        int px = pivot % width;
        int py = pivot / width;
        double p = weights[pivot];
        for (int x = 0; x < width; x++) {
            row[x] = weights[py * width + x];
        }
        for (int y = 0; y < height; y++) {
            col[y] = (float) (weights[y * width + px] / p);
        }
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double err = Math.abs((double) col[y] * row[x] - weights[y * width + x]);
                if (err > relativeTolerance * max) {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(new SeparableMask(row, col));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Mask m && m.width == width && m.height == height && Arrays.equals(m.weights, weights);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * width + height) + Arrays.hashCode(weights);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(width + "x" + height + " [");
        for (int y = 0; y < height; y++) {
            if (y > 0) {
                sb.append("; ");
            }
            for (int x = 0; x < width; x++) {
                if (x > 0) {
                    sb.append(' ');
                }
                sb.append(MaskText.formatWeight(get(x, y)));
            }
        }
        return sb.append(']').toString();
    }
}
