package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RgbaImageTest {

    private static RgbaImage ramp(int w, int h) {
        int[] p = new int[w * h];
        for (int i = 0; i < p.length; i++) {
            p[i] = 0xff000000 | i;
        }
        return new RgbaImage(w, h, p);
    }

    @Test
    void differenceFindsTheWorstChannelAndWhereItIs() {
        RgbaImage a = ramp(5, 4);
        int[] p = a.pixels().clone();
        p[2 * 5 + 3] ^= 0x00070000; // red differs by 7 at (3, 2)
        p[1 * 5 + 1] ^= 0x00000002; // blue by 2 at (1, 1)
        RgbaImage.Difference d = a.difference(new RgbaImage(5, 4, p));
        assertThat(d).isEqualTo(new RgbaImage.Difference(7, 3, 2));
        assertThat(a.maxDifference(a)).isZero();
    }

    @Test
    void cropCopiesTheRectangle() {
        RgbaImage a = ramp(6, 5);
        RgbaImage c = a.crop(2, 1, 3, 2);
        assertThat(c.width()).isEqualTo(3);
        assertThat(c.argb(0, 0)).isEqualTo(a.argb(2, 1));
        assertThat(c.argb(2, 1)).isEqualTo(a.argb(4, 2));
        assertThatThrownBy(() -> a.crop(4, 0, 3, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
