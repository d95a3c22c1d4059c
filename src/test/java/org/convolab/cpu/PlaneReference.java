package org.convolab.cpu;

import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.Mask;

/**
 * What float results are checked against: the double reference, and the size float rounding is measured by (the
 * correlation of the magnitudes, the sum of the terms' sizes); and a plane's rows as a plane filter takes them.
 */
public final class PlaneReference {

    private PlaneReference() {
    }

    /**
     * The sum of the terms' magnitudes at each pixel: {@code |weights|} correlated with {@code |plane|} (ghost cells
     * of the policy's constant's magnitude). A float sum is within a few float epsilons of this from the exact one.
     */
    public static double[] bound(double[] plane, int w, int h, Mask mask, BorderPolicy border) {
        double[] mag = new double[plane.length];
        for (int k = 0; k < plane.length; k++) {
            mag[k] = Math.abs(plane[k]);
        }
        float[] a = mask.weights();
        for (int i = 0; i < a.length; i++) {
            a[i] = Math.abs(a[i]);
        }
        BorderPolicy b = border.constant() < 0 ? new ConstantPolicy(-border.constant()) : border;
        return ReferenceConvolver.correlate(mag, w, h, Mask.of(mask.width(), mask.height(), a), b);
    }

    /** The plane's rows with {@code ry} ghost rows above and below resolved through the policy, as floats. */
    public static float[] rowsWithGhosts(double[] plane, int w, int h, int ry, BorderPolicy border) {
        float[] rows = new float[(h + 2 * ry) * w];
        for (int k = 0; k < h + 2 * ry; k++) {
            int y = border.index(k - ry, h);
            for (int x = 0; x < w; x++) {
                rows[k * w + x] = y < 0 ? border.constant() : (float) plane[y * w + x];
            }
        }
        return rows;
    }
}
