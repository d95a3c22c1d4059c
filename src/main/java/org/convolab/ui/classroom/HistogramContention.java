package org.convolab.ui.classroom;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.RgbaImage;

/**
 * The classroom's contention experiment: every histogram strategy timed on an image whose values
 * spread over all bins (few threads collide on one counter) and on skewed ones (a dark photograph,
 * and a constant image where every thread hits the same bin). Runs on the caller's thread; the
 * engine keeps its CUDA work on its own thread.
 */
final class HistogramContention {
    /** Bins per channel in the experiment: one per 8-bit value, as the course's example. */
    static final int BINS = 256;
    /** Back-to-back launches per GPU timing, so that launch latency does not hide the kernel's speed. */
    static final int LAUNCHES = 20;

    /** A named test image. */
    record Subject(String name, RgbaImage image) {
    }

    /**
     * One strategy's speeds, in Gpixels/s per subject (in subject order), or an empty array on an
     * engine that counts one way whatever the strategy.
     */
    record Row(HistogramStrategy strategy, double[] gpixelsPerSecond) {
        /** The speed on the first (uniform) subject, for sorting; 0 when not measured. */
        double first() {
            return gpixelsPerSecond.length == 0 ? 0 : gpixelsPerSecond[0];
        }
    }

    /**
     * What one run found.
     *
     * @param gpu        whether the strategies ran as GPU kernels (otherwise the engine counts one way)
     * @param subjects   the images, uniform first
     * @param rows       one per strategy, fastest on the uniform image first (strategy order on the CPU)
     * @param plainSpeed on an engine without strategies, its one count's Gpixels/s per subject
     */
    record Result(boolean gpu, String engine, List<Subject> subjects, List<Row> rows, double[] plainSpeed) {
    }

    private HistogramContention() {
    }

    /** An image of uniformly random RGB values (opaque), the same for the same seed. */
    static RgbaImage uniform(int width, int height, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] px = new int[width * height];
        for (int i = 0; i < px.length; i++) {
            px[i] = 0xff000000 | (r.nextInt() & 0xffffff);
        }
        return new RgbaImage(width, height, px);
    }

    /** An image with every pixel the same: every thread adds to the same bin of each channel. */
    static RgbaImage constant(int width, int height, int argb) {
        int[] px = new int[width * height];
        Arrays.fill(px, argb);
        return new RgbaImage(width, height, px);
    }

    /** Times every strategy on every subject with the engine (GPU), or the engine's one count (CPU). */
    static Result run(ConvolutionEngine engine, List<Subject> subjects) {
        boolean gpu = !"cpu".equals(engine.backend());
        List<Row> rows = new ArrayList<>();
        double[] plain = new double[0];
        if (gpu) {
            for (HistogramStrategy s : HistogramStrategy.values()) {
                double[] speed = new double[subjects.size()];
                for (int i = 0; i < speed.length; i++) {
                    speed[i] = gpixelsPerSecond(subjects.get(i).image(), kernelMs(engine, subjects.get(i).image(), s));
                }
                rows.add(new Row(s, speed));
            }
            rows.sort(Comparator.comparingDouble(Row::first).reversed());
        } else {
            plain = new double[subjects.size()];
            engine.histogram(subjects.get(0).image(), BINS, HistogramStrategy.FAST); // warm-up: the first count pays for the JIT
            for (int i = 0; i < plain.length; i++) {
                RgbaImage img = subjects.get(i).image();
                plain[i] = gpixelsPerSecond(img, engine.histogram(img, BINS, HistogramStrategy.FAST).totalMs());
            }
            for (HistogramStrategy s : HistogramStrategy.values()) {
                rows.add(new Row(s, new double[0]));
            }
        }
        return new Result(gpu, engine.backend() + " (" + engine.device() + ")", List.copyOf(subjects), List.copyOf(rows), plain);
    }

    private static double kernelMs(ConvolutionEngine engine, RgbaImage img, HistogramStrategy s) {
        return engine.batchedHistogramMs(img, BINS, s, LAUNCHES)
                .orElseGet(() -> engine.histogram(img, BINS, s).kernelMs());
    }

    /** Pixels per second in billions; 0 for a time too short to measure. */
    static double gpixelsPerSecond(RgbaImage img, double ms) {
        return ms <= 0 ? 0 : (double) img.width() * img.height() / (ms * 1e6);
    }
}
