package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import javax.imageio.ImageIO;
import org.convolab.cli.CliTest.Run;
import org.convolab.core.HistogramStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramCommandTest {

    @TempDir
    Path dir;

    /** Writes a random PNG, RGB or RGBA, and returns its pixels as ImageIO decodes them. */
    private int[] png(Path file, int w, int h, boolean alpha, long seed) throws Exception {
        BufferedImage img = new BufferedImage(w, h, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
        Random rnd = new Random(seed);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                img.setRGB(x, y, rnd.nextInt());
            }
        }
        ImageIO.write(img, "png", file.toFile());
        return ImageIO.read(file.toFile()).getRGB(0, 0, w, h, null, 0, w);
    }

    /** The expected counts written out independently of core.Histogram: [channel][bin]. */
    private static long[][] expected(int[] pixels, int bins) {
        long[][] c = new long[5][bins];
        for (int p : pixels) {
            int r = p >> 16 & 255;
            int g = p >> 8 & 255;
            int b = p & 255;
            int lum = (int) Math.floor((299L * r + 587L * g + 114L * b) / 1000.0 + 0.5);
            int[] v = {r, g, b, p >>> 24, lum};
            for (int k = 0; k < 5; k++) {
                c[k][v[k] * bins / 256]++;
            }
        }
        return c;
    }

    @Test
    void csvOfAnRgbImageHasTheDocumentedColumnsAndAnEmptyAlphaColumn() throws Exception {
        Path in = dir.resolve("rgb.png");
        int[] px = png(in, 61, 37, false, 1);
        Run r = CliTest.run("histogram", in.toString(), "--backend", "cpu", "--format", "csv");
        assertThat(r.code()).as(r.err()).isZero();
        String[] lines = r.out().split("\n");
        assertThat(lines[0]).isEqualTo("bin,r,g,b,a,luminance");
        assertThat(lines).hasSize(257);
        long[][] want = expected(px, 256);
        for (int k = 0; k < 256; k++) {
            assertThat(lines[k + 1]).isEqualTo(k + "," + want[0][k] + "," + want[1][k] + "," + want[2][k] + ",," + want[4][k]);
        }
    }

    @Test
    void csvOfAnRgbaImageCountsAlphaAndBinsSplitTheValues() throws Exception {
        Path in = dir.resolve("rgba.png");
        int[] px = png(in, 40, 25, true, 2);
        Run r = CliTest.run("histogram", in.toString(), "--backend", "cpu", "--format", "csv", "--bins", "7");
        assertThat(r.code()).as(r.err()).isZero();
        String[] lines = r.out().split("\n");
        assertThat(lines).hasSize(8);
        long[][] want = expected(px, 7);
        for (int k = 0; k < 7; k++) {
            assertThat(lines[k + 1]).isEqualTo(k + "," + want[0][k] + "," + want[1][k] + "," + want[2][k] + "," + want[3][k] + "," + want[4][k]);
        }
    }

    @Test
    void jsonHasEveryChannelAndNullAlphaWithoutAnAlphaChannel() throws Exception {
        Path in = dir.resolve("rgb.png");
        int[] px = png(in, 9, 4, false, 3);
        Run r = CliTest.run("histogram", in.toString(), "--backend", "cpu", "--format", "json", "--bins", "16");
        assertThat(r.code()).as(r.err()).isZero();
        JsonObject doc = JsonParser.parseString(r.out()).getAsJsonObject();
        assertThat(doc.get("bins").getAsInt()).isEqualTo(16);
        assertThat(doc.get("pixels").getAsLong()).isEqualTo(36);
        assertThat(doc.get("alpha").getAsBoolean()).isFalse();
        assertThat(doc.get("a").isJsonNull()).isTrue();
        JsonArray lum = doc.getAsJsonArray("luminance");
        long[][] want = expected(px, 16);
        for (int k = 0; k < 16; k++) {
            assertThat(lum.get(k).getAsLong()).isEqualTo(want[4][k]);
            assertThat(doc.getAsJsonArray("g").get(k).getAsLong()).isEqualTo(want[1][k]);
        }
    }

    @Test
    void theTableShowsValueRangesAndLeavesOutAMissingAlpha() throws Exception {
        Path in = dir.resolve("rgb.png");
        png(in, 8, 8, false, 4);
        Run r = CliTest.run("histogram", in.toString(), "--backend", "cpu", "--bins", "4");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("64 pixels, 4 bins, no alpha channel").contains("0-63").contains("192-255");
        assertThat(r.out().lines().filter(l -> l.startsWith("bin")).findFirst().orElseThrow()).doesNotContain(" a ")
                .contains("luminance");
    }

    @Test
    void benchTimesEveryWorkloadAndChecksItsCounts() throws Exception {
        Path in = dir.resolve("rgb.png");
        png(in, 30, 20, false, 5);
        Run r = CliTest.run("histogram", "--bench", in.toString(), "--backend", "cpu", "--size", "64x48", "--repeat", "2",
                "--warmup", "0", "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonArray rows = JsonParser.parseString(r.out()).getAsJsonArray();
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0).getAsJsonObject().get("workload").getAsString()).isEqualTo("uniform");
        assertThat(rows.get(1).getAsJsonObject().get("workload").getAsString()).isEqualTo("constant");
        assertThat(rows.get(2).getAsJsonObject().get("workload").getAsString()).isEqualTo("rgb.png scaled");
        for (var row : rows) {
            JsonObject o = row.getAsJsonObject();
            assertThat(o.get("exact").getAsBoolean()).isTrue();
            assertThat(o.get("width").getAsInt()).isEqualTo(64);
            assertThat(o.get("gpixels_per_s").getAsDouble()).isPositive();
        }
    }

    @Test
    void badValuesAreUsageErrorsAndABadFileOneLine() {
        assertThat(CliTest.run("histogram").code()).isEqualTo(2);
        Run bins = CliTest.run("histogram", "x.png", "--bins", "70000");
        assertThat(bins.code()).isEqualTo(2);
        assertThat(bins.err()).contains("'--bins'").contains("1 to 65536 (16-bit ones), not 70000");
        Run strategy = CliTest.run("histogram", "x.png", "--strategy", "shared");
        assertThat(strategy.code()).isEqualTo(2);
        assertThat(strategy.err()).contains("unknown histogram strategy 'shared'");
        assertThat(CliTest.run("histogram", "x.png", "--format", "xml").code()).isEqualTo(2);
        Run missing = CliTest.run("histogram", dir.resolve("nope.png").toString(), "--backend", "cpu");
        assertThat(missing.code()).isEqualTo(1);
        assertThat(missing.errLines()).hasSize(1);
        assertThat(missing.errLines().get(0)).contains("no such file");
    }

    @Test
    void contentionRunsTheClassroomExperimentAndPrintsWhatTheTabShows() {
        Run r = CliTest.run("histogram", "--contention", "--backend", "cpu", "--size", "64x48");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        // the note the tab shows above its table, word for word
        assertThat(lines.get(0)).startsWith("The strategies are GPU kernels: the CPU engine counts one way")
                .contains("uniform random").contains("dark photo").contains("constant").endsWith("Choose the GPU backend to see contention.");
        String head = lines.stream().filter(l -> l.startsWith("strategy")).findFirst().orElseThrow();
        assertThat(head).contains("uniform random").contains("dark photo").contains("constant").endsWith("why");
        for (HistogramStrategy s : HistogramStrategy.values()) {
            String row = lines.stream().filter(l -> l.startsWith(s.id() + " ")).findFirst().orElseThrow();
            assertThat(row).contains("GPU only").endsWith(s.lesson());
        }
    }

    @Test
    void contentionTakesNoImageAndIsNotABench() {
        Run image = CliTest.run("histogram", "--contention", "x.png", "--backend", "cpu");
        assertThat(image.code()).isEqualTo(2);
        assertThat(image.err()).contains("give no IMAGE");
        assertThat(CliTest.run("histogram", "--contention", "--bench", "--backend", "cpu").code()).isEqualTo(2);
        assertThat(CliTest.run("histogram", "--contention", "--format", "csv", "--backend", "cpu").code()).isEqualTo(2);
    }

    /** Writes a 16-bit PNG of random samples and returns them as stored, row after row. */
    private static int[] png16(Path file, int w, int h, boolean alpha, boolean grey, long seed) {
        ar.com.hjg.pngj.ImageInfo info = new ar.com.hjg.pngj.ImageInfo(w, h, 16, alpha, grey, false);
        ar.com.hjg.pngj.PngWriter pw = new ar.com.hjg.pngj.PngWriter(file.toFile(), info, true);
        Random rnd = new Random(seed);
        int[] all = new int[info.samplesPerRow * h];
        int[] row = new int[info.samplesPerRow];
        for (int y = 0; y < h; y++) {
            for (int i = 0; i < row.length; i++) {
                // a narrow range now and then, so that some bins hold many pixels
                row[i] = rnd.nextInt(4) == 0 ? 1000 + rnd.nextInt(50) : rnd.nextInt(65536);
            }
            System.arraycopy(row, 0, all, y * row.length, row.length);
            pw.writeRowInt(row);
        }
        pw.end();
        return all;
    }

    /** Expected 16-bit counts written out independently of core.Histogram: [channel][bin]; grey counts in r, g and b. */
    private static long[][] expected16(int[] samples, int channels, boolean grey, boolean alpha, int bins) {
        long[][] c = new long[5][bins];
        for (int i = 0; i < samples.length; i += channels) {
            long r = samples[i];
            long g = grey ? r : samples[i + 1];
            long b = grey ? r : samples[i + 2];
            long a = alpha ? samples[i + channels - 1] : 65535;
            long lum = (long) Math.floor((299 * r + 587 * g + 114 * b) / 1000.0 + 0.5);
            long[] v = {r, g, b, a, lum};
            for (int k = 0; k < 5; k++) {
                c[k][(int) (v[k] * bins / 65536)]++;
            }
        }
        return c;
    }

    @Test
    void aSixteenBitPngIsCountedAtItsDepthWithOneBinAValueByDefault() throws Exception {
        Path in = dir.resolve("rgba16.png");
        int[] s = png16(in, 29, 17, true, false, 11);
        Run r = CliTest.run("histogram", in.toString(), "--backend", "cpu", "--format", "csv");
        assertThat(r.code()).as(r.err()).isZero();
        String[] lines = r.out().split("\n");
        assertThat(lines[0]).isEqualTo("bin,r,g,b,a,luminance");
        assertThat(lines).hasSize(65537);
        long[][] want = expected16(s, 4, false, true, 65536);
        for (int k = 0; k < 65536; k++) {
            assertThat(lines[k + 1]).isEqualTo(k + "," + want[0][k] + "," + want[1][k] + "," + want[2][k] + "," + want[3][k] + ","
                    + want[4][k]);
        }
    }

    @Test
    void aSixteenBitGreyPngCountsGreyInRgbAndTakesAnyBinCountUpTo65536() throws Exception {
        Path in = dir.resolve("grey16.png");
        int[] s = png16(in, 31, 9, false, true, 12);
        Run r = CliTest.run("histogram", in.toString(), "--backend", "cpu", "--format", "csv", "--bins", "1000");
        assertThat(r.code()).as(r.err()).isZero();
        String[] lines = r.out().split("\n");
        assertThat(lines).hasSize(1001);
        long[][] want = expected16(s, 1, true, false, 1000);
        for (int k = 0; k < 1000; k++) {
            assertThat(lines[k + 1]).isEqualTo(k + "," + want[0][k] + "," + want[0][k] + "," + want[0][k] + ",," + want[0][k]);
        }
        Run json = CliTest.run("histogram", in.toString(), "--backend", "cpu", "--format", "json", "--bins", "7");
        JsonObject doc = JsonParser.parseString(json.out()).getAsJsonObject();
        assertThat(doc.get("bit_depth").getAsInt()).isEqualTo(16);
        assertThat(doc.get("bins").getAsInt()).isEqualTo(7);
        assertThat(doc.get("a").isJsonNull()).isTrue();
        Run table = CliTest.run("histogram", in.toString(), "--backend", "cpu", "--bins", "1000");
        assertThat(table.out()).contains("279 pixels, 1000 bins of 16-bit values, no alpha channel").contains("0-65 ")
                .contains("65471-65535");
    }

    @Test
    void anEightBitImageTakesAtMost256BinsAndSaysSo() throws Exception {
        Path in = dir.resolve("rgb.png");
        png(in, 6, 5, false, 7);
        Run r = CliTest.run("histogram", in.toString(), "--backend", "cpu", "--bins", "300");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("'--bins': an 8-bit image has 1 to 256 bins, not 300");
        Run bench = CliTest.run("histogram", "--bench", "--backend", "cpu", "--bins", "1000", "--size", "8x8");
        assertThat(bench.code()).isEqualTo(2);
        assertThat(bench.err()).contains("the bench's images are 8-bit");
    }

    @Test
    void controlCharactersInTheImageNameAreEscapedInEveryFormat() throws Exception {
        Path in = dir.resolve("t\u001b]0;pwned\u0007\nfake.png");
        png(in, 20, 10, false, 3);
        for (String format : new String[] {"table", "csv", "json"}) {
            Run counted = CliTest.run("histogram", in.toString(), "--backend", "cpu", "--format", format);
            assertThat(counted.code()).as(format + counted.err()).isZero();
            Run bench = CliTest.run("histogram", "--bench", in.toString(), "--backend", "cpu", "--size", "16x8", "--repeat", "1",
                    "--warmup", "0", "--format", format);
            assertThat(bench.code()).as(format + bench.err()).isZero();
            for (Run r : new Run[] {counted, bench}) {
                assertThat(r.out() + r.err()).as(format).doesNotContain("\u001b").doesNotContain("\u0007");
                assertThat(r.out().lines()).as(format).noneMatch(l -> l.startsWith("fake.png"));
            }
        }
    }
}
