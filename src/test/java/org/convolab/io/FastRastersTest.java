package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import javax.imageio.ImageIO;
import org.convolab.core.RgbaImage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class FastRastersTest {

    @ParameterizedTest(name = "type {0}")
    @ValueSource(ints = {BufferedImage.TYPE_3BYTE_BGR, BufferedImage.TYPE_4BYTE_ABGR, BufferedImage.TYPE_INT_RGB, BufferedImage.TYPE_INT_ARGB})
    void theFastPathGivesWhatGetRgbGives(int type) {
        RgbaImage src = PngEncoderTest.photoLike(123, 77, type == BufferedImage.TYPE_4BYTE_ABGR || type == BufferedImage.TYPE_INT_ARGB, type);
        BufferedImage b = new BufferedImage(123, 77, type);
        b.setRGB(0, 0, 123, 77, src.pixels(), 0, 123);
        int[] expected = b.getRGB(0, 0, 123, 77, null, 0, 123);
        RgbaImage fast = FastRasters.toRgba(b);
        assertThat(fast).isNotNull();
        assertThat(fast.pixels()).isEqualTo(expected);
    }

    @Test
    void aDecodedPngAndJpegTakeTheFastPathAndOtherLayoutsDoNot() throws Exception {
        RgbaImage src = PngEncoderTest.photoLike(64, 48, false, 1);
        for (String format : new String[] {"png", "jpeg"}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(FastRasters.wrap(src, false), format, out);
            BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
            assertThat(FastRasters.toRgba(decoded)).as(format).isNotNull();
            assertThat(FastRasters.toRgba(decoded).pixels()).isEqualTo(decoded.getRGB(0, 0, 64, 48, null, 0, 64));
        }
        assertThat(FastRasters.toRgba(new BufferedImage(4, 4, BufferedImage.TYPE_BYTE_GRAY))).isNull();
        assertThat(FastRasters.toRgba(new BufferedImage(4, 4, BufferedImage.TYPE_INT_ARGB_PRE))).isNull();
    }

    @Test
    void wrapSharesTheArrayAndHasAlphaLooksAtEveryPixel() {
        RgbaImage src = PngEncoderTest.photoLike(10, 10, false, 2);
        BufferedImage rgb = FastRasters.wrap(src, false);
        assertThat(rgb.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
        assertThat(rgb.getRGB(3, 4)).isEqualTo(src.argb(3, 4));
        assertThat(FastRasters.hasAlpha(src)).isFalse();
        int[] p = src.pixels().clone();
        p[99] &= 0xfeffffff;
        assertThat(FastRasters.hasAlpha(new RgbaImage(10, 10, p))).isTrue();
        assertThat(FastRasters.wrap(new RgbaImage(10, 10, p), true).getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
    }
}
