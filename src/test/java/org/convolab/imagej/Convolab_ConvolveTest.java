package org.convolab.imagej;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ij.ImagePlus;
import ij.ImageStack;
import ij.gui.OvalRoi;
import ij.gui.Roi;
import ij.plugin.filter.Convolver;
import ij.process.ByteProcessor;
import ij.process.ColorProcessor;
import ij.process.FloatProcessor;
import ij.process.ImageProcessor;
import ij.process.ShortProcessor;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import javax.imageio.ImageIO;
import org.convolab.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * "Convolab Convolve..." run as a macro runs it, in ImageJ 1.54p (headless), against ImageJ's own
 * {@link Convolver} (nearest-pixel edges, normalised) and against the CLI.
 */
class Convolab_ConvolveTest {

    @TempDir
    Path dir;

    private static final String SMOOTH = "1 2 1;2 4 2;1 2 1";
    /** Not symmetric: a flipped mask or a shifted anchor shows. */
    private static final String SKEW = "0 1 2 0 0;1 3 1 0 1;0 0 1 2 0";

    static ImageProcessor random(int bits, int w, int h, long seed) {
        Random r = new Random(seed);
        ImageProcessor ip = switch (bits) {
            case 8 -> new ByteProcessor(w, h);
            case 16 -> new ShortProcessor(w, h);
            case 32 -> new FloatProcessor(w, h);
            default -> new ColorProcessor(w, h);
        };
        for (int i = 0; i < w * h; i++) {
            switch (bits) {
                case 8 -> ip.set(i, r.nextInt(256));
                case 16 -> ip.set(i, r.nextInt(65536));
                case 32 -> ip.setf(i, r.nextFloat() * 1000 - 300);
                default -> ip.set(i, r.nextInt(1 << 24));
            }
        }
        return ip;
    }

    /** ImageJ's Convolve on a copy: each channel as float, then back to the image's depth as ImageJ stores it. */
    static ImageProcessor imageJ(ImageProcessor src, String rows, boolean normalize) {
        String[] lines = rows.split(";");
        int kh = lines.length;
        int kw = lines[0].trim().split("\\s+").length;
        float[] k = new float[kw * kh];
        int i = 0;
        for (String line : lines) {
            for (String t : line.trim().split("\\s+")) {
                k[i++] = Float.parseFloat(t);
            }
        }
        ImageProcessor ip = src.duplicate();
        ip.setRoi(src.getRoi());
        Convolver c = new Convolver();
        c.setNormalize(normalize);
        if (ip instanceof ColorProcessor cp) {
            for (int ch = 0; ch < 3; ch++) {
                FloatProcessor fp = cp.toFloat(ch, null);
                fp.setRoi(src.getRoi());
                c.convolveFloat(fp, k, kw, kh);
                cp.setPixels(ch, fp);
            }
        } else {
            c.convolve(ip, k, kw, kh);
        }
        return ip;
    }

    static double maxDifference(ImageProcessor a, ImageProcessor b) {
        double max = 0;
        for (int i = 0; i < a.getPixelCount(); i++) {
            if (a instanceof ColorProcessor) {
                int p = a.get(i);
                int q = b.get(i);
                for (int s = 0; s < 24; s += 8) {
                    max = Math.max(max, Math.abs(((p >> s) & 0xff) - ((q >> s) & 0xff)));
                }
            } else {
                max = Math.max(max, Math.abs(a.getf(i) - b.getf(i)));
            }
        }
        return max;
    }

    @ParameterizedTest(name = "{0}-bit, {1}, normalize {2}")
    @CsvSource({"8, SMOOTH, true", "8, SKEW, false", "16, SMOOTH, true", "16, SKEW, true", "32, SMOOTH, true",
            "32, SKEW, false", "24, SMOOTH, true", "24, SKEW, true"})
    void givesImageJsConvolveWithinOneLevel(int bits, String which, boolean normalize) throws Exception {
        String rows = which.equals("SMOOTH") ? SMOOTH : SKEW;
        ImageProcessor ip = random(bits, 45, 31, bits);
        ImageProcessor expected = imageJ(ip, rows, normalize);
        ImagePlus imp = new ImagePlus("img", ip);
        String log = ImageJRunner.run(new Convolab_Convolve(), Convolab_Convolve.COMMAND, imp,
                "mask=[" + rows + "] border=clamp strategy=auto backend=auto" + (normalize ? " normalize" : ""));
        assertThat(maxDifference(imp.getProcessor(), expected)).isLessThanOrEqualTo(bits == 32 ? 1e-3 : 1);
        assertThat(maxDifference(imp.getProcessor(), random(bits, 45, 31, bits))).as("the image changed").isGreaterThan(bits == 32 ? 1 : 2);
        assertThat(log).containsPattern("Convolab Convolve: (cpu|cuda) on .+, strategy ");
    }

    @Test
    void filtersEverySliceOfAStack() throws Exception {
        ImageStack stack = new ImageStack(33, 21);
        for (int s = 0; s < 3; s++) {
            stack.addSlice(random(16, 33, 21, 10 + s));
        }
        ImagePlus imp = new ImagePlus("stack", stack);
        String log = ImageJRunner.run(new Convolab_Convolve(), Convolab_Convolve.COMMAND, imp,
                "mask=[" + SKEW + "] border=clamp strategy=auto backend=cpu normalize stack");
        for (int s = 0; s < 3; s++) {
            ImageProcessor expected = imageJ(random(16, 33, 21, 10 + s), SKEW, true);
            assertThat(maxDifference(imp.getStack().getProcessor(s + 1), expected)).as("slice %d", s + 1).isLessThanOrEqualTo(1);
        }
        assertThat(log).contains("cpu on ").contains("3 slices of 33x21");
    }

    @Test
    void aRectangleIsFilteredFromTheWholeImageAndAnOvalKeepsWhatLiesOutside() throws Exception {
        ImageProcessor ip = random(8, 40, 30, 3);
        ImagePlus imp = new ImagePlus("roi", ip.duplicate());
        imp.setRoi(new Roi(5, 4, 20, 15));
        ImageJRunner.run(new Convolab_Convolve(), Convolab_Convolve.COMMAND, imp, "mask=[" + SKEW + "] border=clamp normalize");
        ImageProcessor whole = imageJ(ip, SKEW, true);
        ImageProcessor expected = ip.duplicate();
        for (int y = 4; y < 19; y++) {
            for (int x = 5; x < 25; x++) {
                expected.set(x, y, whole.get(x, y)); // inside: ImageJ's result, which reads the pixels around it
            }
        }
        assertThat(maxDifference(imp.getProcessor(), expected)).isLessThanOrEqualTo(1);

        ImagePlus oval = new ImagePlus("oval", ip.duplicate());
        oval.setRoi(new OvalRoi(5, 4, 20, 15));
        ImageJRunner.run(new Convolab_Convolve(), Convolab_Convolve.COMMAND, oval, "mask=[" + SMOOTH + "] border=clamp normalize");
        ImageProcessor mask = oval.getMask();
        int inside = 0;
        int changedOutside = 0;
        for (int y = 0; y < 30; y++) {
            for (int x = 0; x < 40; x++) {
                boolean in = x >= 5 && x < 25 && y >= 4 && y < 19 && mask.get(x - 5, y - 4) != 0;
                if (in) {
                    inside += oval.getProcessor().get(x, y) != ip.get(x, y) ? 1 : 0;
                } else {
                    changedOutside += oval.getProcessor().get(x, y) != ip.get(x, y) ? 1 : 0;
                }
            }
        }
        assertThat(changedOutside).isZero();
        assertThat(inside).isGreaterThan(100);
    }

    @Test
    void thirtyTwoBitOutputIsANewFloatImageAndTheInputStays() throws Exception {
        ImageProcessor ip = random(8, 30, 20, 4);
        ImagePlus imp = new ImagePlus("in.tif", ip.duplicate());
        Convolab_Convolve filter = new Convolab_Convolve();
        ImageJRunner.run(filter, Convolab_Convolve.COMMAND, imp, "mask=[" + SKEW + "] border=clamp normalize output=32-bit");
        assertThat(maxDifference(imp.getProcessor(), ip)).isZero();
        ImagePlus out = filter.floatResult();
        assertThat(out.getBitDepth()).isEqualTo(32);
        assertThat(out.getTitle()).isEqualTo("in-convolab");
        assertThat(maxDifference(out.getProcessor(), imageJ(ip.convertToFloat(), SKEW, true))).isLessThan(1e-3);
    }

    @Test
    void aBadMaskIsOneMessageAndTheImageStays() throws Exception {
        ImageProcessor ip = random(8, 20, 20, 5);
        ImagePlus imp = new ImagePlus("bad", ip.duplicate());
        String log = ImageJRunner.run(new Convolab_Convolve(), Convolab_Convolve.COMMAND, imp, "mask=[1 2;3 4] border=clamp");
        assertThat(maxDifference(imp.getProcessor(), ip)).isZero();
        assertThat(ij.IJ.getErrorMessage()).contains("even");
        assertThat(log).doesNotContain("Exception");
    }

    @Test
    void givesTheCliResultOnAnEightBitImage() throws Exception {
        ImageProcessor ip = random(8, 50, 35, 6);
        Path in = dir.resolve("in.png");
        Path out = dir.resolve("out.png");
        ImageIO.write(ip.getBufferedImage(), "png", in.toFile());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(new String[] {"filter", in.toString(), "-o", out.toString(), "--mask", SKEW, "--border", "mirror",
                        "--normalize", "--backend", "cpu"},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        BufferedImage cli = ImageIO.read(out.toFile());
        ImagePlus imp = new ImagePlus("in", ip.duplicate());
        ImageJRunner.run(new Convolab_Convolve(), Convolab_Convolve.COMMAND, imp, "mask=[" + SKEW + "] border=mirror backend=cpu normalize");
        ImageProcessor fromCli = new ByteProcessor(cli);
        assertThat(maxDifference(imp.getProcessor(), fromCli)).isZero();
        assertThat(maxDifference(imp.getProcessor(), ip)).isGreaterThan(2);
    }

    @Test
    void macroOptionsReadBackWhatTheyWrite() {
        ConvolveOptions o = new ConvolveOptions("1 2 1;2 4 2;1 2 1", "", "mirror", "fast", "cpu", true, "32-bit");
        assertThat(o.toMacro()).isEqualTo("mask=[1 2 1;2 4 2;1 2 1] border=mirror strategy=fast backend=cpu normalize output=32-bit");
        assertThat(ConvolveOptions.fromMacro(o.toMacro() + " ", ConvolveOptions.DEFAULTS)).isEqualTo(o);
        ConvolveOptions plain = ConvolveOptions.fromMacro("mask=[normalize 1] border=wrap ", ConvolveOptions.DEFAULTS);
        assertThat(plain.normalize()).as("a word inside a bracketed value is not the checkbox").isFalse();
        assertThat(plain.strategy()).isEqualTo("auto");
        assertThat(plain.floatOutput()).isFalse();
        assertThat(ConvolveOptions.DEFAULTS.spec().mask().sum()).isCloseTo(1.0, within(1e-6));
    }
}
