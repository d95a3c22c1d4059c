package org.convolab.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.convolab.core.Backend;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.EngineDiagnostics;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.engine.Engines;
import org.junit.jupiter.api.Test;

class ConformanceTest {

    private static final int[][] SMALL = {{1, 1}, {9, 7}, {17, 13}};

    /** Wraps an engine, optionally spoiling one part of the output mapping or reporting events. */
    private static class Wrapped implements ConvolutionEngine {
        final ConvolutionEngine inner = Engines.open(Backend.CPU, m -> { });
        boolean dropAbs;
        boolean dropOffset;
        String fallback;
        int faults;
        Strategy reportAs;

        @Override
        public Backend backend() {
            return inner.backend();
        }

        @Override
        public String device() {
            return inner.device();
        }

        @Override
        public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
            FilterSpec used = new FilterSpec(spec.mask(), spec.border(), spec.divisor(), dropOffset ? 0f : spec.offset(),
                    !dropAbs && spec.abs());
            FilterResult r = inner.filter(image, used, strategy);
            return reportAs == null ? r : new FilterResult(r.image(), reportAs, r.timings());
        }

        @Override
        public EngineDiagnostics diagnostics() {
            return new EngineDiagnostics() {
                @Override
                public String fallbackReason() {
                    return fallback;
                }

                @Override
                public int faultsSurvived() {
                    return faults;
                }
            };
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    private static Summary run(ConvolutionEngine e, List<Strategy> strategies, List<String> failures) {
        return new Conformance(2, SMALL, 3).run(e, strategies, failures::add);
    }

    @Test
    void theCpuEnginePassesTheMappingCases() {
        List<String> failures = new ArrayList<>();
        try (Wrapped e = new Wrapped()) {
            Summary s = run(e, List.of(Strategy.FAST, Strategy.FAST_SEPARABLE), failures);
            assertThat(failures).isEmpty();
            assertThat(s.failed()).isZero();
            // separable strategies refuse the non-separable masks, and those refusals are not passes
            assertThat(s.refused()).isPositive();
            int cases = new Conformance(2, SMALL, 3).cases().size();
            assertThat(s.passed() + s.refused()).isEqualTo(SMALL.length * cases * Conformance.policies().size() * 2);
        }
    }

    @Test
    void mappingCasesHaveNegativeWeightsDivisorsOffsetsAbsAndClamping() {
        List<Conformance.Case> cases = Conformance.mappingCases(new Random(1));
        assertThat(cases).anyMatch(c -> c.abs());
        assertThat(cases).anyMatch(c -> c.divisor() != 1f);
        assertThat(cases).anyMatch(c -> c.offset() != 0f);
        assertThat(cases).anyMatch(c -> c.mask().separable().isPresent() && min(c.mask().weights()) < 0);
        assertThat(cases).anyMatch(c -> c.mask().separable().isEmpty() && min(c.mask().weights()) < 0);
    }

    private static float min(float[] v) {
        float m = Float.MAX_VALUE;
        for (float x : v) {
            m = Math.min(m, x);
        }
        return m;
    }

    @Test
    void anEngineThatIgnoresAbsOrOffsetFails() {
        for (boolean abs : new boolean[] {true, false}) {
            List<String> failures = new ArrayList<>();
            try (Wrapped e = new Wrapped()) {
                e.dropAbs = abs;
                e.dropOffset = !abs;
                Summary s = run(e, List.of(Strategy.NAIVE), failures);
                assertThat(s.failed()).isPositive();
                assertThat(failures).anyMatch(f -> f.contains(abs ? "sobel-x" : "laplacian"));
            }
        }
    }

    @Test
    void aFallbackOrASurvivedFaultFailsTheRun() {
        List<String> failures = new ArrayList<>();
        try (Wrapped e = new Wrapped()) {
            e.fallback = "CUDA error: illegal address";
            e.faults = 0;
            Summary s = run(e, List.of(Strategy.NAIVE), failures);
            assertThat(s.failed()).isEqualTo(1);
            assertThat(failures).singleElement().asString().contains("went over to the CPU");
        }
        failures.clear();
        try (Wrapped e = new Wrapped()) {
            Conformance c = new Conformance(0, new int[][] {{3, 3}}, 3);
            Summary s = c.run(new ConvolutionEngine() {
                int calls;

                @Override
                public Backend backend() {
                    return Backend.CUDA;
                }

                @Override
                public String device() {
                    return "test";
                }

                @Override
                public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
                    calls++;
                    return e.filter(image, spec, strategy);
                }

                @Override
                public EngineDiagnostics diagnostics() {
                    int n = calls > 5 ? 2 : 0;
                    return new EngineDiagnostics() {
                        @Override
                        public int faultsSurvived() {
                            return n;
                        }
                    };
                }

                @Override
                public void close() {
                }
            }, List.of(Strategy.NAIVE), failures::add);
            assertThat(s.failed()).isEqualTo(1);
            assertThat(failures).singleElement().asString().contains("faulted 2 times");
        }
    }

    @Test
    void anotherStrategyThanTheOneNamedIsReported() {
        List<String> failures = new ArrayList<>();
        try (Wrapped e = new Wrapped()) {
            e.reportAs = Strategy.TILED_OUT;
            Summary s = run(e, List.of(Strategy.TILED), failures);
            assertThat(s.substituted()).containsKey("tiled that ran tiled-out");
            assertThat(s.notes()).contains("checks of tiled that ran tiled-out");
        }
    }

    @Test
    void aCopyOfTheFullSizesIsTheFullMatrix() {
        int[][] copy = java.util.Arrays.stream(Conformance.SIZES).map(int[]::clone).toArray(int[][]::new);
        List<int[]> all = new Conformance(4, copy, 42).allSizes();
        assertThat(all).hasSize(Conformance.SIZES.length + Conformance.STREAM_SIZES.length);
        assertThat(all.get(all.size() - 1)).containsExactly(Conformance.STREAM_SIZES[0]);
        assertThat(new Conformance(4, SMALL, 42).allSizes()).hasSize(SMALL.length);
    }

    /** Refuses every non-separable mask for the separable strategies with the given exception. */
    private static final class Refusing extends Wrapped {
        final java.util.function.Function<String, RuntimeException> refusal;

        Refusing(java.util.function.Function<String, RuntimeException> refusal) {
            this.refusal = refusal;
        }

        @Override
        public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
            if (strategy.needsSeparable() && spec.mask().separable().isEmpty()) {
                throw refusal.apply("not separable");
            }
            return super.filter(image, spec, strategy);
        }
    }

    @Test
    void refusalsAreKnownByTheirTypeNotTheirWords() {
        List<String> failures = new ArrayList<>();
        try (Refusing e = new Refusing(org.convolab.core.StrategyRefusedException::new)) {
            Summary s = run(e, List.of(Strategy.SEPARABLE), failures);
            assertThat(failures).isEmpty();
            assertThat(s.refused()).isPositive();
        }
        try (Refusing e = new Refusing(org.convolab.core.ConvolabException::new)) {
            Summary s = run(e, List.of(Strategy.SEPARABLE), failures);
            // an error whose words say "separable" is still an error, not a refusal
            assertThat(s.refused()).isZero();
            assertThat(s.failed()).isPositive().isEqualTo(failures.size());
            assertThat(failures).allMatch(f -> f.contains(": error: not separable"));
        }
    }
}
