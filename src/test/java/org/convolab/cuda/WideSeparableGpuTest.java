package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.PlaneFilter;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.PlaneReference;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.engine.PlaneFilters;
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
 * fast-separable's wide kernels (wide_separable.cu: separable masks past 63x63, up to 1023 taps a side) on a real GPU,
 * every policy against the double reference: on auto and asked for by name, on 8-bit images (the resident ARGB path:
 * unpack, the two passes a channel, pack) and on float planes (the plane filter). Square, wide, tall and rectangular
 * masks; tap counts that are and are not multiples of the passes' register windows (9 along rows, 8 down columns);
 * images smaller than the mask and images whose sides are no multiple of the tiles (331 columns: two row tiles of 288;
 * 70 rows: two column blocks of 64). Skipped, with the reason, where no CUDA device is usable.
 */
@Tag("gpu")
class WideSeparableGpuTest {

    private static CudaEngine engine;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
    }

    static Stream<Arguments> cases() {
        int[][] sizes = {{65, 65}, {127, 9}, {9, 255}, {99, 71}, {1023, 3}, {3, 1023}, {241, 241}};
        return Stream.of(sizes).flatMap(s -> Conformance.policies().stream().map(p -> Arguments.of(s[0], s[1], p.name())));
    }

    @ParameterizedTest(name = "{0}x{1} {2}")
    @MethodSource("cases")
    void wideSeparableMatchesTheReferenceOnImages(int mw, int mh, String policy) {
        Random rnd = new Random(7L * mw + mh + policy.hashCode());
        Mask mask = TestImages.separableMask(mw, mh, rnd);
        // the double reference costs taps x pixels: smaller images for the larger masks
        int[][] sizes = mw * mh > 20_000 ? new int[][] {{150, 31}, {20, 9}, {1, 1}} : new int[][] {{331, 70}, {289, 5}, {20, 9}, {1, 1}};
        for (int[] size : sizes) {
            RgbaImage img = TestImages.randomImage(size[0], size[1], rnd);
            FilterSpec spec = FilterSpec.of(mask, BorderPolicy.parse(policy));
            RgbaImage ref = ReferenceConvolver.filter(img, spec);
            for (Strategy s : new Strategy[] {Strategy.AUTO, Strategy.FAST_SEPARABLE}) {
                FilterResult r = engine.filter(img, spec, s);
                assertEquals(Strategy.FAST_SEPARABLE, r.strategy(), s.id());
                assertEquals(KernelTable.WIDE_PASSES, r.plan().kernels());
                int diff = r.image().maxDifference(ref);
                assertTrue(diff <= Conformance.TOLERANCE, () -> s + " " + mw + "x" + mh + " " + policy + " on " + size[0] + "x"
                        + size[1] + ": max diff " + diff);
            }
        }
    }

    /** An output mapping (divisor, offset, |sum|) with signed rank-1 weights: the pack kernel after the wide passes. */
    @Test
    void signedWeightsWithAnOutputMapping() {
        Random rnd = new Random(5);
        float[] row = new float[131];
        float[] col = new float[67];
        for (int i = 0; i < row.length; i++) {
            row[i] = rnd.nextFloat() * 2 - 1;
        }
        for (int j = 0; j < col.length; j++) {
            col[j] = rnd.nextFloat() * 2 - 1;
        }
        float[] m = new float[row.length * col.length];
        for (int j = 0; j < col.length; j++) {
            for (int i = 0; i < row.length; i++) {
                m[j * row.length + i] = col[j] * row[i];
            }
        }
        Mask mask = Mask.of(row.length, col.length, m);
        RgbaImage img = TestImages.randomImage(257, 61, rnd);
        for (BorderPolicy p : Conformance.policies()) {
            FilterSpec spec = new FilterSpec(mask, p, 40f, 20f, true);
            FilterResult r = engine.filter(img, spec, Strategy.AUTO);
            assertEquals(KernelTable.WIDE_PASSES, r.plan().kernels());
            int diff = r.image().maxDifference(ReferenceConvolver.filter(img, spec));
            assertTrue(diff <= Conformance.TOLERANCE, () -> p.name() + ": max diff " + diff);
        }
    }

    /** The plane filter (grey, 16-bit and float files) runs the wide passes: raw sums within 1e-4 of the double reference. */
    @Test
    void planesMatchTheReference() {
        Random rnd = new Random(1023);
        int w = 97; // the double reference and its bound cost taps x pixels (301x53 did not end within the H100 call's test time)
        int h = 29;
        try (PlaneFilter planes = PlaneFilters.forEngine(engine)) {
            for (Mask m : new Mask[] {MaskPresets.parse("gaussian:40"), TestImages.separableMask(1023, 5, rnd),
                    TestImages.separableMask(7, 301, rnd)}) {
                for (BorderPolicy p : Conformance.policies()) {
                    double[] plane = new double[w * h];
                    for (int k = 0; k < plane.length; k++) {
                        plane[k] = rnd.nextDouble() * 1000 - 5;
                    }
                    double[] ref = ReferenceConvolver.correlate(plane, w, h, m, p);
                    double[] bound = PlaneReference.bound(plane, w, h, m, p);
                    float[] rows = PlaneReference.rowsWithGhosts(plane, w, h, m.radiusY(), p);
                    float[] sums = new float[w * h];
                    assertEquals(Strategy.FAST_SEPARABLE, planes.correlate(rows, w, h, FilterSpec.of(m, p), Strategy.AUTO, sums).runs());
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
}
