package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import org.convolab.core.Histogram;
import org.convolab.core.HistogramStrategy;
import org.junit.jupiter.api.Test;

/** The histogram launches' sizes, without a GPU. */
class HistogramKernelsTest {

    @Test
    void everyStrategyHasItsOwnKernelAndAFullWarpBlock() {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (HistogramStrategy s : HistogramStrategy.values()) {
            assertThat(names.add(HistogramKernels.kernel(s))).as(s.id()).isTrue();
            assertThat(HistogramKernels.threads(s) % 32).as(s.id()).isZero();
        }
    }

    @Test
    void sharedMemoryFitsWithoutOptingInAtTheMostBins() {
        assertThat(KernelGeometry.HIST_MAX_BINS).isEqualTo(Histogram.MAX_BINS);
        assertThat(KernelGeometry.HIST_CHANNELS).isEqualTo(Histogram.Channel.values().length);
        for (HistogramStrategy s : HistogramStrategy.values()) {
            assertThat(HistogramKernels.sharedBytes(s, Histogram.MAX_BINS)).as(s.id()).isLessThanOrEqualTo(48 * 1024);
        }
        assertThat(HistogramKernels.sharedBytes(HistogramStrategy.PRIVATIZED, 7)).isEqualTo(5 * 7 * 4);
        assertThat(HistogramKernels.sharedBytes(HistogramStrategy.FAST, 256)).isEqualTo(5 * 256 * 8 * 4);
        assertThat(HistogramKernels.sharedBytes(HistogramStrategy.GLOBAL_ATOMICS, 256)).isZero();
    }

    @Test
    void theFastKernelWantsAThreadPerFourPixels() {
        assertThat(HistogramKernels.wantedThreads(HistogramStrategy.FAST, 1)).isEqualTo(1);
        assertThat(HistogramKernels.wantedThreads(HistogramStrategy.FAST, 9)).isEqualTo(3);
        assertThat(HistogramKernels.wantedThreads(HistogramStrategy.INTERLEAVED, 9)).isEqualTo(9);
    }
}
