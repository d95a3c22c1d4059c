package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ij.IJ;
import ij.ImagePlus;
import ij.ImageStack;
import ij.io.FileSaver;
import ij.process.FloatProcessor;
import java.awt.image.DataBuffer;
import java.nio.file.Path;
import java.util.Random;
import org.convolab.core.ConvolabException;
import org.convolab.core.SampleFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TIFFs of 32-bit samples: float (grey, RGB interleaved, and ImageJ's one page a channel), signed and unsigned
 * integers, read and written as stored; every other sample type refused with one line naming it.
 */
class WideTiffTest {

    private static final SampleFormat.Kind FLOAT = SampleFormat.Kind.FLOAT;

    @TempDir
    Path dir;

    private static float[] values(int n, long seed) {
        Random rnd = new Random(seed);
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) (rnd.nextDouble() * 1005 - 5);
        }
        v[0] = -0.0f;
        v[1] = 3.4e38f;
        v[2] = 1.17e-38f;
        return v;
    }

    @Test
    void floatGreyAndRgbRoundTripBitForBit() {
        for (int ch : new int[] {1, 3, 4}) {
            SampleFormat f = new SampleFormat(ch, 32, FLOAT);
            int[] bits = WideSamples.bits(values(13 * 7 * ch, ch));
            Path file = WideSamples.write(dir.resolve("f" + ch + ".tif"), 13, 7, f, bits);
            WideSamples.Read back = WideSamples.read(file);
            assertThat(back.format()).isEqualTo(f);
            assertThat(back.samples()).isEqualTo(bits);
        }
    }

    @Test
    void imageJOpensTheFloatGreyTiffWritten() {
        float[] v = values(13 * 7, 9);
        Path file = WideSamples.write(dir.resolve("g.tif"), 13, 7, new SampleFormat(1, 32, FLOAT), WideSamples.bits(v));
        ImagePlus imp = IJ.openImage(file.toString());
        assertThat(imp.getBitDepth()).isEqualTo(32);
        assertThat(imp.getProcessor().getf(5, 3)).isEqualTo(v[3 * 13 + 5]);
    }

    @Test
    void signedAndUnsignedIntegersRoundTrip() {
        int[] samples = {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE, 123456789, -98765, 7};
        for (SampleFormat.Kind k : new SampleFormat.Kind[] {SampleFormat.Kind.SIGNED, SampleFormat.Kind.UNSIGNED}) {
            SampleFormat f = new SampleFormat(1, 32, k);
            WideSamples.Read back = WideSamples.read(WideSamples.write(dir.resolve(k + ".tif"), 4, 2, f, samples));
            assertThat(back.format()).isEqualTo(f);
            assertThat(back.samples()).isEqualTo(samples);
        }
        // the unsigned reading of the bits: -1 is 4294967295
        assertThat(new SampleFormat(1, 32, SampleFormat.Kind.UNSIGNED).toFloat(-1)).isEqualTo(4294967295f);
    }

    @Test
    void imageJFloatGreyAndChannelStackAreReadAsGreyAndRgb() {
        FloatProcessor fp = new FloatProcessor(6, 4);
        for (int i = 0; i < 24; i++) {
            fp.setf(i, i * 0.25f - 3);
        }
        Path grey = dir.resolve("ij.tif");
        new FileSaver(new ImagePlus("g", fp)).saveAsTiff(grey.toString());
        WideSamples.Read g = WideSamples.read(grey);
        assertThat(g.format()).isEqualTo(new SampleFormat(1, 32, FLOAT));
        assertThat(g.value(7)).isEqualTo(7 * 0.25f - 3);

        ImageStack st = new ImageStack(6, 4);
        for (int c = 0; c < 3; c++) {
            FloatProcessor p = new FloatProcessor(6, 4);
            for (int i = 0; i < 24; i++) {
                p.setf(i, c * 100 + i - 0.5f);
            }
            st.addSlice(p);
        }
        ImagePlus imp = new ImagePlus("c", st);
        imp.setDimensions(3, 1, 1);
        Path rgb = dir.resolve("ij3.tif");
        new FileSaver(new ij.CompositeImage(imp, ij.IJ.COMPOSITE)).saveAsTiff(rgb.toString());
        WideSamples.Read c = WideSamples.read(rgb);
        assertThat(c.format()).isEqualTo(new SampleFormat(3, 32, FLOAT));
        for (int i = 0; i < 24; i++) {
            for (int ch = 0; ch < 3; ch++) {
                assertThat(c.value(i * 3 + ch)).isEqualTo(ch * 100 + i - 0.5f);
            }
        }
    }

    @Test
    void otherSampleTypesAreRefusedNamingTheType() throws Exception {
        Path f64 = WideSamples.jdkTiff(dir.resolve("f64.tif"), DataBuffer.TYPE_DOUBLE);
        assertThatThrownBy(() -> RowSources.opener(f64, 1L << 30)).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("64-bit float").hasMessageNotContaining("\n");
        Path s16 = WideSamples.jdkTiff(dir.resolve("s16.tif"), DataBuffer.TYPE_SHORT);
        assertThatThrownBy(() -> RowSources.opener(s16, 1L << 30)).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("16-bit signed integer");
    }

    /** A compressed float TIFF with the floating-point predictor, as libvips writes it (vips copy x.tif y.tif[compression=deflate,predictor=float]). */
    @Test
    void aFloatTiffWithAPredictorIsRefusedSayingHowToWriteIt() throws Exception {
        Path f = dir.resolve("p3.tif");
        try (var in = WideTiffTest.class.getResourceAsStream("float-predictor3.tif")) {
            java.nio.file.Files.copy(in, f);
        }
        assertThatThrownBy(() -> RowSources.opener(f, 1L << 30)).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("32-bit float").hasMessageContaining("Predictor 3").hasMessageContaining("predictor=none");
    }

    @Test
    void floatResultsAreNotRoundedIntoPngOrJpeg() {
        for (String ext : new String[] {"png", "jpg", "bmp"}) {
            assertThatThrownBy(() -> WideSamples.write(dir.resolve("x." + ext), 2, 2, new SampleFormat(1, 32, FLOAT), new int[4]))
                    .isInstanceOf(ConvolabException.class).hasMessageContaining("32-bit float").hasMessageContaining("TIFF");
        }
    }
}
