package org.convolab.cpu;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.convolab.core.Histogram;
import org.convolab.core.RgbaImage;

/**
 * The CPU engine's histogram count: the pixels split into slices, each slice counted into private
 * arrays by one task (no sharing, no atomics: the CPU's form of privatization), then the slices'
 * counts added. Equals {@link Histogram#count} exactly.
 */
final class HistogramCounter {

    /** Fewer pixels than this are counted on the calling thread: a task costs more than it saves. */
    private static final int MIN_SLICE = 1 << 16;

    private HistogramCounter() {
    }

    /** Counts the image on the pool in up to {@code threads * 2} slices. */
    static Histogram count(RgbaImage image, int bins, ForkJoinPool pool, int threads) {
        Histogram.checkBins(bins);
        int[] px = image.pixels();
        int slices = (int) Math.max(1, Math.min((long) threads * 2, px.length / MIN_SLICE));
        int[] binOf = new int[256];
        for (int v = 0; v < 256; v++) {
            binOf[v] = Histogram.binOf(v, bins);
        }
        long[][] total = new long[Histogram.Channel.values().length][bins];
        int[][] perSlice = new int[slices][];
        Runnable all = () -> IntStream.range(0, slices).parallel().forEach(s -> {
            int from = (int) ((long) px.length * s / slices);
            int to = (int) ((long) px.length * (s + 1) / slices);
            perSlice[s] = countSlice(px, from, to);
        });
        if (slices == 1) {
            all.run();
        } else {
            pool.submit(all).join();
        }
        for (int[] c : perSlice) {
            for (int k = 0; k < 256; k++) {
                // counts per 8-bit value, folded into bins here: one table look-up fewer per pixel
                for (int ch = 0; ch < total.length; ch++) {
                    total[ch][binOf[k]] += c[ch * 256 + k];
                }
            }
        }
        return new Histogram(bins, total);
    }

    /** Counts per 8-bit value of pixels from..to: 256 ints per channel, channel after channel. */
    private static int[] countSlice(int[] px, int from, int to) {
        int[] c = new int[5 * 256];
        for (int i = from; i < to; i++) {
            int p = px[i];
            int r = (p >>> 16) & 0xff;
            int g = (p >>> 8) & 0xff;
            int b = p & 0xff;
            c[r]++;
            c[256 + g]++;
            c[512 + b]++;
            c[768 + (p >>> 24)]++;
            c[1024 + Histogram.luminance(r, g, b)]++;
        }
        return c;
    }
}
