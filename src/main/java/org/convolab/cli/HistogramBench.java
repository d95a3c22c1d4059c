package org.convolab.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.convolab.core.Backend;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.RgbaImage;
import org.convolab.engine.Measurements;

/**
 * {@code convolab histogram --bench}: the contention experiment. Every strategy counts a uniform
 * random image (values spread over all bins: little contention), a constant one (every thread on the
 * same five counters) and, when given, a real image scaled to the same size (a dark astronomy
 * photograph is skewed towards black). Kernel time is the median of batches of back-to-back launches
 * on the GPU (a single launch's events include its latency), the whole count on the CPU; every result
 * is compared with the plain count.
 */
final class HistogramBench {

    /** Launches per batch, as in {@code convolab bench}. */
    static final int BATCH = 10;

    private final ConvolutionEngine engine;
    private final int bins;
    private final int repeat;
    private final int warmup;

    HistogramBench(ConvolutionEngine engine, int bins, int repeat, int warmup) {
        this.engine = engine;
        this.bins = bins;
        this.repeat = repeat;
        this.warmup = warmup;
    }

    /** One row per workload and strategy (on the CPU one row per workload: it counts one way). */
    List<Map<String, Object>> run(int w, int h, RgbaImage image, String name, List<HistogramStrategy> strategies) {
        Map<String, RgbaImage> workloads = new LinkedHashMap<>();
        workloads.put("uniform", BenchCommand.randomImage(w, h, 1));
        int[] flat = new int[Math.multiplyExact(w, h)];
        Arrays.fill(flat, 0xff4080c0);
        workloads.put("constant", new RgbaImage(w, h, flat));
        if (image != null) {
            workloads.put(name + " scaled", scaled(image, w, h));
        }
        boolean cpu = engine.backend() == Backend.CPU;
        List<HistogramStrategy> list = cpu ? strategies.subList(0, 1) : strategies;
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<String, RgbaImage> e : workloads.entrySet()) {
            Histogram expected = Histogram.count(e.getValue(), bins);
            for (HistogramStrategy s : list) {
                rows.add(measure(e.getKey(), e.getValue(), expected, s, cpu));
            }
        }
        return rows;
    }

    private Map<String, Object> measure(String workload, RgbaImage image, Histogram expected, HistogramStrategy s, boolean cpu) {
        HistogramResult last = null;
        for (int i = 0; i < warmup; i++) {
            last = engine.histogram(image, bins, s);
        }
        double[] single = new double[repeat];
        double[] total = new double[repeat];
        boolean exact = true;
        for (int i = 0; i < repeat; i++) {
            last = engine.histogram(image, bins, s);
            single[i] = last.kernelMs();
            total[i] = last.totalMs();
            exact &= last.histogram().equals(expected);
        }
        double singleMs = Measurements.median(single);
        double kernelMs = singleMs;
        OptionalDouble first = engine.batchedHistogramMs(image, bins, s, BATCH);
        if (first.isPresent()) {
            double[] batches = new double[Math.max(3, repeat / 2)];
            batches[0] = first.getAsDouble();
            for (int i = 1; i < batches.length; i++) {
                batches[i] = engine.batchedHistogramMs(image, bins, s, BATCH).getAsDouble();
            }
            kernelMs = Measurements.median(batches);
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("backend", engine.backend().toString());
        row.put("device", engine.device());
        row.put("workload", workload);
        row.put("strategy", cpu ? "cpu" : s.id());
        row.put("width", image.width());
        row.put("height", image.height());
        row.put("bins", bins);
        row.put("repeat", repeat);
        row.put("kernel_ms", round(kernelMs));
        row.put("single_kernel_ms", round(singleMs));
        row.put("end_to_end_ms", round(Measurements.median(total)));
        row.put("gpixels_per_s", round(image.size() / (kernelMs * 1e6)));
        row.put("exact", exact);
        return row;
    }

    /** The image scaled to w x h by nearest neighbour: every value keeps its share of the pixels, near enough. */
    static RgbaImage scaled(RgbaImage src, int w, int h) {
        int[] out = new int[Math.multiplyExact(w, h)];
        int[] in = src.pixels();
        int sw = src.width();
        int sh = src.height();
        int[] column = new int[w];
        for (int x = 0; x < w; x++) {
            column[x] = (int) ((long) x * sw / w);
        }
        for (int y = 0; y < h; y++) {
            int row = (int) ((long) y * sh / h) * sw;
            for (int x = 0; x < w; x++) {
                out[y * w + x] = in[row + column[x]];
            }
        }
        return new RgbaImage(w, h, out);
    }

    private static double round(double v) {
        return Math.round(v * 10000) / 10000.0;
    }
}
