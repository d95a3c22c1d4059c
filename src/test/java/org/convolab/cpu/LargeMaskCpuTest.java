package org.convolab.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Masks past 63x63 (65 to 1023 taps a side) on the CPU: through the FFT on images and on the float planes of grey,
 * 16-bit and float files, against the double reference for every policy, masks larger than the image included;
 * the direct strategies refuse them, naming fft.
 */
class LargeMaskCpuTest {

    private static final CpuEngine ENGINE = new CpuEngine(2);
    private static final int[][] SIZES = {{65, 65}, {127, 9}, {9, 255}, {255, 255}};

    @AfterAll
    static void close() {
        ENGINE.close();
    }

    /** Random signed weights (so sums cancel, as an edge filter's do). */
    private static Mask signed(int w, int h, Random rnd) {
        float[] m = new float[w * h];
        for (int k = 0; k < m.length; k++) {
            m[k] = rnd.nextFloat() * 2 - 0.9f;
        }
        return Mask.of(w, h, m);
    }

    @Test
    void imagesOfLargeMasksRunThroughTheFftAndMatchTheReference() {
        Random rnd = new Random(65);
        for (int[] s : new int[][] {{65, 65}, {127, 9}, {9, 255}}) { // 255x255: the planes' test
            Mask m = TestImages.randomMask(s[0], s[1], rnd);
            for (BorderPolicy p : Conformance.policies()) {
                for (int[] img : new int[][] {{33, 21}, {7, 5}}) {
                    RgbaImage in = TestImages.randomImage(img[0], img[1], rnd);
                    FilterSpec spec = FilterSpec.of(m, p);
                    FilterResult r = ENGINE.filter(in, spec, Strategy.AUTO);
                    assertThat(r.strategy()).isEqualTo(s[0] * s[1] >= 300 ? Strategy.FFT : Strategy.FAST);
                    assertThat(r.image().maxDifference(ReferenceConvolver.filter(in, spec))).as(s[0] + "x" + s[1] + " " + p.name())
                            .isLessThanOrEqualTo(Conformance.TOLERANCE);
                }
            }
        }
    }

    @Test
    void planesOfLargeSignedMasksMatchTheReferenceWithin1e4() {
        Random rnd = new Random(255);
        try (CpuPlaneFilter planes = new CpuPlaneFilter(2)) {
            for (int[] s : SIZES) {
                Mask m = signed(s[0], s[1], rnd);
                for (BorderPolicy p : Conformance.policies()) {
                    int w = 29;
                    int h = 17;
                    double[] plane = new double[w * h];
                    for (int k = 0; k < plane.length; k++) {
                        plane[k] = rnd.nextDouble() * 1000 - 5;
                    }
                    double[] ref = ReferenceConvolver.correlate(plane, w, h, m, p);
                    double[] bound = PlaneReference.bound(plane, w, h, m, p);
                    // the plane filter takes the rows above and below resolved through the policy
                    float[] rows = PlaneReference.rowsWithGhosts(plane, w, h, m.radiusY(), p);
                    float[] sums = new float[w * h];
                    assertThat(planes.correlate(rows, w, h, FilterSpec.of(m, p), Strategy.AUTO, sums).runs()).isEqualTo(Strategy.FFT);
                    for (int k = 0; k < sums.length; k++) {
                        assertThat(Math.abs(sums[k] - ref[k])).as(s[0] + "x" + s[1] + " " + p.name() + " pixel " + k)
                                .isLessThanOrEqualTo(1e-4 * bound[k] + 1e-3);
                    }
                }
            }
        }
    }

    /** fast-separable takes separable masks past 63x63 when asked for (rows then columns), every policy, masks larger than the image. */
    @Test
    void fastSeparableTakesLargeSeparableMasksAndMatchesTheReference() {
        Random rnd = new Random(127);
        for (int[] s : new int[][] {{65, 65}, {127, 9}, {9, 255}, {1023, 3}}) {
            Mask m = TestImages.separableMask(s[0], s[1], rnd);
            assertThat(m.separable()).as(s[0] + "x" + s[1]).isPresent();
            for (BorderPolicy p : Conformance.policies()) {
                for (int[] img : new int[][] {{33, 21}, {7, 5}}) {
                    RgbaImage in = TestImages.randomImage(img[0], img[1], rnd);
                    FilterSpec spec = FilterSpec.of(m, p);
                    FilterResult r = ENGINE.filter(in, spec, Strategy.FAST_SEPARABLE);
                    assertThat(r.strategy()).isEqualTo(Strategy.FAST_SEPARABLE);
                    assertThat(r.image().maxDifference(ReferenceConvolver.filter(in, spec))).as(s[0] + "x" + s[1] + " " + p.name())
                            .isLessThanOrEqualTo(Conformance.TOLERANCE);
                }
            }
        }
    }

    @Test
    void aGaussianOfSigma40Is241TapsThroughTheSeparablePathOnAuto() {
        Mask g = MaskPresets.parse("gaussian:40");
        assertThat(g.width()).isEqualTo(241);
        RgbaImage in = TestImages.randomImage(50, 30, new Random(40));
        FilterSpec spec = FilterSpec.of(g, BorderPolicy.parse("mirror"));
        FilterResult r = ENGINE.filter(in, spec, Strategy.AUTO);
        assertThat(r.strategy()).isEqualTo(Strategy.FAST_SEPARABLE);
        assertThat(r.image().maxDifference(ReferenceConvolver.filter(in, spec))).isLessThanOrEqualTo(Conformance.TOLERANCE);
        assertThat(ENGINE.filter(in, spec, Strategy.FFT).image().maxDifference(ReferenceConvolver.filter(in, spec)))
                .isLessThanOrEqualTo(Conformance.TOLERANCE);
    }

    @Test
    void directStrategiesRefuseMasksPast63NamingFft() {
        Mask m = TestImages.randomMask(65, 3, new Random(1));
        RgbaImage in = TestImages.randomImage(8, 8, new Random(2));
        for (Strategy s : Strategy.concrete()) {
            if (s == Strategy.FFT || s.needsSeparable()) {
                continue;
            }
            assertThatThrownBy(() -> ENGINE.filter(in, FilterSpec.of(m, BorderPolicy.parse("clamp")), s)).as(s.id())
                    .isInstanceOf(ConvolabException.class).hasMessageContaining("up to 63x63").hasMessageContaining("fft");
        }
    }
}
