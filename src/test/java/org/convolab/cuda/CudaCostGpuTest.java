package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.Strategy;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The rates the GPU engine reports come from the work the plan really does: fast-separable's one
 * kernel does separable arithmetic (2(w + h) FLOPs a pixel), not a 2D filter's 2wh. Counting it as 2D
 * reported 135 to 295 TFLOP/s on a device that does about 60.
 */
@Tag("gpu")
class CudaCostGpuTest {

    @Test
    void fastSeparableCountsSeparableWorkAndStaysUnderTheDevicesRate() {
        CudaProbe.Result probe = CudaProbe.probe();
        assumeTrue(probe.usable(), () -> "no usable CUDA device: " + probe.problem());
        Mask gauss = MaskPresets.parse("gaussian:5");
        try (CudaEngine engine = new CudaEngine(probe.devices().get(0))) {
            var img = TestImages.randomImage(2048, 1024, new Random(3));
            FilterResult r = engine.filter(img, FilterSpec.of(gauss, BorderPolicy.parse("mirror")), Strategy.FAST_SEPARABLE);
            assertThat(r.plan().runs()).isEqualTo(Strategy.FAST_SEPARABLE);
            // the plan carries the launch as it ran: one kernel, all three channels (grid z = 3)
            assertThat(r.plan().launches()).singleElement().asString().startsWith("convolab_fastsep_r15 (grid ").contains("x3, block 32x8");
            assertThat(r.timings().cost().flops()).isEqualTo(2048L * 1024 * 3 * 2 * (gauss.width() + gauss.height()));
            double batched = engine.batchedKernelMs(img, FilterSpec.of(gauss, BorderPolicy.parse("mirror")), Strategy.FAST_SEPARABLE, 20)
                    .orElseThrow();
            double tflops = r.timings().cost().flops() / (batched * 1e9);
            assertThat(tflops).as("TFLOP/s at %.4f ms", batched).isLessThan(120);
        }
    }
}
