package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.io.ImageFiles;
import org.convolab.io.JpegCodecs;
import org.convolab.io.SyntheticImages;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BatchCommandTest {

    @TempDir
    Path dir;

    Path in;
    Path out;
    RgbaImage image = SyntheticImages.gradient(60, 40);

    @BeforeEach
    void inputs() throws Exception {
        in = dir.resolve("in");
        out = dir.resolve("out");
        Files.createDirectories(in.resolve("sub"));
        ImageFiles.write(image, in.resolve("a.png"), false);
        ImageFiles.write(image, in.resolve("b.jpg"), false);
        ImageFiles.write(image, in.resolve("sub/c.png"), false);
    }

    private static CliTest.Run batch(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "batch";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--backend";
        all[args.length + 2] = "cpu";
        return CliTest.run(all);
    }

    @Test
    void theSummarySaysWhichJpegCodecRan() throws Exception {
        ImageFiles.write(image, in.resolve("d.jpg"), false);
        CliTest.Run r = batch(in.toString(), "-o", out.toString(), "--mask", "box:3", "--jobs", "2");
        assertThat(r.code()).as(r.err()).isZero();
        // b.jpg and d.jpg in, and out: the codec this host has (libjpeg-turbo, or ImageIO with how to get it)
        assertThat(r.out()).contains("JPEG codec: " + JpegCodecs.describe() + ", 2 decoded, 2 encoded");
        CliTest.Run f = CliTest.run("filter", in.resolve("d.jpg").toString(), "-o", dir.resolve("d.jpg").toString(),
                "--mask", "box:3", "--backend", "cpu", "--timings");
        assertThat(f.code()).as(f.err()).isZero();
        assertThat(f.out()).contains("JPEG codec: " + JpegCodecs.describe() + ", 1 decoded, 1 encoded");
    }

    @Test
    void filtersAFolderWithLinesPerFileAndASummary() throws Exception {
        CliTest.Run r = batch(in.toString(), "-o", out.toString(), "--mask", "gaussian:1.5", "--border", "clamp", "--jobs", "2");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("done " + in.resolve("a.png")).contains("2 done, 0 skipped, 0 failed");
        RgbaImage expected = ReferenceConvolver.filter(image, FilterSpec.of(MaskPresets.parse("gaussian:1.5"), BorderPolicy.parse("clamp")));
        assertThat(ImageFiles.read(out.resolve("a.png")).maxDifference(expected)).isLessThanOrEqualTo(1);
        assertThat(out.resolve("b.jpg")).exists();
        assertThat(out.resolve("sub")).doesNotExist();
    }

    @Test
    void recursiveKeepsSubFoldersAndFormatChangesTheType() {
        CliTest.Run r = batch(in.toString(), "-o", out.toString(), "--mask", "box:3", "--recursive", "--format", "tif");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(out.resolve("a.tif")).exists();
        assertThat(out.resolve("b.tif")).exists();
        assertThat(out.resolve("sub/c.tif")).exists();
        assertThat(ImageFiles.formatOf(out.resolve("sub/c.tif"))).isEqualTo("tiff");
    }

    @Test
    void aBatchIntoItsOwnFolderNeverReplacesAnInputEvenWithForce() throws Exception {
        ImageFiles.write(image, in.resolve("a.jpg"), false);
        byte[] aPng = Files.readAllBytes(in.resolve("a.png"));
        CliTest.Run r = batch(in.toString(), "-o", in.toString(), "--format", "png", "--mask", "box:3", "--force");
        assertThat(r.err()).contains("refusing to overwrite an input of this batch");
        assertThat(Files.readAllBytes(in.resolve("a.png"))).isEqualTo(aPng);
        assertThat(in.resolve("b.png")).exists(); // b.jpg's result, which replaces nothing
    }

    @Test
    void aLinkedFolderIsWalkedAndAnOutputInsideItThroughTheLinkIsNotReadBack() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path pics = Files.createSymbolicLink(home.resolve("Pictures"), in);
        for (int run = 0; run < 2; run++) {
            CliTest.Run r = batch(in.toString(), "-o", pics.resolve("filtered").toString(), "-r", "--mask", "box:3", "--force");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).contains("3 done, 0 skipped, 0 failed");
        }
        assertThat(in.resolve("filtered/filtered")).doesNotExist();
        CliTest.Run viaLink = batch(pics.toString(), "-o", out.toString(), "-r", "--mask", "box:3");
        assertThat(viaLink.code()).as(viaLink.err()).isZero();
        assertThat(out.resolve("sub/c.png")).exists();
    }

    @Test
    void existingOutputsAreSkippedUnlessForceAndARerunFinishesTheRest() throws Exception {
        Files.createDirectories(out);
        Files.writeString(out.resolve("a.png"), "keep me");
        CliTest.Run r = batch(in.toString(), "-o", out.toString(), "--mask", "box:3");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("skipped " + in.resolve("a.png")).contains("1 done, 1 skipped, 0 failed");
        assertThat(Files.readString(out.resolve("a.png"))).isEqualTo("keep me");
        CliTest.Run forced = batch(in.toString(), "-o", out.toString(), "--mask", "box:3", "--force");
        assertThat(forced.out()).contains("2 done, 0 skipped, 0 failed");
        assertThat(ImageFiles.read(out.resolve("a.png")).width()).isEqualTo(60);
    }

    @Test
    void aBadFileFailsWithOneLineTheOthersGoOnAndTheExitIsOne() throws Exception {
        Files.writeString(in.resolve("broken.png"), "not a png");
        CliTest.Run r = batch(in.toString(), in.resolve("a.png").toString(), "-o", out.toString(), "--mask", "box:3");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).hasSize(2).allSatisfy(l -> assertThat(l).startsWith("convolab: ").doesNotContain("Exception"));
        assertThat(r.err()).contains("broken.png: cannot read").contains("already the one of");
        assertThat(r.out()).contains("2 done, 0 skipped, 2 failed");
        assertThat(out.resolve("broken.png")).doesNotExist();
        assertThat(out.resolve("b.jpg")).exists();
    }

    @Test
    void quietPrintsOnlyFailures() throws Exception {
        CliTest.Run r = batch(in.toString(), "-o", out.toString(), "--mask", "box:3", "--quiet", "--quality", "50", "--png-level", "9");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).isEmpty();
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a.png", "b.jpg");
        }
    }

    @Test
    void qualityChangesTheJpegSize() throws Exception {
        RgbaImage noisy = org.convolab.cli.BenchCommand.randomImage(200, 150, 3);
        ImageFiles.write(noisy, in.resolve("n.jpg"), false);
        assertThat(batch(in.resolve("n.jpg").toString(), "-o", dir.resolve("q30").toString(), "--mask", "identity", "--quality", "30").code()).isZero();
        assertThat(batch(in.resolve("n.jpg").toString(), "-o", dir.resolve("q95").toString(), "--mask", "identity", "--quality", "95").code()).isZero();
        assertThat(Files.size(dir.resolve("q30/n.jpg"))).isLessThan(Files.size(dir.resolve("q95/n.jpg")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "jobs 0          | --jobs 0          | --jobs must be at least 1",
            "unknown format  | --format webp     | unknown format 'webp'",
            "quality 101     | --quality 101     | --quality 101 is out of range",
            "png level 10    | --png-level 10    | --png-level 10 is out of range",
            "bad devices     | --devices one     | --devices 'one' is not",
            "max megapixels  | --max-megapixels 0 | --max-megapixels",
            "strategy        | --strategy warp   | unknown strategy",
            "no mask         | --border clamp    | Missing required argument"})
    void badOptionsAreUsageErrors(String what, String option, String message) {
        String[] o = option.trim().split(" ");
        String[] args = o[0].equals("--border") ? new String[] {in.toString(), "-o", out.toString(), o[0], o[1]}
                : new String[] {in.toString(), "-o", out.toString(), "--mask", "box:3", o[0], o[1]};
        CliTest.Run r = batch(args);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.errLines().get(0)).startsWith("convolab: ").contains(message.trim());
        assertThat(out).doesNotExist();
    }

    @Test
    void usageErrorsExitTwo() {
        assertThat(CliTest.run("batch").code()).isEqualTo(2);
        assertThat(CliTest.run("batch", in.toString(), "--mask", "box:3").code()).isEqualTo(2); // no -o
        assertThat(CliTest.run("batch", in.toString(), "-o", out.toString(), "--jobs", "many").code()).isEqualTo(2);
        assertThat(CliTest.run("batch", in.toString(), "-o", out.toString(), "--quality", "x").code()).isEqualTo(2);
        assertThat(CliTest.run("batch", in.toString(), "-o", out.toString(), "--png-level", "x").code()).isEqualTo(2);
        assertThat(CliTest.run("batch", in.toString(), "-o", out.toString(), "--backend", "tpu").code()).isEqualTo(2);
        assertThat(CliTest.run("batch", in.toString(), "-o", out.toString(), "--no-such-option").code()).isEqualTo(2);
    }

    @Test
    void anEmptyFolderOrAFileAsOutdirIsOneClearLine() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        CliTest.Run r = batch(empty.toString(), "-o", out.toString(), "--mask", "box:3");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("no images in");
        Path file = Files.writeString(dir.resolve("file"), "x");
        CliTest.Run r2 = batch(in.toString(), "-o", file.toString(), "--mask", "box:3");
        assertThat(r2.code()).isEqualTo(1);
        assertThat(r2.err()).contains("it is a file, not a folder");
    }

    @Test
    void devicesListIsParsed() {
        assertThat(BatchCommand.parseDevices("all")).isNull();
        assertThat(BatchCommand.parseDevices("1, 0,1")).containsExactly(1, 0);
        CliTest.Run r = batch(in.toString(), "-o", out.toString(), "--mask", "box:3", "--devices", "0,1");
        assertThat(r.code()).as(r.err()).isZero(); // the CPU backend is one engine whatever --devices says
    }

    @Test
    void controlCharactersInFileNamesNeverReachTheTerminalRaw() throws Exception {
        Path evil = Files.createDirectories(dir.resolve("evil"));
        ImageFiles.write(image, evil.resolve("title\u001b]0;pwned\u0007.png"), false); // would set the window title
        ImageFiles.write(image, evil.resolve("x\n9 done, 0 skipped, 0 failed in 0.1 s.png"), false); // would forge a summary
        ImageFiles.write(image, evil.resolve("skip\u001b[31m.png"), false);
        Files.writeString(evil.resolve("bad\u001b[2J.png"), "not a png");
        Files.createDirectories(out);
        Files.writeString(out.resolve("skip\u001b[31m.png"), "keep me");
        CliTest.Run r = batch(evil.toString(), "-o", out.toString(), "--mask", "box:3");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out() + r.err()).doesNotContain("\u001b").doesNotContain("\u0007");
        assertThat(r.out().lines()).noneMatch(l -> l.startsWith("9 done"));
        assertThat(r.out()).contains("done " + evil + "/title\\u001b]0;pwned\\u0007.png -> ")
                .contains("x\\n9 done, 0 skipped").contains("skipped " + evil + "/skip\\u001b[31m.png: ")
                .contains("2 done, 1 skipped, 1 failed");
        assertThat(r.errLines()).singleElement().asString().startsWith("convolab: " + evil + "/bad\\u001b[2J.png: ");
    }
}
