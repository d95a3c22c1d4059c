package org.convolab.selftest;

import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Consumer;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.PlaneFilter;
import org.convolab.core.Strategy;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.engine.PlaneFilters;

/**
 * The plane half of the self-test: the plane filter that grey and 16-bit images take on an engine
 * ({@link PlaneFilters#forEngine}: the GPU's own on the CUDA backend) against the double-precision
 * reference of the whole plane. Every strategy x every policy x square masks (radius 0 to 15, separable
 * and not) and rectangular ones (1x63 taller than every band and most planes, 63x5 wider than the
 * thin planes) x planes of 1x1, 1xN, Nx1 and odd sizes, each cut into bands whose ghost rows are
 * resolved as the streamed filter resolves them, with 16-bit samples: after the output mapping at
 * 65535 an output may differ from the reference by {@link Conformance#TOLERANCE}. A strategy that needs
 * a separable mask must refuse the others ({@link Tally}'s rule).
 */
public final class PlaneFilterCheck {

    /** Plane sizes (width, height). */
    public static final int[][] SIZES = {{1, 1}, {1, 37}, {37, 1}, {17, 13}, {33, 65}, {257, 255}};

    /** Square radii checked, separable and not. */
    public static final int[] RADII = {0, 1, 2, 3, 4, 5, 7, 15};

    /** Rectangular masks (width, height), separable and not. */
    public static final int[][] RECTANGLES = {{1, 63}, {63, 5}, {7, 3}, {3, 15}};

    /** The largest sample of the planes (16 bits). */
    public static final int MAX = TestImages.MAX16;

    private final int[][] sizes;
    private final long seed;

    public PlaneFilterCheck(int[][] sizes, long seed) {
        this.sizes = sizes;
        this.seed = seed;
    }

    /** The self-test's check. */
    public static PlaneFilterCheck full() {
        return new PlaneFilterCheck(SIZES, 43);
    }

    /** The masks checked: random and separable, square and rectangular. */
    public List<Mask> masks() {
        return TestImages.masks(RADII, RECTANGLES, new Random(seed));
    }

    /**
     * Runs the check on the engine's plane filter.
     *
     * @param failures receives one line per failed check
     */
    public Summary run(ConvolutionEngine engine, List<Strategy> strategies, Consumer<String> failures) {
        Tally tally = new Tally("planes", "plane ", engine, failures);
        Random rnd = new Random(seed + 1);
        List<Mask> masks = masks();
        try (PlaneFilter planes = PlaneFilters.forEngine(engine)) {
            for (int[] size : sizes) {
                int w = size[0];
                int h = size[1];
                float[] plane = TestImages.randomPlane(w, h, rnd);
                for (Mask mask : masks) {
                    for (BorderPolicy policy : Conformance.policies()) {
                        FilterSpec spec = FilterSpec.of(mask, policy);
                        double[] ref = reference(plane, w, h, spec);
                        for (Strategy s : strategies) {
                            check(planes, plane, w, h, spec, s, ref, tally);
                        }
                    }
                }
            }
        }
        return tally.finish();
    }

    /** One plane, spec and strategy: its bands through the filter, compared with the reference. */
    private static void check(PlaneFilter planes, float[] plane, int w, int h, FilterSpec spec, Strategy s, double[] ref,
                              Tally tally) {
        Mask mask = spec.mask();
        String name = String.format(Locale.ROOT, "%s %s plane %dx%d mask %dx%d%s", s.id(), spec.border().name(), w, h,
                mask.width(), mask.height(), mask.separable().isPresent() ? " separable" : "");
        int band = Math.max(1, (h + 2) / 3);
        tally.check(name, s.whyNotApplicable(mask), () -> {
            for (int y0 = 0; y0 < h; y0 += band) {
                int n = Math.min(band, h - y0);
                float[] sums = new float[n * w];
                planes.correlate(bandRows(plane, w, h, y0, n, mask.radiusY(), spec.border()), w, n, spec, s, sums);
                for (int k = 0; k < sums.length; k++) {
                    int got = PlaneFilter.toSample(sums[k], spec, MAX);
                    int want = spec.toSample(ref[y0 * w + k], MAX);
                    if (Math.abs(got - want) > Conformance.TOLERANCE) {
                        return String.format(Locale.ROOT, "at (%d, %d) got %d (sum %.4f), reference %d (sum %.4f)",
                                k % w, y0 + k / w, got, sums[k], want, ref[y0 * w + k]);
                    }
                }
            }
            return null;
        });
    }

    /** The double reference of the whole plane (ghost cells on all four sides through the policy). */
    static double[] reference(float[] plane, int w, int h, FilterSpec spec) {
        double[] d = new double[plane.length];
        for (int k = 0; k < d.length; k++) {
            d[k] = plane[k];
        }
        return ReferenceConvolver.correlate(d, w, h, spec.mask(), spec.border());
    }

    /**
     * The rows a plane filter takes for output rows y0 .. y0 + n - 1 of a w x h plane: ry rows above and
     * below, rows outside the plane resolved through the policy (the constant where it gives one), as
     * {@link org.convolab.engine.StripFilter} resolves them.
     */
    public static float[] bandRows(float[] plane, int w, int h, int y0, int n, int ry, BorderPolicy border) {
        float[] rows = new float[(n + 2 * ry) * w];
        for (int k = 0; k < n + 2 * ry; k++) {
            int sy = border.index(y0 - ry + k, h);
            if (sy < 0) {
                java.util.Arrays.fill(rows, k * w, (k + 1) * w, border.constant());
            } else {
                System.arraycopy(plane, sy * w, rows, k * w, w);
            }
        }
        return rows;
    }
}
