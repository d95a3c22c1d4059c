package org.convolab.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.Strategy;
import org.convolab.selftest.Conformance;
import org.convolab.io.SyntheticImages;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which CPU path runs for a strategy and a mask, and what the plan says. */
class CpuPlannerTest {

    @ParameterizedTest(name = "{0} on {1} -> {2} via {3}")
    @CsvSource(delimiter = '|', value = {
            "auto            | box:5     | fast-separable  | cpu-rows cpu-columns | auto: separable mask, rows then columns",
            "auto            | sobel-x   | fast-separable  | cpu-rows cpu-columns | auto: separable mask, rows then columns",
            "auto            | laplacian | fast            | cpu-2d               | auto: mask not separable, 2D",
            "naive           | box:5     | naive           | cpu-2d               | ''",
            "tiled           | box:41    | tiled           | cpu-2d               | ''",
            "separable       | box:5     | separable       | cpu-rows cpu-columns | ''",
            "fast-separable  | box:63    | fast-separable  | cpu-rows cpu-columns | ''",
            "fast            | laplacian | fast            | cpu-2d               | ''",
            "fft             | laplacian | fft             | cpu-fft              | ''",
            "fft             | box:31    | fft             | cpu-fft              | ''",
            "auto            | box:31    | fast-separable  | cpu-rows cpu-columns | auto: separable mask, rows then columns",
            "auto            | unsharp   | fast            | cpu-2d               | auto: mask not separable, 2D"})
    void planSaysWhichPathRuns(String requested, String mask, String runs, String passes, String reason) {
        assertPlan(CpuPlanner.plan(Strategy.parse(requested), MaskPresets.parse(mask)), requested, runs, passes, reason);
    }

    /** The plan asked for {@code requested}, runs {@code runs} through the passes (space-separated) for the reason. */
    private static void assertPlan(LaunchPlan plan, String requested, String runs, String passes, String reason) {
        assertEquals(Strategy.parse(requested), plan.requested());
        assertEquals(Strategy.parse(runs), plan.runs());
        assertEquals(List.of(passes.split(" ")), plan.kernels());
        assertEquals(reason, plan.reason());
    }

    /** Masks that are not separable take the FFT from FftConvolver.CROSSOVER_TAPS taps, the 2D loop below. */
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"17, 17, fast", "17, 19, fft", "63, 5, fft", "63, 3, fast", "5, 63, fft", "63, 63, fft"})
    void autoTakesTheFftForLargeMasksThatAreNotSeparable(int w, int h, String runs) {
        Mask mask = TestImages.randomMask(w, h, new java.util.Random(w * 100 + h));
        LaunchPlan plan = CpuPlanner.plan(Strategy.AUTO, mask);
        assertEquals(Strategy.parse(runs), plan.runs());
        assertEquals(runs.equals("fft") ? List.of(CpuPlanner.FFT) : List.of(CpuPlanner.TWO_D), plan.kernels());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"box:5", "laplacian"})
    void engineResultCarriesThePlan(String mask) {
        FilterSpec spec = FilterSpec.of(MaskPresets.parse(mask), BorderPolicy.parse("clamp"));
        try (CpuEngine engine = new CpuEngine(1)) {
            FilterResult result = engine.filter(SyntheticImages.gradient(16, 16), spec, Strategy.AUTO);
            assertEquals(CpuPlanner.plan(Strategy.AUTO, spec.mask()), result.plan());
            assertEquals(result.plan().runs(), result.strategy());
        }
    }

    /** The plane filter has the engine's three paths: rows then columns, the 2D loop and the FFT. */
    @ParameterizedTest(name = "{0} on {1} -> {2} via {3}")
    @CsvSource(delimiter = '|', value = {
            "auto            | box:5     | fast-separable  | cpu-rows cpu-columns | auto: separable mask, rows then columns",
            "auto            | laplacian | fast            | cpu-2d               | auto: mask not separable, 2D",
            "auto            | unsharp   | fast            | cpu-2d               | auto: mask not separable, 2D",
            "naive           | box:5     | naive           | cpu-2d               | ''",
            "separable-tiled | box:5     | separable-tiled | cpu-rows cpu-columns | ''",
            "fft             | laplacian | fft             | cpu-fft              | ''",
            "fft             | box:31    | fft             | cpu-fft              | ''"})
    void planeFilterPlanSaysWhichPathRuns(String requested, String mask, String runs, String passes, String reason) {
        LaunchPlan plan = CpuPlanner.planePlan(Strategy.parse(requested), MaskPresets.parse(mask));
        assertPlan(plan, requested, runs, passes, reason);
        // and the filter returns that plan
        float[] rows = new float[20 * (5 + MaskPresets.parse(mask).height() - 1)];
        try (CpuPlaneFilter planes = new CpuPlaneFilter(1)) {
            assertEquals(plan, planes.correlate(rows, 20, 5, FilterSpec.of(MaskPresets.parse(mask), BorderPolicy.parse("wrap")),
                    Strategy.parse(requested), new float[20 * 5]));
        }
    }
}
