package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Large and rectangular masks on a real GPU, every policy against the double reference: the
 * run-time size fast kernel (convolab_fast2d_any: square masks past radius 15, widths that are and
 * are not multiples of 4, passes of 16 mask rows and a short last one, images whose sides are no
 * multiple of its 128x32 output tile), fft with the host's cuFFT (its prepared spectrum following
 * a new mask and size), and tiled's hand-over to tiled-out. Skipped, with the reason, where no
 * CUDA device (or, for fft, no cuFFT) is usable.
 */
@Tag("gpu")
class LargeMaskGpuTest {

    private static CudaEngine engine;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
    }

    static Stream<Arguments> fastCases() {
        return cases(new int[][] {{33, 33}, {47, 47}, {63, 63}, {63, 5}, {5, 63}, {1, 31}, {31, 1}, {15, 3}, {3, 17}, {9, 33}, {61, 49}});
    }

    static Stream<Arguments> fftCases() {
        return cases(new int[][] {{3, 3}, {15, 15}, {63, 63}, {63, 5}, {1, 31}, {21, 9}});
    }

    private static Stream<Arguments> cases(int[][] sizes) {
        return Stream.of(sizes).flatMap(s -> Conformance.policies().stream().map(p -> Arguments.of(s[0], s[1], p.name())));
    }

    @ParameterizedTest(name = "{0}x{1} {2}")
    @MethodSource("fastCases")
    void fastAnyMatchesTheReference(int mw, int mh, String policy) {
        check(Strategy.FAST, List.of("convolab_fast2d_any"), mw, mh, policy, new int[][] {{301, 77}, {130, 34}, {20, 9}});
    }

    @ParameterizedTest(name = "{0}x{1} {2}")
    @MethodSource("fftCases")
    void fftMatchesTheReference(int mw, int mh, String policy) {
        assumeTrue(CuFft.problem() == null, CuFft::problem);
        check(Strategy.FFT, CudaPlanner.FFT_PASSES, mw, mh, policy, new int[][] {{257, 101}, {16, 9}, {1, 1}});
    }

    /** The strategy runs the kernels given and matches the reference on each image size. */
    private static void check(Strategy s, List<String> kernels, int mw, int mh, String policy, int[][] sizes) {
        Random rnd = new Random(1000L * mw + mh + policy.hashCode() + s.ordinal());
        Mask mask = TestImages.randomMask(mw, mh, rnd);
        for (int[] size : sizes) {
            RgbaImage img = TestImages.randomImage(size[0], size[1], rnd);
            FilterSpec spec = FilterSpec.of(mask, BorderPolicy.parse(policy));
            FilterResult r = engine.filter(img, spec, s);
            assertEquals(s, r.strategy());
            assertEquals(kernels, r.plan().kernels());
            int diff = r.image().maxDifference(ReferenceConvolver.filter(img, spec));
            assertTrue(diff <= Conformance.TOLERANCE, () -> s + " " + mw + "x" + mh + " on " + size[0] + "x" + size[1] + ": max diff " + diff);
        }
    }

    static Stream<Arguments> largeCases() {
        return cases(new int[][] {{65, 65}, {127, 9}, {9, 255}, {255, 255}, {1023, 1023}, {1023, 3}});
    }

    /** Masks past 63x63 (issue 24): auto runs fft, every policy against the reference, masks larger than the image. */
    @ParameterizedTest(name = "{0}x{1} {2}")
    @MethodSource("largeCases")
    void largeMasksRunThroughFftOnAutoAndMatchTheReference(int mw, int mh, String policy) {
        assumeTrue(CuFft.problem() == null, CuFft::problem);
        // the double reference costs taps x pixels: small images for the largest masks
        int[][] sizes = mw * mh > 100_000 ? new int[][] {{13, 7}, {1, 1}} : new int[][] {{70, 41}, {16, 9}};
        Random rnd = new Random(31L * mw + mh + policy.hashCode());
        Mask mask = TestImages.randomMask(mw, mh, rnd);
        for (int[] size : sizes) {
            RgbaImage img = TestImages.randomImage(size[0], size[1], rnd);
            FilterSpec spec = FilterSpec.of(mask, BorderPolicy.parse(policy));
            FilterResult r = engine.filter(img, spec, Strategy.AUTO);
            assertEquals(Strategy.FFT, r.strategy());
            assertEquals(CudaPlanner.FFT_PASSES, r.plan().kernels());
            int diff = r.image().maxDifference(ReferenceConvolver.filter(img, spec));
            assertTrue(diff <= Conformance.TOLERANCE, () -> mw + "x" + mh + " on " + size[0] + "x" + size[1] + ": max diff " + diff);
        }
    }

    /** The direct strategies refuse a 65x65 mask with the reason, naming fft; nothing is launched. */
    @Test
    void directStrategiesRefuseMasksPast63() {
        Mask mask = TestImages.randomMask(65, 65, new Random(65));
        RgbaImage img = TestImages.randomImage(20, 10, new Random(66));
        for (Strategy s : Strategy.concrete()) {
            if (s == Strategy.FFT || s.needsSeparable()) {
                continue;
            }
            org.convolab.core.ConvolabException e = org.junit.jupiter.api.Assertions.assertThrows(
                    org.convolab.core.ConvolabException.class, () -> engine.filter(img, FilterSpec.of(mask, BorderPolicy.parse("zero")), s));
            assertTrue(e.getMessage().contains("up to 63x63") && e.getMessage().contains("fft"), e::getMessage);
        }
    }

    /**
     * The planes of grey, 16-bit and float files with a 241x241 Gaussian (gaussian:40: the wide separable kernels) and a
     * signed 255x201 mask (fft) on the GPU's plane filter: raw sums within 1e-4 of the double reference (relative to the
     * sum of the terms' sizes).
     */
    @Test
    void planesOfLargeMasksRunThroughFft() {
        assumeTrue(CuFft.problem() == null, CuFft::problem);
        Random rnd = new Random(241);
        float[] signed = new float[255 * 201];
        for (int k = 0; k < signed.length; k++) {
            signed[k] = rnd.nextFloat() * 2 - 0.9f;
        }
        int w = 61;
        int h = 37;
        try (org.convolab.core.PlaneFilter planes = org.convolab.engine.PlaneFilters.forEngine(engine)) {
            for (Mask m : new Mask[] {org.convolab.core.MaskPresets.parse("gaussian:40"), Mask.of(255, 201, signed)}) {
                for (BorderPolicy p : Conformance.policies()) {
                    double[] plane = new double[w * h];
                    for (int k = 0; k < plane.length; k++) {
                        plane[k] = rnd.nextDouble() * 1000 - 5;
                    }
                    double[] ref = ReferenceConvolver.correlate(plane, w, h, m, p);
                    double[] bound = org.convolab.cpu.PlaneReference.bound(plane, w, h, m, p);
                    float[] rows = org.convolab.cpu.PlaneReference.rowsWithGhosts(plane, w, h, m.radiusY(), p);
                    float[] sums = new float[w * h];
                    // the Gaussian is separable: fast-separable's wide kernels; the signed mask is not: fft
                    assertEquals(m.separable().isPresent() ? Strategy.FAST_SEPARABLE : Strategy.FFT,
                            planes.correlate(rows, w, h, FilterSpec.of(m, p), Strategy.AUTO, sums).runs());
                    for (int k = 0; k < sums.length; k++) {
                        double err = Math.abs(sums[k] - ref[k]);
                        double tol = 1e-4 * bound[k] + 1e-3;
                        int at = k;
                        assertTrue(err <= tol, () -> m.width() + "x" + m.height() + " " + p.name() + " pixel " + at + ": " + sums[at]
                                + " vs " + ref[at]);
                    }
                }
            }
        }
    }

    /** Same size, new mask of the same radius (spectrum redone); new size (plans redone); back again. */
    @Test
    void fftSpectrumFollowsMaskAndSize() {
        assumeTrue(CuFft.problem() == null, CuFft::problem);
        Random rnd = new Random(9);
        Mask a = TestImages.randomMask(31, 31, rnd);
        Mask b = TestImages.randomMask(31, 31, rnd);
        RgbaImage big = TestImages.randomImage(640, 480, rnd);
        RgbaImage small = TestImages.randomImage(100, 70, rnd);
        for (Object[] step : new Object[][] {{a, big}, {b, big}, {b, small}, {a, big}, {a, big}}) {
            FilterSpec spec = FilterSpec.of((Mask) step[0], BorderPolicy.parse("mirror"));
            RgbaImage img = (RgbaImage) step[1];
            assertTrue(engine.filter(img, spec, Strategy.FFT).image().maxDifference(ReferenceConvolver.filter(img, spec))
                    <= Conformance.TOLERANCE);
        }
    }

    @Test
    void tiledRunsUpToRadius12AndHandsOverFrom13() {
        Random rnd = new Random(3);
        RgbaImage img = TestImages.randomImage(200, 150, rnd);
        for (int r : new int[] {12, 13, 15}) {
            FilterSpec spec = FilterSpec.of(TestImages.randomMask(2 * r + 1, 2 * r + 1, rnd), BorderPolicy.parse("reflect"));
            FilterResult res = engine.filter(img, spec, Strategy.TILED);
            assertEquals(r <= 12 ? Strategy.TILED : Strategy.TILED_OUT, res.strategy(), "radius " + r);
            assertTrue(res.image().maxDifference(ReferenceConvolver.filter(img, spec)) <= Conformance.TOLERANCE);
        }
    }
}
