package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every strategy against square masks of radius 0..31, rectangular ones, separable and not. */
class CudaPlannerTest {

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        List<Mask> masks = new ArrayList<>();
        for (int r = 0; r <= 31; r++) {
            masks.add(box(2 * r + 1, 2 * r + 1));
            masks.add(random(2 * r + 1, 2 * r + 1));
        }
        masks.add(box(3, 63));
        masks.add(box(63, 1));
        masks.add(box(33, 35));
        masks.add(random(5, 41));
        masks.add(random(63, 33));
        for (Strategy s : Strategy.values()) {
            for (Mask m : masks) {
                if (s.whyNotApplicable(m) == null) {
                    out.add(Arguments.of(s, m));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void planRunsWhatTheRulesSay(Strategy requested, Mask mask) {
        LaunchPlan plan = CudaPlanner.plan(requested, mask);
        assertEquals(requested, plan.requested());
        assertEquals(expected(requested, mask), plan.runs());
        assertTrue(plan.runs() != Strategy.AUTO);
        int passes = plan.runs() == Strategy.SEPARABLE || plan.runs() == Strategy.SEPARABLE_TILED ? 2 : 1;
        assertEquals(passes, plan.passes(), plan.kernels().toString());
        if (plan.runs() == Strategy.FAST) {
            boolean compiled = mask.width() == mask.height() && mask.radiusX() <= 15;
            assertEquals(compiled ? "convolab_fast2d_r" + mask.radiusX() : "convolab_fast2d_any", plan.kernels().get(0));
        }
        if (plan.runs() == Strategy.FAST_SEPARABLE) {
            assertEquals("convolab_fastsep_r" + mask.radiusX(), plan.kernels().get(0));
        }
        if (requested != Strategy.AUTO && plan.runs() == requested) {
            assertEquals("", plan.reason());
            assertFalse(plan.fellBack());
        }
        if (plan.fellBack()) {
            assertTrue(plan.reason().startsWith(requested.id() + " → " + plan.runs().id() + ": "), plan.reason());
            if (requested != Strategy.FFT) {
                assertTrue(plan.reason().contains(mask.width() + "x" + mask.height()), plan.reason());
            }
        }
        if (requested == Strategy.AUTO) {
            assertTrue(plan.reason().startsWith("auto: "), plan.reason());
        }
    }

    /** The rules written out independently of the planner. */
    private static Strategy expected(Strategy requested, Mask m) {
        boolean square = m.width() == m.height();
        int r = Math.max(m.radiusX(), m.radiusY());
        boolean separable = m.separable().isPresent();
        Strategy s = requested;
        if (s == Strategy.AUTO) {
            s = separable ? (r >= 3 ? Strategy.FAST_SEPARABLE : Strategy.FAST) : AutoTableTest.expectedAuto(m, SampleLayout.PLANES, false);
        }
        // The smallest input tile, the mask itself, must fit in one block of 1024 threads.
        if (s == Strategy.TILED && m.width() * m.height() > 1024) {
            return Strategy.TILED_OUT;
        }
        // ... and leave at least two warps' worth of computing threads.
        if (s == Strategy.TILED && TiledLauncher.computingThreads(m) < 64) {
            return Strategy.TILED_OUT;
        }
        if (s == Strategy.FFT && CuFft.problem() != null) {
            return Strategy.FAST;
        }
        if (s == Strategy.FAST_SEPARABLE && !(square && r <= 15)) {
            return Strategy.SEPARABLE_TILED;
        }
        return s;
    }

    @ParameterizedTest(name = "tiled on {0}x{1}")
    @MethodSource("tiledFallbacks")
    void tiledNamesTheMaskWhenNoInputTileFits(int w, int h) {
        LaunchPlan plan = CudaPlanner.plan(Strategy.TILED, random(w, h));
        assertEquals(Strategy.TILED_OUT, plan.runs());
        assertEquals("tiled → tiled-out: no input tile of at most 1024 threads fits a " + w + "x" + h + " mask", plan.reason());
        assertEquals("tiled-out (" + plan.reason() + ")", plan.describe());
        assertTrue(plan.fellBack());
    }

    /** Square masks: a 32x32 block computes (32 - 2r)^2 outputs; from r = 13 (36 threads) tiled-out runs. */
    @ParameterizedTest(name = "tiled at radius {0}")
    @CsvSource({"10, tiled, ''", "12, tiled, ''",
            "13, tiled-out, tiled → tiled-out: a 27x27 mask leaves a 32x32 input tile 36 computing threads of 1024 (the rest is halo)",
            "15, tiled-out, tiled → tiled-out: a 31x31 mask leaves a 32x32 input tile 4 computing threads of 1024 (the rest is halo)"})
    void tiledRunsWhileEnoughOfItsBlockComputes(int r, String runs, String reason) {
        LaunchPlan plan = CudaPlanner.plan(Strategy.TILED, random(2 * r + 1, 2 * r + 1));
        assertEquals(Strategy.parse(runs), plan.runs());
        assertEquals(reason, plan.reason());
    }

    /** Where cuFFT does not load (this build machine), fft says why and the direct kernels run. */
    @Test
    void fftRunsCufftOrSaysWhyNot() {
        LaunchPlan plan = CudaPlanner.plan(Strategy.FFT, random(33, 33));
        if (CuFft.problem() == null) {
            assertEquals(Strategy.FFT, plan.runs());
            assertEquals(CudaPlanner.FFT_PASSES, plan.kernels());
        } else {
            assertEquals(Strategy.FAST, plan.runs());
            assertEquals("fft → fast: " + CuFft.problem(), plan.reason());
            assertTrue(CuFft.problem().contains("cuFFT"), CuFft.problem());
            assertEquals(List.of("convolab_fast2d_any"), plan.kernels());
        }
    }

    /** cuFFT's fast lengths: factors 2, 3, 5 and 7 only. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"1, 1", "4158, 4200", "4097, 4116", "4126, 4200", "8222, 8232", "2063, 2100", "11, 12", "13, 14"})
    void fftLengthsHaveSmallFactors(int n, int expected) {
        assertEquals(expected, FftLauncher.smoothLength(n));
    }

    static Stream<Arguments> tiledFallbacks() {
        return Stream.of(Arguments.of(33, 33), Arguments.of(41, 41), Arguments.of(63, 33));
    }

    @ParameterizedTest(name = "auto on a separable {0}x{0} that is not square-compiled")
    @MethodSource("autoChains")
    void autoThenFallBackSaysBoth(int w, int h) {
        LaunchPlan plan = CudaPlanner.plan(Strategy.AUTO, box(w, h));
        assertEquals(Strategy.SEPARABLE_TILED, plan.runs());
        assertTrue(plan.reason().startsWith("auto: separable mask of radius 3 or more; fast-separable → separable-tiled: "),
                plan.reason());
        assertFalse(plan.fellBack(), "auto is not a fall-back");
    }

    static Stream<Arguments> autoChains() {
        return Stream.of(Arguments.of(3, 63), Arguments.of(33, 33), Arguments.of(63, 1));
    }

    private static Mask box(int w, int h) {
        float[] f = new float[w * h];
        Arrays.fill(f, 1f);
        return Mask.of(w, h, f);
    }

    private static Mask random(int w, int h) {
        Random rnd = new Random(31L * w + h);
        float[] f = new float[w * h];
        for (int i = 0; i < f.length; i++) {
            f[i] = rnd.nextFloat();
        }
        return Mask.of(w, h, f);
    }

    /**
     * Past 63x63 a separable mask runs fast-separable's wide kernels on auto (no cuFFT needed); any other runs through
     * fft, or, without cuFFT, is refused with the reason.
     */
    @org.junit.jupiter.api.Test
    void largeMasksRunWideSeparableOrThroughFftOrAreRefusedWithTheReason() {
        for (String spec : new String[] {"box:65", "gaussian:40"}) {
            org.convolab.core.Mask m = org.convolab.core.MaskPresets.parse(spec);
            org.convolab.core.LaunchPlan plan = CudaPlanner.plan(org.convolab.core.Strategy.AUTO, m);
            org.assertj.core.api.Assertions.assertThat(plan.runs()).as(spec).isEqualTo(org.convolab.core.Strategy.FAST_SEPARABLE);
            org.assertj.core.api.Assertions.assertThat(plan.kernels()).as(spec).isEqualTo(KernelTable.WIDE_PASSES);
            org.assertj.core.api.Assertions.assertThat(plan.reason()).contains("wide rows then columns");
            org.assertj.core.api.Assertions.assertThat(CudaPlanner.plan(org.convolab.core.Strategy.FAST_SEPARABLE, m).kernels())
                    .isEqualTo(KernelTable.WIDE_PASSES);
        }
        org.convolab.core.Mask m = org.convolab.core.MaskPresets.parse("motion:301:30");
        org.assertj.core.api.Assertions.assertThat(m.separable()).isEmpty();
        if (CuFft.problem() == null) {
            org.convolab.core.LaunchPlan plan = CudaPlanner.plan(org.convolab.core.Strategy.AUTO, m);
            org.assertj.core.api.Assertions.assertThat(plan.runs()).isEqualTo(org.convolab.core.Strategy.FFT);
            org.assertj.core.api.Assertions.assertThat(plan.reason()).contains("past the direct kernels' 63x63");
        } else {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> CudaPlanner.plan(org.convolab.core.Strategy.AUTO, m))
                    .isInstanceOf(org.convolab.core.ConvolabException.class)
                    .hasMessageContaining("runs only through fft").hasMessageContaining(CuFft.problem());
        }
    }

    /** The wide passes' geometry: every output covered, the shared memory the kernels lay out, within 48 KB up to 1023 taps. */
    @org.junit.jupiter.api.Test
    void widePassesCoverTheImageAndFitTheirSharedMemory() {
        for (int taps : new int[] {65, 241, 1023}) {
            org.convolab.core.Mask m = org.convolab.core.MaskPresets.parse("box:" + taps);
            java.util.List<KernelStep> steps = CudaPlanner.variant(org.convolab.core.Strategy.FAST_SEPARABLE, m, SampleLayout.PLANES,
                    true, false).steps(6000, 4000, 3, null);
            KernelStep rows = steps.get(0);
            KernelStep cols = steps.get(1);
            org.assertj.core.api.Assertions.assertThat((long) rows.gx() * KernelGeometry.WSR_OW).isGreaterThanOrEqualTo(6000);
            org.assertj.core.api.Assertions.assertThat((long) rows.gy() * KernelGeometry.WSR_BY).isGreaterThanOrEqualTo(4000);
            org.assertj.core.api.Assertions.assertThat((long) cols.gx() * KernelGeometry.WSC_BX).isGreaterThanOrEqualTo(6000);
            org.assertj.core.api.Assertions.assertThat((long) cols.gy() * KernelGeometry.WSC_BY * KernelGeometry.WSC_PY)
                    .isGreaterThanOrEqualTo(4000);
            int np = (taps + KernelGeometry.WSR_PX - 1) / KernelGeometry.WSR_PX * KernelGeometry.WSR_PX;
            org.assertj.core.api.Assertions.assertThat(rows.sharedBytes())
                    .isEqualTo(4 * (np + KernelGeometry.WSR_BY * (KernelGeometry.WSR_OW + np - 1))).isLessThanOrEqualTo(48 << 10);
            org.assertj.core.api.Assertions.assertThat(cols.sharedBytes()).isLessThanOrEqualTo(48 << 10);
        }
    }
}
