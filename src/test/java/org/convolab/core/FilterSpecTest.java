package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FilterSpecTest {

    /** Issue 26 item 8: a 63x63 mask of ±1e38 overflowed the float sums and gave wrong values with exit 0. */
    @Test
    void weightsThatCanOverflowAFloatSumAreRefused() {
        float[] w = new float[63 * 63];
        for (int i = 0; i < w.length; i++) {
            w[i] = i % 2 == 0 ? 1e38f : -1e38f;
        }
        Mask huge = Mask.of(63, 63, w);
        assertThatThrownBy(() -> new FilterSpec(huge, new MirrorPolicy(), 1e38f, 0f, false))
                .isInstanceOf(ConvolabException.class)
                .hasMessageStartingWith("the mask's weights are too large: their magnitudes add up to 3.97e+41");
        // the largest weights that cannot overflow are taken
        float fits = (float) (Float.MAX_VALUE / 65535.0 / w.length) * 0.99f;
        Arrays.fill(w, fits);
        assertThat(new FilterSpec(Mask.of(63, 63, w), new MirrorPolicy(), 1f, 0f, false).mask().width()).isEqualTo(63);
        // a huge constant ghost cell counts as a sample
        Mask one = Mask.of(1, 1, 1e30f);
        assertThat(FilterSpec.of(one, ConstantPolicy.ZERO).mask()).isEqualTo(one);
        assertThatThrownBy(() -> FilterSpec.of(one, new ConstantPolicy(1e10f))).isInstanceOf(ConvolabException.class);
    }
}
