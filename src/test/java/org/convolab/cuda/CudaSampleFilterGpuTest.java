package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.OutputDepth;
import org.convolab.core.SampleFormat;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.engine.FileFilter;
import org.convolab.engine.StripFilter;
import org.convolab.io.RowSinks;
import org.convolab.io.RowSources;
import org.convolab.io.WideSamples;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The short way of grey, 16-bit and float files on a real GPU ({@link CudaSampleFilter}): a whole file through
 * {@link FileFilter} with the CUDA engine against the same file through the CPU engine's plane-at-a-time path,
 * for every sample format the short way takes (8-bit grey, 16-bit grey + alpha, RGB, RGBA, float grey and RGB,
 * 16-bit into float) x strategies x policies. Integer outputs within one level (exactly equal for integer masks
 * on direct kernels), float outputs within float rounding of the sums; alpha exactly as read. The report must
 * name the conversion kernels, so the test fails if the file went the plane-at-a-time way.
 */
@Tag("gpu")
class CudaSampleFilterGpuTest {

    private static CudaEngine engine;
    private static CpuEngine cpu;

    @TempDir
    Path dir;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
        cpu = new CpuEngine();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
        if (cpu != null) {
            cpu.close();
        }
    }

    static final SampleFormat GREY8 = new SampleFormat(1, 8);
    static final SampleFormat GREY_ALPHA16 = new SampleFormat(2, 16);
    static final SampleFormat RGB16 = new SampleFormat(3, 16);
    static final SampleFormat RGBA16 = new SampleFormat(4, 16);
    static final SampleFormat GREY_FLOAT = new SampleFormat(1, 32, SampleFormat.Kind.FLOAT);
    static final SampleFormat RGB_FLOAT = new SampleFormat(3, 32, SampleFormat.Kind.FLOAT);

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        Mask gauss = MaskPresets.parse("gaussian:1.5");
        Mask wide = MaskPresets.parse("gaussian:40");
        Mask laplace = Mask.of(3, 3, 0, 1, 0, 1, -4, 1, 0, 1, 0);
        Mask box = Mask.of(5, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
        for (SampleFormat f : List.of(GREY8, GREY_ALPHA16, RGB16, RGBA16, GREY_FLOAT, RGB_FLOAT)) {
            for (BorderPolicy p : List.of(ConstantPolicy.ZERO, new ConstantPolicy(100), BorderPolicy.parse("clamp"),
                    BorderPolicy.parse("reflect"), BorderPolicy.parse("mirror"), BorderPolicy.parse("wrap"))) {
                all.add(Arguments.of(f, OutputDepth.SAME, Strategy.AUTO, FilterSpec.of(gauss, p)));
                // past 63x63: fast-separable's wide kernels on the GPU, rows then columns on the CPU
                all.add(Arguments.of(f, OutputDepth.SAME, Strategy.AUTO, FilterSpec.of(wide, p)));
            }
            for (Strategy s : List.of(Strategy.NAIVE, Strategy.CONSTANT, Strategy.TILED, Strategy.CACHED, Strategy.SEPARABLE,
                    Strategy.SEPARABLE_TILED, Strategy.FAST, Strategy.FAST_SEPARABLE, Strategy.FFT)) {
                all.add(Arguments.of(f, OutputDepth.SAME, s, FilterSpec.of(gauss, BorderPolicy.parse("mirror"))));
            }
            // signed results, divisor, offset, abs; an integer mask with a divisor
            all.add(Arguments.of(f, OutputDepth.SAME, Strategy.FAST,
                    new FilterSpec(laplace, BorderPolicy.parse("clamp"), 2f, 30f, true)));
            all.add(Arguments.of(f, OutputDepth.SAME, Strategy.NAIVE, new FilterSpec(box, BorderPolicy.parse("reflect"), 15f, 0f, false)));
            if (!f.isFloat()) { // into float: negative sums kept
                all.add(Arguments.of(f, OutputDepth.FLOAT, Strategy.AUTO, FilterSpec.of(laplace, BorderPolicy.parse("mirror"))));
                all.add(Arguments.of(f, OutputDepth.FLOAT, Strategy.FFT, FilterSpec.of(gauss, ConstantPolicy.ZERO)));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} -> {1}, {2}, {3}")
    @MethodSource("cases")
    void wholeFileOnTheGpuMatchesTheCpu(SampleFormat format, OutputDepth depth, Strategy strategy, FilterSpec spec) {
        int w = 67;
        int h = 45;
        int[] samples = samples(format, w, h, new Random(format.hashCode() * 31 + spec.hashCode()));
        boolean png = format.narrowInteger();
        Path in = WideSamples.write(dir.resolve("in" + (png ? ".png" : ".tif")), w, h, format, samples);
        String ext = png && depth == OutputDepth.SAME ? ".png" : ".tif";
        Path gpuOut = dir.resolve("gpu" + ext);
        Path cpuOut = dir.resolve("cpu" + ext);
        FileFilter.Job gpuJob = new FileFilter.Job(in, gpuOut, true, RowSources.DEFAULT_MAX_PIXELS, RowSinks.Options.defaults(), 0,
                false, depth);
        FileFilter.Job cpuJob = new FileFilter.Job(in, cpuOut, true, RowSources.DEFAULT_MAX_PIXELS, RowSinks.Options.defaults(), 0,
                false, depth);
        StripFilter.Report gpu = FileFilter.run(gpuJob, engine, spec, strategy, n -> { });
        FileFilter.run(cpuJob, cpu, spec, strategy, n -> { });
        assertThat(String.join(" ", gpu.plan().launches())).as("the whole image went the short way")
                .contains(format.isFloat() ? "convolab_f32_to_planes" : "convolab_u16_to_planes")
                .contains(depth == OutputDepth.FLOAT || format.isFloat() ? "convolab_planes_to_f32" : "convolab_planes_to_u16");
        WideSamples.Read g = WideSamples.read(gpuOut);
        WideSamples.Read c = WideSamples.read(cpuOut);
        assertThat(g.format()).isEqualTo(c.format());
        int ch = format.channels();
        boolean alpha = format.alpha();
        double scale = 0;
        for (float v : spec.mask().weights()) {
            scale += Math.abs(v);
        }
        double largest = format.isFloat() ? 1000 : format.bitDepth() == 8 ? 255 : 65535;
        double tol = g.format().isFloat() ? 2e-5 * scale * largest / spec.divisor() + 1e-6 : 1;
        for (int i = 0; i < g.samples().length; i++) {
            if (alpha && i % ch == ch - 1) {
                assertThat(g.samples()[i]).as("alpha of pixel %d", i / ch).isEqualTo(c.samples()[i]);
            } else {
                assertThat((double) g.value(i)).as("sample %d (pixel %d, %d)", i, i / ch % w, i / ch / w)
                        .isCloseTo(c.value(i), org.assertj.core.data.Offset.offset(tol));
            }
        }
    }

    /** Random samples: integers over the whole range, floats from -5 to 1000 as ImageJ's 32-bit images hold. */
    private static int[] samples(SampleFormat f, int w, int h, Random rnd) {
        int[] s = new int[w * h * f.channels()];
        for (int i = 0; i < s.length; i++) {
            s[i] = f.isFloat() ? Float.floatToRawIntBits(-5f + 1005f * rnd.nextFloat()) : rnd.nextInt(f.maxValue() + 1);
        }
        return s;
    }
}
