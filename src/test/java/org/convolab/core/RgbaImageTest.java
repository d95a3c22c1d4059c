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
    @Test
    void packRowAndUnpackRowAreEachOthersReverseAndRgbIsOpaque() {
        int[] rgba = {1, 2, 3, 4, 250, 251, 252, 253};
        int[] argb = new int[3];
        RgbaImage.packRow(rgba, 4, 2, argb, 1);
        assertThat(argb).containsExactly(0, 0x04010203, 0xfdfafbfc);
        int[] back = new int[8];
        RgbaImage.unpackRow(argb, 1, 2, back, 4);
        assertThat(back).isEqualTo(rgba);
        int[] rgb = {9, 8, 7};
        RgbaImage.packRow(rgb, 3, 1, argb, 0);
        assertThat(argb[0]).isEqualTo(0xff090807);
        int[] rgbBack = new int[3];
        RgbaImage.unpackRow(argb, 0, 1, rgbBack, 3);
        assertThat(rgbBack).isEqualTo(rgb);
    }
}
