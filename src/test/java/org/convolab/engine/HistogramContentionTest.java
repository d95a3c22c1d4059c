package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.OptionalDouble;
import org.convolab.core.Backend;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.Test;

/** The contention experiment's arithmetic and ordering, with a GPU stand-in whose kernel times are known. */
class HistogramContentionTest {

    /** A "cuda" engine whose kernels take (ordinal + 1) ms on the uniform image and 10x that on a constant one. */
    private static final class TimedGpu implements ConvolutionEngine {
        @Override
        public Backend backend() {
            return Backend.CUDA;
        }

        @Override
        public String device() {
            return "stand-in";
        }

        @Override
        public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
            throw new UnsupportedOperationException();
        }

        @Override
        public OptionalDouble batchedHistogramMs(RgbaImage image, int bins, HistogramStrategy strategy, int launches) {
            boolean constant = Histogram.count(image, bins).max(Histogram.Channel.RED) == image.size();
            // the last strategy shrugs contention off; the others suffer from it
            double ms = strategy.ordinal() + 1;
            return OptionalDouble.of(constant && strategy.ordinal() < HistogramStrategy.values().length - 1 ? 10 * ms : ms);
        }

        @Override
        public void close() {
        }
    }

    @Test
    void theTestImagesAreWhatTheySayTheyAre() {
        Histogram uniform = Histogram.count(HistogramContention.uniform(256, 256, 1), 256);
        assertThat(uniform.max(Histogram.Channel.RED)).isLessThan(2 * 256); // spread: about 256 per bin
        assertThat(uniform.count(Histogram.Channel.ALPHA, 255)).isEqualTo(256 * 256);
        Histogram constant = Histogram.count(HistogramContention.constant(10, 20, 0xff102030), 256);
        assertThat(constant.count(Histogram.Channel.GREEN, 0x20)).isEqualTo(200);
    }

    @Test
    void timesEveryStrategyOnEverySubjectFastestFirst() {
        RgbaImage uniform = HistogramContention.uniform(100, 100, 3);
        RgbaImage constant = HistogramContention.constant(100, 100, 0xff000000);
        HistogramContention.Result r = HistogramContention.run(new TimedGpu(), List.of(
                new HistogramContention.Subject("uniform random", uniform),
                new HistogramContention.Subject("constant", constant)));
        assertThat(r.gpu()).isTrue();
        assertThat(r.rows()).hasSize(HistogramStrategy.values().length);
        assertThat(r.rows().get(0).strategy()).isEqualTo(HistogramStrategy.values()[0]);
        // 10,000 pixels in 1 ms: 0.01 Gpixels/s
        assertThat(r.rows().get(0).gpixelsPerSecond()[0]).isCloseTo(0.01, within(1e-12));
        assertThat(r.rows().get(0).gpixelsPerSecond()[1]).isCloseTo(0.001, within(1e-12));
        for (int i = 1; i < r.rows().size(); i++) {
            assertThat(r.rows().get(i).first()).isLessThan(r.rows().get(i - 1).first());
        }
        HistogramContention.Row last = r.rows().get(r.rows().size() - 1);
        assertThat(last.gpixelsPerSecond()[1]).isEqualTo(last.gpixelsPerSecond()[0]);
    }

    @Test
    void theTextsSayWhatWasMeasuredWhoWonOnTheSkewedImageAndWhy() {
        HistogramContention.Result r = HistogramContention.run(new TimedGpu(), List.of(
                new HistogramContention.Subject("uniform random", HistogramContention.uniform(100, 100, 3)),
                new HistogramContention.Subject("constant", HistogramContention.constant(100, 100, 0xff000000))));
        assertThat(HistogramContention.note(r)).isEqualTo("Gpixels/s of each strategy's kernel on cuda (stand-in), "
                + HistogramContention.LAUNCHES + " launches back to back, fastest on the uniform image first.");
        // on the constant image: fast 6 ms, aggregated 50 ms
        assertThat(HistogramContention.summary(r))
                .isEqualTo("On the constant image (every thread hits one bin) fast is fastest and aggregated slowest, 8.3x apart.");
        List<String> lines = HistogramContention.text(r).lines().toList();
        assertThat(lines.get(0)).isEqualTo(HistogramContention.note(r));
        assertThat(lines.get(1)).isEqualTo(HistogramContention.summary(r));
        List<String> rows = lines.subList(lines.indexOf(lines.stream().filter(l -> l.startsWith("strategy")).findFirst().orElseThrow()) + 1,
                lines.size());
        assertThat(rows).hasSize(HistogramStrategy.values().length);
        for (int i = 0; i < rows.size(); i++) {
            HistogramContention.Row row = r.rows().get(i);
            assertThat(rows.get(i)).startsWith(row.strategy().id() + " ").contains(HistogramContention.cell(row, 0))
                    .endsWith(row.strategy().lesson());
        }
        assertThat(HistogramContention.cell(r.rows().get(0), 0)).isEqualTo("0.01");
    }

    @Test
    void onTheCpuTheNoteGivesTheOneCountsSpeedAndThereIsNoSentence() {
        HistogramContention.Result r;
        try (ConvolutionEngine cpu = Engines.open(Backend.CPU, s -> { })) {
            r = HistogramContention.run(cpu, HistogramContention.subjects(32, 16));
        }
        assertThat(r.gpu()).isFalse();
        assertThat(r.subjects()).extracting(HistogramContention.Subject::name).containsExactly("uniform random", "dark photo", "constant");
        assertThat(HistogramContention.note(r)).startsWith("The strategies are GPU kernels").contains("uniform random ")
                .contains("dark photo ").contains("constant ");
        assertThat(HistogramContention.summary(r)).isEmpty();
        assertThat(HistogramContention.cell(r.rows().get(0), 0)).isEqualTo("GPU only");
    }
}
