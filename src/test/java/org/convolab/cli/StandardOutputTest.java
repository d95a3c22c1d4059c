package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.convolab.io.ImageFiles;
import org.convolab.io.SyntheticImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StandardOutputTest {

    @TempDir
    Path dir;

    record Shell(String out, String err) {
    }

    /** Runs {@code convolab ARGS} in a JVM of its own with its standard output sent to {@code redirect} (shell syntax). */
    static Shell convolab(String redirect, String... args) throws Exception {
        String jvm = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String script = "\"$0\" -cp \"$1\" org.convolab.Main \"${@:2}\" " + redirect + "; echo \"status ${PIPESTATUS[0]}\"";
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", script, jvm,
                System.getProperty("java.class.path")));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Shell(new String(out, StandardCharsets.UTF_8).strip(), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void aReaderThatGoesAwayEndsTheRunQuietlyAndAFullDiskIsAnError() throws Exception {
        Path image = dir.resolve("x.png");
        ImageFiles.write(SyntheticImages.gradient(64, 48), image, false);
        // `| true`: the reader is gone long before the JVM has started, so the first write meets a closed pipe
        Shell closed = convolab("| true", "histogram", image.toString(), "--backend", "cpu");
        assertThat(closed.out()).isEqualTo("status 141"); // 128 + SIGPIPE, as a shell reports for cat killed by SIGPIPE
        assertThat(closed.err()).doesNotContain("convolab:");
        Shell full = convolab("> /dev/full", "histogram", image.toString(), "--backend", "cpu");
        assertThat(full.out()).isEqualTo("status 1");
        assertThat(full.err()).contains("convolab: cannot write to standard output");
    }

    @Test
    void aBatchWhoseReaderGoesAwayStopsAndLeavesOnlyWholeFiles() throws Exception {
        Path in = java.nio.file.Files.createDirectories(dir.resolve("in"));
        for (int i = 0; i < 6; i++) {
            ImageFiles.write(SyntheticImages.gradient(200, 150), in.resolve("n" + i + ".png"), false);
        }
        Path out = dir.resolve("out");
        Shell r = convolab("| true", "batch", in.toString(), "-o", out.toString(), "--mask", "gaussian:2", "--backend", "cpu");
        assertThat(r.out()).isEqualTo("status 141");
        assertThat(r.err()).doesNotContain("convolab:");
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(out)) {
            for (Path f : files.toList()) { // the files being written when it stopped are finished; no temporary file
                assertThat(f.getFileName().toString()).doesNotEndWith(".tmp");
                assertThat(ImageFiles.read(f).width()).isEqualTo(200);
            }
        }
    }

    /** Runs {@code convolab explain} in this JVM with a standard output whose writes fail with {@code why}. */
    static CliTest.Run explainInto(String why) {
        StandardOutput raw = new StandardOutput(new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException(why);
            }
        });
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = Cli.run(new String[] {"explain"}, new java.io.PrintStream(raw, true, StandardCharsets.UTF_8),
                new java.io.PrintStream(err, true, StandardCharsets.UTF_8), raw);
        return new CliTest.Run(code, "", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aBrokenPipeIsToldFromAFullDisk() {
        CliTest.Run gone = explainInto("Broken pipe");
        assertThat(gone.code()).isEqualTo(Cli.EXIT_READER_GONE);
        assertThat(gone.err()).isEmpty();
        CliTest.Run full = explainInto("No space left on device");
        assertThat(full.code()).isEqualTo(1);
        assertThat(full.errLines()).containsExactly(
                "convolab: cannot write to standard output (No space left on device); the output is incomplete");
    }
}
