package org.convolab.engine;

import java.util.Arrays;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;
import org.convolab.cpu.ReferenceConvolver;

/** Helpers shared by the bench command and the GUI's strategy comparison. */
public final class Measurements {

    /** Side of each square crop checked against the reference. */
    public static final int CROP = 24;

    private Measurements() {
    }

    /** The median of the values. */
    public static double median(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        int n = c.length;
        return n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
    }

    /**
     * The largest 8-bit difference between a filter's output and the double-precision reference, on
     * a corner crop (where the ghost cells act) and a centre crop, so that large images stay cheap.
     */
    public static int maxDiffOnCrops(RgbaImage image, FilterSpec spec, RgbaImage result) {
        int cw = Math.min(CROP, image.width());
        int ch = Math.min(CROP, image.height());
        int[][] origins = {{0, 0}, {(image.width() - cw) / 2, (image.height() - ch) / 2}};
        int max = 0;
        for (int[] o : origins) {
            RgbaImage ref = ReferenceConvolver.filterRegion(image, spec, o[0], o[1], cw, ch);
            max = Math.max(max, ref.maxDifference(result.crop(o[0], o[1], cw, ch)));
        }
        return max;
    }
}
