package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ij.ImagePlus;
import ij.io.FileSaver;
import ij.process.FloatProcessor;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.convolab.core.ConvolabException;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The direct reader of uncompressed stripped TIFFs: it takes both byte orders (the JDK's and ImageJ's writers
 * write big-endian) and reads them exactly, leaves compressed files to ImageIO, and says in one line that a file
 * whose strips lie past its end is damaged.
 */
class TiffStripReaderTest {

    @TempDir
    Path dir;

    @Test
    void aBigEndianSixteenBitRgbTiffFromTheJdkWriterIsReadDirectlyAndExactly() throws Exception {
        SampleFormat f = new SampleFormat(3, 16);
        int w = 57;
        int h = 33;
        int[] s = TiffStripWriterTest.samples(w * h * 3, f, 4);
        Path file = WideSamples.jdkTiff(dir.resolve("jdk.tif"), w, h, f, s);
        assertThat(Files.readAllBytes(file)[0]).isEqualTo((byte) 'M');
        Optional<RowSource> direct = TiffStripReader.open(file, "jdk.tif");
        assertThat(direct).isPresent();
        direct.get().close();
        WideSamples.Read back = WideSamples.read(file);
        assertThat(back.format()).isEqualTo(f);
        assertThat(back.samples()).isEqualTo(s);
    }

    @Test
    void anImageJFloatTiffIsReadDirectlyAndExactly() {
        FloatProcessor fp = new FloatProcessor(11, 7);
        int[] bits = new int[77];
        for (int i = 0; i < 77; i++) {
            float v = i * -13.25f + 1000.5f;
            fp.setf(i, v);
            bits[i] = Float.floatToRawIntBits(v);
        }
        Path file = dir.resolve("ij32.tif");
        assertThat(new FileSaver(new ImagePlus("x", fp)).saveAsTiff(file.toString())).isTrue();
        Optional<RowSource> direct = TiffStripReader.open(file, "ij32.tif");
        assertThat(direct).isPresent();
        direct.get().close();
        WideSamples.Read back = WideSamples.read(file);
        assertThat(back.format()).isEqualTo(new SampleFormat(1, 32, SampleFormat.Kind.FLOAT));
        assertThat(back.samples()).isEqualTo(bits);
    }

    @Test
    void aTruncatedFileIsDamagedInOneLine() throws Exception {
        SampleFormat f = new SampleFormat(3, 16);
        int[] s = TiffStripWriterTest.samples(200 * 100 * 3, f, 2);
        Path file = WideSamples.write(dir.resolve("cut.tif"), 200, 100, f, s);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(ch.size() - 5000);
        }
        assertThatThrownBy(() -> WideSamples.read(file))
                .isInstanceOf(ConvolabException.class)
                .hasMessageStartingWith("cannot ")
                .hasMessageContaining("cut.tif")
                .hasMessageNotContaining("\n");
    }
}
