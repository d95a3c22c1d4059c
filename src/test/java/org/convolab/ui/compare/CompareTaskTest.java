package org.convolab.ui.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.convolab.core.RgbaImage;
import org.junit.jupiter.api.Test;

/** The compare window's ×32 difference image. */
class CompareTaskTest {

    private static RgbaImage image(int... argb) {
        return new RgbaImage(argb.length, 1, argb.clone());
    }

    @Test
    void identicalOutputsGiveAnAllZeroOpaqueDifference() {
        RgbaImage a = image(0xff102030, 0xff000000, 0xffffffff, 0x80405060);
        RgbaImage d = CompareTask.difference(a, image(a.pixels()), 32);
        assertThat(d.pixels()).containsOnly(0xff000000);
    }

    @Test
    void differentOutputsAreAmplifiedPerChannelAndClampedAt255() {
        RgbaImage a = image(0xff102030, 0xff000000, 0xff808080);
        RgbaImage b = image(0xff112030, 0xff000003, 0xff008080);
        RgbaImage d = CompareTask.difference(a, b, 32);
        assertThat(d.width()).isEqualTo(3);
        // red off by 1 -> 32; blue off by 3 -> 96; red off by 128 -> 255, others untouched
        assertThat(d.pixels()).containsExactly(0xff200000, 0xff000060, 0xffff0000);
        assertThat(CompareTask.difference(b, a, 32).pixels()).containsExactly(d.pixels());
    }
}
