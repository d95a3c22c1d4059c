package org.convolab.imagej;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ij.ImagePlus;
import ij.ImageStack;
import ij.process.ImageProcessor;
import org.convolab.api.Convolab;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Strategy;
import org.convolab.engine.DeviceReport;
import org.convolab.engine.Engines;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * "Convolab Convolve..." and the Java API on the GPU (backend=cuda): ImageJ's Convolve within one level on
 * 8/16/32-bit and RGB images and a stack, the log naming the GPU, and the API's float planes against the CPU's.
 * Skipped, with the reason, where no CUDA device is usable.
 */
@Tag("gpu")
class Convolab_ConvolveGpuTest {

    @BeforeAll
    static void gpu() {
        DeviceReport d = Engines.devices();
        assumeTrue(d.usable(), () -> "no usable CUDA device: " + d.problem());
    }

    @ParameterizedTest(name = "{0}-bit, strategy {1}")
    @CsvSource({"8, auto", "8, tiled", "16, auto", "16, fft", "32, auto", "32, naive", "24, auto", "24, fast", "24, cached"})
    void givesImageJsConvolveOnTheGpu(int bits, String strategy) throws Exception {
        String rows = "0 1 2 0 0;1 3 1 0 1;0 0 1 2 0";
        ImageProcessor ip = Convolab_ConvolveTest.random(bits, 301, 157, bits);
        ImagePlus imp = new ImagePlus("gpu", ip.duplicate());
        String log = ImageJRunner.run(new Convolab_Convolve(), Convolab_Convolve.COMMAND, imp,
                "mask=[" + rows + "] border=clamp strategy=" + strategy + " backend=cuda normalize");
        assertThat(log).contains("Convolab Convolve: cuda on ");
        assertThat(Convolab_ConvolveTest.maxDifference(imp.getProcessor(), Convolab_ConvolveTest.imageJ(ip, rows, true)))
                .isLessThanOrEqualTo(bits == 32 ? 1e-2 : 1);
    }

    @Test
    void everySliceOfAStackOnTheGpu() throws Exception {
        ImageStack stack = new ImageStack(64, 48);
        for (int s = 0; s < 4; s++) {
            stack.addSlice(Convolab_ConvolveTest.random(8, 64, 48, 20 + s));
        }
        ImagePlus imp = new ImagePlus("stack", stack);
        String log = ImageJRunner.run(new Convolab_Convolve(), Convolab_Convolve.COMMAND, imp,
                "mask=[gaussian:2] border=clamp backend=cuda normalize stack");
        assertThat(log).contains("cuda on ").contains("4 slices");
        try (Convolab cpu = Convolab.open("cpu", m -> { })) {
            FilterSpec spec = FilterSpec.of(Convolab.mask("gaussian:2").normalized(), BorderPolicy.parse("clamp"));
            for (int s = 0; s < 4; s++) {
                float[] ref = cpu.filter(ProcessorFilter.plane(Convolab_ConvolveTest.random(8, 64, 48, 20 + s)), 64, 48, spec,
                        Strategy.AUTO).plane();
                ImageProcessor got = imp.getStack().getProcessor(s + 1);
                for (int i = 0; i < ref.length; i++) {
                    assertThat(Math.abs(got.get(i) - Convolab.toSample(ref[i], 255))).as("slice %d pixel %d", s + 1, i).isLessThanOrEqualTo(1);
                }
            }
        }
    }

    @Test
    void theApisFloatPlanesOnTheGpuAreTheCpusWithinFloatRounding() {
        float[] plane = ProcessorFilter.plane(Convolab_ConvolveTest.random(32, 517, 263, 3));
        FilterSpec spec = new FilterSpec(Convolab.mask("sharpen"), BorderPolicy.parse("reflect"), 3f, 5f, true);
        try (Convolab gpu = Convolab.open("cuda", m -> { }); Convolab cpu = Convolab.open("cpu", m -> { })) {
            assertThat(gpu.backend()).isEqualTo("cuda");
            float[] g = gpu.filter(plane, 517, 263, spec, Strategy.AUTO).plane();
            float[] c = cpu.filter(plane, 517, 263, spec, Strategy.AUTO).plane();
            for (int i = 0; i < g.length; i++) {
                assertThat(g[i]).as("value %d", i).isCloseTo(c[i], org.assertj.core.data.Offset.offset(1e-3f * Math.max(1f, Math.abs(c[i]))));
            }
        }
    }
}
