package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The plan of every strategy x mask kind x sample layout, without a device (8-bit images on the ARGB layout;
 * 16-bit and float images on the planes layout, three colour planes whole or one plane a call): the kernels it names are
 * those the rules say, its steps launch exactly those kernels with geometry that covers the image on a
 * recorded H100, and its cost counts what those kernels move. PlanLaunchGpuTest holds the same plans
 * against the launch log on a GPU.
 */
class PlanMatrixTest {

    static Stream<PlanCases.Case> cases() {
        return PlanCases.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void thePlanNamesTheKernelsItsStepsLaunch(PlanCases.Case c) {
        CudaPlanner.Decision d;
        try {
            d = CudaPlanner.decide(c.strategy(), c.spec(), c.layout(), c.fuse());
        } catch (ConvolabException e) {
            // past 63x63 only fft runs, and cuFFT does not load here: the planner refuses in one line
            assertTrue(CudaPlanner.large(c.mask()) && CuFft.problem() != null, e.getMessage());
            return;
        }
        assertEquals(PlanCases.expectedKernels(d.plan().runs(), c.spec(), c.layout(), c.fuse()), d.plan().kernels(), c.toString());
        assertEquals(d.variant().kernels(), d.plan().kernels());
        assertEquals(d.plan().runs(), d.variant().runs());
        for (int[] size : new int[][] {{1, 1}, {130, 67}, {4096, 4096}, {6000, 4000}}) {
            checkSteps(c, d, size[0], size[1], 3); // an 8-bit image; on planes, a 16-bit or float RGB image (CudaSampleFilter)
            if (c.layout() == SampleLayout.PLANES) {
                checkSteps(c, d, size[0], size[1], 1); // one plane (CudaPlaneFilter: a grey image, a band's channel)
            }
        }
    }

    /** fft's table entry, whether or not cuFFT loads on this machine. */
    @ParameterizedTest(name = "fft on {0}x{1}")
    @CsvSource({"65, 65", "101, 31", "33, 33", "3, 3"})
    void fftRunsItsFivePasses(int mw, int mh) {
        Mask m = PlanCases.random(mw, mh, 5);
        FilterSpec spec = FilterSpec.of(m, ConstantPolicy.ZERO);
        for (SampleLayout layout : SampleLayout.values()) {
            KernelVariant v = CudaPlanner.variant(Strategy.FFT, m, layout, true, true);
            assertEquals(PlanCases.expectedKernels(Strategy.FFT, spec, layout, true), v.kernels());
            checkSteps(new PlanCases.Case(Strategy.FFT, spec, layout, true),
                    new CudaPlanner.Decision(new org.convolab.core.LaunchPlan(Strategy.FFT, Strategy.FFT, v.kernels(), ""), v), 517, 300, 3);
        }
    }

    private static void checkSteps(PlanCases.Case c, CudaPlanner.Decision d, int w, int h, int channels) {
        String where = c + " on " + w + "x" + h;
        KernelVariant v = d.variant();
        List<KernelStep> steps = v.steps(w, h, channels, PlanCases.H100);
        assertEquals(d.plan().kernels(), steps.stream().map(KernelStep::kernel).toList(), where);
        for (KernelStep s : steps) {
            if (s.library()) {
                assertTrue(s.kernel().startsWith("cufft "), where + ": " + s);
                continue;
            }
            int threads = s.bx() * s.by();
            assertTrue(threads >= 32 && threads <= 1024, where + ": " + s.describe());
            assertTrue(s.gx() >= 1 && s.gy() >= 1 && s.gy() <= 65535, where + ": " + s.describe());
            int z = v.fused() ? 1 : v.allChannels() ? channels : 1;
            if (!s.kernel().equals("convolab_fft_multiply")) {
                assertEquals(z, s.gz(), where + ": grid z of " + s.describe());
            }
            boolean optIn = s.kernel().startsWith("convolab_argbs_r7") || s.kernel().startsWith("convolab_tensor_"); // opted in to 64 KiB
            assertTrue(s.sharedBytes() <= (optIn ? 64 * 1024 : 48 * 1024), where + ": " + s.describe());
        }
        // the plan carries the variant's fusing, and the one cost (FilterCost, from the plan) counts what its kernels move
        assertEquals(v.fused(), d.plan().fused(), where);
        FilterCost cost = d.cost(w, h, c.mask());
        long pixels = (long) w * h;
        assertEquals(v.fused() ? 8 * pixels : 8 * pixels * FilterCost.CHANNELS * v.kernels().size(), cost.bytes(), where + ": bytes moved");
        assertEquals(FilterCost.of(w, h, c.mask(), d.plan()), cost, where);
    }

    /** Geometry worked out by hand from the kernels' tiles (41x41 any: 4 * (16 * 44 weights + 172 * 47 tile floats)). */
    @ParameterizedTest(name = "{0} {1}x{1} {2}")
    @CsvSource(delimiter = '|', value = {
        "fast|7|PLANES|convolab_fast2d_r3 (grid 32x41x3, block 32x8, 0 B shared)",
        "fast|9|PLANES|convolab_fast2d_r4 (grid 32x41x3, block 32x8, 0 B shared)",
        "fast|11|PLANES|convolab_fast2d_r5 (grid 64x256x3, block 64x4, 0 B shared)",
        "fast|41|PLANES|convolab_fast2d_any (grid 32x128x3, block 32x4, 35152 B shared)",
        "fast|3|ARGB8|convolab_argb2d_r1 (grid 32x171, block 32x8, 0 B shared)",
        "fast|7|ARGB8|convolab_argbs_r3 (grid 32x256, block 32x8, 35904 B shared)",
        "fast|15|ARGB8|convolab_argbs_r7 (grid 32x256, block 32x8, 51840 B shared)",
        "fast-separable|31|PLANES|convolab_fastsep_r15 (grid 32x64x3, block 32x8, 0 B shared)",
        "fast-separable|5|PLANES|convolab_fastsep_r2 (grid 32x128x3, block 32x8, 0 B shared)",
        "tiled|5|PLANES|convolab_tiled (grid 147x147, block 32x32, 4096 B shared)",
        "tiled-out|63|PLANES|convolab_tiled_out (grid 128x512, block 32x8, 26320 B shared)"})
    void geometryOf4096Square(String strategy, int side, SampleLayout layout, String expected) {
        Mask m = strategy.startsWith("fast-sep") ? PlanCases.box(side, side) : PlanCases.random(side, side, side);
        CudaPlanner.Decision d = CudaPlanner.decide(Strategy.parse(strategy), FilterSpec.of(m, ConstantPolicy.ZERO), layout, true);
        int channels = 3;
        assertEquals(expected, d.variant().steps(4096, 4096, channels, PlanCases.H100).get(0).describe());
    }

    /** The system property's default and the engine's switch reach the planner, not the launchers. */
    @Test
    void unfusedArgbRunsThePlanesKernels() {
        FilterSpec spec = FilterSpec.of(PlanCases.box(5, 5), ConstantPolicy.ZERO);
        assertEquals(List.of("convolab_argbs_r2"), CudaPlanner.decide(Strategy.FAST, spec, SampleLayout.ARGB8, true).plan().kernels());
        assertEquals(List.of("convolab_fast2d_r2"), CudaPlanner.decide(Strategy.FAST, spec, SampleLayout.ARGB8, false).plan().kernels());
        assertEquals(List.of("convolab_fast2d_r2"), CudaPlanner.decide(Strategy.FAST, spec, SampleLayout.PLANES, true).plan().kernels());
        assertTrue(CudaPlanner.FUSE_ARGB, "fused by default");
    }

    @Test
    void aFusedKernelMovesEightBytesAPixel() {
        FilterSpec spec = FilterSpec.of(PlanCases.box(7, 7), ConstantPolicy.ZERO);
        CudaPlanner.Decision fused = CudaPlanner.decide(Strategy.FAST, spec, SampleLayout.ARGB8, true);
        CudaPlanner.Decision planes = CudaPlanner.decide(Strategy.FAST, spec, SampleLayout.ARGB8, false);
        assertEquals(8L * 4096 * 4096, fused.cost(4096, 4096, spec.mask()).bytes());
        assertEquals(24L * 4096 * 4096, planes.cost(4096, 4096, spec.mask()).bytes());
    }

    @Test
    void noKernelTakesAutoOrAnUnknownRequest() {
        assertThrows(IllegalArgumentException.class, () -> CudaPlanner.kernels(Strategy.AUTO, PlanCases.box(3, 3)));
    }
}
