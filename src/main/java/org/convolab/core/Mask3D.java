package org.convolab.core;

import java.util.Arrays;

/**
 * A three-dimensional convolution mask: odd width, height and depth from 1 to {@value Mask#MAX_SIZE}, float
 * weights stored slice by slice (z), each slice row-major, anchored at the centre. Immutable. Applied as a
 * correlation, as {@link Mask} is: {@code out(x,y,z) = sum over k,j,i of weight(i,j,k) * in(x+i-rx, y+j-ry, z+k-rz)}.
 * Masks past {@value Mask#DIRECT_MAX_SIZE} in any dimension run through the FFT only.
 */
public final class Mask3D {

    private final int width;
    private final int height;
    private final int depth;
    private final float[] weights;

    private Mask3D(int width, int height, int depth, float[] weights) {
        this.width = width;
        this.height = height;
        this.depth = depth;
        this.weights = weights;
    }

    /**
     * A mask of the given size, weights slice after slice, each slice row-major.
     *
     * @throws ConvolabException if a size is even or outside 1..{@value Mask#MAX_SIZE}, the weight count does not
     *                           match, or a weight is not a finite number
     */
    public static Mask3D of(int width, int height, int depth, float... weights) {
        check("width", width);
        check("height", height);
        check("depth", depth);
        long count = (long) width * height * depth;
        if (weights.length != count) {
            throw new ConvolabException("a " + width + "x" + height + "x" + depth + " mask needs " + count
                    + " weights, got " + weights.length);
        }
        float[] copy = weights.clone();
        for (int k = 0; k < copy.length; k++) {
            if (!Float.isFinite(copy[k])) {
                int plane = width * height;
                throw new ConvolabException("mask weight at slice " + (k / plane + 1) + ", row " + (k % plane / width + 1)
                        + ", column " + (k % width + 1) + " is " + copy[k] + "; weights must be finite numbers");
            }
            copy[k] += 0.0f; // -0 becomes +0, so equal masks compare equal
        }
        return new Mask3D(width, height, depth, copy);
    }

    /** A 3D mask one slice deep holding a 2D mask (2D filtering of every slice). */
    public static Mask3D of(Mask mask) {
        return of(mask.width(), mask.height(), 1, mask.weights());
    }

    private static void check(String what, int n) {
        if (n < 1 || n > Mask.MAX_SIZE || n % 2 == 0) {
            throw new ConvolabException("mask " + what + " " + n + " must be odd, 1.." + Mask.MAX_SIZE);
        }
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public int depth() {
        return depth;
    }

    public int radiusX() {
        return width / 2;
    }

    public int radiusY() {
        return height / 2;
    }

    public int radiusZ() {
        return depth / 2;
    }

    /** The weight at column i, row j, slice k (all from 0). */
    public float at(int i, int j, int k) {
        return weights[(k * height + j) * width + i];
    }

    /** A copy of the weights, slice after slice, each row-major. */
    public float[] weights() {
        return weights.clone();
    }

    /** The sum of all weights. */
    public double sum() {
        double s = 0;
        for (float w : weights) {
            s += w;
        }
        return s;
    }

    /** This mask with its weights divided by their sum (which must not be 0). */
    public Mask3D normalized() {
        double s = sum();
        if (s == 0) {
            throw new ConvolabException("cannot normalise: the mask's weights sum to 0 (drop --normalize, or use --divisor)");
        }
        float[] w = weights.clone();
        for (int k = 0; k < w.length; k++) {
            w[k] = (float) (w[k] / s);
        }
        return of(width, height, depth, w);
    }

    /** This mask turned about its centre along x, y and z (true convolution instead of correlation). */
    public Mask3D flipped() {
        float[] w = new float[weights.length];
        for (int k = 0; k < w.length; k++) {
            w[w.length - 1 - k] = weights[k];
        }
        return of(width, height, depth, w);
    }

    /** Slice k (from 0) as a 2D mask. */
    public Mask slice(int k) {
        int plane = width * height;
        return Mask.of(width, height, Arrays.copyOfRange(weights, k * plane, (k + 1) * plane));
    }

    /** Whether every dimension fits the direct strategies ({@value Mask#DIRECT_MAX_SIZE}). */
    public boolean direct() {
        return width <= Mask.DIRECT_MAX_SIZE && height <= Mask.DIRECT_MAX_SIZE && depth <= Mask.DIRECT_MAX_SIZE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Mask3D m && m.width == width && m.height == height && m.depth == depth
                && Arrays.equals(m.weights, weights);
    }

    @Override
    public int hashCode() {
        return (31 * (31 * width + height) + depth) * 31 + Arrays.hashCode(weights);
    }

    @Override
    public String toString() {
        return width + "x" + height + "x" + depth + " mask";
    }
}
