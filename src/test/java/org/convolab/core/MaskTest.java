package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MaskTest {

    @ParameterizedTest
    @ValueSource(strings = {"identity", "box:3", "box:5", "gaussian:1.5", "gaussian:2:7", "sharpen", "laplacian", "laplacian:8",
            "sobel-x", "sobel-y", "prewitt-x", "prewitt-y", "emboss", "unsharp", "motion:9", "motion:7:45", "motion:4:90"})
    void everyPresetParsesToAnOddMask(String spec) {
        Mask m = MaskPresets.parse(spec);
        assertThat(m.width() % 2).isEqualTo(1);
        assertThat(m.height() % 2).isEqualTo(1);
    }

    @Test
    void presetsHaveTheirKnownWeights() {
        assertThat(MaskPresets.parse("sobel-x").weights()).containsExactly(-1, 0, 1, -2, 0, 2, -1, 0, 1);
        assertThat(MaskPresets.parse("laplacian:8").sum()).isZero();
        assertThat(MaskPresets.parse("box:5").sum()).isCloseTo(1, within(1e-6));
        assertThat(MaskPresets.parse("gaussian:1").width()).isEqualTo(7);
        assertThat(MaskPresets.parse("gaussian:1.5").sum()).isCloseTo(1, within(1e-5));
        assertThat(MaskPresets.parse("unsharp").sum()).isCloseTo(1, within(1e-6));
        Mask motion = MaskPresets.parse("motion:5");
        assertThat(motion.width()).isEqualTo(5);
        assertThat(motion.get(0, 2)).isCloseTo(0.2f, within(1e-6f));
        assertThat(motion.get(2, 0)).isZero();
        Mask vertical = MaskPresets.parse("motion:5:90");
        assertThat(vertical.get(2, 0)).isCloseTo(0.2f, within(1e-6f));
        assertThat(vertical.get(0, 2)).isZero();
    }

    @Test
    void inlineRowsAndRectangularMasks() {
        Mask m = MaskPresets.parse("1 2 1; 2 4 2; 1 2 1");
        assertThat(m.width()).isEqualTo(3);
        assertThat(m.get(1, 1)).isEqualTo(4f);
        Mask r = MaskPresets.parse("1, 2, 3, 4, 5");
        assertThat(r.width()).isEqualTo(5);
        assertThat(r.height()).isEqualTo(1);
    }

    @Test
    void badMasksGetClearMessages() {
        assertThatThrownBy(() -> MaskPresets.parse("1 2; 3 4")).hasMessageContaining("even");
        assertThatThrownBy(() -> MaskPresets.parse("1 2 3; 4 5")).hasMessageContaining("row 2 has 2 numbers");
        assertThatThrownBy(() -> MaskPresets.parse("1 a 3")).hasMessageContaining("column 2").hasMessageContaining("'a'");
        assertThatThrownBy(() -> MaskPresets.parse("1 NaN 3")).hasMessageContaining("not a finite number");
        assertThatThrownBy(() -> MaskPresets.parse("blur:3")).hasMessageContaining("unknown mask preset 'blur'");
        assertThatThrownBy(() -> MaskPresets.parse("box:4")).hasMessageContaining("even");
        assertThatThrownBy(() -> MaskPresets.parse("box:1025")).hasMessageContaining("from 1 to 1023");
        assertThatThrownBy(() -> MaskPresets.parse("")).hasMessageContaining("empty");
        assertThatThrownBy(() -> MaskPresets.parse("gaussian:-1")).hasMessageContaining("sigma");
    }

    @Test
    void normaliseDividesBySumAndLeavesZeroSumAlone() {
        Mask m = Mask.of(3, 1, 1, 2, 1).normalized();
        assertThat(m.weights()).containsExactly(0.25f, 0.5f, 0.25f);
        Mask lap = MaskPresets.parse("laplacian");
        assertThat(lap.normalized()).isEqualTo(lap);
    }

    @Test
    void normalisingASumNearZeroIsAnErrorNotInfiniteWeights() {
        Mask tiny = MaskPresets.parse("1 -1 1e-40");
        assertThatThrownBy(tiny::normalized).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("cannot normalise").hasMessageContaining("overflow");
    }

    @Test
    void aTinyOrNanSigmaBlamesTheSigma() {
        for (String spec : new String[] {"gaussian:1e-300", "gaussian:0.001"}) {
            assertThatThrownBy(() -> MaskPresets.parse(spec)).as(spec).isInstanceOf(ConvolabException.class)
                    .hasMessageStartingWith("gaussian sigma must be from 0.01 to 1000");
        }
        assertThatThrownBy(() -> MaskPresets.parse("gaussian:nan")).hasMessageStartingWith("SIGMA in mask preset 'gaussian:nan'");
        assertThat(MaskPresets.parse("gaussian:0.01")).isEqualTo(Mask.of(3, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0));
    }

    @Test
    void userTokensAreQuotedEscapedAndCut() {
        assertThatThrownBy(() -> MaskPresets.parse("1 a\u001b[31m 3")).hasMessage("mask line 1, column 2: 'a\\u001b[31m' is not a number");
        String huge = "9".repeat(10) + "x".repeat(500_000);
        assertThatThrownBy(() -> MaskPresets.parse("1 " + huge)).satisfies(e -> {
            assertThat(e.getMessage()).hasSizeLessThan(120).contains("'" + huge.substring(0, UserText.MAX_SHOWN) + "…'");
        });
        assertThatThrownBy(() -> MaskPresets.parse("blur\n:3")).hasMessageStartingWith("unknown mask preset 'blur\\n'");
        assertThatThrownBy(() -> MaskPresets.parse("1,,1")).hasMessageContaining("column 2: a number is missing");
        assertThatThrownBy(() -> MaskPresets.parse("1, 1,")).hasMessageContaining("column 3: a number is missing");
    }

    @Test
    void flipRotatesBy180Degrees() {
        Mask m = Mask.of(3, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(m.flipped().weights()).containsExactly(9, 8, 7, 6, 5, 4, 3, 2, 1);
        assertThat(m.flipped().flipped()).isEqualTo(m);
    }

    @Test
    void separabilityTestFindsRowAndColumn() {
        Mask sobel = MaskPresets.parse("sobel-x");
        SeparableMask s = sobel.separable().orElseThrow();
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 3; x++) {
                assertThat(s.column()[y] * s.row()[x]).isCloseTo(sobel.get(x, y), within(1e-6f));
            }
        }
        assertThat(MaskPresets.parse("gaussian:2").separable()).isPresent();
        assertThat(MaskPresets.parse("box:7").separable()).isPresent();
        assertThat(MaskPresets.parse("sharpen").separable()).isEmpty();
        assertThat(MaskPresets.parse("laplacian").separable()).isEmpty();
        assertThat(MaskPresets.parse("motion:9:45").separable()).isEmpty();
    }

    @Test
    void separableStrategiesRefuseNonSeparableMasks() {
        Mask sharpen = MaskPresets.parse("sharpen");
        assertThat(Strategy.SEPARABLE.whyNotApplicable(sharpen)).contains("not separable");
        assertThat(Strategy.TILED.whyNotApplicable(sharpen)).isNull();
        assertThatThrownBy(() -> Strategy.SEPARABLE_TILED.checkApplicable(sharpen)).isInstanceOf(ConvolabException.class);
        assertThat(Strategy.parse("tiled-out")).isEqualTo(Strategy.TILED_OUT);
        assertThatThrownBy(() -> Strategy.parse("fastest")).hasMessageContaining("unknown strategy 'fastest'");
    }

    @Test
    void maskTextRoundTrips() {
        Mask m = MaskPresets.parse("gaussian:1.2:5");
        assertThat(MaskText.parse(MaskText.format(m), "test")).isEqualTo(m);
        Mask c = MaskText.parse("# a comment\n1, 2, 1\n\n2 4 2\n# another\n1\t2\t1\n", "file.txt");
        assertThat(c).isEqualTo(Mask.of(3, 3, 1, 2, 1, 2, 4, 2, 1, 2, 1));
        assertThatThrownBy(() -> MaskText.parse("1 2 3\n4 5 x\n", "m.txt")).hasMessage("m.txt line 2, column 3: 'x' is not a number");
        assertThatThrownBy(() -> MaskText.parse("# nothing\n", "m.txt")).hasMessageContaining("holds no weights");
    }

    @Test
    void outputMappingRoundsHalfUpAndClamps() {
        FilterSpec spec = new FilterSpec(Mask.of(1, 1, 1), ConstantPolicy.ZERO, 2f, 10f, true);
        assertThat(spec.toByte(-21)).isEqualTo(21); // |−21| / 2 + 10 = 20.5 → 21
        assertThat(spec.toByte(1000)).isEqualTo(255);
        assertThat(FilterSpec.of(Mask.of(1, 1, 1), ConstantPolicy.ZERO).toByte(-3)).isZero();
        assertThatThrownBy(() -> new FilterSpec(Mask.of(1, 1, 1), ConstantPolicy.ZERO, 0f, 0f, false)).hasMessageContaining("divisor");
    }
}
