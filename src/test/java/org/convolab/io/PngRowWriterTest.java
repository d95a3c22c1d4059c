package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.color.ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.Deflater;
import javax.imageio.ImageIO;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The streamed, parallel PNG writer: 8 and 16-bit grey, grey+alpha, RGB and RGBA round-trip bit for bit over
 * several bands at every kind of level, through Convolab's reader (PNGJ) and the JDK's PNG decoder; the ICC
 * profile is kept; libvips reads the file and what libvips writes is read back exactly.
 */
class PngRowWriterTest {

    @TempDir
    Path dir;

    private Path write(String name, int w, int h, SampleFormat f, int[] s, Optional<byte[]> icc, int level) {
        Path file = dir.resolve(name);
        int n = w * f.channels();
        RowSinks.write(file, true, w, h, f, icc, new RowSinks.Options(92, level), m -> { }, sink -> {
            for (int y = 0; y < h; y++) {
                int[] row = new int[n];
                System.arraycopy(s, y * n, row, 0, n);
                sink.writeRow(row);
            }
        });
        return file;
    }

    /** A smooth ramp plus noise: rows where every filter type wins somewhere. */
    private static int[] samples(int w, int h, SampleFormat f, long seed) {
        int[] s = TiffStripWriterTest.samples(w * h * f.channels(), f, seed);
        for (int i = 0; i < s.length; i += 3) {
            int x = (i / f.channels()) % w;
            s[i] = (int) ((long) x * f.maxValue() / w); // the ramp: a third of the samples
        }
        return s;
    }

    @Test
    void everyFormatAndLevelRoundTripsBitForBitOverSeveralBands() throws Exception {
        for (int ch = 1; ch <= 4; ch++) {
            for (int bits : new int[] {8, 16}) {
                SampleFormat f = new SampleFormat(ch, bits);
                int w = 517;
                int h = ch * bits == 64 ? 2 * PngRowWriter.BAND_BYTES / (w * 8) + 9 : 41; // RGBA 16: three bands
                int[] s = samples(w, h, f, ch * 100L + bits);
                for (int level : ch * bits == 64 ? new int[] {0, 1, 6, 9} : new int[] {6}) {
                    Path file = write("r.png", w, h, f, s, Optional.empty(), level);
                    WideSamples.Read back = WideSamples.read(file);
                    assertThat(back.format()).as("%s level %d", f, level).isEqualTo(f);
                    assertThat(back.samples()).as("%s level %d", f, level).isEqualTo(s);
                    BufferedImage jdk = ImageIO.read(file.toFile()); // another decoder: the zlib stream and CRCs are right
                    Raster r = jdk.getRaster();
                    assertThat(r.getNumBands()).isEqualTo(ch);
                    assertThat(r.getPixels(0, 0, w, h, (int[]) null)).as("%s level %d (JDK decoder)", f, level).isEqualTo(s);
                }
            }
        }
    }

    @Test
    void sixteenBitsAreHuffmanCodedUpToLevelSixAndSearchedAbove() {
        assertThat(PngRowWriter.strategy(16, 6)).isEqualTo(Deflater.HUFFMAN_ONLY);
        assertThat(PngRowWriter.strategy(16, 1)).isEqualTo(Deflater.HUFFMAN_ONLY);
        assertThat(PngRowWriter.strategy(16, 9)).isEqualTo(Deflater.DEFAULT_STRATEGY);
        assertThat(PngRowWriter.strategy(8, 6)).isEqualTo(Deflater.DEFAULT_STRATEGY);
    }

    @Test
    void theIccProfileIsKept() {
        byte[] profile = ICC_Profile.getInstance(ColorSpace.CS_LINEAR_RGB).getData();
        SampleFormat f = new SampleFormat(3, 16);
        Path file = write("icc.png", 9, 5, f, samples(9, 5, f, 3), Optional.of(profile), 6);
        try (RowSource src = RowSources.opener(file, 1L << 20).get()) {
            assertThat(src.iccProfile()).hasValueSatisfying(p -> assertThat(p).isEqualTo(profile));
        }
    }

    @Test
    void libvipsReadsWhatIsWrittenAndWhatItWritesIsReadExactly() throws Exception {
        assumeTrue(TiffStripWriterTest.vips("--version"), "vips (libvips-tools) is not installed");
        SampleFormat f = new SampleFormat(3, 16);
        int[] s = samples(63, 40, f, 8);
        Path ours = write("ours.png", 63, 40, f, s, Optional.empty(), 6);
        Path tif = dir.resolve("vips.tif");
        Path png = dir.resolve("vips.png");
        assertThat(TiffStripWriterTest.vips("copy", ours.toString(), tif.toString())).isTrue();
        assertThat(TiffStripWriterTest.vips("copy", tif.toString(), png.toString())).isTrue();
        assertThat(WideSamples.read(tif).samples()).isEqualTo(s);
        assertThat(WideSamples.read(png).samples()).isEqualTo(s);
    }
}
