package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.selftest.Conformance;
import org.convolab.engine.FileFilter;
import org.convolab.engine.StripFilter;
import org.convolab.io.RowSinks;
import org.convolab.selftest.TestImages;
import org.convolab.selftest.Summary;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CUDA engine on a real GPU: the conformance matrix, the border header against the Java table,
 * device memory over many filters, and a file filtered whole against its streamed bands. Skipped, with the reason, where no CUDA device is usable.
 */
@Tag("gpu")
class CudaEngineGpuTest {

    private static CudaEngine engine;

    @TempDir
    static Path filesDir;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
    }

    @Test
    void everyStrategyAndPolicyMatchesTheReference() {
        List<String> failures = new ArrayList<>();
        Summary s = Conformance.full().run(engine, List.of(Strategy.values()), failures::add);
        assertTrue(failures.isEmpty(), () -> s.line() + "\n" + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
        assertTrue(s.passed() > 10_000, s::line);
    }

    /**
     * The fused 8-bit ARGB kernels (fast, radius 0 to 7) against the planes and the pack kernel, bit
     * for bit: every policy, odd and vector-unfriendly sizes, random masks with the output mapping
     * (divisor, offset, |sum|) and random alpha.
     */
    @Test
    void fusedArgbKernelGivesThePlanesPathsBits() {
        Random rnd = new Random(11);
        int[][] sizes = {{1, 1}, {3, 2}, {37, 23}, {64, 48}, {130, 67}, {256, 130}, {520, 70}};
        List<String> failures = new ArrayList<>();
        int checked = 0;
        try {
            for (int r = 0; r <= KernelGeometry.ARGBS_MAX_R; r++) {
                int n = 2 * r + 1;
                float[] w = new float[n * n];
                for (int i = 0; i < w.length; i++) {
                    w[i] = (float) (rnd.nextDouble() * 2 - 0.7);
                }
                Mask mask = Mask.of(n, n, w);
                for (BorderPolicy policy : Conformance.policies()) {
                    FilterSpec[] specs = {FilterSpec.of(mask, policy), new FilterSpec(mask, policy, 1.7f, 12.5f, true),
                        new FilterSpec(mask, policy, 0.5f, -30f, false)};
                    for (int[] size : sizes) {
                        RgbaImage img = TestImages.randomImage(size[0], size[1], rnd);
                        for (FilterSpec spec : specs) {
                            engine.fuseArgb(false);
                            RgbaImage planes = engine.filter(img, spec, Strategy.FAST).image();
                            engine.fuseArgb(true);
                            FilterResult fused = engine.filter(img, spec, Strategy.FAST);
                            String where = "r=" + r + " " + policy.name() + " " + size[0] + "x" + size[1] + " divisor "
                                    + spec.divisor() + " offset " + spec.offset() + " abs " + spec.abs();
                            boolean identity = spec.divisor() == 1f && spec.offset() == 0f && !spec.abs();
                            String kernel = (r < 2 ? "convolab_argb2d_r" + r : "convolab_argbs_r" + r + (identity ? "" : "_map"));
                            if (!fused.plan().launches().get(0).startsWith(kernel + " ")) {
                                failures.add(where + ": ran " + fused.plan().launches());
                            } else if (!java.util.Arrays.equals(planes.pixels(), fused.image().pixels())) {
                                failures.add(where + ": pixels differ");
                            }
                            checked++;
                        }
                    }
                }
            }
        } finally {
            engine.fuseArgb(true);
        }
        int total = checked;
        assertTrue(failures.isEmpty(), () -> failures.size() + " of " + total + " failed:\n"
                + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
        assertTrue(checked == (KernelGeometry.ARGBS_MAX_R + 1) * Conformance.policies().size() * sizes.length * 3, "checked " + checked);
    }

    @Test
    void borderHeaderMatchesJavaPolicies() {
        for (BorderPolicy p : Conformance.policies()) {
            for (int n : new int[] {1, 2, 4, 7}) {
                int[] gpu = engine.borderTable(p.code(), n, -40, 81);
                for (int k = 0; k < gpu.length; k++) {
                    int i = k - 40;
                    int nn = n;
                    assertEquals(p.index(i, n), gpu[k], () -> p.name() + ", n=" + nn + ", i=" + i);
                }
            }
        }
    }

    @Test
    void aThousandFiltersLeaveDeviceMemoryWhereItStarted() {
        // one filter of each strategy first: libraries set up once per context (cuFFT keeps about 10 MiB
        // of its own after its first plan) are not growth
        RgbaImage warm = TestImages.randomImage(64, 48, new Random(2));
        for (Strategy s : Strategy.values()) {
            Mask m = s.needsSeparable() ? MaskPresets.parse("gaussian:1.5") : MaskPresets.parse("sharpen");
            engine.filter(warm, FilterSpec.of(m, BorderPolicy.parse("mirror")), s);
        }
        engine.releaseImage();
        long before = engine.memoryInfo()[0];
        Random rnd = new Random(3);
        RgbaImage img = null;
        for (int i = 0; i < 1000; i++) {
            if (i % 50 == 0) {
                img = TestImages.randomImage(200 + rnd.nextInt(300), 100 + rnd.nextInt(300), rnd);
            }
            Strategy s = Strategy.values()[i % Strategy.values().length];
            Mask m = s.needsSeparable() ? MaskPresets.parse("gaussian:1.5") : MaskPresets.parse("sharpen");
            engine.filter(img, FilterSpec.of(m, BorderPolicy.parse("mirror")), s);
        }
        engine.releaseImage();
        long after = engine.memoryInfo()[0];
        assertTrue(Math.abs(before - after) <= 2L << 20, "free device memory before " + before + ", after " + after);
    }

    @Test
    void aNewMaskOnTheResidentImageSkipsTheUpload() {
        RgbaImage img = TestImages.randomImage(640, 480, new Random(5));
        FilterResult first = engine.filter(img, FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("clamp")), Strategy.TILED);
        FilterResult second = engine.filter(img, FilterSpec.of(MaskPresets.parse("box:5"), BorderPolicy.parse("clamp")), Strategy.TILED);
        assertTrue(first.timings().uploadMs() > 0, "first filter uploads");
        assertEquals(0.0, second.timings().uploadMs(), "second filter of the same image does not upload");
        assertTrue(second.image().maxDifference(ReferenceConvolver.filter(img,
                FilterSpec.of(MaskPresets.parse("box:5"), BorderPolicy.parse("clamp")))) <= 1);
    }

    @Test
    void separableStrategiesRefuseAMaskThatIsNot() {
        RgbaImage img = TestImages.randomImage(64, 64, new Random(6));
        ConvolabException e = assertThrows(ConvolabException.class, () -> engine.filter(img,
                FilterSpec.of(MaskPresets.parse("sharpen"), BorderPolicy.parse("zero")), Strategy.SEPARABLE_TILED));
        assertTrue(e.getMessage().contains("not separable"), e.getMessage());
    }

    @Test
    void imagesTooLargeForTheGpuGoInStripsWithIdenticalResults() {
        RgbaImage img = TestImages.randomImage(301, 203, new Random(8));
        for (String policy : new String[] {"mirror", "zero", "constant:77", "wrap"}) {
            for (Strategy s : new Strategy[] {Strategy.FAST, Strategy.TILED, Strategy.FAST_SEPARABLE}) {
                FilterSpec spec = FilterSpec.of(MaskPresets.parse(s.needsSeparable() ? "gaussian:2" : "1 2 3 2 1; 2 3 4 3 2; 1 2 3 2 1"),
                        BorderPolicy.parse(policy));
                RgbaImage whole = engine.filter(img, spec, s).image();
                System.setProperty("convolab.cuda.maxImageBytes", String.valueOf(CudaEngine.residentBytes(301, 40)));
                try {
                    RgbaImage strips = engine.filter(img, spec, s).image();
                    assertTrue(java.util.Arrays.equals(whole.pixels(), strips.pixels()), policy + " " + s + ": strips differ");
                } finally {
                    System.clearProperty("convolab.cuda.maxImageBytes");
                }
            }
        }
    }

    @Test
    void aRefusedLaunchRebuildsTheContextAndFilteringGoesOn() {
        RgbaImage img = TestImages.randomImage(120, 80, new Random(9));
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("box:5"), BorderPolicy.parse("reflect"));
        RgbaImage ref = ReferenceConvolver.filter(img, spec);
        int before = engine.faultsSurvived();
        System.setProperty("convolab.cuda.faultEvery", "3");
        try {
            for (int i = 0; i < 12; i++) {
                assertTrue(engine.filter(img, spec, Strategy.values()[i % 5]).image().maxDifference(ref) <= 1);
            }
        } finally {
            System.clearProperty("convolab.cuda.faultEvery");
        }
        assertTrue(engine.faultsSurvived() - before >= 4, "faults survived: " + (engine.faultsSurvived() - before));
    }

    static Stream<Arguments> strategiesButFftAndPolicies() {
        return Stream.of(Strategy.values()).filter(s -> s != Strategy.FFT)
                .flatMap(s -> Conformance.policies().stream().map(p -> Arguments.of(s, p.name())));
    }

    /**
     * A JPEG through the engine both ways a file goes: the short way (the whole 8-bit image in one call, as
     * {@code convolab filter} and each file of a batch take it) writes the bytes of the streamed bands, for
     * every strategy but fft (which streams), every policy, a separable and a 2D mask.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("strategiesButFftAndPolicies")
    void theShortWayOnTheGpuWritesTheStreamedBytes(Strategy strategy, String policy) throws IOException {
        Path in = filesDir.resolve("rocket.jpg");
        synchronized (CudaEngineGpuTest.class) {
            if (!Files.exists(in)) {
                Files.copy(org.convolab.io.SampleImages.path("rocket.jpg"), in); // from the jar in the bundle
            }
        }
        Mask random = Mask.of(5, 3, new float[] {0.1f, -0.2f, 0.3f, 0.05f, 0.1f, 0.2f, 0.4f, -0.1f, 0.1f, 0.05f, 0.1f, 0.2f, -0.3f, 0.1f, 0f});
        for (Mask mask : new Mask[] {MaskPresets.parse("gaussian:1:5"), random}) {
            if (strategy.whyNotApplicable(mask) != null) {
                continue;
            }
            FilterSpec spec = FilterSpec.of(mask, BorderPolicy.parse(policy));
            String name = strategy.id() + "-" + policy.replace(':', '_') + "-" + mask.width() + "x" + mask.height();
            Path whole = filesDir.resolve("whole-" + name + ".png");
            Path bands = filesDir.resolve("bands-" + name + ".png");
            StripFilter.Report w = FileFilter.run(fileJob(in, whole, 0), engine, spec, strategy, n -> { });
            StripFilter.Report b = FileFilter.run(fileJob(in, bands, 7), engine, spec, strategy, n -> { });
            assertThat(w.bands()).isEqualTo(1);
            assertThat(b.bands()).isGreaterThan(1);
            assertThat(w.plan().launches()).as("ran on the GPU").isNotEmpty();
            assertThat(Files.readAllBytes(whole)).as(name).isEqualTo(Files.readAllBytes(bands));
        }
    }

    private static FileFilter.Job fileJob(Path in, Path out, int band) {
        return new FileFilter.Job(in, out, false, 2_000_000_000L, RowSinks.Options.defaults(), band);
    }
}
