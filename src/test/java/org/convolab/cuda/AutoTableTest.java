package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Auto and the measured table, without a device: the chain runs tensor exactly where the shipped table measured it
 * fastest of what can run, the next fastest where the device has no mma.sync (sm_70) or is not known, and never
 * tensor past 63x63 or for separable masks (fast-separable's); an explicit tensor falls back to fast on sm_70.
 */
class AutoTableTest {
    static final CudaPlanner.Capability H100 = new CudaPlanner.Capability(9, 0);
    static final CudaPlanner.Capability V100 = new CudaPlanner.Capability(7, 0);

    static Stream<AutoTable.Row> rows() {
        return AutoTable.measured().rows().stream();
    }

    /** What auto should run on a mask that is not separable, worked out here from the table's rows. */
    static Strategy expectedAuto(Mask m, SampleLayout layout, boolean tensorRuns) {
        return expectedAuto(m, layout, tensorRuns, 1.0);
    }

    /** As above, tensor's measured time counted {@code tensorCost} times. */
    static Strategy expectedAuto(Mask m, SampleLayout layout, boolean tensorRuns, double tensorCost) {
        AutoTable.Row nearest = null;
        double best = Double.MAX_VALUE;
        for (AutoTable.Row r : AutoTable.measured().rows()) {
            double d = Math.abs(Math.log((double) m.width() / r.width())) + Math.abs(Math.log((double) m.height() / r.height()));
            if (r.layout() == layout && d < best) {
                best = d;
                nearest = r;
            }
        }
        if (nearest == null) {
            return Strategy.FAST;
        }
        Strategy fastest = Strategy.FAST;
        double ms = Double.MAX_VALUE;
        for (Map.Entry<Strategy, Double> e : nearest.ms().entrySet()) {
            boolean runs = e.getKey() == Strategy.FAST || (e.getKey() == Strategy.TENSOR && tensorRuns)
                    || (e.getKey() == Strategy.FFT && CuFft.problem() == null);
            double t = e.getKey() == Strategy.TENSOR ? e.getValue() * tensorCost : e.getValue();
            if (runs && t < ms) {
                ms = t;
                fastest = e.getKey();
            }
        }
        return fastest;
    }

    /** A mask as the board measured the row with: positive random weights, normalised (one MMA a block on the ARGB path). */
    private static FilterSpec randomSpec(AutoTable.Row row) {
        Mask m = PlanCases.positive(row.width(), row.height(), 11);
        assertThat(m.separable()).as("random masks are not separable").isEmpty();
        FilterSpec spec = FilterSpec.of(m, ConstantPolicy.ZERO);
        assertThat(TensorLauncher.highHalvesSuffice(spec)).as("the board's masks take one MMA a block").isTrue();
        return spec;
    }

    /** Mixed-sign random weights (-1.2 to 2.8, divisor 1): their high halves alone could move an output by half a level. */
    private static FilterSpec twoMmaSpec(int w, int h) {
        float[] f = PlanCases.random(w, h, 11).weights();
        for (int i = 0; i < f.length; i++) {
            f[i] *= 4;
        }
        return FilterSpec.of(Mask.of(w, h, f), ConstantPolicy.ZERO);
    }

    static Stream<AutoTable.Row> argbRows() {
        return AutoTable.measured().rows().stream().filter(r -> r.layout() == SampleLayout.ARGB8);
    }

    /**
     * Mixed-sign weights whose high FP16 halves alone could move an output by half a level take two MMAs a block on the
     * ARGB path: auto counts tensor's measured time {@link CudaPlanner#TENSOR_TWO_MMA_COST} times and says so.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("argbRows")
    void autoCountsTensorsSecondMmaForWeightsThatNeedIt(AutoTable.Row row) {
        FilterSpec spec = twoMmaSpec(row.width(), row.height());
        assertThat(TensorLauncher.highHalvesSuffice(spec)).as("mixed-sign weights, sum |w| over 4").isFalse();
        CudaPlanner.Decision d = CudaPlanner.decide(Strategy.AUTO, spec, SampleLayout.ARGB8, true, H100);
        assertThat(d.plan().runs()).as(row.describe())
                .isEqualTo(expectedAuto(spec.mask(), SampleLayout.ARGB8, true, CudaPlanner.TENSOR_TWO_MMA_COST));
        assertThat(d.plan().reason()).contains("two MMAs a block");
    }

    /** The case the factor is for: at 7x7 one-MMA weights run tensor, two-MMA ones fast (tensor 0.119 x 1.44 > fast 0.126). */
    @Test
    void aSevenBySevenMaskRunsTensorOnlyWhereOneMmaABlockSuffices() {
        FilterSpec one = FilterSpec.of(PlanCases.positive(7, 7, 3), ConstantPolicy.ZERO);
        FilterSpec two = twoMmaSpec(7, 7);
        assertThat(TensorLauncher.highHalvesSuffice(one)).isTrue();
        assertThat(TensorLauncher.highHalvesSuffice(two)).isFalse();
        assertThat(CudaPlanner.decide(Strategy.AUTO, one, SampleLayout.ARGB8, true, H100).plan().runs()).isEqualTo(Strategy.TENSOR);
        assertThat(CudaPlanner.decide(Strategy.AUTO, two, SampleLayout.ARGB8, true, H100).plan().runs()).isEqualTo(Strategy.FAST);
        // float planes always split their samples: the table's planes times already are of that kernel
        assertThat(CudaPlanner.decide(Strategy.AUTO, two, SampleLayout.PLANES, false, H100).plan().reason()).doesNotContain("MMA");
    }

    @Test
    void theShippedTableNamesItsRunAndHasBothLayouts() {
        AutoTable t = AutoTable.measured();
        assertThat(t.source()).isNotBlank();
        assertThat(t.rows()).extracting(AutoTable.Row::layout).contains(SampleLayout.ARGB8, SampleLayout.PLANES);
        Set<Strategy> measurable = EnumSet.of(Strategy.FAST, Strategy.TENSOR, Strategy.FFT);
        for (AutoTable.Row r : t.rows()) {
            assertThat(measurable).as(r.describe()).containsAll(r.ms().keySet());
            assertThat(r.ms()).as(r.describe()).containsKey(Strategy.FAST);
            assertThat(r.width() % 2 == 1 && r.height() % 2 == 1 && r.width() <= Mask.DIRECT_MAX_SIZE
                    && r.height() <= Mask.DIRECT_MAX_SIZE).as(r.describe()).isTrue();
        }
    }

    /** On an H100 every measured mask runs the strategy its row measured fastest: tensor exactly where it won. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void autoRunsTheRowsFastestOnAnH100(AutoTable.Row row) {
        FilterSpec spec = randomSpec(row);
        boolean argb = row.layout() == SampleLayout.ARGB8;
        CudaPlanner.Decision d = CudaPlanner.decide(Strategy.AUTO, spec, row.layout(), argb, H100);
        double tensor = row.ms().getOrDefault(Strategy.TENSOR, Double.MAX_VALUE);
        boolean tensorWon = row.ms().entrySet().stream().filter(e -> e.getKey() != Strategy.TENSOR)
                .filter(e -> e.getKey() != Strategy.FFT || CuFft.problem() == null).allMatch(e -> tensor < e.getValue());
        assertThat(d.plan().runs() == Strategy.TENSOR).as(row.describe()).isEqualTo(tensorWon);
        assertThat(d.plan().runs()).as(row.describe()).isEqualTo(expectedAuto(spec.mask(), row.layout(), true));
        assertThat(d.plan().reason()).startsWith("auto: ").contains(row.width() + "x" + row.height());
        if (d.plan().runs() == Strategy.TENSOR) {
            String family = argb ? "convolab_tensor_argb_d" : "convolab_tensor_planes_d";
            assertThat(d.plan().kernels()).containsExactly(family + TensorLauncher.bandBlocks(row.width()));
            assertThat(d.fused()).isEqualTo(argb);
        }
    }

    /** Without mma.sync (sm_70), or on a device not known, auto runs the fastest of the rest; never tensor. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void autoRunsTheNextFastestWhereTensorCannotRun(AutoTable.Row row) {
        FilterSpec spec = randomSpec(row);
        boolean argb = row.layout() == SampleLayout.ARGB8;
        for (CudaPlanner.Capability gpu : List.of(V100, CudaPlanner.Capability.UNKNOWN)) {
            LaunchPlan plan = CudaPlanner.decide(Strategy.AUTO, spec, row.layout(), argb, gpu).plan();
            assertThat(plan.runs()).as(row.describe() + " on " + gpu).isNotEqualTo(Strategy.TENSOR)
                    .isEqualTo(expectedAuto(spec.mask(), row.layout(), false));
        }
    }

    @Test
    void anExplicitTensorFallsBackToFastOnADeviceWithoutMmaSync() {
        FilterSpec spec = FilterSpec.of(PlanCases.random(15, 15, 3), ConstantPolicy.ZERO);
        LaunchPlan old = CudaPlanner.decide(Strategy.TENSOR, spec, SampleLayout.ARGB8, true, V100).plan();
        assertThat(old.runs()).isEqualTo(Strategy.FAST);
        assertThat(old.fellBack()).isTrue();
        assertThat(old.reason()).startsWith("tensor → fast: strategy tensor needs tensor cores with mma.sync").contains("7.0");
        assertThat(old.kernels()).containsExactly("convolab_argbs_r7");
        for (CudaPlanner.Capability gpu : List.of(H100, CudaPlanner.Capability.UNKNOWN)) {
            LaunchPlan plan = CudaPlanner.decide(Strategy.TENSOR, spec, SampleLayout.ARGB8, true, gpu).plan();
            assertThat(plan.runs()).isEqualTo(Strategy.TENSOR);
            assertThat(plan.reason()).isEmpty();
        }
        assertThat(CudaPlanner.plan(Strategy.TENSOR, spec.mask(), new CudaPlanner.Capability(7, 5)).runs()).isEqualTo(Strategy.TENSOR);
    }

    /** Past 63x63 only fft takes a mask; separable masks keep fast-separable (or fast below radius 3), tensor or not. */
    @Test
    void autoNeverRunsTensorForLargeOrSeparableMasks() {
        Mask large = PlanCases.random(65, 65, 1);
        if (CuFft.problem() == null) {
            assertThat(CudaPlanner.decide(Strategy.AUTO, FilterSpec.of(large, ConstantPolicy.ZERO), SampleLayout.ARGB8, true, H100)
                    .plan().runs()).isEqualTo(Strategy.FFT);
        } else {
            assertThatThrownBy(() -> CudaPlanner.decide(Strategy.AUTO, FilterSpec.of(large, ConstantPolicy.ZERO), SampleLayout.ARGB8,
                    true, H100)).isInstanceOf(ConvolabException.class).hasMessageContaining("runs only through fft");
        }
        for (int r = 1; r <= 31; r++) {
            FilterSpec box = FilterSpec.of(PlanCases.box(2 * r + 1, 2 * r + 1), ConstantPolicy.ZERO);
            for (SampleLayout layout : SampleLayout.values()) {
                Strategy runs = CudaPlanner.decide(Strategy.AUTO, box, layout, true, H100).plan().runs();
                assertThat(runs).as("box radius " + r).isEqualTo(r >= 3 ? (r <= 15 ? Strategy.FAST_SEPARABLE : Strategy.SEPARABLE_TILED)
                        : Strategy.FAST);
            }
        }
    }

    /**
     * The shipped table's picks (H100, 2026-11-27 09:25 UTC board, h28t's argbn kernels at 3 blocks an SM for E 1-2):
     * on the ARGB path tensor from 7x7 up (7x7 moved from fast: tensor 0.119 ms against 0.126) and on every measured
     * rectangle, fast below; on float planes fast up to 9x9 and on the rectangles but 41x21
     * (tensor's planes kernel not timed there; fft on 41x21), tensor from 15x15 to 47x47, fft at 63x63. Regenerating the table from another
     * board fails this test on purpose: say what moved here.
     */
    @Test
    void theShippedTablePicksTensorWhereTheBoardMeasuredItFastest() {
        Map<String, Strategy> argb = new java.util.LinkedHashMap<>();
        Map<String, Strategy> planes = new java.util.LinkedHashMap<>();
        for (AutoTable.Row r : AutoTable.measured().rows()) {
            Strategy s = r.fastest(x -> true).orElseThrow();
            (r.layout() == SampleLayout.ARGB8 ? argb : planes).put(r.width() + "x" + r.height(), s);
        }
        assertThat(argb).containsEntry("3x3", Strategy.FAST).containsEntry("5x5", Strategy.FAST);
        for (String m : List.of("7x7", "9x9", "15x15", "21x21", "31x31", "47x47", "63x63", "63x5", "5x63", "9x31", "41x21", "3x45")) {
            assertThat(argb).as("argb8 " + m).containsEntry(m, Strategy.TENSOR);
        }
        for (String m : List.of("3x3", "5x5", "7x7", "9x9", "63x5", "5x63", "9x31", "3x45")) {
            assertThat(planes).as("planes " + m).containsEntry(m, Strategy.FAST);
        }
        for (String m : List.of("15x15", "21x21", "31x31", "47x47")) {
            assertThat(planes).as("planes " + m).containsEntry(m, Strategy.TENSOR);
        }
        assertThat(planes).containsEntry("41x21", Strategy.FFT).containsEntry("63x63", Strategy.FFT);
        FilterSpec r4 = FilterSpec.of(PlanCases.random(9, 9, 5), ConstantPolicy.ZERO);
        assertThat(CudaPlanner.decide(Strategy.AUTO, r4, SampleLayout.ARGB8, true, H100).plan().runs()).isEqualTo(Strategy.TENSOR);
        assertThat(CudaPlanner.decide(Strategy.AUTO, r4, SampleLayout.ARGB8, true, V100).plan().runs()).isEqualTo(Strategy.FAST);
    }

    /** A mask between measured ones takes the nearest row: 13x13 the 15x15 row; packed ARGB unfused the planes' rows. */
    @Test
    void unmeasuredMasksTakeTheNearestRowOfTheirLayout() {
        AutoTable t = AutoTable.measured();
        Mask m13 = PlanCases.random(13, 13, 4);
        List<AutoTable.Row> near = new ArrayList<>();
        t.nearest(SampleLayout.ARGB8, m13).ifPresent(near::add);
        t.nearest(SampleLayout.PLANES, m13).ifPresent(near::add);
        assertThat(near).hasSize(2).allMatch(r -> r.width() == 15 && r.height() == 15, "the 15x15 rows");
        FilterSpec spec = FilterSpec.of(m13, ConstantPolicy.ZERO);
        assertThat(CudaPlanner.decide(Strategy.AUTO, spec, SampleLayout.ARGB8, true, H100).plan().runs())
                .isEqualTo(expectedAuto(m13, SampleLayout.ARGB8, true));
        assertThat(CudaPlanner.decide(Strategy.AUTO, spec, SampleLayout.ARGB8, false, H100).plan().runs())
                .isEqualTo(expectedAuto(m13, SampleLayout.PLANES, true));
    }

    @Test
    void aLineThatIsNotARowIsRefusedWithItsPlace() {
        AutoTable t = AutoTable.parse(List.of("# source: a test", "", "argb8\t3x3\tfast=0.1\ttensor=0.2"), "t.tsv");
        assertThat(t.source()).isEqualTo("a test");
        assertThat(t.rows()).singleElement().satisfies(r -> assertThat(r.describe()).isEqualTo("3x3: fast 0.100, tensor 0.200 ms"));
        for (String bad : List.of("argb8\t3x3", "rgb\t3x3\tfast=1", "planes\t3x3\tauto=1", "planes\t3x3\tfast=-1", "planes\t3by3\tfast=1")) {
            assertThatThrownBy(() -> AutoTable.parse(List.of(bad), "t.tsv")).as(bad).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("t.tsv:1: not a row of auto's table");
        }
    }
}
