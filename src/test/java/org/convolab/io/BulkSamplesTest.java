package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.core.SampleImageFilter.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bulk way between the codecs and a whole image's sample buffer ({@link RowSource#readSamples},
 * {@link org.convolab.core.RowSink#writeSamples}): what the sources put into a native-order buffer is what their rows
 * say, sample for sample, read in two parts that cross strip boundaries (uncompressed TIFF of either byte order, straight
 * from the file; PNG; the default a row at a time); and the files the encoders write from a buffer are byte for byte
 * those they write from rows.
 */
class BulkSamplesTest {

    @TempDir
    Path dir;

    /** Wide enough that a TIFF of 16-bit RGB takes several strips (21 rows a strip). */
    private static final int W = 2000;
    private static final int H = 50;

    private static final List<SampleFormat> FORMATS = List.of(new SampleFormat(1, 8), new SampleFormat(2, 16),
            new SampleFormat(3, 16), new SampleFormat(4, 16), new SampleFormat(1, 32, SampleFormat.Kind.FLOAT),
            new SampleFormat(3, 32, SampleFormat.Kind.FLOAT));

    private static Samples kind(SampleFormat f) {
        return f.isFloat() ? Samples.F32 : Samples.U16;
    }

    @Test
    void sourcesPutTheirRowsSamplesIntoTheBuffer() throws Exception {
        for (SampleFormat f : FORMATS) {
            int[] s = TiffStripWriterTest.samples(W * H * f.channels(), f, f.hashCode());
            Path tif = WideSamples.write(dir.resolve("in" + f.channels() + f.bitDepth() + ".tif"), W, H, f, s);
            assertSameSamples(tif, f);
            if (f.narrowInteger()) {
                assertSameSamples(WideSamples.write(dir.resolve("in" + f.channels() + f.bitDepth() + ".png"), W, H, f, s), f);
            }
        }
        // big-endian 16-bit RGB, as the JDK's writer (and ImageJ) write: swapped in bulk on the way
        SampleFormat rgb16 = new SampleFormat(3, 16);
        int[] s = TiffStripWriterTest.samples(W * H * 3, rgb16, 9);
        Path big = WideSamples.jdkTiff(dir.resolve("big-endian.tif"), W, H, rgb16, s);
        assertThat(Files.readAllBytes(big)[0]).isEqualTo((byte) 'M');
        assertSameSamples(big, rgb16);
    }

    private static void assertSameSamples(Path file, SampleFormat f) {
        WideSamples.Read rows = WideSamples.read(file);
        int n = W * f.channels();
        Samples kind = kind(f);
        ByteBuffer buf = ByteBuffer.allocateDirect(n * H * kind.bytes()).order(ByteOrder.nativeOrder());
        try (RowSource src = RowSources.opener(file, 1L << 30).get()) {
            src.readSamples(buf, 5, kind); // part of the first strip, then across the others
            assertThat(buf.position()).isEqualTo(5 * n * kind.bytes());
            src.readSamples(buf, H - 5, kind);
            assertThat(buf.position()).isEqualTo(buf.capacity());
        }
        for (int i = 0; i < n * H; i++) {
            int got = kind == Samples.F32 ? buf.getInt(4 * i) : buf.getShort(2 * i) & 0xffff;
            if (got != rows.samples()[i]) {
                throw new AssertionError(file.getFileName() + ": sample " + i + " is " + got + ", its row says " + rows.samples()[i]);
            }
        }
    }

    @Test
    void encodersWriteTheSameFileFromABufferAsFromRows() throws Exception {
        for (SampleFormat f : FORMATS) {
            int n = W * f.channels();
            int[] s = TiffStripWriterTest.samples(n * H, f, f.hashCode() + 1);
            Samples kind = kind(f);
            ByteBuffer buf = ByteBuffer.allocateDirect(n * H * kind.bytes()).order(ByteOrder.nativeOrder());
            for (int i = 0; i < n * H; i++) {
                if (kind == Samples.F32) {
                    buf.putInt(4 * i, s[i]);
                } else {
                    buf.putShort(2 * i, (short) s[i]);
                }
            }
            for (String ext : f.narrowInteger() ? List.of(".tif", ".png") : List.of(".tif")) {
                Path rows = WideSamples.write(dir.resolve("rows" + ext), W, H, f, s);
                Path bulk = dir.resolve("bulk" + ext);
                ByteBuffer from = buf.duplicate().order(buf.order());
                RowSinks.write(bulk, true, W, H, f, Optional.empty(), RowSinks.Options.defaults(), m -> { }, sink -> {
                    sink.writeSamples(from, 7, n, kind); // in two parts, the second across strips and bands
                    sink.writeSamples(from, H - 7, n, kind);
                });
                assertThat(from.position()).isEqualTo(from.capacity());
                assertThat(Files.readAllBytes(bulk)).as(f + " " + ext).isEqualTo(Files.readAllBytes(rows));
            }
        }
    }
}
