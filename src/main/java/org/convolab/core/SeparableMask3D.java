package org.convolab.core;

import java.util.Optional;

/**
 * The three 1D masks of a rank-1 3D mask: {@code weight(i,j,k) = x[i] * y[j] * z[k]}. Filtering along x, then
 * y, then z with them equals the 3D filter (ghost cells included: every policy maps each axis on its own; with
 * the constant policy the ghost value of a later pass is the constant times the sums of the earlier passes'
 * weights).
 *
 * @param x weights along x, length = mask width
 * @param y weights along y, length = mask height
 * @param z weights along z, length = mask depth
 */
public record SeparableMask3D(float[] x, float[] y, float[] z) {

    /** Relative tolerance (of the largest weight) within which a mask counts as rank-1. */
    public static final double TOLERANCE = 1e-6;

    public SeparableMask3D {
        x = x.clone();
        y = y.clone();
        z = z.clone();
    }

    @Override
    public float[] x() {
        return x.clone();
    }

    @Override
    public float[] y() {
        return y.clone();
    }

    @Override
    public float[] z() {
        return z.clone();
    }

    /** The sum of the weights of one of the three masks. */
    public static double sum(float[] weights) {
        double s = 0;
        for (float v : weights) {
            s += v;
        }
        return s;
    }

    /**
     * The mask as three 1D masks whose product it is, or empty when it is not rank-1 within {@link #TOLERANCE}
     * (or has no non-zero weight). The lines through the largest weight give the factors.
     */
    public static Optional<SeparableMask3D> of(Mask3D m) {
        int bi = 0;
        int bj = 0;
        int bk = 0;
        float max = 0f;
        for (int k = 0; k < m.depth(); k++) {
            for (int j = 0; j < m.height(); j++) {
                for (int i = 0; i < m.width(); i++) {
                    if (Math.abs(m.at(i, j, k)) > max) {
                        max = Math.abs(m.at(i, j, k));
                        bi = i;
                        bj = j;
                        bk = k;
                    }
                }
            }
        }
        if (max == 0f) {
            return Optional.empty();
        }
        double p = m.at(bi, bj, bk);
        float[] x = new float[m.width()];
        float[] y = new float[m.height()];
        float[] z = new float[m.depth()];
        for (int i = 0; i < x.length; i++) {
            x[i] = m.at(i, bj, bk);
        }
        for (int j = 0; j < y.length; j++) {
            y[j] = (float) (m.at(bi, j, bk) / p);
        }
        for (int k = 0; k < z.length; k++) {
            z[k] = (float) (m.at(bi, bj, k) / p);
        }
        double tolerance = TOLERANCE * max;
        for (int k = 0; k < z.length; k++) {
            for (int j = 0; j < y.length; j++) {
                for (int i = 0; i < x.length; i++) {
                    if (Math.abs(m.at(i, j, k) - (double) x[i] * y[j] * z[k]) > tolerance) {
                        return Optional.empty();
                    }
                }
            }
        }
        return Optional.of(new SeparableMask3D(x, y, z));
    }
}
