package org.convolab.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;
import org.convolab.cpu.CpuEngine;
import org.convolab.engine.HistogramOnlyGpu;
import org.junit.jupiter.api.Test;

class HistogramCheckTest {

    /** A GPU-like engine whose privatized strategy loses the last pixel. */
    static final class LosesAPixel extends HistogramOnlyGpu {
        @Override
        public HistogramResult histogram(RgbaImage image, int bins, HistogramStrategy strategy) {
            RgbaImage counted = image;
            if (strategy == HistogramStrategy.PRIVATIZED && image.size() > 1) {
                int[] p = image.pixels().clone();
                p[p.length - 1] = p[0];
                counted = new RgbaImage(image.width(), image.height(), p);
            }
            return new HistogramResult(Histogram.count(counted, bins), "cuda " + strategy.id(), 0, 0);
        }
    }

    @Test
    void theCpuEnginePassesEveryCheck() {
        List<String> failures = new ArrayList<>();
        try (CpuEngine engine = new CpuEngine(2)) {
            Summary s = new HistogramCheck(1, false).run(engine, HistogramCheck.all(), failures::add);
            assertThat(failures).isEmpty();
            // the CPU counts one way: one strategy per case
            assertThat(s.passed()).isEqualTo(HistogramCheck.checks(1, false));
            assertThat(s.line()).isEqualTo("histograms: " + s.passed() + " passed, 0 failed");
        }
    }

    @Test
    void aStrategyThatMiscountsFailsWithTheCaseAndTheBin() {
        List<String> failures = new ArrayList<>();
        Summary s = new HistogramCheck(1, false).run(new LosesAPixel(), HistogramCheck.all(), failures::add);
        assertThat(s.failed()).isPositive().isEqualTo(failures.size());
        assertThat(failures).allMatch(f -> f.startsWith("FAIL histogram privatized on a "));
        assertThat(failures.get(0)).contains("plain count against cuda privatized: bin ");
        assertThat(s.passed()).isPositive();
    }

    @Test
    void testImagesHaveTheirKindsShape() {
        java.util.Random rnd = new java.util.Random(2);
        Histogram constant = Histogram.count(TestImages.image(TestImages.Kind.CONSTANT, 30, 20, rnd), 256);
        assertThat(constant.max(Histogram.Channel.RED)).isEqualTo(600);
        Histogram dark = Histogram.count(TestImages.image(TestImages.Kind.DARK, 300, 200, rnd), 256);
        long nearBlack = 0;
        for (int v = 0; v < 4; v++) {
            nearBlack += dark.count(Histogram.Channel.RED, v);
        }
        assertThat(nearBlack).isGreaterThan(dark.pixels() * 9 / 10);
    }

    /** A GPU-like engine that counts every image exactly (and refuses as the GPU does: {@link HistogramOnlyGpu}). */
    static final class Exact extends HistogramOnlyGpu {
        @Override
        public HistogramResult histogram(RgbaImage image, int bins, HistogramStrategy strategy) {
            return new HistogramResult(Histogram.count(image, bins), "cuda " + strategy.id(), 0, 0);
        }
    }

    @Test
    void sixteenBitRefusalsPassWhereTheyAreDueAndFailWhereTheyAreMissing() {
        List<String> failures = new ArrayList<>();
        Summary s = new HistogramCheck(1, false).run(new Exact(), HistogramCheck.all(), failures::add);
        assertThat(failures).isEmpty();
        // each refusal is counted apart, not as a pass: two shared-memory strategies past their bin limit
        long over = java.util.Arrays.stream(HistogramCheck.WIDE_BINS).filter(b -> b > HistogramStrategy.SHARED_WIDE_BINS).count();
        int refusals = (int) (2 * over * HistogramCheck.WIDE_SIZES.length * TestImages.Kind.values().length);
        assertThat(s.refused()).isEqualTo(refusals);
        assertThat(s.passed()).isEqualTo(HistogramCheck.checks(HistogramStrategy.values().length, false) - refusals);
        assertThat(s.notes()).startsWith("histograms: " + refusals + " refusals");
        // an engine that counts 16-bit histograms the shared-memory strategies cannot: each such case fails
        List<String> missing = new ArrayList<>();
        Summary m = new HistogramCheck(1, false).run(new HistogramOnlyGpu() {
            @Override
            public HistogramResult histogram(RgbaImage image, int bins, HistogramStrategy strategy) {
                return new HistogramResult(Histogram.count(image, bins), "cuda " + strategy.id(), 0, 0);
            }

            @Override
            public HistogramResult histogram(Rgba16Image image, int bins, HistogramStrategy strategy) {
                return new HistogramResult(Histogram.count(image, bins), "cuda " + strategy.id(), 0, 0);
            }
        }, HistogramCheck.all(), missing::add);
        long wide = java.util.Arrays.stream(HistogramCheck.WIDE_BINS).filter(b -> b > HistogramStrategy.SHARED_WIDE_BINS).count();
        assertThat(m.failed()).isEqualTo((int) (2 * wide * HistogramCheck.WIDE_SIZES.length * TestImages.Kind.values().length));
        assertThat(missing).allMatch(f -> f.contains("accepted what it should have refused"));
    }

    @Test
    void sixteenBitTestImagesHaveTheirKindsShape() {
        java.util.Random rnd = new java.util.Random(3);
        Histogram constant = Histogram.count(TestImages.image16(TestImages.Kind.CONSTANT, 30, 20, rnd), 65536);
        assertThat(constant.max(Histogram.Channel.RED)).isEqualTo(600);
        assertThat(constant.count(Histogram.Channel.ALPHA, 65535)).isEqualTo(600);
        Histogram dark = Histogram.count(TestImages.image16(TestImages.Kind.DARK, 300, 200, rnd), 64);
        assertThat(dark.count(Histogram.Channel.RED, 0)).isGreaterThan(dark.pixels() * 9 / 10);
        Histogram random = Histogram.count(TestImages.image16(TestImages.Kind.RANDOM, 300, 200, rnd), 16);
        assertThat(random.max(Histogram.Channel.ALPHA)).isLessThan(random.pixels() / 8);
    }
}
