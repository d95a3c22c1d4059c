package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.DataBuffer;
import java.nio.file.Path;
import org.convolab.core.SampleFormat;
import org.convolab.io.PngSamples;
import org.convolab.io.WideSamples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `--depth` and 32-bit samples on the command line: what is written, what is refused and how. */
class DepthCliTest {

    @TempDir
    Path dir;

    @Test
    void depthFloatIntoPngIsAUsageErrorNamingTiff() {
        Path in = PngSamples.write(dir.resolve("in.png"), 7, 5, 8, false, false, 1);
        CliTest.Run r = CliTest.run("filter", in.toString(), "-o", dir.resolve("o.png").toString(), "--mask", "laplacian",
                "--depth", "float", "--backend", "cpu");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.errLines().get(0)).contains("--depth float").contains("TIFF");
        CliTest.Run b = CliTest.run("batch", in.toString(), "-o", dir.resolve("b").toString(), "--mask", "laplacian",
                "--depth", "float", "--format", "jpg", "--backend", "cpu");
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.errLines().get(0)).contains("TIFF");
    }

    @Test
    void aFloatTiffStaysFloatAndTimingsCountFourBytesASample() {
        int w = 40;
        int h = 25;
        float[] v = new float[w * h];
        for (int i = 0; i < v.length; i++) {
            v[i] = i % 7 - 3.5f;
        }
        Path in = WideSamples.write(dir.resolve("f.tif"), w, h, new SampleFormat(1, 32, SampleFormat.Kind.FLOAT), WideSamples.bits(v));
        Path out = dir.resolve("o.tif");
        CliTest.Run r = CliTest.run("filter", in.toString(), "-o", out.toString(), "--mask", "laplacian", "--backend", "cpu",
                "--timings");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("40x25 32-bit float grey image")
                .contains(String.format("%.1f MB of samples", w * h * 8 / 1e6));
        assertThat(WideSamples.read(out).format()).isEqualTo(new SampleFormat(1, 32, SampleFormat.Kind.FLOAT));
        // a float into a PNG with --depth same: one line, exit 1, nothing written
        Path png = dir.resolve("o.png");
        CliTest.Run p = CliTest.run("filter", in.toString(), "-o", png.toString(), "--mask", "identity", "--backend", "cpu");
        assertThat(p.code()).isEqualTo(1);
        assertThat(p.errLines()).singleElement().asString().contains("32-bit float").contains("TIFF");
        assertThat(png).doesNotExist();
    }

    @Test
    void unsupportedSampleTypesAreOneLineAndExitOne() throws Exception {
        Path f64 = WideSamples.jdkTiff(dir.resolve("d.tif"), DataBuffer.TYPE_DOUBLE);
        Path out = dir.resolve("o.tif");
        CliTest.Run r = CliTest.run("filter", f64.toString(), "-o", out.toString(), "--mask", "identity", "--backend", "cpu");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString().contains("64-bit float");
        assertThat(out).doesNotExist();
    }

    @Test
    void timingsCountSeparableFlopsForASeparableMask() {
        Path in = PngSamples.write(dir.resolve("s.png"), 100, 50, 16, false, false, 2);
        CliTest.Run r = CliTest.run("filter", in.toString(), "-o", dir.resolve("s2.png").toString(), "--mask", "gaussian:2",
                "--backend", "cpu", "--timings");
        assertThat(r.code()).as(r.err()).isZero();
        // 13x13 Gaussian rows then columns: 2 x (13 + 13) FLOPs a sample, 3 channels; 2 + 2 bytes a sample
        assertThat(r.out()).contains(String.format("%.3f GFLOP, %.1f MB", 100 * 50 * 3 * 52 / 1e9, 100 * 50 * 3 * 4 / 1e6));
    }
}
