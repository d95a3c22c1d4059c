package org.convolab.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;
import org.junit.jupiter.api.Test;

class HistogramCounterTest {

    @Test
    void theCpuEngineEqualsThePlainCountOnEverySizeAndBinCount() {
        Random rnd = new Random(5);
        try (CpuEngine engine = new CpuEngine(3)) {
            for (int[] size : new int[][] {{1, 1}, {3, 1}, {17, 13}, {1001, 517}}) {
                int[] p = new int[size[0] * size[1]];
                for (int i = 0; i < p.length; i++) {
                    p[i] = rnd.nextInt();
                }
                RgbaImage img = new RgbaImage(size[0], size[1], p);
                for (int bins : new int[] {256, 64, 7, 1}) {
                    HistogramResult r = engine.histogram(img, bins, HistogramStrategy.SECTIONED);
                    Histogram expected = Histogram.count(img, bins);
                    assertThat(r.histogram().firstDifference(expected)).as(size[0] + "x" + size[1] + ", " + bins + " bins").isNull();
                    assertThat(r.histogram().pixels()).isEqualTo(p.length);
                    assertThat(r.countedBy()).isEqualTo("CPU, 3 threads");
                }
            }
        }
    }

    @Test
    void slicesAreAddedNotOverwritten() {
        // one constant value over many slices: a lost slice would show as a short count
        int[] p = new int[1 << 20];
        java.util.Arrays.fill(p, 0xff102030);
        try (CpuEngine engine = new CpuEngine(4)) {
            Histogram h = engine.histogram(new RgbaImage(1024, 1024, p), 256, HistogramStrategy.FAST).histogram();
            assertThat(h.count(Histogram.Channel.RED, 0x10)).isEqualTo(1 << 20);
            assertThat(h.count(Histogram.Channel.ALPHA, 255)).isEqualTo(1 << 20);
            assertThat(h.count(Histogram.Channel.LUMINANCE, Histogram.luminance(0x10, 0x20, 0x30))).isEqualTo(1 << 20);
        }
    }

    @Test
    void sixteenBitCountsEqualThePlainCountOnEverySizeAndBinCount() {
        Random rnd = new Random(6);
        try (CpuEngine engine = new CpuEngine(3)) {
            for (int[] size : new int[][] {{1, 1}, {3, 1}, {17, 13}, {701, 517}}) {
                short[] s = new short[size[0] * size[1] * 4];
                for (int i = 0; i < s.length; i++) {
                    s[i] = (short) rnd.nextInt(65536);
                }
                Rgba16Image img = new Rgba16Image(size[0], size[1], s);
                for (int bins : new int[] {65536, 4096, 1000, 7, 1}) {
                    Histogram expected = Histogram.count(img, bins);
                    Histogram got = engine.histogram(img, bins, HistogramStrategy.PRIVATIZED).histogram();
                    assertThat(got.firstDifference(expected)).as(size[0] + "x" + size[1] + ", " + bins + " bins").isNull();
                    assertThat(got.bitDepth()).isEqualTo(16);
                    assertThat(got.pixels()).isEqualTo(size[0] * size[1]);
                }
            }
        }
    }

    @Test
    void sixteenBitSlicesAreAddedNotOverwritten() {
        short[] s = new short[4 << 20];
        for (int i = 0; i < s.length; i += 4) {
            s[i] = 1000;
            s[i + 1] = 2000;
            s[i + 2] = 3000;
            s[i + 3] = (short) 65535;
        }
        try (CpuEngine engine = new CpuEngine(4)) {
            Histogram h = engine.histogram(new Rgba16Image(1024, 1024, s), 65536, HistogramStrategy.FAST).histogram();
            assertThat(h.count(Histogram.Channel.RED, 1000)).isEqualTo(1 << 20);
            assertThat(h.count(Histogram.Channel.ALPHA, 65535)).isEqualTo(1 << 20);
            assertThat(h.count(Histogram.Channel.LUMINANCE, Histogram.luminance(1000, 2000, 3000))).isEqualTo(1 << 20);
        }
    }
}
