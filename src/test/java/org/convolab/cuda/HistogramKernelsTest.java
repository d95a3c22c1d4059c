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
            assertThat(names.add(HistogramKernels.kernel(s, 8))).as(s.id()).isTrue();
            assertThat(names.add(HistogramKernels.kernel(s, 16))).as(s.id()).isTrue();
            assertThat(HistogramKernels.kernel(s, 16)).startsWith("convolab_hist16_");
            assertThat(HistogramKernels.threads(s) % 32).as(s.id()).isZero();
        }
    }

    @Test
    void sharedMemoryFitsWithoutOptingInAtTheMostBins() {
        assertThat(KernelGeometry.HIST_MAX_BINS).isEqualTo(Histogram.MAX_BINS);
        assertThat(KernelGeometry.HIST_CHANNELS).isEqualTo(Histogram.Channel.values().length);
        for (HistogramStrategy s : HistogramStrategy.values()) {
            assertThat(HistogramKernels.sharedBytes(s, Histogram.MAX_BINS, 8)).as(s.id()).isLessThanOrEqualTo(48 * 1024);
            if (s.whyNotApplicable(HistogramStrategy.SHARED_WIDE_BINS, 16) == null) {
                assertThat(HistogramKernels.sharedBytes(s, HistogramStrategy.SHARED_WIDE_BINS, 16)).as(s.id())
                        .isLessThanOrEqualTo(48 * 1024);
            }
        }
        assertThat(HistogramKernels.sharedBytes(HistogramStrategy.PRIVATIZED, 7, 8)).isEqualTo(5 * 7 * 4);
        assertThat(HistogramKernels.sharedBytes(HistogramStrategy.FAST, 256, 8)).isEqualTo(5 * 256 * KernelGeometry.HIST_FAST_COPIES * 4);
        assertThat(HistogramKernels.sharedBytes(HistogramStrategy.GLOBAL_ATOMICS, 256, 8)).isZero();
    }

    @Test
    void sixteenBitFastCountsInSharedMemoryUpToItsLimitAndInGlobalMemoryPast() {
        assertThat(KernelGeometry.HIST16_SHARED_BINS).isEqualTo(HistogramStrategy.SHARED_WIDE_BINS);
        assertThat(HistogramKernels.sharedBytes(HistogramStrategy.FAST, 2048, 16)).isEqualTo(5 * 2048 * 4);
        assertThat(HistogramKernels.sharedBytes(HistogramStrategy.FAST, 2049, 16)).isZero();
        assertThat(HistogramKernels.sharedBytes(HistogramStrategy.FAST, 65536, 16)).isZero();
        assertThat(HistogramKernels.sharedBytes(HistogramStrategy.PRIVATIZED, 2048, 16)).isEqualTo(5 * 2048 * 4);
    }

    @Test
    void theFastKernelsWantAThreadPerSixteenBytes() {
        assertThat(HistogramKernels.wantedThreads(HistogramStrategy.FAST, 1, 8)).isEqualTo(1);
        assertThat(HistogramKernels.wantedThreads(HistogramStrategy.FAST, 9, 8)).isEqualTo(3);
        assertThat(HistogramKernels.wantedThreads(HistogramStrategy.FAST, 9, 16)).isEqualTo(5);
        assertThat(HistogramKernels.wantedThreads(HistogramStrategy.INTERLEAVED, 9, 8)).isEqualTo(9);
        assertThat(HistogramKernels.wantedThreads(HistogramStrategy.INTERLEAVED, 9, 16)).isEqualTo(9);
    }
}
