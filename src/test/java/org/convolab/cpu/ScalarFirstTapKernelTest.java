package org.convolab.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.Test;

/**
 * {@link ScalarFirstTapKernel} sends its first rows (and their output mapping) to the scalar kernel and every
 * later one to the vector kernel; an engine over it gives the image of the engine's own scalar loops, whichever
 * side of the switch its rows fall on.
 */
class ScalarFirstTapKernelTest {

    @Test
    void switchesToTheVectorKernelAfterItsRowCount() {
        Counting vector = new Counting(4);
        Counting scalar = new Counting(0);
        ScalarFirstTapKernel k = new ScalarFirstTapKernel(vector, scalar, 3);
        for (int i = 0; i < 3; i++) {
            assertThat(k.switched()).isFalse();
            assertThat(k.store(new float[4], new int[4], 0, 4, 0, 1f, 0f, false)).as("the caller maps every pixel").isZero();
            row(k);
        }
        assertThat(k.switched()).isTrue();
        row(k);
        row(k);
        assertThat(scalar.rows.get()).isEqualTo(3);
        assertThat(vector.rows.get()).isEqualTo(2);
        assertThat(k.store(new float[4], new int[4], 0, 4, 0, 1f, 0f, false)).isEqualTo(4);
    }

    /** 8-bit images through the engine with the switch before, inside and after them: the scalar loops' pixels every time. */
    @Test
    void engineGivesTheScalarLoopsImageWhereverTheSwitchFalls() {
        Random rnd = new Random(5);
        RgbaImage img = TestImages.randomImage(67, 23, rnd);
        List<Mask> masks = List.of(TestImages.randomMask(5, 3, rnd), TestImages.separableMask(7, 5, rnd));
        Optional<TapKernel> vector = TapKernels.vector().isPresent() ? Optional.of(new VectorTapKernel()) : Optional.empty();
        try (CpuEngine loops = new CpuEngine(2, Optional.empty())) {
            for (long switchAt : new long[] {0, 40, Long.MAX_VALUE}) {
                // Without the vector module, a second scalar kernel stands in for it: the switch itself is still tested.
                TapKernel k = new ScalarFirstTapKernel(vector.orElseGet(ScalarTapKernel::new), new ScalarTapKernel(), switchAt);
                try (CpuEngine e = new CpuEngine(2, Optional.of(k))) {
                    for (Mask mask : masks) {
                        for (Strategy s : List.of(Strategy.FAST, Strategy.FAST_SEPARABLE)) {
                            if (s.needsSeparable() && mask.separable().isEmpty()) {
                                continue;
                            }
                            FilterSpec spec = new FilterSpec(mask, BorderPolicy.parse("mirror"), 2f, 10f, true);
                            assertThat(Arrays.equals(e.filter(img, spec, s).image().pixels(), loops.filter(img, spec, s).image().pixels()))
                                    .as("switch after %d rows, %s %dx%d", switchAt, s, mask.width(), mask.height()).isTrue();
                        }
                    }
                }
            }
        }
    }

    private static void row(TapKernel k) {
        k.rows(new float[8], 0, new int[] {0}, new float[] {1f}, new float[4], 0, 4);
    }

    /** Counts its rows calls; its store takes {@code storeTakes} pixels. */
    private static final class Counting implements TapKernel {
        final AtomicInteger rows = new AtomicInteger();
        private final int storeTakes;

        Counting(int storeTakes) {
            this.storeTakes = storeTakes;
        }

        @Override
        public void rows(float[] src, int base, int[] offsets, float[] weights, float[] acc, int o, int w) {
            rows.incrementAndGet();
        }

        @Override
        public int store(float[] acc, int[] out, int o, int w, int shift, float div, float off, boolean abs) {
            return storeTakes;
        }
    }
}
