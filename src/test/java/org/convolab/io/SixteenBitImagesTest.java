package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ar.com.hjg.pngj.ImageInfo;
import ar.com.hjg.pngj.PngWriter;
import java.awt.Point;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.nio.file.Path;
import java.util.Random;
import javax.imageio.ImageIO;
import org.convolab.core.ConvolabException;
import org.convolab.core.Rgba16Image;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 16-bit files read at their depth, as the histograms count them; 8-bit ones left to ImageFiles. */
class SixteenBitImagesTest {

    @TempDir
    Path dir;

    /** Writes a PNG of random samples and returns them, row after row, as stored. */
    private static int[] png(Path file, int w, int h, int bits, boolean alpha, boolean grey, long seed) {
        ImageInfo info = new ImageInfo(w, h, bits, alpha, grey, false);
        PngWriter pw = new PngWriter(file.toFile(), info, true);
        Random rnd = new Random(seed);
        int[] all = new int[info.samplesPerRow * h];
        int[] row = new int[info.samplesPerRow];
        for (int y = 0; y < h; y++) {
            for (int i = 0; i < row.length; i++) {
                row[i] = rnd.nextInt(1 << bits);
            }
            System.arraycopy(row, 0, all, y * row.length, row.length);
            pw.writeRowInt(row);
        }
        pw.end();
        return all;
    }

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
            int[] stored = png(f, w, h, 16, alpha, grey, layout);
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
    void aSixteenBitTiffIsReadAtItsDepth() throws Exception {
        int w = 11;
        int h = 5;
        ComponentColorModel cm = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_sRGB), false, false,
                Transparency.OPAQUE, DataBuffer.TYPE_USHORT);
        WritableRaster raster = Raster.createInterleavedRaster(DataBuffer.TYPE_USHORT, w, h, 3, new Point(0, 0));
        Random rnd = new Random(4);
        int[] px = new int[w * h * 3];
        for (int i = 0; i < px.length; i++) {
            px[i] = rnd.nextInt(65536);
        }
        raster.setPixels(0, 0, w, h, px);
        Path f = dir.resolve("t.tif");
        javax.imageio.ImageWriter jdk = null; // the JDK's writer: a plain 16-bit TIFF
        for (var it = ImageIO.getImageWritersByFormatName("tiff"); it.hasNext(); ) {
            var wr = it.next();
            if (wr.getClass().getName().startsWith("com.sun.")) {
                jdk = wr;
            }
        }
        try (var os = ImageIO.createImageOutputStream(f.toFile())) {
            jdk.setOutput(os);
            jdk.write(new BufferedImage(cm, raster, false, null));
        }
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
        png(f, 5, 4, 8, true, false, 1);
        assertThat(SixteenBitImages.read(f, Long.MAX_VALUE)).isEmpty();
        assertThat(SixteenBitImages.read(Path.of("sample-images/rocket.jpg"), Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void aMissingOrTooLargeFileIsOneSentence() {
        assertThatThrownBy(() -> SixteenBitImages.read(dir.resolve("nope.png"), Long.MAX_VALUE))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("no such file");
        Path f = dir.resolve("big.png");
        png(f, 40, 30, 16, false, false, 2);
        assertThatThrownBy(() -> SixteenBitImages.read(f, 1000)).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("over the limit");
    }
}
