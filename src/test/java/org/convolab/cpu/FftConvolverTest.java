package org.convolab.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FftConvolverTest {

    /** Image width, height, mask width, height: odd sizes, radii 5..31, rectangles, masks larger than the image. */
    private static final int[][] SHAPES = {
        {1, 1, 11, 11}, {1, 37, 31, 31}, {37, 1, 63, 63}, {17, 13, 63, 63}, {61, 37, 11, 11}, {61, 37, 15, 15},
        {73, 41, 23, 23}, {90, 70, 31, 31}, {45, 29, 63, 5}, {29, 45, 5, 63}, {53, 41, 1, 63}, {41, 53, 31, 1},
        {127, 65, 47, 15}, {40, 30, 63, 63},
    };

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (BorderPolicy p : Conformance.policies()) {
            for (int[] s : SHAPES) {
                cases.add(Arguments.of(p, s[0], s[1], s[2], s[3]));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}x{2} image, {3}x{4} mask")
    @MethodSource("cases")
    void equalsTheReferenceWithinTheEngineTolerance(BorderPolicy policy, int w, int h, int mw, int mh) {
        Random rnd = new Random(31L * w + 17L * h + mw * 7L + mh);
        RgbaImage img = TestImages.randomImage(w, h, rnd);
        FilterSpec spec = FilterSpec.of(TestImages.randomMask(mw, mh, rnd), policy);
        RgbaImage expected = ReferenceConvolver.filter(img, spec);
        assertThat(FftConvolver.filter(img, spec).maxDifference(expected)).isLessThanOrEqualTo(Conformance.TOLERANCE);
    }

    /** Signed weights, a divisor, an offset and the absolute value: the whole output mapping. */
    @ParameterizedTest
    @MethodSource("org.convolab.selftest.Conformance#policies")
    void appliesTheOutputMappingAsTheReferenceDoes(BorderPolicy policy) {
        Random rnd = new Random(5);
        float[] m = new float[21 * 13];
        for (int k = 0; k < m.length; k++) {
            m[k] = rnd.nextFloat() * 2 - 1;
        }
        RgbaImage img = TestImages.randomImage(50, 44, rnd);
        for (boolean abs : new boolean[] {false, true}) {
            FilterSpec spec = new FilterSpec(Mask.of(21, 13, m), policy, 6.5f, abs ? 0f : 128f, abs);
            RgbaImage expected = ReferenceConvolver.filter(img, spec);
            assertThat(FftConvolver.filter(img, spec).maxDifference(expected)).as("abs " + abs).isLessThanOrEqualTo(1);
        }
    }

    @Test
    void aTallImageIsCutIntoManyBandsAndStaysRight() {
        Random rnd = new Random(3);
        RgbaImage img = TestImages.randomImage(40, 2000, rnd);
        FilterSpec spec = FilterSpec.of(TestImages.randomMask(11, 11, rnd), BorderPolicy.parse("wrap"));
        assertThat(new FftConvolver(spec.mask(), 40, 2000).bands()).isGreaterThan(2);
        assertThat(FftConvolver.filter(img, spec).maxDifference(ReferenceConvolver.filter(img, spec))).isLessThanOrEqualTo(1);
    }

    @Test
    void transformSizesAreSmoothAndHoldABandWithItsOverlap() {
        Mask mask = Mask.of(63, 31, new float[63 * 31]);
        for (int[] wh : new int[][] {{1, 1}, {2048, 2048}, {1000, 3}, {4097, 2049}, {641, 479}}) {
            FftConvolver plan = new FftConvolver(mask, wh[0], wh[1]);
            int bandRows = (wh[1] + plan.bands() - 1) / plan.bands();
            assertThat(plan.bands() % 2).isZero();
            assertThat(plan.transformRows()).isGreaterThanOrEqualTo(bandRows + 30).matches(FftLayout::isSmooth);
            assertThat(plan.transformColumns()).isGreaterThanOrEqualTo(wh[0] + 62).matches(FftLayout::isSmooth);
        }
    }

    @Test
    void smoothLengthsHaveNoFactorButTwoThreeAndFive() {
        assertThat(FftLayout.isSmooth(2160)).isTrue();
        assertThat(FftLayout.isSmooth(2048)).isTrue();
        assertThat(FftLayout.isSmooth(2205)).isFalse(); // 3^2 * 5 * 7^2
        assertThat(FftLayout.isSmooth(4098)).isFalse(); // 2 * 3 * 683
        int[] c = FftLayout.candidates(4098);
        assertThat(c).startsWith(4320).endsWith(8192).doesNotContain(4374); // 4320 = 2^5 * 3^3 * 5; 4374 = 2 * 3^7
        assertThat(java.util.Arrays.stream(c).allMatch(FftLayout::isSmooth)).isTrue();
        assertThat(FftLayout.candidates(1)).containsExactly(2);
    }

    /** The per-channel entry CpuEngine calls: a padded plane in, one channel's bits out, the others untouched. */
    @Test
    void filterChannelWritesOnlyItsChannelFromAPaddedPlane() {
        Random rnd = new Random(11);
        int w = 37;
        int h = 29;
        Mask mask = TestImages.randomMask(15, 9, rnd);
        BorderPolicy border = BorderPolicy.parse("reflect");
        RgbaImage img = TestImages.randomImage(w, h, rnd);
        int rx = mask.radiusX();
        int ry = mask.radiusY();
        float[] padded = new float[(w + 2 * rx) * (h + 2 * ry)];
        for (int py = 0; py < h + 2 * ry; py++) {
            for (int px = 0; px < w + 2 * rx; px++) {
                padded[py * (w + 2 * rx) + px] = img.channel(border.index(px - rx, w), border.index(py - ry, h), 1);
            }
        }
        int[] out = new int[w * h];
        java.util.Arrays.fill(out, 0xab0000cd);
        FilterSpec spec = FilterSpec.of(mask, border);
        new FftConvolver(mask, w, h).filterChannel(padded, out, 8, spec);
        RgbaImage expected = ReferenceConvolver.filter(img, spec);
        for (int k = 0; k < out.length; k++) {
            assertThat(out[k] & 0xffff00ff).isEqualTo(0xab0000cd);
            assertThat(Math.abs(((out[k] >>> 8) & 0xff) - ((expected.pixels()[k] >>> 8) & 0xff))).isLessThanOrEqualTo(1);
        }
    }

    @Test
    void alphaPassesThrough() {
        RgbaImage img = TestImages.randomImage(30, 20, new Random(9));
        RgbaImage out = FftConvolver.filter(img, FilterSpec.of(TestImages.randomMask(13, 13, new Random(1)), BorderPolicy.parse("clamp")));
        for (int i = 0; i < img.size(); i++) {
            assertThat(out.pixels()[i] >>> 24).isEqualTo(img.pixels()[i] >>> 24);
        }
    }

    /** JTransforms' own pool has non-daemon threads that would keep a finished CLI run alive for a minute. */
    @Test
    void transformThreadsDoNotKeepTheJvmAlive() {
        assumeThat(Runtime.getRuntime().availableProcessors()).as("JTransforms uses threads on more than one core").isGreaterThan(1);
        RgbaImage img = TestImages.randomImage(512, 512, new Random(4));
        FftConvolver.filter(img, FilterSpec.of(TestImages.randomMask(31, 31, new Random(4)), BorderPolicy.parse("zero")));
        List<Thread> fftThreads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("convolab-fft-")).toList();
        assertThat(fftThreads).isNotEmpty().allMatch(Thread::isDaemon);
    }
}
