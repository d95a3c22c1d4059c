package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ar.com.hjg.pngj.ImageInfo;
import ar.com.hjg.pngj.ImageLineInt;
import ar.com.hjg.pngj.PngReader;
import ar.com.hjg.pngj.PngWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `convolab filter` on the streamed path: bits kept, --quality, --png-level, the limits' one-line messages. */
class FilterStreamedCliTest {

    @TempDir
    Path dir;

    Path png16(String name, int w, int h) {
        Path f = dir.resolve(name);
        ImageInfo info = new ImageInfo(w, h, 16, false, true, false);
        PngWriter pw = new PngWriter(f.toFile(), info, true);
        Random rnd = new Random(11);
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                row[x] = rnd.nextInt(65536);
            }
            pw.writeRowInt(row);
        }
        pw.end();
        return f;
    }

    @Test
    void sixteenBitGreyStaysSixteenBitGreyAndIdentityIsExact() {
        Path in = png16("g16.png", 33, 21);
        Path out = dir.resolve("o16.png");
        CliTest.Run r = CliTest.run("filter", in.toString(), "-o", out.toString(), "--mask", "identity", "--backend", "cpu",
                "--timings");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("16-bit grey");
        PngReader a = new PngReader(in.toFile());
        PngReader b = new PngReader(out.toFile());
        assertThat(b.imgInfo.bitDepth).isEqualTo(16);
        assertThat(b.imgInfo.greyscale).isTrue();
        while (a.hasMoreRows()) {
            assertThat(((ImageLineInt) b.readRow()).getScanline()).isEqualTo(((ImageLineInt) a.readRow()).getScanline());
        }
        a.end();
        b.end();
    }

    @Test
    void timingsSayWhatTheSixteenBitPathRanAndWhy() {
        Path in = png16("p16.png", 19, 11);
        CliTest.Run r = CliTest.run("filter", in.toString(), "-o", dir.resolve("p.png").toString(), "--mask", "sharpen",
                "--strategy", "fft", "--backend", "cpu", "--timings");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("strategy fft, 19x11 16-bit grey image");
    }

    @Test
    void qualityChangesTheJpegAndBadQualityIsOneLine() throws Exception {
        Path in = Path.of("sample-images/chelsea.png");
        Path low = dir.resolve("low.jpg");
        Path high = dir.resolve("high.jpg");
        assertThat(CliTest.run("filter", in.toString(), "-o", low.toString(), "--mask", "identity", "--backend", "cpu",
                "--quality", "30").code()).isZero();
        assertThat(CliTest.run("filter", in.toString(), "-o", high.toString(), "--mask", "identity", "--backend", "cpu").code())
                .isZero();
        assertThat(Files.size(low)).isLessThan(Files.size(high));
        CliTest.Run bad = CliTest.run("filter", in.toString(), "-o", dir.resolve("x.jpg").toString(), "--mask", "identity",
                "--backend", "cpu", "--quality", "101");
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.errLines()).singleElement().asString().contains("quality must be from 1 to 100");
        assertThat(Files.exists(dir.resolve("x.jpg"))).isFalse();
    }

    @Test
    void pngLevelAsInBatchAndBadLevelIsOneLine() throws Exception {
        Path in = Path.of("sample-images/chelsea.png");
        Path fast = dir.resolve("l0.png");
        Path small = dir.resolve("l9.png");
        Path byDefault = dir.resolve("chelsea.png");
        for (String[] run : new String[][] {{fast.toString(), "--png-level", "0"}, {small.toString(), "--png-level", "9"},
                {byDefault.toString()}}) {
            String[] args = new String[run.length + 7];
            System.arraycopy(new String[] {"filter", in.toString(), "-o", run[0], "--mask", "box:3", "--backend", "cpu"}, 0, args, 0, 8);
            System.arraycopy(run, 1, args, 8, run.length - 1);
            assertThat(CliTest.run(args).code()).isZero();
        }
        assertThat(Files.size(small)).isLessThan(Files.size(fast));
        assertThat(org.convolab.io.PngSamples.rows(small)).usingRecursiveComparison().isEqualTo(org.convolab.io.PngSamples.rows(fast));
        // filter and batch write the same file by default (level 1)
        Path batchOut = dir.resolve("batch");
        assertThat(CliTest.run("batch", in.toString(), "-o", batchOut.toString(), "--mask", "box:3", "--backend", "cpu", "--quiet").code())
                .isZero();
        assertThat(Files.readAllBytes(batchOut.resolve("chelsea.png"))).isEqualTo(Files.readAllBytes(byDefault));
        CliTest.Run bad = CliTest.run("filter", in.toString(), "-o", dir.resolve("x.png").toString(), "--mask", "identity",
                "--backend", "cpu", "--png-level", "10");
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.errLines()).singleElement().asString().contains("PNG compression level must be from 0 to 9");
        assertThat(Files.exists(dir.resolve("x.png"))).isFalse();
    }

    @Test
    void alphaToJpegIsSaidOnceOnStderr() {
        Path in = Path.of("sample-images/gradient.png"); // RGBA
        CliTest.Run r = CliTest.run("filter", in.toString(), "-o", dir.resolve("g.jpg").toString(), "--mask", "box:3",
                "--backend", "cpu");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.errLines()).singleElement().asString().contains("JPEG has no alpha channel");
    }

    @Test
    void aPngDeclaringThreeGigapixelsIsRefusedFromItsHeader() throws Exception {
        Path in = png16("small.png", 4, 4);
        byte[] b = Files.readAllBytes(in);
        // IHDR width and height (bytes 16..23): 60000 x 50000
        b[16] = 0; b[17] = 0; b[18] = (byte) 0xea; b[19] = 0x60;
        b[20] = 0; b[21] = 0; b[22] = (byte) 0xc3; b[23] = 0x50;
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(b, 12, 17); // "IHDR" and its 13 bytes
        long c = crc.getValue();
        for (int i = 0; i < 4; i++) {
            b[29 + i] = (byte) (c >>> (24 - 8 * i));
        }
        Path huge = Files.write(dir.resolve("huge.png"), b);
        CliTest.Run r = CliTest.run("filter", huge.toString(), "-o", dir.resolve("h.png").toString(), "--mask", "box:3",
                "--backend", "cpu");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString().contains("3000.0 megapixels").contains("over the limit of 2000.0");
    }
}
