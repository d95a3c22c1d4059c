package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FilterCostTest {

    private static final Mask GAUSS_7 = MaskPresets.parse("gaussian:1:7");

    @Test
    void aOneKernelSeparableFilterCountsSeparableArithmeticAndOnePass() {
        // fast-separable keeps the row results in shared memory: one read and one write a plane, 2(w + h) FLOPs
        LaunchPlan plan = new LaunchPlan(Strategy.FAST_SEPARABLE, Strategy.FAST_SEPARABLE, List.of("convolab_fastsep_r3"), "");
        FilterCost c = FilterCost.of(100, 10, GAUSS_7, plan);
        assertThat(c.flops()).isEqualTo(3000L * 2 * (7 + 7));
        assertThat(c.bytes()).isEqualTo(3000L * 8);
    }

    @Test
    void aTwoKernelSeparableFilterMovesThePlanesTwice() {
        LaunchPlan plan = new LaunchPlan(Strategy.SEPARABLE, Strategy.SEPARABLE, List.of("rows", "cols"), "");
        FilterCost c = FilterCost.of(100, 10, GAUSS_7, plan);
        assertThat(c.flops()).isEqualTo(3000L * 2 * (7 + 7));
        assertThat(c.bytes()).isEqualTo(3000L * 16);
    }

    @Test
    void aTwoDimensionalFilterCountsEveryWeight() {
        LaunchPlan plan = new LaunchPlan(Strategy.AUTO, Strategy.FAST, List.of("convolab_fast2d_r3"), "auto");
        FilterCost c = FilterCost.of(100, 10, GAUSS_7, plan);
        assertThat(c.flops()).isEqualTo(3000L * 2 * 49);
        assertThat(c.bytes()).isEqualTo(3000L * 8);
    }

    @Test
    void aFusedArgbKernelMovesOnePackedWordInAndOneOut() {
        // the fused kernel reads the packed ARGB word and writes the packed result: 8 bytes a pixel, not 24
        LaunchPlan plan = new LaunchPlan(Strategy.FAST, Strategy.FAST, List.of("convolab_argbs_r3"), true, "");
        FilterCost c = FilterCost.of(100, 10, GAUSS_7, plan);
        assertThat(c.bytes()).isEqualTo(1000L * 8);
        assertThat(c.flops()).isEqualTo(3000L * 2 * 49);
        // the plan says fused, not the kernel's name: tensor's fused kernel is 8 bytes a pixel too, its planes kernel 24
        LaunchPlan tensor = new LaunchPlan(Strategy.TENSOR, Strategy.TENSOR, List.of("convolab_tensor_argb_d2"), true, "");
        assertThat(FilterCost.of(100, 10, GAUSS_7, tensor).bytes()).isEqualTo(1000L * 8);
        LaunchPlan planes = new LaunchPlan(Strategy.TENSOR, Strategy.TENSOR, List.of("convolab_tensor_planes_d2"), "");
        assertThat(FilterCost.of(100, 10, GAUSS_7, planes).bytes()).isEqualTo(1000L * 24);
    }

    @Test
    void aGreyImageCountsOneChannel() {
        LaunchPlan plan = new LaunchPlan(Strategy.SEPARABLE, Strategy.SEPARABLE, List.of("rows", "cols"), "");
        FilterCost grey = FilterCost.of(100, 10, 1, GAUSS_7, plan);
        assertThat(grey.bytes()).isEqualTo(1000L * 16);
        assertThat(grey.flops()).isEqualTo(1000L * 2 * (7 + 7));
        assertThat(grey.describe()).isEqualTo("0.01600 MB moved, 2.800e-05 GFLOP");
    }

    @Test
    void fftCountsItsTransformsAsTheFileCostDoes() {
        // the window's and the engines' cost and --timings' count the same FLOPs for what ran
        Mask big = MaskPresets.parse("gaussian:20");
        LaunchPlan plan = new LaunchPlan(Strategy.FFT, Strategy.FFT, List.of("cufft"), "");
        FilterCost c = FilterCost.of(640, 480, big, plan);
        FilterCost file = FilterCost.ofSamples(640, 480, big, plan, new SampleFormat(3, 8), new SampleFormat(3, 8));
        assertThat(c.flops()).isEqualTo(file.flops());
        assertThat(c.flops()).isLessThan(640L * 480 * 3 * 2 * big.width() * big.height() / 10);
    }
}
