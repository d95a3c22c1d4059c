package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The zoomed-out preview: every step-th pixel of the region's output, each as the whole result has it. */
class SampledPreviewTest {

    @ParameterizedTest(name = "step {0}, region {1},{2} {3}x{4}")
    @CsvSource({"1, 0, 0, 61, 47", "2, 0, 0, 61, 47", "3, 5, 4, 50, 40", "7, 0, 0, 61, 47", "16, 13, 9, 48, 38", "64, 0, 0, 61, 47"})
    void samplesAreTheReferencesPixelsAtThosePositions(int step, int x, int y, int w, int h) {
        Random rnd = new Random(step * 31L + x);
        RgbaImage img = TestImages.randomImage(61, 47, rnd);
        for (BorderPolicy policy : Conformance.policies()) {
            for (FilterSpec spec : new FilterSpec[] {FilterSpec.of(TestImages.randomMask(5, 7, rnd), policy),
                new FilterSpec(TestImages.randomMask(3, 3, rnd), policy, 2f, 10f, true)}) {
                RgbaImage whole = ReferenceConvolver.filter(img, spec);
                RgbaImage s = SampledPreview.filter(img, spec, x, y, w, h, step).image();
                assertThat(s.width()).isEqualTo((w + step - 1) / step);
                assertThat(s.height()).isEqualTo((h + step - 1) / step);
                for (int j = 0; j < s.height(); j++) {
                    for (int i = 0; i < s.width(); i++) {
                        int at = (y + j * step) * img.width() + x + i * step;
                        assertThat(s.pixels()[j * s.width() + i]).as(policy.name() + " sample " + i + "," + j)
                                .isEqualTo(whole.pixels()[at]);
                    }
                }
            }
        }
    }

    @Test
    void samplesMatchTheCpuEnginesWholeResultWithinOneLevel() {
        Random rnd = new Random(4);
        RgbaImage img = TestImages.randomImage(300, 200, rnd);
        FilterSpec spec = FilterSpec.of(TestImages.randomMask(11, 11, rnd), BorderPolicy.parse("mirror"));
        RgbaImage whole;
        try (CpuEngine cpu = new CpuEngine()) {
            whole = cpu.filter(img, spec, Strategy.AUTO).image();
        }
        FilterResult s = SampledPreview.filter(img, spec, 0, 0, 300, 200, 8);
        RgbaImage picked = new RgbaImage(s.image().width(), s.image().height(), new int[s.image().pixels().length]);
        for (int j = 0; j < picked.height(); j++) {
            for (int i = 0; i < picked.width(); i++) {
                picked.pixels()[j * picked.width() + i] = whole.pixels()[j * 8 * 300 + i * 8];
            }
        }
        assertThat(s.image().maxDifference(picked)).isLessThanOrEqualTo(1);
        assertThat(s.timings().totalMs()).isPositive();
    }

    @ParameterizedTest(name = "{0} pixels, {1} samples: step {2}")
    @CsvSource({"100, 100, 1", "101, 100, 2", "400, 100, 2", "401, 100, 4", "300000000, 2097152, 16", "1, 1, 1"})
    void theStepIsThePowerOfTwoThatKeepsTheSamplesInBudget(long pixels, long samples, int step) {
        assertThat(SampledPreview.step(pixels, samples)).isEqualTo(step);
    }

    @Test
    void aSampleOfAMaskOfOneIsTheInputPixel() {
        RgbaImage img = TestImages.randomImage(33, 21, new Random(9));
        RgbaImage s = SampledPreview.filter(img, FilterSpec.of(Mask.of(1, 1, 1f), BorderPolicy.parse("zero")), 0, 0, 33, 21, 4)
                .image();
        assertThat(s.pixels()[s.width() + 2]).isEqualTo(img.pixels()[4 * 33 + 8]);
    }
}
