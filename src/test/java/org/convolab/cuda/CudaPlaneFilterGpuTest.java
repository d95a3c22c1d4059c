package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.cli.Cli;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.PlaneFilter;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.CpuPlaneFilter;
import org.convolab.selftest.Conformance;
import org.convolab.engine.FallbackEngine;
import org.convolab.engine.FileFilter;
import org.convolab.selftest.PlaneFilterCheck;
import org.convolab.engine.PlaneFilters;
import org.convolab.engine.StripFilter;
import org.convolab.io.PngSamples;
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
 * The CUDA engine's plane filter (grey and 16-bit images) on a real GPU against the CPU's: every strategy
 * x every policy x planes (whole, bands inside taller planes, 1xN, Nx1, odd sizes) x masks (separable
 * and not, taller than the plane's rows, wider than thin planes, the fft sizes of auto), with 16-bit
 * samples. Sums agree within float rounding, samples after the output mapping within
 * {@link Conformance#TOLERANCE}, and exactly where every sum is an integer (integer masks, direct
 * kernels). Then streamed files against the CPU engine, the command line's report, device memory,
 * a refused launch and a plane too large for the device. Skipped, with the reason, where no CUDA
 * device is usable.
 */
@Tag("gpu")
class CudaPlaneFilterGpuTest {

    /** Planes: width, height of the whole plane, first output row, output rows. */
    static final int[][] PLANES = {{1, 1, 0, 1}, {1, 37, 0, 37}, {37, 1, 0, 1}, {17, 13, 0, 13}, {33, 65, 20, 9},
            {257, 255, 100, 60}, {130, 40, 39, 1}, {4099, 70, 3, 64}};

    /** Largest relative difference of a raw sum from the CPU's, of the sum of |weights| x the largest sample. */
    static final double SUM_TOLERANCE = 2e-5;

    private static CudaEngine engine;
    private static CpuPlaneFilter cpu;

    @TempDir
    Path dir;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
        cpu = new CpuPlaneFilter();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
        if (cpu != null) {
            cpu.close();
        }
    }

    /** A mask and the spec's divisor; integer masks give integer sums, the same whatever the order of the sum. */
    record Case(String name, Mask mask, float divisor, boolean integer) {
        FilterSpec spec(BorderPolicy border) {
            return new FilterSpec(mask, border, divisor, 0f, false);
        }
    }

    static List<Case> cases() {
        Random rnd = new Random(17);
        return List.of(
                new Case("random 3x3", TestImages.randomMask(3, 3, rnd), 1f, false),
                new Case("separable 5x5", TestImages.separableMask(5, 5, rnd), 1f, false),
                new Case("random 9x9 (fast streamed)", TestImages.randomMask(9, 9, rnd), 1f, false),
                new Case("separable 9x9", TestImages.separableMask(9, 9, rnd), 1f, false),
                new Case("random 15x15", TestImages.randomMask(15, 15, rnd), 1f, false),
                new Case("random 31x31 (auto: tensor on the H100 table)", TestImages.randomMask(31, 31, rnd), 1f, false),
                new Case("separable 1x63 (taller than most planes)", TestImages.separableMask(1, 63, rnd), 1f, false),
                new Case("random 63x5 (wider than thin planes)", TestImages.randomMask(63, 5, rnd), 1f, false),
                new Case("separable 7x3", TestImages.separableMask(7, 3, rnd), 1f, false),
                new Case("random 3x15", TestImages.randomMask(3, 15, rnd), 1f, false),
                new Case("integer 1 2 1 (separable)", MaskPresets.parse("1 2 1; 2 4 2; 1 2 1"), 16f, true),
                new Case("integer sharpen", MaskPresets.parse("sharpen"), 1f, true));
    }

    static Stream<Arguments> strategiesAndPolicies() {
        return Stream.of(Strategy.values()).flatMap(s -> Conformance.policies().stream().map(p -> Arguments.of(s, p.name())));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("strategiesAndPolicies")
    void everyPlaneMatchesTheCpuPlaneFilter(Strategy s, String policy) {
        try (PlaneFilter gpu = PlaneFilters.forEngine(engine)) {
            assertThat(gpu).isInstanceOf(CudaPlaneFilter.class);
            List<Case> cases = cases();
            for (int i = 0; i < PLANES.length; i++) {
                int[] p = PLANES[i];
                float[] plane = TestImages.randomPlane(p[0], p[1], new Random(1000L * i + policy.hashCode()));
                for (int j = 0; j < cases.size(); j++) {
                    check(gpu, s, cases.get(j), cases.get(j).spec(BorderPolicy.parse(policy)), plane, p, policy + "/" + i + "/" + j);
                }
            }
        }
    }

    /**
     * The CPU's sums for a plane, mask and policy, computed once for all strategies (naive: direct sums;
     * the other CPU variants differ from it by float rounding only, well inside the tolerance): the CPU
     * side, recomputed for each of the 11 strategies, was most of this class's time on the GPU host.
     */
    private static final java.util.Map<String, float[]> CPU_SUMS = new java.util.concurrent.ConcurrentHashMap<>();

    private static void check(PlaneFilter gpu, Strategy s, Case c, FilterSpec spec, float[] plane, int[] p, String key) {
        int w = p[0];
        int n = p[3];
        String where = s.id() + " " + spec.border().name() + " " + c.name() + " on " + w + "x" + p[1] + " rows " + p[2] + "+" + n;
        float[] rows = PlaneFilterCheck.bandRows(plane, w, p[1], p[2], n, c.mask().radiusY(), spec.border());
        float[] got = new float[w * n];
        if (s.whyNotApplicable(c.mask()) != null) {
            assertThatThrownBy(() -> gpu.correlate(rows, w, n, spec, s, got)).as(where)
                    .isInstanceOf(ConvolabException.class).hasMessageContaining("separable");
            return;
        }
        LaunchPlan plan = gpu.correlate(rows, w, n, spec, s, got);
        float[] want = CPU_SUMS.computeIfAbsent(key, k -> {
            float[] sums = new float[w * n];
            cpu.correlate(rows, w, n, spec, Strategy.NAIVE, sums);
            return sums;
        });
        assertThat(plan.runs()).as(where).isEqualTo(CudaPlanner.plan(s, c.mask(), engine.capability()).runs());
        assertThat(plan.launches()).as(where).isNotEmpty();
        if (c.integer() && plan.runs() != Strategy.FFT) {
            // a loop, not containsExactly: AssertJ's array diff takes quadratic time on 262,000 sums (it was
            // nearly all of the 15 s each strategy x policy took on the GPU host)
            int bad = -1;
            for (int k = 0; k < got.length && bad < 0; k++) {
                bad = got[k] == want[k] ? -1 : k;
            }
            int b = bad;
            assertThat(b).as(() -> where + ": integer sums differ at (" + b % w + ", " + b / w + "): " + got[b] + " against the CPU's "
                    + want[b]).isEqualTo(-1);
            return;
        }
        double scale = 0;
        for (float v : c.mask().weights()) {
            scale += Math.abs(v);
        }
        scale *= PlaneFilterCheck.MAX;
        // One assertion each on the first element out of bounds; !(d <= bound) also catches NaN
        float bound = (float) (SUM_TOLERANCE * scale);
        int badSum = -1;
        int badSample = -1;
        for (int k = 0; k < got.length && (badSum < 0 || badSample < 0); k++) {
            if (badSum < 0 && !(Math.abs(got[k] - want[k]) <= bound)) {
                badSum = k;
            }
            if (badSample < 0 && Math.abs(PlaneFilter.toSample(got[k], spec, PlaneFilterCheck.MAX)
                    - PlaneFilter.toSample(want[k], spec, PlaneFilterCheck.MAX)) > Conformance.TOLERANCE) {
                badSample = k;
            }
        }
        int bs = badSum;
        int bd = badSample;
        assertThat(bs).as(() -> where + " at (" + bs % w + ", " + bs / w + "): sum " + got[bs] + ", CPU " + want[bs]
                + ", bound " + bound).isEqualTo(-1);
        assertThat(bd).as(() -> where + " at (" + bd % w + ", " + bd / w + "): samples of sums " + got[bd] + " and " + want[bd]
                + " differ by more than " + Conformance.TOLERANCE).isEqualTo(-1);
    }

    @Test
    void theSelfTestsPlaneCheckPassesOnTheGpu() {
        List<String> failures = new ArrayList<>();
        Summary s = PlaneFilterCheck.full().run(engine, List.of(Strategy.values()), failures::add);
        assertThat(failures).as(s.line()).isEmpty();
        assertThat(s.passed()).isGreaterThan(3000);
    }

    // ---- files ---------------------------------------------------------------------------

    static StripFilter.Report filterFile(Path in, Path out, org.convolab.core.ConvolutionEngine e, FilterSpec spec, int band) {
        return FileFilter.run(new FileFilter.Job(in, out, false, 2_000_000_000L, RowSinks.Options.defaults(), band), e, spec,
                Strategy.AUTO, n -> { });
    }

    @Test
    void streamedSixteenBitAndGreyFilesOnTheGpuEqualTheCpuResult() {
        // {bits, alpha, grey}: 16-bit grey, 16-bit RGBA, 8-bit grey
        int[][] formats = {{16, 0, 1}, {16, 1, 0}, {8, 0, 1}};
        Case exact = cases().get(10);
        try (CpuEngine cpuEngine = new CpuEngine()) {
            for (int[] f : formats) {
                Path in = PngSamples.write(dir.resolve("in" + f[0] + f[1] + f[2] + ".png"), 203, 61, f[0], f[1] == 1, f[2] == 1, f[0] + f[1]);
                for (String policy : new String[] {"mirror", "wrap", "constant:77", "zero"}) {
                    for (boolean integer : new boolean[] {true, false}) {
                        FilterSpec spec = integer ? exact.spec(BorderPolicy.parse(policy))
                                : FilterSpec.of(MaskPresets.parse("gaussian:2"), BorderPolicy.parse(policy));
                        String what = f[0] + "-bit " + (f[2] == 1 ? "grey" : "RGBA") + " " + policy + (integer ? " integer mask" : " gaussian");
                        Path onGpu = dir.resolve("gpu-" + what.replace(' ', '_').replace(':', '_') + ".png");
                        Path onCpu = dir.resolve("cpu-" + what.replace(' ', '_').replace(':', '_') + ".png");
                        StripFilter.Report r = filterFile(in, onGpu, engine, spec, 7);
                        filterFile(in, onCpu, cpuEngine, spec, 61);
                        assertThat(r.bands()).isEqualTo(9);
                        assertThat(r.plan().launches()).as(what + ": ran on the GPU").isNotEmpty();
                        assertThat(r.plan().launches().get(0)).startsWith("convolab_");
                        List<int[]> g = PngSamples.rows(onGpu);
                        List<int[]> c = PngSamples.rows(onCpu);
                        if (integer) {
                            assertThat(g).as(what).usingRecursiveComparison().isEqualTo(c);
                        } else {
                            for (int y = 0; y < g.size(); y++) {
                                for (int i = 0; i < g.get(y).length; i++) {
                                    int yy = y;
                                    int ii = i;
                                    assertThat(Math.abs(g.get(y)[i] - c.get(y)[i])).as(() -> what + " row " + yy + " sample " + ii)
                                            .isLessThanOrEqualTo(Conformance.TOLERANCE);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void filterOnTheCommandLineSaysWhatRanOnTheGpuForASixteenBitPng() {
        Path in = PngSamples.write(dir.resolve("g16.png"), 97, 45, 16, false, true, 5);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(new String[] {"filter", in.toString(), "-o", dir.resolve("o16.png").toString(), "--mask", "gaussian:2",
                "--backend", "cuda", "--timings"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(text).startsWith("cuda on ").contains("strategy fast-separable (auto: separable mask of radius")
                .contains("97x45 16-bit grey image");
    }

    // ---- device memory, faults, limits --------------------------------------------------------

    @Test
    void planeFiltersLeaveDeviceMemoryWhereItStarted() {
        Random rnd = new Random(6);
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("gaussian:1.5"), BorderPolicy.parse("mirror"));
        Runnable some = () -> {
            try (PlaneFilter gpu = PlaneFilters.forEngine(engine)) {
                for (int i = 0; i < 100; i++) {
                    int w = 50 + rnd.nextInt(400);
                    int n = 1 + rnd.nextInt(100);
                    float[] rows = TestImages.randomPlane(w, n + spec.mask().height() - 1, rnd);
                    gpu.correlate(rows, w, n, spec, Strategy.values()[i % 10], new float[w * n]);
                }
            }
        };
        some.run(); // cuFFT's and the module's one-off set-up are not growth
        engine.releaseImage();
        long before = engine.memoryInfo()[0];
        for (int k = 0; k < 5; k++) {
            some.run();
        }
        engine.releaseImage();
        long after = engine.memoryInfo()[0];
        assertThat(Math.abs(before - after)).as("free device memory before " + before + ", after " + after)
                .isLessThanOrEqualTo(2L << 20);
    }

    @Test
    void aRefusedLaunchRebuildsTheContextAndThePlanesComeOutRight() {
        Random rnd = new Random(7);
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("box:5"), BorderPolicy.parse("reflect"));
        int w = 77;
        int n = 23;
        float[] rows = TestImages.randomPlane(w, n + 4, rnd);
        float[] want = new float[w * n];
        cpu.correlate(rows, w, n, spec, Strategy.FAST, want);
        int before = engine.faultsSurvived();
        System.setProperty("convolab.cuda.faultEvery", "3");
        try (PlaneFilter gpu = PlaneFilters.forEngine(engine)) {
            for (int i = 0; i < 12; i++) {
                float[] got = new float[w * n];
                gpu.correlate(rows, w, n, spec, Strategy.FAST, got);
                for (int k = 0; k < got.length; k++) {
                    assertThat(PlaneFilter.toSample(got[k], spec, 65535)).isCloseTo(PlaneFilter.toSample(want[k], spec, 65535),
                            org.assertj.core.data.Offset.offset(Conformance.TOLERANCE));
                }
            }
        } finally {
            System.clearProperty("convolab.cuda.faultEvery");
        }
        assertThat(engine.faultsSurvived() - before).isGreaterThanOrEqualTo(4);
    }

    @Test
    void aPlaneTooLargeForTheDeviceGetsOneClearLine() {
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("clamp"));
        float[] rows = new float[640 * 102];
        System.setProperty("convolab.cuda.maxImageBytes", "100000");
        try (PlaneFilter gpu = PlaneFilters.forEngine(engine)) {
            assertThatThrownBy(() -> gpu.correlate(rows, 640, 100, spec, Strategy.AUTO, new float[640 * 100]))
                    .isInstanceOf(ConvolabException.class).isNotInstanceOf(CudaFault.class)
                    .hasMessageContaining("too little free memory for a 640x102 plane").hasMessageContaining("use the CPU backend");
        } finally {
            System.clearProperty("convolab.cuda.maxImageBytes");
        }
    }

    @Test
    void theAutoBackendFiltersPlanesOnTheGpuToo() {
        FallbackEngine auto = new FallbackEngine(engine, n -> { });
        // not closed: it would close the shared engine
        try (PlaneFilter planes = PlaneFilters.forEngine(auto)) {
            float[] rows = TestImages.randomPlane(40, 12, new Random(8));
            LaunchPlan plan = planes.correlate(rows, 40, 10, FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("wrap")),
                    Strategy.AUTO, new float[400]);
            assertThat(plan.launches()).isNotEmpty();
            assertThat(auto.failure()).isNull();
        }
    }
}
