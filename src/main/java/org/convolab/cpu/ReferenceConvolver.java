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
        return correlateSampled(pixel, width, height, mask, border, x0, y0, rw, rh, 1);
    }

    /**
     * The sums at every {@code step}-th output of the region, from (x0, y0): ceil(rw / step) x ceil(rh / step)
     * of them, row-major; output rows in parallel.
     */
    private static double[] correlateSampled(IntToDoubleFunction pixel, int width, int height, Mask mask, BorderPolicy border,
                                             int x0, int y0, int rw, int rh, int step) {
        int rx = mask.radiusX();
        int ry = mask.radiusY();
        double ghost = border.constant();
        int ow = (rw + step - 1) / step;
        int oh = (rh + step - 1) / step;
        double[] out = new double[ow * oh];
        java.util.stream.IntStream rows = java.util.stream.IntStream.range(0, oh);
        (step > 1 ? rows.parallel() : rows).forEach(oy -> {
            int y = y0 + oy * step;
            for (int ox = 0; ox < ow; ox++) {
                int x = x0 + ox * step;
                double acc = 0;
                for (int j = 0; j < mask.height(); j++) {
                    int sy = border.index(y + j - ry, height);
                    for (int i = 0; i < mask.width(); i++) {
                        int sx = border.index(x + i - rx, width);
                        double v = (sx < 0 || sy < 0) ? ghost : pixel.applyAsDouble(sy * width + sx);
                        acc += mask.get(i, j) * v;
                    }
                }
                out[oy * ow + ox] = acc;
            }
        });
        return out;
    }

    /** Filters R, G and B with the spec (alpha passes through). */
    public static RgbaImage filter(RgbaImage image, FilterSpec spec) {
        return filterRegion(image, spec, 0, 0, image.width(), image.height());
    }

    /** The region x0..x0+rw-1, y0..y0+rh-1 of {@link #filter}'s output, as an rw x rh image. */
    public static RgbaImage filterRegion(RgbaImage image, FilterSpec spec, int x0, int y0, int rw, int rh) {
        return filterSampled(image, spec, x0, y0, rw, rh, 1);
    }

    /**
     * Every {@code step}-th pixel of {@link #filter}'s output in the region x0..x0+rw-1, y0..y0+rh-1, along
     * both axes from (x0, y0): a ceil(rw / step) x ceil(rh / step) image, each pixel computed in full from
     * the input (a preview of a big image at the scale it is shown, at 1 / step of the cost a pixel).
     */
    public static RgbaImage filterSampled(RgbaImage image, FilterSpec spec, int x0, int y0, int rw, int rh, int step) {
        if (step < 1) {
            throw new IllegalArgumentException("step " + step);
        }
        int w = image.width();
        int h = image.height();
        int[] src = image.pixels();
        int ow = (rw + step - 1) / step;
        int oh = (rh + step - 1) / step;
        int[] out = new int[ow * oh];
        for (int y = 0; y < oh; y++) {
            for (int x = 0; x < ow; x++) {
                out[y * ow + x] = src[(y0 + y * step) * w + x0 + x * step] & 0xff000000;
            }
        }
        for (int c = 0; c < 3; c++) {
            int shift = 16 - 8 * c;
            // read the channel straight from the pixels: a crop of a large image needs no whole plane
            double[] acc = correlateSampled(k -> (src[k] >>> shift) & 0xff, w, h, spec.mask(), spec.border(), x0, y0, rw, rh,
                    step);
            for (int k = 0; k < acc.length; k++) {
                out[k] |= spec.toByte(acc[k]) << shift;
            }
        }
        return new RgbaImage(ow, oh, out);
    }
}
