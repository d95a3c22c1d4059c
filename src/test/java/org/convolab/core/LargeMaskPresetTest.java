package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Presets and masks past 63x63: never cut short silently; up to 1023 a side; the direct strategies refuse them. */
class LargeMaskPresetTest {

    @Test
    void gaussianIsTwoCeilThreeSigmaPlusOneTapsAsDocumented() {
        for (double sigma : new double[] {1, 2.5, 10.4, 15, 20, 40, 170}) {
            int taps = 2 * (int) Math.ceil(3 * sigma) + 1;
            Mask g = MaskPresets.parse("gaussian:" + sigma);
            assertThat(g.width()).as("sigma " + sigma).isEqualTo(taps);
            assertThat(g.height()).isEqualTo(taps);
            assertThat(g.sum()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-3));
        }
    }

    @Test
    void aGaussianPastTheLargestMaskIsAnErrorNamingTheTapsAndTheWayOut() {
        assertThatThrownBy(() -> MaskPresets.parse("gaussian:171")).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("1027 taps").hasMessageContaining("1023").hasMessageContaining("gaussian:171:1023");
        assertThat(MaskPresets.parse("gaussian:300:1023").width()).isEqualTo(1023);
    }

    @Test
    void masksUpTo1023ASideAreMadeAndLargerRefused() {
        assertThat(MaskPresets.parse("box:1023").height()).isEqualTo(1023);
        assertThat(MaskPresets.parse("motion:301:30").width()).isEqualTo(301);
        assertThatThrownBy(() -> Mask.of(1025, 1, new float[1025])).hasMessageContaining("from 1 to 1023");
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < 129; i++) {
            row.append(i % 7 - 3).append(' ');
        }
        Mask m = MaskText.parse(row + "\n" + row + "\n" + row, "inline");
        assertThat(m.width()).isEqualTo(129);
        assertThat(m.height()).isEqualTo(3);
    }

    @Test
    void onlyFftAutoAndFastSeparableTakeMasksPast63() {
        Mask box = MaskPresets.parse("box:65");
        Mask motion = MaskPresets.parse("motion:101:30");
        assertThat(motion.separable()).isEmpty();
        for (Strategy s : Strategy.values()) {
            if (s == Strategy.FFT || s == Strategy.AUTO) {
                assertThat(s.whyNotApplicable(box)).as(s.id()).isNull();
                assertThat(s.whyNotApplicable(motion)).as(s.id()).isNull();
            } else if (s == Strategy.FAST_SEPARABLE) { // rows then columns: any separable mask
                assertThat(s.whyNotApplicable(box)).as(s.id()).isNull();
                assertThat(s.whyNotApplicable(motion)).as(s.id()).contains("up to 63x63").contains("fft");
            } else {
                assertThat(s.whyNotApplicable(box)).as(s.id()).contains("up to 63x63").contains("65x65").contains("fft")
                        .contains("fast-separable");
            }
        }
        assertThat(Strategy.FAST.whyNotApplicable(MaskPresets.parse("box:63"))).isNull();
    }
}
