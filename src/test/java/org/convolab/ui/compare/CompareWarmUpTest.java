package org.convolab.ui.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Timings;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import org.junit.jupiter.api.Test;

/** Compare times warm code only, and names the CPU path that really ran (fft is the CPU's FFT). */
class CompareWarmUpTest {
    private final ConvolutionEngine cpu = Engines.open(Backend.CPU, msg -> { });

    /**
     * An engine whose every strategy takes the same 1 ms once warm, and whose first calls (cold code,
     * as the JIT compiles it) take 10 ms.
     */
    private final ConvolutionEngine coldThenWarm = new ConvolutionEngine() {
        private final AtomicInteger calls = new AtomicInteger();

        @Override
        public Backend backend() {
            return Backend.CPU;
        }

        @Override
        public String device() {
            return "test";
        }

        @Override
        public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
            FilterResult r = cpu.filter(image, spec, strategy);
            double ms = calls.incrementAndGet() <= 4 ? 10 : 1;
            Timings t = r.timings();
            // the whole call: 1.5 ms of transfers and packing around the kernels
            return new FilterResult(r.image(), r.plan(), new Timings(0.5, 0, List.of(ms), 0, 1, ms + 1.5, ms + 1.5, t.cost()));
        }

        @Override
        public void close() {
        }
    };

    private static RgbaImage image() {
        int[] px = new int[40 * 30];
        for (int i = 0; i < px.length; i++) {
            px[i] = 0xff000000 | (i * 2654435761L > 0 ? i * 7919 : i) & 0xffffff;
        }
        return new RgbaImage(40, 30, px);
    }

    @Test
    void equalStrategiesGetEqualSpeedUpsOnTheFirstRun() throws Exception {
        List<CompareTask.Row> rows = CompareRows.run(coldThenWarm, image(), FilterSpec.of(MaskPresets.parse("box:3"),
                BorderPolicy.parse("mirror")), 3);
        assertThat(rows).isNotEmpty();
        assertThat(rows.get(0).strategy()).isEqualTo("naive");
        for (CompareTask.Row r : rows) {
            assertThat(r.kernelMs()).as(r.strategy()).isEqualTo(1.0);
            assertThat(r.appMs()).as("the app path, apart from the kernels: " + r.strategy()).isEqualTo(2.5);
            assertThat(r.speedup()).as(r.strategy()).isEqualTo(1.0);
        }
    }

    @Test
    void theCpuRowsSayWhichPathRan() {
        Map<String, String> ran = CompareRows.run(cpu, image(), FilterSpec.of(MaskPresets.parse("gaussian:1"),
                BorderPolicy.parse("mirror")), 1).stream().collect(Collectors.toMap(CompareTask.Row::strategy, CompareTask.Row::ran));
        // the plan's paths, as bench, the overlay and --timings name them
        assertThat(ran.get("fft")).isEqualTo("cpu-fft");
        assertThat(ran.get("separable")).isEqualTo("cpu-rows + cpu-columns");
        assertThat(ran.get("naive")).isEqualTo("cpu-2d");
    }
}
