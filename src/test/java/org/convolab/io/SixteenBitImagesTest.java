package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.convolab.core.ConvolabException;
import org.convolab.core.Rgba16Image;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 16-bit files read at their depth, as the histograms count them; 8-bit ones left to ImageFiles. */
class SixteenBitImagesTest {

    @TempDir
    Path dir;

    /** The image's samples as R, G, B, A ints per pixel. */
    private static int[] rgba(Rgba16Image img) {
        int[] out = new int[img.samples().length];
        for (int i = 0; i < out.length; i++) {
            out[i] = img.samples()[i] & 0xffff;
        }
        return out;
    }

    @Test
    void everyPngLayoutIsReadAtSixteenBitsWithGreyInRgbAndMissingAlphaOpaque() {
        int w = 13;
        int h = 7;
        for (int layout = 0; layout < 4; layout++) {
            boolean alpha = layout % 2 == 1;
            boolean grey = layout >= 2;
            Path f = dir.resolve("p" + layout + ".png");
            int[] stored = TestImageFiles.png(f, w, h, 16, alpha, grey, layout);
            Rgba16Image img = SixteenBitImages.read(f, Long.MAX_VALUE).orElseThrow();
            assertThat(img.width()).isEqualTo(w);
            assertThat(img.height()).isEqualTo(h);
            int channels = (grey ? 1 : 3) + (alpha ? 1 : 0);
            int[] want = new int[w * h * 4];
            for (int p = 0; p < w * h; p++) {
                int s = p * channels;
                want[4 * p] = stored[s];
                want[4 * p + 1] = grey ? stored[s] : stored[s + 1];
                want[4 * p + 2] = grey ? stored[s] : stored[s + 2];
                want[4 * p + 3] = alpha ? stored[s + channels - 1] : 65535;
            }
            assertThat(rgba(img)).as("layout " + layout).isEqualTo(want);
        }
    }

    @Test
    void aSixteenBitTiffIsReadAtItsDepth() {
        int w = 11;
        int h = 5;
        Path f = dir.resolve("t.tif");
        int[] px = TestImageFiles.tiff16(f, w, h, 4);
        Rgba16Image img = SixteenBitImages.read(f, Long.MAX_VALUE).orElseThrow();
        for (int p = 0; p < w * h; p++) {
            for (int c = 0; c < 3; c++) {
                assertThat(img.value(p, c)).isEqualTo(px[3 * p + c]);
            }
            assertThat(img.value(p, 3)).isEqualTo(65535);
        }
    }

    @Test
    void eightBitFilesAreLeftToImageFiles() {
        Path f = dir.resolve("eight.png");
        TestImageFiles.png(f, 5, 4, 8, true, false, 1);
        assertThat(SixteenBitImages.read(f, Long.MAX_VALUE)).isEmpty();
        assertThat(SixteenBitImages.read(Path.of("sample-images/rocket.jpg"), Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void aMissingOrTooLargeFileIsOneSentence() {
        assertThatThrownBy(() -> SixteenBitImages.read(dir.resolve("nope.png"), Long.MAX_VALUE))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("no such file");
        Path f = dir.resolve("big.png");
        TestImageFiles.png(f, 40, 30, 16, false, false, 2);
        assertThatThrownBy(() -> SixteenBitImages.read(f, 1000)).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("over the limit");
    }
}
