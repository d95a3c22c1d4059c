package org.convolab.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import org.convolab.selftest.Summary;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CpuEngineTest {

    private static CpuEngine engine;

    @BeforeAll
    static void open() {
        engine = new CpuEngine(2);
    }

    @AfterAll
    static void close() {
        engine.close();
    }

    /** strategies x policies x sizes, random images and masks (square, rectangular, larger than the image). */
    @Test
    void fastEngineEqualsReferenceOnTheConformanceMatrix() {
        List<String> failures = new ArrayList<>();
        Conformance c = new Conformance(4, new int[][] {{1, 1}, {1, 9}, {9, 1}, {17, 13}, {40, 23}}, 7);
        Summary s = c.run(engine, List.of(Strategy.values()), failures::add);
        assertThat(failures).as(s.line()).isEmpty();
        assertThat(s.passed()).isGreaterThan(1000);
    }

    static Stream<Arguments> fftCases() {
        return Stream.of("21x21", "31x11", "5x63", "63x63")
                .flatMap(m -> Conformance.policies().stream().map(p -> Arguments.of(m, p.name())));
    }

    /** The FFT path (strategy fft, and auto for large masks that are not separable) against the double reference. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("fftCases")
    void fftPathEqualsTheReference(String size, String policy) {
        String[] wh = size.split("x");
        Random rnd = new Random(size.hashCode() * 31L + policy.hashCode());
        Mask mask = TestImages.randomMask(Integer.parseInt(wh[0]), Integer.parseInt(wh[1]), rnd);
        RgbaImage img = TestImages.randomImage(83, 57, rnd);
        FilterSpec spec = FilterSpec.of(mask, BorderPolicy.parse(policy));
        RgbaImage expected = ReferenceConvolver.filter(img, spec);
        var fft = engine.filter(img, spec, Strategy.FFT);
        assertThat(fft.plan().kernels()).containsExactly(CpuPlanner.FFT);
        assertThat(fft.image().maxDifference(expected)).isLessThanOrEqualTo(Conformance.TOLERANCE);
        var auto = engine.filter(img, spec, Strategy.AUTO);
        boolean large = mask.width() * mask.height() >= FftConvolver.CROSSOVER_TAPS;
        assertThat(auto.strategy()).isEqualTo(large ? Strategy.FFT : Strategy.FAST);
        assertThat(auto.image().maxDifference(expected)).isLessThanOrEqualTo(Conformance.TOLERANCE);
    }

    /** The kept FFT plan serves the next image of the same size and mask, and a new mask gets a new plan. */
    @Test
    void fftPlanIsKeptOnlyWhileMaskAndSizeStay() {
        Random rnd = new Random(5);
        Mask a = TestImages.randomMask(25, 25, rnd);
        Mask b = TestImages.randomMask(25, 25, rnd);
        for (Mask m : new Mask[] {a, a, b, a}) {
            for (int[] size : new int[][] {{40, 30}, {40, 30}, {30, 40}}) {
                RgbaImage img = TestImages.randomImage(size[0], size[1], rnd);
                FilterSpec spec = FilterSpec.of(m, BorderPolicy.parse("wrap"));
                assertThat(engine.filter(img, spec, Strategy.FFT).image().maxDifference(ReferenceConvolver.filter(img, spec)))
                        .isLessThanOrEqualTo(Conformance.TOLERANCE);
            }
        }
    }

    static Stream<Arguments> separableCases() {
        return Stream.of("gaussian:1", "gaussian:2:9", "box:5", "sobel-y", "1 2 3 2 1", "1; 4; 6; 4; 1")
                .flatMap(m -> Conformance.policies().stream().map(p -> Arguments.of(m, p.name())));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("separableCases")
    void separablePathEqualsTheTwoDimensionalPath(String mask, String policy) {
        RgbaImage img = TestImages.randomImage(61, 37, new Random(mask.hashCode()));
        FilterSpec spec = FilterSpec.of(MaskPresets.parse(mask), BorderPolicy.parse(policy));
        RgbaImage twoD = engine.filter(img, spec, Strategy.NAIVE).image();
        RgbaImage sep = engine.filter(img, spec, Strategy.SEPARABLE).image();
        assertThat(sep.maxDifference(twoD)).isLessThanOrEqualTo(1);
    }

    @ParameterizedTest
    @MethodSource("org.convolab.selftest.Conformance#policies")
    void identityReturnsTheImage(BorderPolicy policy) {
        RgbaImage img = TestImages.randomImage(33, 20, new Random(1));
        for (Strategy s : Strategy.values()) {
            assertThat(engine.filter(img, FilterSpec.of(MaskPresets.parse("identity"), policy), s).image().pixels())
                    .containsExactly(img.pixels());
        }
    }

    @ParameterizedTest
    @MethodSource("org.convolab.selftest.Conformance#policies")
    void boxBlurOfAConstantImageStaysConstant(BorderPolicy policy) {
        int[] px = new int[25 * 19];
        java.util.Arrays.fill(px, 0xff7b2a90);
        RgbaImage flat = new RgbaImage(25, 19, px);
        RgbaImage out = engine.filter(flat, FilterSpec.of(MaskPresets.parse("box:7"), policy), Strategy.AUTO).image();
        if (policy.name().equals("zero") || policy.name().startsWith("constant")) {
            assertThat(out.argb(12, 9)).isEqualTo(0xff7b2a90); // the centre sees no ghost cell
            assertThat(out.argb(0, 0)).isNotEqualTo(0xff7b2a90);
        } else {
            assertThat(out.pixels()).containsOnly(0xff7b2a90);
        }
    }

    @Test
    void singleBrightPixelReproducesTheFlippedMask() {
        Mask m = Mask.of(5, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        int[] px = new int[15 * 11];
        java.util.Arrays.fill(px, 0xff000000);
        px[5 * 15 + 7] = 0xff0a0a0a; // value 10 at (7, 5)
        RgbaImage out = engine.filter(new RgbaImage(15, 11, px), FilterSpec.of(m, BorderPolicy.parse("zero")), Strategy.TILED).image();
        Mask flipped = m.flipped();
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 5; x++) {
                assertThat(out.channel(7 - 2 + x, 5 - 1 + y, 0)).isEqualTo((int) (10 * flipped.get(x, y)));
            }
        }
        assertThat(out.channel(0, 0, 0)).isZero();
    }

    @Test
    void alphaPassesThrough() {
        RgbaImage img = TestImages.randomImage(20, 20, new Random(9));
        RgbaImage out = engine.filter(img, FilterSpec.of(MaskPresets.parse("gaussian:2"), BorderPolicy.parse("mirror")), Strategy.AUTO).image();
        for (int i = 0; i < img.size(); i++) {
            assertThat(out.pixels()[i] >>> 24).isEqualTo(img.pixels()[i] >>> 24);
        }
    }

    @Test
    void separableStrategyRefusesANonSeparableMaskAsTheGpuWould() {
        RgbaImage img = TestImages.randomImage(8, 8, new Random(2));
        assertThatThrownBy(() -> engine.filter(img, FilterSpec.of(MaskPresets.parse("sharpen"), BorderPolicy.parse("zero")), Strategy.SEPARABLE))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("not separable");
    }

    @Test
    void autoReportsTheStrategyItPicked() {
        RgbaImage img = TestImages.randomImage(8, 8, new Random(2));
        assertThat(engine.filter(img, FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("zero")), Strategy.AUTO).strategy())
                .isEqualTo(Strategy.FAST_SEPARABLE);
        assertThat(engine.filter(img, FilterSpec.of(MaskPresets.parse("sharpen"), BorderPolicy.parse("zero")), Strategy.AUTO).strategy())
                .isEqualTo(Strategy.FAST);
    }
}
