package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class LaunchPlanTest {

    @Test
    void launchesKeepEachDistinctLaunchOnceInOrder() {
        LaunchPlan plan = new LaunchPlan(Strategy.NAIVE, Strategy.NAIVE, List.of("convolab_naive"), "");
        assertThat(plan.launches()).isEmpty();
        String a = "convolab_naive (grid 4x8, block 32x8, 0 B shared)";
        String b = "convolab_naive (grid 4x2, block 32x8, 0 B shared)";
        LaunchPlan ran = plan.withLaunches(List.of(a, a, a, b));
        assertThat(ran.launches()).containsExactly(a, b);
        assertThat(ran.kernels()).containsExactly("convolab_naive");
        assertThat(ran.passes()).isEqualTo(1);
    }

    @Test
    void aFallBackIsDescribedWithItsReason() {
        LaunchPlan plan = new LaunchPlan(Strategy.TILED, Strategy.TILED_OUT, List.of("convolab_tiled_out"),
                "tiled → tiled-out: no input tile of at most 1024 threads fits a 41x41 mask");
        assertThat(plan.fellBack()).isTrue();
        assertThat(plan.describe()).startsWith("tiled-out (tiled → tiled-out: ");
        assertThat(LaunchPlan.exactly(Strategy.FAST).fellBack()).isFalse();
        assertThatThrownBy(() -> LaunchPlan.exactly(Strategy.AUTO)).isInstanceOf(IllegalArgumentException.class);
    }
}
