package org.convolab.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.convolab.core.Backend;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.PlaneFilter;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.CpuPlaneFilter;
import org.junit.jupiter.api.Test;

/** The self-test's plane check: the CPU's plane filter passes it; one that gets the columns' ghost cells wrong does not. */
class PlaneFilterCheckTest {

    /** The full sizes but the 257x255 plane, to keep the test quick. */
    static final int[][] SIZES = {{1, 1}, {1, 37}, {37, 1}, {17, 13}, {33, 65}};

    /** An engine whose plane filter takes the clamp policy for the columns whatever the spec says. */
    static final class ClampsEveryColumn implements ConvolutionEngine {
        private final CpuEngine cpu = new CpuEngine(1);

        @Override
        public Backend backend() {
            return Backend.CPU;
        }

        @Override
        public String device() {
            return "a plane filter that clamps";
        }

        @Override
        public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
            return cpu.filter(image, spec, strategy);
        }

        @Override
        public Optional<PlaneFilter> planeFilter() {
            CpuPlaneFilter inner = new CpuPlaneFilter(1);
            return Optional.of(new PlaneFilter() {
                @Override
                public LaunchPlan correlate(float[] rows, int width, int outRows, FilterSpec spec, Strategy strategy, float[] sums) {
                    return inner.correlate(rows, width, outRows, spec.withBorder(BorderPolicy.parse("clamp")), strategy, sums);
                }

                @Override
                public void close() {
                    inner.close();
                }
            });
        }

        @Override
        public void close() {
            cpu.close();
        }
    }

    @Test
    void theCpuPlaneFilterPassesEveryCheckAndSeparableStrategiesRefuseTheOtherMasks() {
        List<String> failures = new ArrayList<>();
        PlaneFilterCheck check = new PlaneFilterCheck(SIZES, 43);
        List<Strategy> strategies = List.of(Strategy.values());
        try (CpuEngine engine = new CpuEngine(2)) {
            Summary s = check.run(engine, strategies, failures::add);
            assertThat(failures).isEmpty();
            long separableStrategies = strategies.stream().filter(Strategy::needsSeparable).count();
            long notSeparable = check.masks().stream().filter(m -> m.separable().isEmpty()).count();
            long refusals = SIZES.length * Conformance.policies().size() * separableStrategies * notSeparable;
            assertThat(s.refused()).isEqualTo(refusals);
            assertThat((long) s.passed()).isEqualTo(
                    (long) SIZES.length * Conformance.policies().size() * strategies.size() * check.masks().size() - refusals);
            assertThat(s.line()).isEqualTo("planes: " + s.passed() + " passed, 0 failed");
        }
    }

    @Test
    void wrongGhostColumnsFailWithThePlaneThePolicyAndThePixel() {
        List<String> failures = new ArrayList<>();
        try (ClampsEveryColumn engine = new ClampsEveryColumn()) {
            Summary s = new PlaneFilterCheck(SIZES, 43).run(engine, List.of(Strategy.AUTO), failures::add);
            assertThat(s.failed()).isPositive().isEqualTo(failures.size());
            assertThat(s.passed()).isPositive(); // clamp itself, and masks one column wide
            assertThat(failures).noneMatch(f -> f.contains(" clamp plane "));
            assertThat(failures).anyMatch(f -> f.startsWith("FAIL plane auto mirror plane 37x1 mask ") && f.contains("got "));
        }
    }

    @Test
    void bandRowsResolveTheGhostRowsThroughThePolicy() {
        float[] plane = {1, 2, 3, 4, 5, 6}; // 2 wide, 3 high
        assertThat(PlaneFilterCheck.bandRows(plane, 2, 3, 0, 1, 2, BorderPolicy.parse("mirror")))
                .containsExactly(5, 6, 3, 4, 1, 2, 3, 4, 5, 6);
        assertThat(PlaneFilterCheck.bandRows(plane, 2, 3, 2, 1, 1, BorderPolicy.parse("constant:9")))
                .containsExactly(3, 4, 5, 6, 9, 9);
    }
}
