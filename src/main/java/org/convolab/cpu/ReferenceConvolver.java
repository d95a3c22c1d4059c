package org.convolab.cpu;

import java.util.function.IntToDoubleFunction;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;

/**
 * The ground truth: a direct correlation that accumulates in double, one output at a time, reading
 * every ghost cell through {@link BorderPolicy#index}. Slow and simple on purpose; every test and
 * the self-test compare the fast engines with it.
 */
public final class ReferenceConvolver {

    private ReferenceConvolver() {
    }

    /**
     * Correlates one plane with the mask.
     *
     * @param plane  width*height values, row-major
     * @return the sums, same size as the input (no output mapping)
     */
    public static double[] correlate(double[] plane, int width, int height, Mask mask, BorderPolicy border) {
        return correlateRegion(plane, width, height, mask, border, 0, 0, width, height);
    }

    /**
     * Correlates the region x0..x0+rw-1, y0..y0+rh-1 of a plane (ghost cells still at the whole
     * image's edges), for checking large outputs on a crop.
     *
     * @return rw*rh sums, row-major
     */
    public static double[] correlateRegion(double[] plane, int width, int height, Mask mask, BorderPolicy border,
                                           int x0, int y0, int rw, int rh) {
        return correlateRegion(k -> plane[k], width, height, mask, border, x0, y0, rw, rh);
    }

    /** {@link #correlateRegion(double[], int, int, Mask, BorderPolicy, int, int, int, int)} reading pixel k through a function. */
    private static double[] correlateRegion(IntToDoubleFunction pixel, int width, int height, Mask mask, BorderPolicy border,
                                            int x0, int y0, int rw, int rh) {
        int rx = mask.radiusX();
        int ry = mask.radiusY();
        double ghost = border.constant();
        double[] out = new double[rw * rh];
        for (int y = y0; y < y0 + rh; y++) {
            for (int x = x0; x < x0 + rw; x++) {
                double acc = 0;
                for (int j = 0; j < mask.height(); j++) {
                    int sy = border.index(y + j - ry, height);
                    for (int i = 0; i < mask.width(); i++) {
                        int sx = border.index(x + i - rx, width);
                        double v = (sx < 0 || sy < 0) ? ghost : pixel.applyAsDouble(sy * width + sx);
                        acc += mask.get(i, j) * v;
                    }
                }
                out[(y - y0) * rw + (x - x0)] = acc;
            }
        }
        return out;
    }

    /** Filters R, G and B with the spec (alpha passes through). */
    public static RgbaImage filter(RgbaImage image, FilterSpec spec) {
        return filterRegion(image, spec, 0, 0, image.width(), image.height());
    }

    /** The region x0..x0+rw-1, y0..y0+rh-1 of {@link #filter}'s output, as an rw x rh image. */
    public static RgbaImage filterRegion(RgbaImage image, FilterSpec spec, int x0, int y0, int rw, int rh) {
        int w = image.width();
        int h = image.height();
        int[] src = image.pixels();
        int[] out = new int[rw * rh];
        for (int y = 0; y < rh; y++) {
            for (int x = 0; x < rw; x++) {
                out[y * rw + x] = src[(y + y0) * w + x + x0] & 0xff000000;
            }
        }
        for (int c = 0; c < 3; c++) {
            int shift = 16 - 8 * c;
            // read the channel straight from the pixels: a crop of a large image needs no whole plane
            double[] acc = correlateRegion(k -> (src[k] >>> shift) & 0xff, w, h, spec.mask(), spec.border(), x0, y0, rw, rh);
            for (int k = 0; k < acc.length; k++) {
                out[k] |= spec.toByte(acc[k]) << shift;
            }
        }
        return new RgbaImage(rw, rh, out);
    }
}
