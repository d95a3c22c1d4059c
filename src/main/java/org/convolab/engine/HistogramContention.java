package org.convolab.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.convolab.core.Backend;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.RgbaImage;
import org.convolab.io.ImageFiles;
import org.convolab.io.SampleImages;

/**
 * The contention experiment of the classroom's Histograms tab and of {@code convolab histogram
 * --contention}: every histogram strategy timed on an image whose values spread over all bins (few
 * threads collide on one counter) and on skewed ones (a dark photograph, and a constant image where
 * every thread hits the same bin), and the texts that present it (the note above the table, the
 * sentence on why, a plain-text table). Runs on the caller's thread; the engine keeps its CUDA work
 * on its own thread.
 */
public final class HistogramContention {
    /** Bins per channel in the experiment: one per 8-bit value, as the course's example. */
    public static final int BINS = 256;
    /** Back-to-back launches per GPU timing, so that launch latency does not hide the kernel's speed. */
    public static final int LAUNCHES = 20;
    /** The dark sample: most pixels near black, so a few bins take most of the atomics. */
    public static final String DARK_SAMPLE = "hubble_deep_field.jpg";
    /** The classroom's test images are this wide and high: 4 Mpixels, enough to keep a GPU busy. */
    public static final int SIDE = 2048;

    /** A named test image. */
    public record Subject(String name, RgbaImage image) {
    }

    /**
     * One strategy's speeds, in Gpixels/s per subject (in subject order), or an empty array on an
     * engine that counts one way whatever the strategy.
     */
    public record Row(HistogramStrategy strategy, double[] gpixelsPerSecond) {
        /** The speed on the first (uniform) subject, for sorting; 0 when not measured. */
        public double first() {
            return gpixelsPerSecond.length == 0 ? 0 : gpixelsPerSecond[0];
        }
    }

    /**
     * What one run found.
     *
     * @param gpu        whether the strategies ran as GPU kernels (otherwise the engine counts one way)
     * @param engine     the engine and device, for the note
     * @param subjects   the images, uniform first
     * @param rows       one per strategy, fastest on the uniform image first (strategy order on the CPU)
     * @param plainSpeed on an engine without strategies, its one count's Gpixels/s per subject
     */
    public record Result(boolean gpu, String engine, List<Subject> subjects, List<Row> rows, double[] plainSpeed) {
    }

    private HistogramContention() {
    }

    /** An image of uniformly random RGB values (opaque), the same for the same seed. */
    public static RgbaImage uniform(int width, int height, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] px = new int[Math.multiplyExact(width, height)];
        for (int i = 0; i < px.length; i++) {
            px[i] = 0xff000000 | (r.nextInt() & 0xffffff);
        }
        return new RgbaImage(width, height, px);
    }

    /** An image with every pixel the same: every thread adds to the same bin of each channel. */
    public static RgbaImage constant(int width, int height, int argb) {
        int[] px = new int[Math.multiplyExact(width, height)];
        Arrays.fill(px, argb);
        return new RgbaImage(width, height, px);
    }

    /**
     * The experiment's images: a uniform random one of width x height, the dark sample at its own size
     * (left out when it cannot be read: the constant image shows contention without it), and a
     * constant one of width x height.
     */
    public static List<Subject> subjects(int width, int height) {
        List<Subject> list = new ArrayList<>();
        list.add(new Subject("uniform random", uniform(width, height, 17)));
        RgbaImage dark;
        try {
            dark = ImageFiles.read(SampleImages.path(DARK_SAMPLE));
        } catch (RuntimeException ex) {
            dark = null;
        }
        if (dark != null) {
            list.add(new Subject("dark photo", dark));
        }
        list.add(new Subject("constant", constant(width, height, 0xff101010)));
        return list;
    }

    /** Times every strategy on every subject with the engine (GPU), or the engine's one count (CPU). */
    public static Result run(ConvolutionEngine engine, List<Subject> subjects) {
        boolean gpu = engine.backend() != Backend.CPU;
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
    public static double gpixelsPerSecond(RgbaImage img, double ms) {
        return ms <= 0 ? 0 : (double) img.width() * img.height() / (ms * 1e6);
    }

    /** The line above the table: what was measured and how, or why the CPU shows no contention. */
    public static String note(Result r) {
        if (r.gpu()) {
            return "Gpixels/s of each strategy's kernel on " + r.engine() + ", " + LAUNCHES
                    + " launches back to back, fastest on the uniform image first.";
        }
        StringBuilder speeds = new StringBuilder();
        for (int i = 0; i < r.subjects().size(); i++) {
            speeds.append(i == 0 ? "" : ", ").append(r.subjects().get(i).name()).append(' ')
                    .append(String.format(Locale.ROOT, "%.3g", r.plainSpeed()[i]));
        }
        return "The strategies are GPU kernels: the CPU engine counts one way (a plain loop) whatever the "
                + "strategy, at " + speeds + " Gpixels/s. Choose the GPU backend to see contention.";
    }

    /**
     * The sentence on why, for a GPU run: which strategy wins and which loses on the most skewed
     * image (the last), and by how much; empty for a CPU run.
     */
    public static String summary(Result r) {
        if (!r.gpu() || r.rows().isEmpty()) {
            return "";
        }
        int last = r.subjects().size() - 1;
        Row best = null;
        Row worst = null;
        for (Row row : r.rows()) {
            double v = row.gpixelsPerSecond()[last];
            best = best == null || v > best.gpixelsPerSecond()[last] ? row : best;
            worst = worst == null || v < worst.gpixelsPerSecond()[last] ? row : worst;
        }
        double b = best.gpixelsPerSecond()[last];
        double w = worst.gpixelsPerSecond()[last];
        return String.format(Locale.ROOT, "On the %s image (every thread hits one bin) %s is fastest and %s slowest%s.",
                r.subjects().get(last).name(), best.strategy().id(), worst.strategy().id(),
                w > 0 ? String.format(Locale.ROOT, ", %.1fx apart", b / w) : "");
    }

    /** A row's speed on one subject as the table shows it: "12.34", or "GPU only" on the CPU. */
    public static String cell(Row row, int subject) {
        return row.gpixelsPerSecond().length == 0 ? "GPU only" : String.format(Locale.ROOT, "%.2f", row.gpixelsPerSecond()[subject]);
    }

    /**
     * The whole result as plain text, the classroom tab's content in its order: the note, the
     * sentence on why (GPU), then one line per strategy with its speeds and its lesson.
     */
    public static String text(Result r) {
        StringBuilder out = new StringBuilder();
        out.append(note(r)).append('\n');
        String why = summary(r);
        if (!why.isEmpty()) {
            out.append(why).append('\n');
        }
        out.append('\n').append(String.format(Locale.ROOT, "%-15s", "strategy"));
        for (Subject s : r.subjects()) {
            out.append(String.format(Locale.ROOT, " %16s", s.name()));
        }
        out.append("  why\n");
        for (Row row : r.rows()) {
            out.append(String.format(Locale.ROOT, "%-15s", row.strategy().id()));
            for (int i = 0; i < r.subjects().size(); i++) {
                out.append(String.format(Locale.ROOT, " %16s", cell(row, i)));
            }
            out.append("  ").append(row.strategy().lesson()).append('\n');
        }
        return out.toString();
    }
}
