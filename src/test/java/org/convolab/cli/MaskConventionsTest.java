package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.imageio.ImageIO;
import org.convolab.api.Convolab;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.core.Backend;
import org.convolab.io.ImageFiles;
import org.convolab.io.MaskFiles;
import org.convolab.io.SyntheticImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The neighbouring tools' conventions on the command line: {@code --imagej}, {@code --auto-divisor}, libvips
 * {@code .mat} files, and {@code vips conv}'s own result where libvips is installed.
 */
class MaskConventionsTest {

    @TempDir
    Path dir;

    private Path rgb() {
        Path in = dir.resolve("in.png");
        ImageFiles.write(SyntheticImages.gradient(40, 30), in, false);
        return in;
    }

    private RgbaImage filter(Path in, String... options) {
        Path out = dir.resolve("out-" + System.nanoTime() + ".png");
        List<String> args = new ArrayList<>(List.of("filter", in.toString(), "-o", out.toString(), "--backend", "cpu"));
        args.addAll(List.of(options));
        CliTest.Run r = CliTest.run(args.toArray(new String[0]));
        assertThat(r.code()).as(r.err()).isZero();
        return ImageFiles.read(out);
    }

    @Test
    void imagejNormalisesAndClampsAndAnExplicitBorderWins() {
        Path in = rgb();
        Mask skew = Mask.of(3, 3, 0, 1, 2, 1, 3, 1, 0, 0, 1);
        RgbaImage img = ImageFiles.read(in);
        assertSame(filter(in, "--mask", "0 1 2; 1 3 1; 0 0 1", "--imagej"),
                filter(in, "--mask", "0 1 2; 1 3 1; 0 0 1", "--normalize", "--border", "clamp"));
        RgbaImage clamp = filter(in, "--mask", "0 1 2; 1 3 1; 0 0 1", "--imagej");
        assertThat(clamp.maxDifference(ReferenceConvolver.filter(img, FilterSpec.of(skew.normalized(), BorderPolicy.parse("clamp")))))
                .isLessThanOrEqualTo(1);
        RgbaImage wrap = filter(in, "--mask", "0 1 2; 1 3 1; 0 0 1", "--imagej", "--border", "wrap");
        assertThat(wrap.maxDifference(ReferenceConvolver.filter(img, FilterSpec.of(skew.normalized(), BorderPolicy.parse("wrap")))))
                .isLessThanOrEqualTo(1);
        assertThat(wrap.maxDifference(clamp)).isGreaterThan(5);
        // a mask that sums to 0 is left as it is, as ImageJ does (--normalize refuses it)
        assertSame(filter(in, "--mask", "sobel-x", "--imagej"), filter(in, "--mask", "sobel-x", "--border", "clamp"));
    }

    @Test
    void autoDivisorIsGimpsDivisorAndOffset() {
        Path in = rgb();
        assertSame(filter(in, "--mask", "1 2 1; 2 4 2; 1 2 1", "--auto-divisor"),
                filter(in, "--mask", "1 2 1; 2 4 2; 1 2 1", "--divisor", "16"));
        assertSame(filter(in, "--mask", "sobel-x", "--auto-divisor"), filter(in, "--mask", "sobel-x", "--offset", "128"));
        assertSame(filter(in, "--mask", "0 -1 0; -1 -2 -1; 0 -1 0", "--auto-divisor"),
                filter(in, "--mask", "0 -1 0; -1 -2 -1; 0 -1 0", "--divisor", "6", "--offset", "255"));
    }

    @Test
    void conflictingConventionsAreUsageErrors() {
        Path in = rgb();
        CliTest.Run r = CliTest.run("filter", in.toString(), "-o", dir.resolve("x.png").toString(), "--mask", "box:3",
                "--auto-divisor", "--divisor", "2");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.errLines().get(0)).contains("--auto-divisor sets the divisor and offset itself");
        assertThat(r.err()).contains("Try 'convolab filter --help'");
        CliTest.Run b = CliTest.run("batch", in.toString(), "-o", dir.resolve("o").toString(), "--mask", "box:3",
                "--auto-divisor", "--imagej");
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.err()).contains("--auto-divisor and --imagej both scale");
        assertThat(dir.resolve("x.png")).doesNotExist();
    }

    @Test
    void aMatFilesScaleAndOffsetAreTheDivisorAndOffsetUnlessGiven() throws Exception {
        Path in = rgb();
        Path mat = Files.writeString(dir.resolve("m.mat"), "3 3 16 10\n1 2 1\n2 4 2\n1 2 1\n");
        assertSame(filter(in, "--mask-file", mat.toString()),
                filter(in, "--mask", "1 2 1; 2 4 2; 1 2 1", "--divisor", "16", "--offset", "10"));
        assertSame(filter(in, "--mask-file", mat.toString(), "--divisor", "8"),
                filter(in, "--mask", "1 2 1; 2 4 2; 1 2 1", "--divisor", "8", "--offset", "10"));
    }

    /** {@code vips conv} with {@code --precision integer} (sums of whole numbers, rounded) and float. */
    @Test
    void aMatFileGivesLibvipsResult() throws Exception {
        assumeTrue(onPath("vips"), "libvips's vips command is not installed (apt-get install libvips-tools)");
        int w = 41;
        int h = 29;
        BufferedImage grey = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        Random rnd = new Random(11);
        int[] samples = new int[w * h];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = rnd.nextInt(256);
        }
        grey.getRaster().setSamples(0, 0, w, h, 0, samples);
        Path in = dir.resolve("grey.png");
        ImageIO.write(grey, "png", in.toFile());
        // not symmetric (a flip or a shifted anchor shows), with a scale that leaves halves to round and an offset
        Path mat = dir.resolve("skew.mat");
        MaskFiles.write(new MaskFiles.Matrix(Mask.of(5, 3, 0, 1, 2, 0, -1, 1, 3, 1, 0, 1, 0, 0, 1, 2, 0), 6f, 7f), mat);
        Path vipsOut = dir.resolve("vips.png");
        // libvips's exact integer path; its vectorised one (the default) approximates by a level or two
        exec("vips", "--vips-novector", "conv", in.toString(), vipsOut.toString(), mat.toString(), "--precision", "integer");
        RgbaImage ours = filter(in, "--mask-file", mat.toString(), "--border", "clamp");
        assertThat(ours.maxDifference(ImageFiles.read(vipsOut))).isZero();

        // float precision: the sums themselves, against the Java API's float plane
        Path frac = dir.resolve("frac.mat");
        MaskFiles.write(new MaskFiles.Matrix(Mask.of(3, 3, 0.1f, 0.7f, -0.3f, 0.25f, 1.5f, 0, 0, 0.5f, 0.125f), 2.5f, -3f), frac);
        Path csv = dir.resolve("vips.csv");
        exec("vips", "conv", in.toString(), csv.toString(), frac.toString(), "--precision", "float");
        String[] cells = Files.readString(csv).trim().split("[\\s,]+");
        MaskFiles.Matrix m = MaskFiles.readMatrix(frac);
        float[] plane = new float[w * h];
        for (int i = 0; i < plane.length; i++) {
            plane[i] = samples[i];
        }
        try (Convolab lab = Convolab.open(Backend.CPU, msg -> { })) {
            float[] got = lab.filter(plane, w, h, new FilterSpec(m.mask(), BorderPolicy.parse("clamp"), m.divisor(), m.offset(), false),
                    Strategy.AUTO).plane();
            assertThat(cells).hasSize(w * h);
            for (int i = 0; i < got.length; i++) {
                assertThat(got[i]).as("pixel %d", i).isCloseTo(Float.parseFloat(cells[i]), org.assertj.core.data.Offset.offset(1e-3f));
            }
        }
    }

    private static void assertSame(RgbaImage a, RgbaImage b) {
        assertThat(a.maxDifference(b)).isZero();
    }

    static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    private static void exec(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(String.join(" ", cmd) + ": " + out).isZero();
    }
}
