package org.convolab.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Vector API path of the CPU filters gives the scalar path's bits: both add the same float products
 * in the same order ({@link TapList}), so nothing less than equality is asked. Surefire runs with
 * {@code --add-modules jdk.incubator.vector}; without it the vector kernel is absent and these tests skip.
 */
class VectorTapKernelTest {

    /** Widths around the vector lengths (4 to 16 floats, blocks of 4 vectors) and a 1-pixel image. */
    private static final int[] WIDTHS = {1, 2, 7, 15, 16, 17, 31, 33, 63, 64, 65, 67, 129};
    /** Masks up to wider and taller than the smaller images (1 to 9 taps a side, 4 taps a group and rests). */
    private static final int[][] MASKS = {{1, 1}, {3, 3}, {5, 1}, {1, 7}, {5, 5}, {9, 5}, {7, 9}, {3, 9}, {17, 15}};

    private static CpuEngine vector;
    private static CpuEngine scalar;

    @BeforeAll
    static void open() {
        assumeTrue(TapKernels.vector().isPresent(), "jdk.incubator.vector is not in this JVM (run with --add-modules)");
        vector = new CpuEngine(2, Optional.of(new VectorTapKernel()));
        scalar = new CpuEngine(2, Optional.empty());
    }

    @AfterAll
    static void close() {
        if (vector != null) {
            vector.close();
            scalar.close();
        }
    }

    @Test
    void rowsKernelEqualsTheScalarLoopsBitForBit() {
        rowsEqualTheScalarLoops(new VectorTapKernel());
    }

    /** The scalar stand-in of the vector kernel ({@link ScalarFirstTapKernel}) gives the same bits too. */
    @Test
    void scalarTapKernelEqualsTheScalarLoopsBitForBit() {
        rowsEqualTheScalarLoops(new ScalarTapKernel());
    }

    private static void rowsEqualTheScalarLoops(TapKernel k) {
        Random rnd = new Random(7);
        for (int w : WIDTHS) {
            for (int[] m : MASKS) {
                int mw = m[0];
                int mh = m[1];
                int pw = w + mw - 1;
                float[] plane = new float[pw * (mh + 2)];
                for (int i = 0; i < plane.length; i++) {
                    plane[i] = rnd.nextInt(256);
                }
                TapList taps = new TapList(weights(mw * mh, rnd), mw, mh);
                float[] expected = new float[w];
                float[][] shifted = new float[mw][w];
                float[][] under = new float[taps.size()][];
                for (int j = 0; j < mh; j++) {
                    CpuEngine.shiftRow(plane, (1 + j) * pw, mw, w, shifted);
                    for (int t = taps.start[j]; t < taps.start[j + 1]; t++) {
                        under[t] = shifted[taps.i[t]];
                    }
                    CpuEngine.accumulate(expected, under, taps.w, taps.start[j], taps.start[j + 1], w);
                }
                float[] got = new float[w];
                Arrays.fill(got, Float.NaN);
                k.rows(plane, pw, taps.offsets(pw), taps.w, got, 0, w);
                assertThat(bits(got)).as("w %d, mask %dx%d", w, mw, mh).containsExactly(bits(expected));

                float[][] rows = new float[mh + 1][];
                for (int r = 0; r < rows.length; r++) {
                    rows[r] = Arrays.copyOfRange(plane, r * pw, r * pw + w);
                }
                TapList col = new TapList(weights(mh, rnd), 1, mh);
                float[][] window = new float[col.size()][];
                for (int t = 0; t < window.length; t++) {
                    window[t] = rows[1 + col.j[t]];
                }
                float[] expectedCol = new float[w];
                CpuEngine.accumulate(expectedCol, window, col.w, 0, col.size(), w);
                // The column pass: the same kernel down a plane of rows w apart, writing at an offset.
                float[] flat = new float[rows.length * w];
                for (int r = 0; r < rows.length; r++) {
                    System.arraycopy(rows[r], 0, flat, r * w, w);
                }
                float[] gotCol = new float[w + 3];
                k.rows(flat, w, col.offsets(w), col.w, gotCol, 3, w);
                gotCol = Arrays.copyOfRange(gotCol, 3, w + 3);
                assertThat(bits(gotCol)).as("columns: w %d, %d taps", w, mh).containsExactly(bits(expectedCol));
            }
        }
    }

    /** strategies x policies x sizes through the whole engine: random, separable and signed masks with zeros, output mappings. */
    @Test
    void engineGivesTheSameImageWithAndWithoutTheVectorKernel() {
        Random rnd = new Random(11);
        int[][] sizes = {{1, 1}, {1, 9}, {9, 1}, {17, 13}, {67, 5}, {130, 33}};
        List<String> failures = new ArrayList<>();
        int checks = 0;
        for (int[] size : sizes) {
            RgbaImage img = TestImages.randomImage(size[0], size[1], rnd);
            for (int[] m : MASKS) {
                for (Mask mask : List.of(TestImages.randomMask(m[0], m[1], rnd), TestImages.separableMask(m[0], m[1], rnd),
                        Mask.of(m[0], m[1], weights(m[0] * m[1], rnd)))) {
                    for (BorderPolicy policy : Conformance.policies()) {
                        for (Strategy s : List.of(Strategy.AUTO, Strategy.FAST, Strategy.FAST_SEPARABLE, Strategy.NAIVE)) {
                            if (s.needsSeparable() && mask.separable().isEmpty()) {
                                continue;
                            }
                            FilterSpec spec = new FilterSpec(mask, policy, m[0] == 5 ? 3f : 1f, m[0] == 5 ? 20f : 0f, m[1] == 5);
                            RgbaImage a = vector.filter(img, spec, s).image();
                            RgbaImage b = scalar.filter(img, spec, s).image();
                            checks++;
                            if (!Arrays.equals(a.pixels(), b.pixels())) {
                                failures.add(size[0] + "x" + size[1] + " mask " + m[0] + "x" + m[1] + " " + policy.name() + " " + s);
                            }
                        }
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(checks).isGreaterThan(1000);
    }

    @Test
    void planeFilterGivesTheSameSumsWithAndWithoutTheVectorKernel() {
        Random rnd = new Random(13);
        try (CpuPlaneFilter v = new CpuPlaneFilter(2, Optional.of(new VectorTapKernel())); CpuPlaneFilter s = new CpuPlaneFilter(2, Optional.empty())) {
            for (int w : WIDTHS) {
                for (int[] m : MASKS) {
                    for (Mask mask : List.of(TestImages.randomMask(m[0], m[1], rnd), TestImages.separableMask(m[0], m[1], rnd))) {
                        int outRows = 1 + rnd.nextInt(9);
                        float[] rows = new float[w * (outRows + mask.height() - 1)];
                        for (int i = 0; i < rows.length; i++) {
                            rows[i] = rnd.nextInt(256);
                        }
                        FilterSpec spec = FilterSpec.of(mask, BorderPolicy.parse("mirror"));
                        float[] a = new float[w * outRows];
                        float[] b = new float[w * outRows];
                        v.correlate(rows, w, outRows, spec, Strategy.AUTO, a);
                        s.correlate(rows, w, outRows, spec, Strategy.AUTO, b);
                        assertThat(bits(a)).as("w %d, mask %dx%d", w, m[0], m[1]).containsExactly(bits(b));
                    }
                }
            }
        }
    }

    /** Random weights, about a tenth of them zero (left out of the {@link TapList}). */
    private static float[] weights(int n, Random rnd) {
        float[] w = new float[n];
        for (int i = 0; i < n; i++) {
            w[i] = rnd.nextInt(10) == 0 ? 0f : (float) rnd.nextGaussian();
        }
        return w;
    }

    private static int[] bits(float[] v) {
        int[] b = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Float.floatToRawIntBits(v[i]);
        }
        return b;
    }
}
