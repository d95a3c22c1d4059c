package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.convolab.core.Histogram.Channel;
import org.junit.jupiter.api.Test;

class HistogramTest {

    private static int argb(int a, int r, int g, int b) {
        return a << 24 | r << 16 | g << 8 | b;
    }

    @Test
    void countsEachChannelOfEachPixel() {
        RgbaImage img = new RgbaImage(3, 1, new int[] {argb(255, 10, 20, 30), argb(0, 10, 200, 30), argb(128, 255, 255, 255)});
        Histogram h = Histogram.count(img, 256);
        assertThat(h.pixels()).isEqualTo(3);
        assertThat(h.count(Channel.RED, 10)).isEqualTo(2);
        assertThat(h.count(Channel.RED, 255)).isEqualTo(1);
        assertThat(h.count(Channel.GREEN, 20)).isEqualTo(1);
        assertThat(h.count(Channel.GREEN, 200)).isEqualTo(1);
        assertThat(h.count(Channel.BLUE, 30)).isEqualTo(2);
        assertThat(h.count(Channel.ALPHA, 0)).isEqualTo(1);
        assertThat(h.count(Channel.ALPHA, 128)).isEqualTo(1);
        assertThat(h.count(Channel.ALPHA, 255)).isEqualTo(1);
        // 0.299*10 + 0.587*20 + 0.114*30 = 18.15 -> 18; 0.299*10 + 0.587*200 + 0.114*30 = 123.81 -> 124
        assertThat(h.count(Channel.LUMINANCE, 18)).isEqualTo(1);
        assertThat(h.count(Channel.LUMINANCE, 124)).isEqualTo(1);
        assertThat(h.count(Channel.LUMINANCE, 255)).isEqualTo(1);
    }

    @Test
    void luminanceRoundsHalvesUpExactly() {
        // 0.114 * 250 = 28.5 exactly, which binary floating point cannot hold: the integers can
        assertThat(Histogram.luminance(0, 0, 250)).isEqualTo(29);
        assertThat(Histogram.luminance(0, 4, 168)).isEqualTo(22); // 2.348 + 19.152 = 21.5
        assertThat(Histogram.luminance(1, 0, 0)).isEqualTo(0); // 0.299
        assertThat(Histogram.luminance(2, 0, 0)).isEqualTo(1); // 0.598
        for (int v = 0; v < 256; v++) {
            assertThat(Histogram.luminance(v, v, v)).isEqualTo(v);
        }
    }

    @Test
    void binsSplitTheValuesEvenlyWhenTheyDivide256() {
        assertThat(Histogram.binOf(0, 64)).isZero();
        assertThat(Histogram.binOf(3, 64)).isZero();
        assertThat(Histogram.binOf(4, 64)).isEqualTo(1);
        assertThat(Histogram.binOf(255, 64)).isEqualTo(63);
        assertThat(Histogram.binOf(255, 1)).isZero();
        assertThat(Histogram.binOf(255, 7)).isEqualTo(6);
        Histogram h = Histogram.count(new RgbaImage(1, 1, new int[] {0}), 7);
        // 7 bins: widths 37 or 36, covering 0..255 without gaps
        int next = 0;
        for (int k = 0; k < 7; k++) {
            assertThat(h.lowValue(k)).isEqualTo(next);
            for (int v = h.lowValue(k); v <= h.highValue(k); v++) {
                assertThat(Histogram.binOf(v, 7)).isEqualTo(k);
            }
            next = h.highValue(k) + 1;
        }
        assertThat(next).isEqualTo(256);
    }

    @Test
    void flatLayoutReadsUnsignedCountsChannelAfterChannel() {
        int[] flat = new int[5 * 2];
        for (int c = 0; c < 5; c++) {
            flat[2 * c] = 1;
            flat[2 * c + 1] = -1; // 2^32 - 1 as an unsigned count
        }
        Histogram h = Histogram.fromFlat(2, flat);
        assertThat(h.count(Channel.LUMINANCE, 1)).isEqualTo(4294967295L);
        assertThat(h.pixels()).isEqualTo(4294967296L);
    }

    @Test
    void equalityAndTheFirstDifference() {
        RgbaImage a = new RgbaImage(2, 1, new int[] {argb(255, 1, 2, 3), argb(255, 1, 2, 3)});
        RgbaImage b = new RgbaImage(2, 1, new int[] {argb(255, 1, 2, 3), argb(255, 1, 9, 3)});
        assertThat(Histogram.count(a, 256)).isEqualTo(Histogram.count(a, 256)).hasSameHashCodeAs(Histogram.count(a, 256));
        assertThat(Histogram.count(a, 256).firstDifference(Histogram.count(b, 256))).isEqualTo("bin 2 of g: 2 against 1");
        assertThat(Histogram.count(a, 256).firstDifference(Histogram.count(a, 256))).isNull();
        assertThat(Histogram.count(a, 256).firstDifference(Histogram.count(a, 8))).isEqualTo("256 bins against 8");
    }

    @Test
    void badBinCountsAndInconsistentCountsAreRefused() {
        assertThatThrownBy(() -> Histogram.checkBins(0)).isInstanceOf(ConvolabException.class).hasMessageContaining("1 to 256 bins, not 0");
        assertThatThrownBy(() -> Histogram.checkBins(257)).isInstanceOf(ConvolabException.class);
        long[][] uneven = {{1, 0}, {1, 0}, {1, 0}, {1, 0}, {2, 0}};
        assertThatThrownBy(() -> new Histogram(2, uneven)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Histogram.fromFlat(2, new int[9])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyStrategyHasANameADescriptionAndALesson() {
        for (HistogramStrategy s : HistogramStrategy.values()) {
            assertThat(HistogramStrategy.parse(s.id().toUpperCase(java.util.Locale.ROOT))).isEqualTo(s);
            assertThat(s.description()).isNotBlank();
            assertThat(s.lesson()).endsWith(".");
        }
        assertThatThrownBy(() -> HistogramStrategy.parse("shared")).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("global-atomics, sectioned, interleaved, privatized, aggregated, fast");
    }

    @Test
    void sixteenBitValuesAreCountedAndBinnedAtTheirDepth() {
        short[] s = {10, 20, 30, (short) 65535, (short) 65535, (short) 65535, (short) 65535, 0, 1000, 1000, 1000, 7};
        Rgba16Image img = new Rgba16Image(3, 1, s);
        Histogram h = Histogram.count(img, 65536);
        assertThat(h.bitDepth()).isEqualTo(16);
        assertThat(h.pixels()).isEqualTo(3);
        assertThat(h.count(Channel.RED, 10)).isEqualTo(1);
        assertThat(h.count(Channel.RED, 65535)).isEqualTo(1);
        assertThat(h.count(Channel.GREEN, 1000)).isEqualTo(1);
        assertThat(h.count(Channel.ALPHA, 65535)).isEqualTo(1);
        assertThat(h.count(Channel.ALPHA, 0)).isEqualTo(1);
        assertThat(h.count(Channel.ALPHA, 7)).isEqualTo(1);
        // (299*10 + 587*20 + 114*30 + 500) / 1000 = 18; white and grey stay themselves
        assertThat(h.count(Channel.LUMINANCE, 18)).isEqualTo(1);
        assertThat(h.count(Channel.LUMINANCE, 65535)).isEqualTo(1);
        assertThat(h.count(Channel.LUMINANCE, 1000)).isEqualTo(1);
        // 1000 bins: v * 1000 / 65536, rounded down
        Histogram k = Histogram.count(img, 1000);
        assertThat(k.count(Channel.RED, 0)).isEqualTo(1);
        assertThat(k.count(Channel.RED, 15)).isEqualTo(1);
        assertThat(k.count(Channel.RED, 999)).isEqualTo(1);
        assertThat(Histogram.binOf(65, 1000, 16)).isZero();
        assertThat(Histogram.binOf(66, 1000, 16)).isEqualTo(1);
        assertThat(Histogram.binOf(65535, 65536, 16)).isEqualTo(65535);
        assertThat(Histogram.binOf(255, 7, 8)).isEqualTo(Histogram.binOf(255, 7));
        assertThat(k.lowValue(1)).isEqualTo(66);
        assertThat(k.highValue(0)).isEqualTo(65);
        assertThat(k.highValue(999)).isEqualTo(65535);
        assertThat(Histogram.luminance(65535, 65535, 65535)).isEqualTo(65535);
    }

    @Test
    void sixteenBitBinCountsGoTo65536AndDepthsDoNotMix() {
        assertThatThrownBy(() -> Histogram.checkBins(65537, 16)).isInstanceOf(ConvolabException.class)
                .hasMessage("a histogram of 16-bit values has 1 to 65536 bins, not 65537");
        assertThatThrownBy(() -> Histogram.checkBins(300, 8)).hasMessage("a histogram of 8-bit values has 1 to 256 bins, not 300");
        assertThatThrownBy(() -> Histogram.checkBins(4, 12)).hasMessageContaining("8-bit or 16-bit");
        Histogram eight = Histogram.count(new RgbaImage(1, 1, new int[] {0}), 7);
        Histogram sixteen = Histogram.count(new Rgba16Image(1, 1, new short[4]), 7);
        assertThat(eight).isNotEqualTo(sixteen);
        assertThat(eight.firstDifference(sixteen)).isEqualTo("8-bit values against 16-bit ones");
        assertThat(Histogram.fromFlat(16, 300, new int[5 * 300]).bitDepth()).isEqualTo(16);
    }

    @Test
    void theSharedMemoryStrategiesRefuseWide16BitHistograms() {
        assertThat(HistogramStrategy.PRIVATIZED.whyNotApplicable(2049, 16)).startsWith("privatized keeps each block's histogram in "
                + "shared memory").contains("at most 2048 bins").contains("not 2049");
        assertThat(HistogramStrategy.AGGREGATED.whyNotApplicable(65536, 16)).startsWith("aggregated");
        assertThat(HistogramStrategy.PRIVATIZED.whyNotApplicable(2048, 16)).isNull();
        assertThat(HistogramStrategy.PRIVATIZED.whyNotApplicable(256, 8)).isNull();
        for (HistogramStrategy s : new HistogramStrategy[] {HistogramStrategy.GLOBAL_ATOMICS, HistogramStrategy.SECTIONED,
                HistogramStrategy.INTERLEAVED, HistogramStrategy.FAST}) {
            assertThat(s.whyNotApplicable(65536, 16)).as(s.id()).isNull();
        }
    }
}
