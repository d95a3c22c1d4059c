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
    @Test
    void storedArgbTakesTheStoredBytesOfAnyRgbSpaceAndIntoInterleavedBytesPutsThemBack() {
        java.awt.color.ColorSpace linear = java.awt.color.ColorSpace.getInstance(java.awt.color.ColorSpace.CS_LINEAR_RGB);
        for (boolean alpha : new boolean[] {false, true}) {
            java.awt.image.ComponentColorModel cm = new java.awt.image.ComponentColorModel(linear, alpha, false,
                    alpha ? java.awt.Transparency.TRANSLUCENT : java.awt.Transparency.OPAQUE, java.awt.image.DataBuffer.TYPE_BYTE);
            java.awt.image.WritableRaster r = cm.createCompatibleWritableRaster(29, 11);
            java.util.Random rnd = new java.util.Random(alpha ? 1 : 2);
            int[] px = new int[29 * 11 * (alpha ? 4 : 3)];
            for (int i = 0; i < px.length; i++) {
                px[i] = rnd.nextInt(256);
            }
            r.setPixels(0, 0, 29, 11, px);
            RgbaImage packed = FastRasters.storedArgb(new BufferedImage(cm, r, false, null));
            assertThat(packed).as("alpha %s", alpha).isNotNull();
            assertThat(FastRasters.toRgba(new BufferedImage(cm, r, false, null))).as("not sRGB: no colour conversion here").isNull();
            int ch = alpha ? 4 : 3;
            for (int i = 0; i < 29 * 11; i++) {
                int p = packed.pixels()[i];
                assertThat(new int[] {(p >>> 16) & 0xff, (p >>> 8) & 0xff, p & 0xff, p >>> 24})
                        .isEqualTo(new int[] {px[i * ch], px[i * ch + 1], px[i * ch + 2], alpha ? px[i * ch + 3] : 255});
            }
            // and back into a raster of the same layout, and one in BMP's blue-green-red order
            java.awt.image.WritableRaster back = cm.createCompatibleWritableRaster(29, 11);
            assertThat(FastRasters.intoInterleavedBytes(packed, back)).isTrue();
            assertThat(back.getPixels(0, 0, 29, 11, (int[]) null)).isEqualTo(px);
            BufferedImage bgr = new BufferedImage(29, 11, BufferedImage.TYPE_3BYTE_BGR);
            assertThat(FastRasters.intoInterleavedBytes(packed, bgr.getRaster())).isTrue();
            for (int i = 0; i < 29 * 11; i++) {
                assertThat(bgr.getRaster().getPixel(i % 29, i / 29, (int[]) null))
                        .isEqualTo(new int[] {px[i * ch], px[i * ch + 1], px[i * ch + 2]});
            }
        }
        assertThat(FastRasters.intoInterleavedBytes(new RgbaImage(2, 2, new int[4]),
                new BufferedImage(2, 2, BufferedImage.TYPE_INT_RGB).getRaster())).isFalse();
        assertThat(FastRasters.intoInterleavedBytes(new RgbaImage(2, 2, new int[4]),
                new BufferedImage(3, 2, BufferedImage.TYPE_3BYTE_BGR).getRaster())).isFalse();
        assertThat(FastRasters.storedArgb(new BufferedImage(4, 4, BufferedImage.TYPE_BYTE_GRAY))).isNull();
    }
}
