package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.selftest.Conformance;
import org.convolab.engine.FileFilter;
import org.convolab.io.ImageFiles;
import org.convolab.io.PngSamples;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real sticky CUDA error: a kernel writes through a null pointer (CUDA_ERROR_ILLEGAL_ADDRESS), which
 * poisons the process's context for good. It runs in a child JVM (the fault would break every later
 * GPU test of this one): {@code convolab filter --backend auto} must finish on the CPU with the right
 * pixels, say once why, and exit 0, for an 8-bit RGB image and for a 16-bit grey one (the plane filter).
 */
@Tag("gpu")
class StickyFaultGpuTest {

    @Test
    void anIllegalAddressMakesAutoFinishOnTheCpuWithTheRightResult(@TempDir Path dir) throws Exception {
        CudaProbe.Result probe = CudaProbe.probe();
        assumeTrue(probe.usable(), () -> "no usable CUDA device: " + probe.problem());
        RgbaImage img = TestImages.randomImage(97, 61, new Random(12));
        Path in = dir.resolve("in.png");
        Path out = dir.resolve("out.png");
        ImageFiles.write(img, in, false);

        filterInAChildWithAStickyFault(dir, in, out);
        RgbaImage expected = ReferenceConvolver.filter(img, FilterSpec.of(MaskPresets.parse("gaussian:1.5"), BorderPolicy.parse("mirror")));
        assertThat(ImageFiles.read(out).maxDifference(expected)).isLessThanOrEqualTo(Conformance.TOLERANCE);
        assertThat(new File(out.toString())).exists();
    }

    /** The same for a 16-bit grey PNG, whose planes go through the GPU's plane filter: the CPU's takes over. */
    @Test
    void anIllegalAddressInThePlaneFilterMakesAutoFinishOnTheCpuWithTheCpusResult(@TempDir Path dir) throws Exception {
        CudaProbe.Result probe = CudaProbe.probe();
        assumeTrue(probe.usable(), () -> "no usable CUDA device: " + probe.problem());
        Path in = PngSamples.write(dir.resolve("in16.png"), 97, 61, 16, false, true, 12);
        Path out = dir.resolve("out16.png");
        Path expected = dir.resolve("cpu16.png");

        filterInAChildWithAStickyFault(dir, in, out);
        try (CpuEngine cpu = new CpuEngine()) {
            FileFilter.run(FileFilter.Job.of(in, expected, false), cpu,
                    FilterSpec.of(MaskPresets.parse("gaussian:1.5"), BorderPolicy.parse("mirror")), Strategy.AUTO, n -> { });
        }
        assertThat(PngSamples.rows(out)).usingRecursiveComparison().isEqualTo(PngSamples.rows(expected));
    }

    /**
     * {@code convolab filter IN -o OUT --backend auto} with a gaussian in a child JVM whose first GPU work
     * writes through a null pointer: it must exit 0, having said once that it goes on with the CPU.
     */
    private static void filterInAChildWithAStickyFault(Path dir, Path in, Path out) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        // the classpath that holds the app: the console launcher of the bundle's gpu tests passes its
        // own --class-path, which is not java.class.path
        String cp = Path.of(org.convolab.Main.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + File.pathSeparator
                + System.getProperty("java.class.path");
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", cp,
                "-Dconvolab.cuda.faultEvery=1", "-Dconvolab.cuda.faultKind=sticky", "org.convolab.Main", "filter",
                in.toString(), "-o", out.toString(), "--mask", "gaussian:1.5", "--border", "mirror", "--backend", "auto"));
        Path log = dir.resolve("log-" + out.getFileName() + ".txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("child finished").isTrue();
        String text = Files.readString(log, StandardCharsets.UTF_8);

        assertThat(p.exitValue()).as(text).isZero();
        assertThat(text).contains("going on with the CPU engine").containsIgnoringCase("illegal");
        assertThat(text.split("going on with the CPU engine", -1)).as(text).hasSize(2);
    }
}
