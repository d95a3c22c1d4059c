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
import org.convolab.engine.Conformance;
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
        Mask mask = Conformance.randomMask(mw, mh, rnd);
        for (int[] size : sizes) {
            RgbaImage img = Conformance.randomImage(size[0], size[1], rnd);
            FilterSpec spec = FilterSpec.of(mask, BorderPolicy.parse(policy));
            FilterResult r = engine.filter(img, spec, s);
            assertEquals(s, r.strategy());
            assertEquals(kernels, r.plan().kernels());
            int diff = r.image().maxDifference(ReferenceConvolver.filter(img, spec));
            assertTrue(diff <= Conformance.TOLERANCE, () -> s + " " + mw + "x" + mh + " on " + size[0] + "x" + size[1] + ": max diff " + diff);
        }
    }

    /** Same size, new mask of the same radius (spectrum redone); new size (plans redone); back again. */
    @Test
    void fftSpectrumFollowsMaskAndSize() {
        assumeTrue(CuFft.problem() == null, CuFft::problem);
        Random rnd = new Random(9);
        Mask a = Conformance.randomMask(31, 31, rnd);
        Mask b = Conformance.randomMask(31, 31, rnd);
        RgbaImage big = Conformance.randomImage(640, 480, rnd);
        RgbaImage small = Conformance.randomImage(100, 70, rnd);
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
        RgbaImage img = Conformance.randomImage(200, 150, rnd);
        for (int r : new int[] {12, 13, 15}) {
            FilterSpec spec = FilterSpec.of(Conformance.randomMask(2 * r + 1, 2 * r + 1, rnd), BorderPolicy.parse("reflect"));
            FilterResult res = engine.filter(img, spec, Strategy.TILED);
            assertEquals(r <= 12 ? Strategy.TILED : Strategy.TILED_OUT, res.strategy(), "radius " + r);
            assertTrue(res.image().maxDifference(ReferenceConvolver.filter(img, spec)) <= Conformance.TOLERANCE);
        }
    }
}
