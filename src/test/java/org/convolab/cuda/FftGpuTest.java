package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
 * fft on a real GPU with the host's cuFFT: every policy against the double reference, masks small
 * and large, square and not, images of odd sizes; the prepared spectrum follows a new mask and a
 * new size. Skipped, with the reason, where no CUDA device or no cuFFT is usable.
 */
@Tag("gpu")
class FftGpuTest {

    private static CudaEngine engine;

    @BeforeAll
    static void open() {
        CudaProbe.Result probe = CudaProbe.probe();
        assumeTrue(probe.usable(), () -> "no usable CUDA device: " + probe.problem());
        assumeTrue(CuFft.problem() == null, CuFft::problem);
        engine = new CudaEngine(probe.devices().get(0));
    }

    @AfterAll
    static void close() {
        if (engine != null) {
            engine.close();
        }
    }

    static Stream<Arguments> cases() {
        int[][] sizes = {{3, 3}, {15, 15}, {63, 63}, {63, 5}, {1, 31}, {21, 9}};
        return Stream.of(sizes).flatMap(s -> Conformance.policies().stream().map(p -> Arguments.of(s[0], s[1], p.name())));
    }

    @ParameterizedTest(name = "{0}x{1} {2}")
    @MethodSource("cases")
    void fftMatchesTheReference(int mw, int mh, String policy) {
        Random rnd = new Random(7000L * mw + mh + policy.hashCode());
        Mask mask = Conformance.randomMask(mw, mh, rnd);
        for (int[] size : new int[][] {{257, 101}, {16, 9}, {1, 1}}) {
            RgbaImage img = Conformance.randomImage(size[0], size[1], rnd);
            FilterSpec spec = FilterSpec.of(mask, BorderPolicy.parse(policy));
            FilterResult r = engine.filter(img, spec, Strategy.FFT);
            assertEquals(Strategy.FFT, r.strategy());
            assertEquals(CudaPlanner.FFT_PASSES, r.plan().kernels());
            int diff = r.image().maxDifference(ReferenceConvolver.filter(img, spec));
            assertTrue(diff <= Conformance.TOLERANCE, () -> mw + "x" + mh + " on " + size[0] + "x" + size[1] + ": max diff " + diff);
        }
    }

    /** Same size, new mask of the same radius (spectrum redone); new size (plans redone); back again. */
    @Test
    void preparedSpectrumFollowsMaskAndSize() {
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
}
