package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.convolab.cli.Cli;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.core.Backend;
import org.convolab.imagej.ConvolveOptions;
import org.convolab.io.ImageFiles;
import org.convolab.io.SyntheticImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CopyAsCommandTest {

    @TempDir
    Path dir;

    /** The words of a POSIX shell line quoted as {@link CopyAsCommand#shell} quotes (single quotes, and \' for a quote). */
    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && !quoted && i + 1 < line.length()) {
                w.append(line.charAt(++i)); // \' outside quotes: a quote
                any = true;
            } else if (c == '\'') {
                quoted = !quoted;
                any = true;
            } else if (c == ' ' && !quoted) {
                if (any) {
                    words.add(w.toString());
                }
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
                any = true;
            }
        }
        if (any) {
            words.add(w.toString());
        }
        return words;
    }

    @Test
    void theCommandLineRunsAndGivesTheWindowsFilter() {
        Path in = dir.resolve("it's a photo.png");
        RgbaImage img = SyntheticImages.gradient(30, 20);
        ImageFiles.write(img, in, false);
        EditState s = new EditState(Mask.of(3, 3, -1, 0, 1, -2, 0.5f, 2, -1, 0, 1), BorderPolicy.parse("constant:40"), 2f, 10f, true,
                Strategy.FAST, Backend.CPU);
        String line = CopyAsCommand.cliLine(s, in);
        assertThat(line).startsWith("convolab filter '" + dir + "/it'\\''s a photo.png' -o ")
                .contains("--mask='-1 0 1; -2 0.5 2; -1 0 1' --border=constant:40 --divisor=2 --offset=10 --abs --strategy=fast --backend=cpu");
        List<String> args = words(line);
        assertThat(args.subList(0, 2)).containsExactly("convolab", "filter");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args.subList(1, args.size()).toArray(new String[0]), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(args + "\n" + err.toString(StandardCharsets.UTF_8)).isZero();
        RgbaImage out = ImageFiles.read(dir.resolve("it's a photo-filtered.png"));
        assertThat(out.maxDifference(ReferenceConvolver.filter(img, s.spec()))).isLessThanOrEqualTo(1);
    }

    @Test
    void aFloatDepthCommandWritesAFloatTiff() {
        Path in = dir.resolve("photo.png");
        ImageFiles.write(SyntheticImages.gradient(30, 20), in, false);
        EditState s = EditState.initial().withMask(Mask.of(3, 3, 0, 1, 0, 1, -4, 1, 0, 1, 0))
                .withDepth(org.convolab.core.OutputDepth.FLOAT);
        String line = CopyAsCommand.cliLine(s, in);
        assertThat(line).contains(" -o " + dir + "/photo-filtered.tif ").endsWith(" --depth=float");
        List<String> args = words(line);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args.subList(1, args.size()).toArray(new String[0]), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(args + "\n" + err.toString(StandardCharsets.UTF_8)).isZero();
        try (org.convolab.core.RowSource out = org.convolab.io.RowSources.opener(dir.resolve("photo-filtered.tif"), 1 << 20).get()) {
            assertThat(out.format().isFloat()).isTrue();
        }
    }

    @Test
    void theMacroLineIsTheImageJCommandsOptionsWithTheDivisorFolded() {
        EditState s = new EditState(Mask.of(3, 1, 1, 2, 1), BorderPolicy.parse("wrap"), 4f, 0f, false, Strategy.AUTO, Backend.AUTO);
        String line = CopyAsCommand.macroLine(s);
        assertThat(line).isEqualTo("run(\"Convolab Convolve...\", \"mask=[0.25 0.5 0.25] border=wrap strategy=auto backend=auto\");");
        String options = line.substring(line.indexOf(", \"") + 3, line.lastIndexOf("\");"));
        ConvolveOptions o = ConvolveOptions.fromMacro(options, ConvolveOptions.DEFAULTS);
        FilterSpec spec = o.spec();
        assertThat(spec.mask()).isEqualTo(Mask.of(3, 1, 0.25f, 0.5f, 0.25f));
        assertThat(spec.border().name()).isEqualTo("wrap");
        assertThat(o.normalize()).isFalse();
        assertThat(CopyAsCommand.macroLine(s.withOffset(128).withAbs(true))).endsWith("); // not in Convolab Convolve: --abs --offset 128");
        assertThat(CopyAsCommand.cliLine(s, null)).startsWith("convolab filter IN.png -o IN-filtered.png --mask='1 2 1' --border=wrap --divisor=4");
    }
}
