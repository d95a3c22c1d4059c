package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.io.ImageFiles;
import org.convolab.io.SyntheticImages;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CliTest {

    @TempDir
    Path dir;

    Path input;

    record Run(int code, String out, String err) {
        List<String> errLines() {
            List<String> lines = new ArrayList<>();
            for (String l : err.split("\n")) {
                if (!l.isBlank()) {
                    lines.add(l);
                }
            }
            return lines;
        }
    }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @BeforeEach
    void image() {
        input = dir.resolve("in.png");
        ImageFiles.write(SyntheticImages.gradient(40, 30), input, false);
    }

    @Test
    void filterWritesWhatTheReferenceComputes() {
        Path out = dir.resolve("out.png");
        Run r = run("filter", input.toString(), "-o", out.toString(), "--mask", "gaussian:1.5", "--border", "clamp", "--backend", "cpu");
        assertThat(r.code()).as(r.err()).isZero();
        RgbaImage expected = ReferenceConvolver.filter(ImageFiles.read(input),
                FilterSpec.of(MaskPresets.parse("gaussian:1.5"), BorderPolicy.parse("clamp")));
        assertThat(ImageFiles.read(out).maxDifference(expected)).isLessThanOrEqualTo(1);
    }

    @Test
    void maskFileDivisorOffsetAbsAndTimings() throws Exception {
        Path mask = Files.writeString(dir.resolve("m.txt"), "# sobel\n-1 0 1\n-2 0 2\n-1 0 1\n");
        Path out = dir.resolve("edges.bmp");
        Run r = run("filter", input.toString(), "-o", out.toString(), "--mask-file", mask.toString(), "--abs", "--divisor", "2",
                "--offset", "3", "--backend", "cpu", "--timings", "--strategy", "naive");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("strategy naive").contains("GFLOP/s");
        RgbaImage expected = ReferenceConvolver.filter(ImageFiles.read(input),
                new FilterSpec(MaskPresets.parse("sobel-x"), BorderPolicy.parse("mirror"), 2f, 3f, true));
        assertThat(ImageFiles.read(out).maxDifference(expected)).isLessThanOrEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "missing file      | MISSING | box:3 | mirror | no such file",
            "not an image      | TEXT    | box:3 | mirror | not an image",
            "even-sized mask   | IN      | 1 2; 3 4 | mirror | even",
            "non-numeric weight| IN      | 1 x 1 | mirror | 'x' is not a number",
            "unknown preset    | IN      | blur:3 | mirror | unknown mask preset 'blur'"})
    void badInputGetsExitOneAndOneClearLine(String what, String which, String mask, String border, String message) throws Exception {
        Path in = switch (which.trim()) {
            case "MISSING" -> dir.resolve("nope.png");
            case "TEXT" -> Files.writeString(dir.resolve("fake.png"), "hello");
            default -> input;
        };
        Run r = run("filter", in.toString(), "-o", dir.resolve("o.png").toString(), "--mask", mask.trim(), "--border", border.trim(),
                "--backend", "cpu");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.errLines().get(0)).startsWith("convolab: ").contains(message.trim()).doesNotContain("Exception");
        assertThat(dir.resolve("o.png")).doesNotExist();
    }

    @Test
    void theInputIsNeverOverwrittenAndOutputsOnlyWithForce() throws Exception {
        byte[] before = Files.readAllBytes(input);
        Run r = run("filter", input.toString(), "-o", input.toString(), "--mask", "box:3", "--force", "--backend", "cpu");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("refusing to overwrite the input");
        assertThat(Files.readAllBytes(input)).isEqualTo(before);
        Path out = dir.resolve("o.png");
        assertThat(run("filter", input.toString(), "-o", out.toString(), "--mask", "box:3", "--backend", "cpu").code()).isZero();
        assertThat(run("filter", input.toString(), "-o", out.toString(), "--mask", "box:3", "--backend", "cpu").code()).isEqualTo(1);
        assertThat(run("filter", input.toString(), "-o", out.toString(), "--mask", "box:3", "--backend", "cpu", "-f").code()).isZero();
    }

    @Test
    void anOutputThroughALinkAndDotDotIsWhereTheFileSystemPutsItNeverOverTheInput() throws Exception {
        byte[] before = Files.readAllBytes(input);
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere/deep"));
        Path lnk = Files.createSymbolicLink(dir.resolve("lnk"), elsewhere);
        // as text lnk/../NAME is the input; the file system puts it in elsewhere/
        String viaLink = lnk + "/../" + input.getFileName();
        Run r = run("filter", input.toString(), "-o", viaLink, "--mask", "box:3", "--force", "--backend", "cpu");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readAllBytes(input)).isEqualTo(before);
        assertThat(dir.resolve("elsewhere").resolve(input.getFileName())).exists();
        // the other way round: as text elsewhere/deep/in/../NAME is not the input, for the file system it is
        Path sub = Files.createDirectories(input.toAbsolutePath().getParent().resolve("sub-of-input"));
        Path inDir = Files.createSymbolicLink(elsewhere.resolve("in"), sub);
        Run refused = run("filter", input.toString(), "-o", inDir + "/../" + input.getFileName(),
                "--mask", "box:3", "--force", "--backend", "cpu");
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err()).contains("refusing to overwrite the input");
        assertThat(Files.readAllBytes(input)).isEqualTo(before);
    }

    @Test
    void usageErrorsExitTwo() {
        assertThat(run("filter").code()).isEqualTo(2);
        assertThat(run("filter", input.toString(), "-o", "x.png", "--bogus").code()).isEqualTo(2);
        assertThat(run("filter", input.toString(), "-o", "x.png", "--mask", "box:3", "--mask-file", "m.txt").code()).isEqualTo(2);
        assertThat(run("nonsense").code()).isEqualTo(2);
    }

    @Test
    void everyCommandHasHelp() {
        for (String c : new String[] {"filter", "bench", "selftest", "devices", "gui"}) {
            Run r = run(c, "--help");
            assertThat(r.code()).as(c).isZero();
            assertThat(r.out()).as(c).contains("Usage: convolab " + c);
        }
        assertThat(run("filter", "--help").out()).contains("REFLECT_101").contains("nearest");
        // every strategy is named in the list (fft was missing); the help wraps, so compare without line breaks
        String help = run("filter", "--help").out().replaceAll("\\s+", " ");
        for (org.convolab.core.Strategy s : org.convolab.core.Strategy.values()) {
            assertThat(help).as(s.id()).containsPattern("[ ,]" + java.util.regex.Pattern.quote(s.id()) + "[ ,]");
        }
    }

    @Test
    void benchPrintsJsonWithTheDocumentedFields() {
        Run r = run("bench", "--backend", "cpu", "--size", "64x48", "--radius", "1,2", "--strategy", "naive,tiled,separable",
                "--repeat", "3", "--warmup", "1", "--format", "json", "--mask", "gaussian");
        assertThat(r.code()).as(r.err()).isZero();
        JsonArray rows = JsonParser.parseString(r.out()).getAsJsonArray();
        assertThat(rows).hasSize(6);
        for (var e : rows) {
            JsonObject o = e.getAsJsonObject();
            for (String key : new String[] {"backend", "device", "strategy", "width", "height", "radius", "border", "kernel_ms",
                    "end_to_end_ms", "gbps", "gflops", "max_diff"}) {
                assertThat(o.has(key)).as(key).isTrue();
            }
            assertThat(o.get("backend").getAsString()).isEqualTo("cpu");
            assertThat(o.get("width").getAsInt()).isEqualTo(64);
            assertThat(o.get("max_diff").getAsInt()).isLessThanOrEqualTo(1);
            assertThat(o.get("kernel_ms").getAsDouble()).isPositive();
        }
    }

    @Test
    void benchInteractiveReportsTheArrayAndTheLentResult() {
        Run r = run("bench", "--backend", "cpu", "--interactive", "--size", "64x48", "--repeat", "3", "--warmup", "1",
                "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonArray().get(0).getAsJsonObject();
        for (String key : new String[] {"kernel_ms", "to_pinned_host_ms", "to_java_array_ms", "lent_ms"}) {
            assertThat(o.get(key).getAsDouble()).as(key).isPositive();
        }
        Run t = run("bench", "--backend", "cpu", "--interactive", "--size", "64x48", "--repeat", "2");
        assertThat(t.out()).contains("in a Java array").contains("lent without a copy");
    }

    @Test
    void benchTableAndCsvAndItsBadInput() {
        Run t = run("bench", "--backend", "cpu", "--size", "32x32", "--radius", "1", "--strategy", "all", "--repeat", "1");
        assertThat(t.code()).isZero();
        assertThat(t.out()).contains("kernel ms").contains("cpu-2d").contains("cpu-fft");
        assertThat(t.err()).contains("skipped separable, separable-tiled").contains("skipped constant, tiled, tiled-out, cached, fast, tensor (the same as naive: cpu-2d)");
        // One row per path the CPU engine has: the 2D loop and the FFT for a mask that is not separable.
        assertThat(t.out().lines().filter(l -> l.startsWith("1 "))).hasSize(2);
        Run c = run("bench", "--backend", "cpu", "--size", "32x32", "--radius", "1", "--strategy", "naive", "--repeat", "1", "--format", "csv");
        assertThat(c.out().lines().findFirst().orElse("")).startsWith("backend,device,strategy,width,height,radius");
        assertThat(run("bench", "--size", "big").code()).isEqualTo(2);
        assertThat(run("bench", "--size", "8x8", "--radius", "40").code()).isEqualTo(2);
    }

    @Test
    void benchTimesRectangularMasksAndRefusesBadSizes() {
        Run r = run("bench", "--backend", "cpu", "--size", "40x30", "--mask-size", "63x5,1x31", "--strategy", "fast,fft",
                "--repeat", "1", "--warmup", "0", "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonArray rows = JsonParser.parseString(r.out()).getAsJsonArray();
        assertThat(rows).hasSize(4);
        JsonObject first = rows.get(0).getAsJsonObject();
        assertThat(first.get("mask").getAsString()).isEqualTo("63x5 random");
        assertThat(first.get("radius").getAsInt()).isEqualTo(31);
        assertThat(first.get("runs").getAsString()).isEqualTo("cpu-2d");
        assertThat(rows.get(1).getAsJsonObject().get("runs").getAsString()).isEqualTo("cpu-fft");
        assertThat(rows.get(3).getAsJsonObject().get("mask").getAsString()).isEqualTo("1x31 random");
        for (var e : rows) {
            assertThat(e.getAsJsonObject().get("max_diff").getAsInt()).isLessThanOrEqualTo(1);
        }
        for (String bad : new String[] {"64x5", "65x1", "0x3", "5", "axb", "3x3x3"}) {
            Run b = run("bench", "--backend", "cpu", "--size", "8x8", "--mask-size", bad);
            assertThat(b.code()).as(bad).isEqualTo(2);
            assertThat(b.err()).as(bad).contains("--mask-size").contains("is not a mask size like 63x5").doesNotContain("Exception");
        }
        assertThat(run("bench", "--size", "8x8", "--mask-size", "3x5", "--mask", "gaussian").code()).isEqualTo(2);
    }

    @Test
    void devicesSaysWhyNoGpuIsUsable() {
        Run r = run("devices");
        assertThat(r.code()).isZero();
        // the one right answer for this machine, from the engine's own report
        if (org.convolab.engine.Engines.devices().usable()) {
            assertThat(r.out()).contains("GPU engine: ready").doesNotContain("No usable CUDA device");
        } else {
            assertThat(r.out()).contains("No usable CUDA device: ").doesNotContain("GPU engine: ready");
        }
    }

    @Test
    void explainPrintsTheCourseTables() {
        Run two = run("explain", "--dims", "2", "--tile", "8,16,32,64", "--mask", "5,9");
        assertThat(two.code()).isZero();
        assertThat(two.out()).contains("5           11.11    16.00    19.75    22.15")
                .contains("9           20.25    36.00    51.84    64.00");
        Run one = run("explain", "--dims", "1", "--tile", "16,32,64,128,256", "--mask", "5,9");
        assertThat(one.out()).contains("5            4.00     4.44     4.71     4.85     4.92")
                .contains("9            6.00     7.20     8.00     8.47     8.73");
        Run csv = run("explain", "--dims", "2", "--tile", "8,16", "--mask", "5,9", "--format", "csv");
        List<String> lines = csv.out().lines().toList();
        assertThat(lines.get(0)).startsWith("dims,mask,tile,");
        assertThat(lines.get(0)).contains("reduction");
        assertThat(lines).hasSize(5).contains("2,9,16,24,36.00,2.2500,18.0000");
        assertThat(run("explain", "--mask", "4").code()).isEqualTo(2);
    }

    @Test
    void badMasksNameWhereTheProblemIs() throws Exception {
        Path ragged = Files.writeString(dir.resolve("ragged.txt"), "# a mask\n1 2 1\n2 4\n1 2 1\n");
        Run r = run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask-file", ragged.toString(), "--backend", "cpu");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly("convolab: ragged.txt line 3 has 2 numbers but the first row has 3; all rows must have the same length");
        Path nan = Files.writeString(dir.resolve("nan.txt"), "1 1 1\n1 NaN 1\n1 1 1\n");
        assertThat(run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask-file", nan.toString()).errLines())
                .containsExactly("convolab: nan.txt line 2, column 2: 'NaN' is not a finite number");
        Path empty = Files.writeString(dir.resolve("empty.txt"), "# nothing here\n");
        assertThat(run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask-file", empty.toString()).errLines())
                .containsExactly("convolab: empty.txt holds no weights");
        assertThat(run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask", "0 0 0; 0 0 0; 0 0 0", "--normalize")
                .errLines()).singleElement().asString().contains("cannot normalise").contains("sum to 0");
        Run zeroDivisor = run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask", "box:3", "--divisor", "0");
        assertThat(zeroDivisor.code()).isEqualTo(2);
        assertThat(zeroDivisor.errLines().get(0)).contains("--divisor").contains("other than 0");
        assertThat(run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask", "box:1025").errLines())
                .singleElement().asString().contains("from 1 to 1023");
        assertThat(run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask", "1 inf 1").errLines())
                .singleElement().asString().contains("column 2");
        assertThat(dir.resolve("o.png")).doesNotExist();
    }

    @Test
    void imagesOverThePixelLimitAreRefusedFromTheHeader() {
        Run r = run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask", "box:3", "--max-megapixels", "0.001");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString().contains("over the limit").contains("--max-megapixels");
    }

    /** Runs with a standard output that fails like a full disk. */
    static Run runToFullDisk(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        java.io.OutputStream full = new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException("No space left on device");
            }
        };
        int code = Cli.run(args, new PrintStream(full, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, "", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFailingStandardOutputIsAnError() {
        for (String[] args : new String[][] {{"explain"}, {"bench", "--backend", "cpu", "--size", "16x16", "--radius", "1",
                "--strategy", "naive", "--repeat", "1", "--warmup", "0", "--format", "json"}}) {
            Run r = runToFullDisk(args);
            assertThat(r.code()).as(args[0]).isEqualTo(1);
            assertThat(r.errLines()).as(args[0]).singleElement().asString().startsWith("convolab: cannot write to standard output");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "bench --repeat 0               | --repeat",
            "bench --warmup -1              | --warmup",
            "bench --size 0x0               | --size",
            "bench --radius 2147483647      | --radius",
            "bench --border foo             | --border",
            "bench --format xml             | --format",
            "bench --strategy fastest       | --strategy",
            "filter IN -o O --mask box:3 --border foo           | --border",
            "filter IN -o O                                     | --mask",
            "filter IN -o O --mask box:3 --max-megapixels -1    | --max-megapixels",
            "filter IN -o O --mask box:3 --max-megapixels 0     | --max-megapixels",
            "filter IN -o O --mask box:3 --max-megapixels NaN   | --max-megapixels",
            "filter IN -o O --mask box:3 --strategy fastest     | --strategy",
            "filter IN -o O --mask box:3 --offset Infinity      | --offset",
            "explain --dims 4               | --dims"})
    void everyBadOptionValueIsAUsageError(String line, String option) {
        List<String> args = new ArrayList<>();
        for (String a : line.trim().split("\\s+")) {
            args.add(a.equals("IN") ? input.toString() : a.equals("O") ? dir.resolve("o.png").toString() : a);
        }
        Run r = run(args.toArray(new String[0]));
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.errLines().get(0)).startsWith("convolab: ").contains(option.trim()).doesNotContain("Exception");
        assertThat(dir.resolve("o.png")).doesNotExist();
    }

    @Test
    void userTokensInUsageErrorsAreEscapedAndCut() {
        Run r = run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask", "box:3", "--border",
                "\u001b[2J" + "x".repeat(500_000));
        assertThat(r.code()).isEqualTo(2);
        String first = r.errLines().get(0);
        assertThat(first).doesNotContain("\u001b").contains("\\u001b[2J").hasSizeLessThan(Cli.MAX_LINE + 40);
    }

    @Test
    void theOutputIsCheckedBeforeTheInputIsDecoded() throws Exception {
        Path damaged = Files.write(dir.resolve("damaged.png"), java.util.Arrays.copyOf(Files.readAllBytes(input), 60));
        Path existing = Files.writeString(dir.resolve("exists.png"), "keep me");
        Run r = run("filter", damaged.toString(), "-o", existing.toString(), "--mask", "box:3", "--backend", "cpu");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly("convolab: not writing " + existing + ": the file exists (use --force to replace it)");
        Path missingFolder = dir.resolve("nope/o.png");
        assertThat(run("filter", damaged.toString(), "-o", missingFolder.toString(), "--mask", "box:3", "--backend", "cpu").errLines())
                .singleElement().asString().contains("does not exist");
        assertThat(Files.readString(existing)).isEqualTo("keep me");
    }

    @Test
    void forceKeepsTheModeAndADanglingSymlinkNeedsForce() throws Exception {
        Path out = dir.resolve("shared.png");
        assertThat(run("filter", input.toString(), "-o", out.toString(), "--mask", "box:3", "--backend", "cpu").code()).isZero();
        Files.setPosixFilePermissions(out, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-r--"));
        assertThat(run("filter", input.toString(), "-o", out.toString(), "--mask", "box:5", "--backend", "cpu", "--force").code()).isZero();
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(out))).isEqualTo("rw-rw-r--");
        Path link = Files.createSymbolicLink(dir.resolve("link.png"), dir.resolve("target-nowhere.png"));
        Run r = run("filter", input.toString(), "-o", link.toString(), "--mask", "box:3", "--backend", "cpu");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString().contains("exists");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(dir.resolve("target-nowhere.png")).doesNotExist();
    }

    @Test
    void aFolderGivenAsMaskFileSaysSo() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("masks"));
        Run r = run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask-file", folder.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly("convolab: cannot read mask file " + folder + ": it is a folder, not a mask file");
    }

    @Test
    void normalisingToInfiniteWeightsIsRefused() {
        Run r = run("filter", input.toString(), "-o", dir.resolve("o.png").toString(), "--mask", "1 -1 1e-40", "--normalize",
                "--backend", "cpu");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString().contains("cannot normalise").contains("overflow");
        assertThat(dir.resolve("o.png")).doesNotExist();
    }

    @Test
    void aUsageErrorIsOneLineAndWhereTheHelpIsNotTheWholeUsage() {
        Run r = run("filter", input.toString(), "-o", dir.resolve("o.png").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly(
                "convolab: Missing required argument (specify one of these): (--mask=SPEC | --mask-file=FILE)",
                "Try 'convolab filter --help' for more information.");
        for (String c : new String[] {"filter", "batch", "bench", "histogram", "selftest", "soak", "explain", "devices", "gui"}) {
            Run bad = run(c, "--no-such-option");
            assertThat(bad.code()).as(c).isEqualTo(2);
            assertThat(bad.errLines()).as(c).hasSizeLessThanOrEqualTo(3) // the error, picocli's suggestion if any, the hint
                    .first().asString().startsWith("convolab: "); // the unknown option, or a missing parameter found first
            assertThat(bad.errLines()).as(c).last().isEqualTo("Try 'convolab " + c + " --help' for more information.");
            assertThat(bad.err()).as(c).doesNotContain("Usage:");
        }
        Run top = run("nonsense");
        assertThat(top.code()).isEqualTo(2);
        assertThat(top.errLines()).first().asString().startsWith("convolab: Unmatched argument at index 0: 'nonsense'");
        assertThat(top.errLines()).last().isEqualTo("Try 'convolab --help' for more information.");
    }

    @Test
    void aMissingGpuIsMentionedOnlyWhereItHelps() {
        boolean gpu = org.convolab.engine.Engines.devices().usable();
        Run plain = run("filter", input.toString(), "-o", dir.resolve("a.png").toString(), "--mask", "box:3");
        assertThat(plain.code()).as(plain.err()).isZero();
        assertThat(plain.err()).isEmpty();
        Run counted = run("histogram", input.toString());
        assertThat(counted.code()).as(counted.err()).isZero();
        assertThat(counted.err()).isEmpty();
        Run timed = run("filter", input.toString(), "-o", dir.resolve("b.png").toString(), "--mask", "box:3", "--timings");
        assertThat(timed.code()).as(timed.err()).isZero();
        if (gpu) {
            assertThat(timed.err()).doesNotContain("GPU not used");
        } else {
            assertThat(timed.err()).contains("GPU not used: " + org.convolab.engine.Engines.devices().problem());
            Run cuda = run("filter", input.toString(), "-o", dir.resolve("c.png").toString(), "--mask", "box:3", "--backend", "cuda");
            assertThat(cuda.code()).isEqualTo(1);
            assertThat(cuda.errLines()).singleElement().asString().contains("CUDA backend unavailable");
        }
    }

    /** Runs with {@code stdin} as standard input. */
    static Run runWithStdin(byte[] stdin, String... args) {
        java.io.InputStream saved = System.in;
        System.setIn(new java.io.ByteArrayInputStream(stdin));
        try {
            return run(args);
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void theImageAndTheMaskCanComeFromStandardInput() throws Exception {
        Path fromFile = dir.resolve("file.png");
        assertThat(run("filter", input.toString(), "-o", fromFile.toString(), "--mask", "1 2 1; 2 4 2; 1 2 1", "--normalize",
                "--backend", "cpu").code()).isZero();
        Path piped = dir.resolve("piped.png");
        Run r = runWithStdin(Files.readAllBytes(input), "filter", "-", "-o", piped.toString(), "--mask", "1 2 1; 2 4 2; 1 2 1",
                "--normalize", "--backend", "cpu");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(ImageFiles.read(piped).maxDifference(ImageFiles.read(fromFile))).isZero();
        Path maskPiped = dir.resolve("mask-piped.png");
        Run m = runWithStdin("# a mask\n1 2 1\n2 4 2\n1 2 1\n".getBytes(StandardCharsets.UTF_8), "filter", input.toString(), "-o",
                maskPiped.toString(), "--mask-file", "-", "--normalize", "--backend", "cpu");
        assertThat(m.code()).as(m.err()).isZero();
        assertThat(ImageFiles.read(maskPiped).maxDifference(ImageFiles.read(fromFile))).isZero();

        Run empty = runWithStdin(new byte[0], "filter", "-", "-o", dir.resolve("e.png").toString(), "--mask", "box:3");
        assertThat(empty.code()).isEqualTo(1);
        assertThat(empty.errLines()).containsExactly("convolab: cannot read standard input: it is empty (nothing came through the pipe)");
        Run text = runWithStdin("hello".getBytes(StandardCharsets.UTF_8), "filter", "-", "-o", dir.resolve("t.png").toString(),
                "--mask", "box:3");
        assertThat(text.code()).isEqualTo(1);
        assertThat(text.errLines()).singleElement().asString().startsWith("convolab: cannot read standard input: not an image")
                .doesNotContain("convolab-input");
        Run badMask = runWithStdin("1 x 1\n".getBytes(StandardCharsets.UTF_8), "filter", input.toString(), "-o",
                dir.resolve("m.png").toString(), "--mask-file", "-");
        assertThat(badMask.errLines()).singleElement().asString().contains("standard input line 1, column 2: 'x' is not a number");
        Run both = runWithStdin(new byte[0], "filter", "-", "-o", dir.resolve("b.png").toString(), "--mask-file", "-");
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.errLines().get(0)).contains("cannot both come from standard input");
        assertThat(dir.resolve("e.png")).doesNotExist();
        assertThat(dir.resolve("t.png")).doesNotExist();
    }

    /** A FIFO (what {@code <(...)} and a piped {@code /dev/stdin} are) that a daemon thread fills with {@code bytes}. */
    Path fifo(String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", p.toString()).start().waitFor() == 0, "no mkfifo");
        Thread writer = new Thread(() -> {
            try (java.io.OutputStream o = Files.newOutputStream(p)) { // blocks until a reader opens it
                o.write(bytes);
            } catch (java.io.IOException ignored) {
                // the reader went away: the test's assertions say what went wrong
            }
        });
        writer.setDaemon(true);
        writer.start();
        return p;
    }

    @Test
    void fifosAndPipesAreReadAsStreams() throws Exception {
        Path fromFile = dir.resolve("file.png");
        assertThat(run("filter", input.toString(), "-o", fromFile.toString(), "--mask", "1 2 1; 2 4 2; 1 2 1", "--normalize",
                "--backend", "cpu").code()).isZero();
        Path mask = fifo("mask-fifo", "1 2 1\n2 4 2\n1 2 1\n".getBytes(StandardCharsets.UTF_8));
        Path a = dir.resolve("a.png");
        Run m = run("filter", input.toString(), "-o", a.toString(), "--mask-file", mask.toString(), "--normalize", "--backend", "cpu");
        assertThat(m.code()).as(m.err()).isZero();
        assertThat(ImageFiles.read(a).maxDifference(ImageFiles.read(fromFile))).isZero();
        Path image = fifo("image-fifo", Files.readAllBytes(input));
        Path b = dir.resolve("b.png");
        Run i = run("filter", image.toString(), "-o", b.toString(), "--mask", "1 2 1; 2 4 2; 1 2 1", "--normalize", "--backend", "cpu");
        assertThat(i.code()).as(i.err()).isZero();
        assertThat(ImageFiles.read(b).maxDifference(ImageFiles.read(fromFile))).isZero();
    }
}
