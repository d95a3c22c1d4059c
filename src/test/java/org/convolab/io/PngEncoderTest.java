package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.Adler32;
import javax.imageio.ImageIO;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PngEncoderTest {

    @TempDir
    Path dir;

    /** Smooth areas, noise and edges, so that every row filter gets chosen somewhere. */
    static RgbaImage photoLike(int w, int h, boolean alpha, long seed) {
        Random rnd = new Random(seed);
        int[] p = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int r = (x * 255 / w + (y % 7 == 0 ? rnd.nextInt(60) : 0)) & 255;
                int g = (y * 255 / h) & 255;
                int b = rnd.nextInt(256);
                int a = alpha ? (x + y) & 255 : 255;
                p[y * w + x] = (a << 24) | (r << 16) | (g << 8) | b;
            }
        }
        return new RgbaImage(w, h, p);
    }

    @ParameterizedTest(name = "{0}x{1} alpha {2} level {3}")
    @CsvSource({"1, 1, false, 6", "3, 1000, false, 1", "517, 311, false, 0", "517, 311, true, 9", "2000, 1200, false, 1", "1201, 1700, true, 6"})
    void theJdkDecoderReadsBackExactlyWhatWasWritten(int w, int h, boolean alpha, int level) throws Exception {
        RgbaImage img = photoLike(w, h, alpha, w * 31L + h);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PngEncoder.write(img, alpha, level, out);
        RgbaImage back = ImageFiles.toRgba(ImageIO.read(new ByteArrayInputStream(out.toByteArray())));
        assertThat(back.pixels()).isEqualTo(alpha ? img.pixels() : opaque(img).pixels());
    }

    @Test
    void wavesOfBandsWriteTheSameFileWhateverTheirSize() throws Exception {
        RgbaImage img = photoLike(300, 97, true, 5);
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        PngEncoder.write(img, true, 6, whole, 1000, 1000); // one row a band, 97 bands made at once
        for (int wave : new int[] {1, 2, 5, 96}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PngEncoder.write(img, true, 6, out, 1000, wave);
            assertThat(out.toByteArray()).as("wave %d", wave).isEqualTo(whole.toByteArray());
        }
        RgbaImage back = ImageFiles.toRgba(ImageIO.read(new ByteArrayInputStream(whole.toByteArray())));
        assertThat(back.pixels()).isEqualTo(img.pixels());
    }

    @Test
    void higherLevelsAndFiltersMakeSmallerFiles() throws Exception {
        RgbaImage img = photoLike(800, 600, false, 3);
        assertThat(size(img, 0)).isGreaterThan(size(img, 1));
        assertThat(size(img, 1)).isGreaterThanOrEqualTo(size(img, 9));
        assertThat(size(img, 0)).isGreaterThanOrEqualTo(800L * 600 * 3);
    }

    @Test
    void adlerCombineMatchesOneRunOverTheWhole() {
        byte[] data = new byte[300_000];
        new Random(5).nextBytes(data);
        for (int cut : new int[] {0, 1, 65521, 123_457, data.length}) {
            Adler32 a = new Adler32();
            a.update(data, 0, cut);
            Adler32 b = new Adler32();
            b.update(data, cut, data.length - cut);
            Adler32 whole = new Adler32();
            whole.update(data);
            assertThat(PngEncoder.combineAdler32(a.getValue(), b.getValue(), data.length - cut)).isEqualTo(whole.getValue());
        }
    }

    @Test
    void writtenThroughImageFilesWithAChosenLevelAndOpaqueImagesAsRgb() throws Exception {
        RgbaImage img = photoLike(300, 200, false, 9);
        Path f = dir.resolve("o.png");
        ImageFiles.write(img, f, false, new EncodeOptions(9, 92));
        var decoded = ImageIO.read(f.toFile());
        assertThat(decoded.getColorModel().hasAlpha()).isFalse();
        assertThat(ImageFiles.read(f).pixels()).isEqualTo(img.pixels());
        assertThatThrownBy(() -> new EncodeOptions(10, 92)).isInstanceOf(ConvolabException.class).hasMessageContaining("--png-level 10");
        assertThatThrownBy(() -> new EncodeOptions(1, 0)).isInstanceOf(ConvolabException.class).hasMessageContaining("--quality 0");
    }

    private static long size(RgbaImage img, int level) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PngEncoder.write(img, false, level, out);
        return out.size();
    }

    private static RgbaImage opaque(RgbaImage img) {
        int[] p = img.pixels().clone();
        for (int i = 0; i < p.length; i++) {
            p[i] |= 0xff000000;
        }
        return new RgbaImage(img.width(), img.height(), p);
    }
}
