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
 * The run-time size fast kernel (convolab_fast2d_any) on a real GPU: square masks past radius 15,
 * rectangular ones (widths that are and are not multiples of 4, passes of 16 mask rows and a last
 * short one), images whose sides are no multiple of its 128x32 output tile, every policy; and the
 * tiled hand-over to tiled-out. Skipped, with the reason, where no CUDA device is usable.
 */
@Tag("gpu")
class FastAnyGpuTest {

    private static CudaEngine engine;

    @BeforeAll
    static void open() {
        CudaProbe.Result probe = CudaProbe.probe();
        assumeTrue(probe.usable(), () -> "no usable CUDA device: " + probe.problem());
        engine = new CudaEngine(probe.devices().get(0));
    }

    @AfterAll
    static void close() {
        if (engine != null) {
            engine.close();
        }
    }

    static Stream<Arguments> masks() {
        int[][] sizes = {{33, 33}, {47, 47}, {63, 63}, {63, 5}, {5, 63}, {1, 31}, {31, 1}, {15, 3}, {3, 17}, {9, 33}, {61, 49}};
        return Stream.of(sizes).flatMap(s -> Conformance.policies().stream().map(p -> Arguments.of(s[0], s[1], p.name())));
    }

    @ParameterizedTest(name = "{0}x{1} {2}")
    @MethodSource("masks")
    void fastAnyMatchesTheReference(int mw, int mh, String policy) {
        Random rnd = new Random(1000L * mw + mh + policy.hashCode());
        Mask mask = Conformance.randomMask(mw, mh, rnd);
        for (int[] size : new int[][] {{301, 77}, {130, 34}, {20, 9}}) {
            RgbaImage img = Conformance.randomImage(size[0], size[1], rnd);
            FilterSpec spec = FilterSpec.of(mask, BorderPolicy.parse(policy));
            FilterResult r = engine.filter(img, spec, Strategy.FAST);
            assertEquals(List.of("convolab_fast2d_any"), r.plan().kernels());
            int diff = r.image().maxDifference(ReferenceConvolver.filter(img, spec));
            assertTrue(diff <= Conformance.TOLERANCE, () -> mw + "x" + mh + " on " + size[0] + "x" + size[1] + ": max diff " + diff);
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
