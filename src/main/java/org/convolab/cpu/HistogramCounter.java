package org.convolab.cpu;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.convolab.core.Histogram;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;

/**
 * The CPU engine's histogram count: the pixels split into slices, each slice counted into private
 * arrays by one task (no sharing, no atomics: the CPU's form of privatization), then the slices'
 * counts added. Equals {@link Histogram#count} exactly, for 8-bit and for 16-bit images.
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
        int[] binOf = new int[256];
        for (int v = 0; v < 256; v++) {
            binOf[v] = Histogram.binOf(v, bins);
        }
        long[][] total = new long[Histogram.Channel.values().length][bins];
        int[][] perSlice = slices(px.length, pool, threads, (from, to) -> countSlice(px, from, to));
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

    /** Counts a 16-bit image on the pool in up to {@code threads * 2} slices, straight into the bins. */
    static Histogram count(Rgba16Image image, int bins, ForkJoinPool pool, int threads) {
        Histogram.checkBins(bins, 16);
        short[] s = image.samples();
        int[][] perSlice = slices(image.size(), pool, threads, (from, to) -> countSlice16(s, from, to, bins));
        long[][] total = new long[Histogram.Channel.values().length][bins];
        for (int[] c : perSlice) {
            for (int ch = 0; ch < total.length; ch++) {
                for (int k = 0; k < bins; k++) {
                    total[ch][k] += c[ch * bins + k];
                }
            }
        }
        return new Histogram(16, bins, total);
    }

    /** Counts of the pixels from..to of a slice, as one int array. */
    private interface SliceCount {
        int[] count(int from, int to);
    }

    /** Runs a count over up to {@code threads * 2} slices of n pixels (on this thread when there is one) and returns each slice's. */
    private static int[][] slices(int n, ForkJoinPool pool, int threads, SliceCount count) {
        int slices = (int) Math.max(1, Math.min((long) threads * 2, n / MIN_SLICE));
        int[][] perSlice = new int[slices][];
        Runnable all = () -> IntStream.range(0, slices).parallel().forEach(s -> {
            int from = (int) ((long) n * s / slices);
            int to = (int) ((long) n * (s + 1) / slices);
            perSlice[s] = count.count(from, to);
        });
        if (slices == 1) {
            all.run();
        } else {
            pool.submit(all).join();
        }
        return perSlice;
    }

    /** Counts per bin of 16-bit pixels from..to: {@code bins} ints per channel, channel after channel. */
    private static int[] countSlice16(short[] s, int from, int to, int bins) {
        int[] c = new int[5 * bins];
        for (int i = from * Rgba16Image.SAMPLES; i < to * Rgba16Image.SAMPLES; i += Rgba16Image.SAMPLES) {
            int r = s[i] & 0xffff;
            int g = s[i + 1] & 0xffff;
            int b = s[i + 2] & 0xffff;
            c[Histogram.binOf(r, bins, 16)]++;
            c[bins + Histogram.binOf(g, bins, 16)]++;
            c[2 * bins + Histogram.binOf(b, bins, 16)]++;
            c[3 * bins + Histogram.binOf(s[i + 3] & 0xffff, bins, 16)]++;
            c[4 * bins + Histogram.binOf(Histogram.luminance(r, g, b), bins, 16)]++;
        }
        return c;
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
