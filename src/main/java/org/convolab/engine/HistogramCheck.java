package org.convolab.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;
import org.convolab.core.Backend;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;

/**
 * The histogram half of the self-test: every strategy against the plain count
 * ({@link Histogram#count}), which it must equal exactly, on the self-test's sizes (1x1, thin, odd,
 * a size that is no multiple of four pixels, and 24 MP) and on three kinds of image: random values
 * with random alpha, one constant colour (every thread hits the same bins) and a dark, skewed image
 * (values bunched near black, as in an astronomy photograph), with 256 bins, 64, 7 (a count that
 * does not divide 256) and 1. Then the same for 16-bit images ({@link #WIDE_SIZES}, {@link
 * #WIDE_BINS}: 65536 bins down to 1, on both sides of the shared-memory limit), where a strategy
 * that cannot count that many bins must refuse with its sentence ({@link
 * HistogramStrategy#whyNotApplicable}), which counts as passed.
 */
public final class HistogramCheck {

    /** Image sizes checked with every image kind and bin count; the 24 MP one is in {@link #LARGE}. */
    public static final int[][] SIZES = {{1, 1}, {1, 37}, {37, 1}, {17, 13}, {33, 65}, {257, 255}, {4099, 1601}};

    /** 6000x4000, 24 MP: checked with 256 bins on a random and a dark image. */
    public static final int[] LARGE = {6000, 4000};

    /** Bin counts checked at {@link #SIZES}. */
    public static final int[] BINS = {256, 64, 7, 1};

    /** 16-bit image sizes checked with every kind and bin count of {@link #WIDE_BINS}. */
    public static final int[][] WIDE_SIZES = {{1, 1}, {37, 1}, {17, 13}, {257, 255}, {1001, 659}};

    /** 16-bit bin counts: one per value, a divisor, both sides of the shared-memory limit, odd ones. */
    public static final int[] WIDE_BINS = {65536, 4096, HistogramStrategy.SHARED_WIDE_BINS + 1, HistogramStrategy.SHARED_WIDE_BINS,
        1000, 7, 1};

    /** 4000x3000 16-bit (12 MP): checked with 65536 bins on a random and a dark image. */
    public static final int[] LARGE_WIDE = {4000, 3000};

    /** The kinds of test image. */
    public enum Kind {
        RANDOM, CONSTANT, DARK
    }

    /**
     * @param passed checks whose counts equalled the plain count
     * @param failed checks that did not, or that threw, and a fall-back to the CPU during the run
     */
    public record Summary(int passed, int failed) {
        /** "histograms: N passed, M failed". */
        public String line() {
            return "histograms: " + passed + " passed, " + failed + " failed";
        }
    }

    private final long seed;
    private final boolean large;

    /**
     * @param large also check the 24 MP image (the self-test does; quick tests leave it out)
     */
    public HistogramCheck(long seed, boolean large) {
        this.seed = seed;
        this.large = large;
    }

    /**
     * Checks the strategies on an engine. The CPU engine counts one way whatever the strategy, so
     * there only the first strategy is run.
     *
     * @param failures receives one line per failed check
     */
    public Summary run(ConvolutionEngine engine, List<HistogramStrategy> strategies, Consumer<String> failures) {
        List<HistogramStrategy> list = engine.backend() == Backend.CPU ? strategies.subList(0, Math.min(1, strategies.size())) : strategies;
        int[] tally = {0, 0};
        Random rnd = new Random(seed);
        for (int[] size : SIZES) {
            for (Kind kind : Kind.values()) {
                RgbaImage image = image(kind, size[0], size[1], rnd);
                for (int bins : BINS) {
                    checkAll(engine, list, image, kind, bins, tally, failures);
                }
            }
        }
        if (large) {
            for (Kind kind : new Kind[] {Kind.RANDOM, Kind.DARK}) {
                checkAll(engine, list, image(kind, LARGE[0], LARGE[1], rnd), kind, 256, tally, failures);
            }
        }
        for (int[] size : WIDE_SIZES) {
            for (Kind kind : Kind.values()) {
                Rgba16Image image = image16(kind, size[0], size[1], rnd);
                for (int bins : WIDE_BINS) {
                    checkAll16(engine, list, image, kind, bins, tally, failures);
                }
            }
        }
        if (large) {
            for (Kind kind : new Kind[] {Kind.RANDOM, Kind.DARK}) {
                checkAll16(engine, list, image16(kind, LARGE_WIDE[0], LARGE_WIDE[1], rnd), kind, Histogram.MAX_WIDE_BINS, tally,
                        failures);
            }
        }
        String fellBack = engine.diagnostics().fallbackReason();
        if (fellBack != null) {
            tally[1]++;
            failures.accept("FAIL histograms: the engine went over to the CPU during the run (" + fellBack + ")");
        }
        return new Summary(tally[0], tally[1]);
    }

    /** The number of checks {@link #run} makes with these strategies on a GPU engine (on the CPU: with the first). */
    public static int checks(int strategies, boolean large) {
        int eight = SIZES.length * Kind.values().length * BINS.length + (large ? 2 : 0);
        int wide = WIDE_SIZES.length * Kind.values().length * WIDE_BINS.length + (large ? 2 : 0);
        return (eight + wide) * strategies;
    }

    private static void checkAll(ConvolutionEngine engine, List<HistogramStrategy> strategies, RgbaImage image, Kind kind,
                                 int bins, int[] tally, Consumer<String> failures) {
        String what = image.width() + "x" + image.height() + " " + kind.name().toLowerCase(Locale.ROOT) + " image";
        checkAll(engine, strategies, what, Histogram.count(image, bins), s -> engine.histogram(image, bins, s), tally, failures);
    }

    private static void checkAll16(ConvolutionEngine engine, List<HistogramStrategy> strategies, Rgba16Image image, Kind kind,
                                   int bins, int[] tally, Consumer<String> failures) {
        String what = image.width() + "x" + image.height() + " 16-bit " + kind.name().toLowerCase(Locale.ROOT) + " image";
        checkAll(engine, strategies, what, Histogram.count(image, bins), s -> engine.histogram(image, bins, s), tally, failures);
    }

    /**
     * Counts with every strategy and compares with the plain count; on a GPU a strategy that cannot
     * count that many bins of that depth must refuse with its sentence, which passes.
     */
    private static void checkAll(ConvolutionEngine engine, List<HistogramStrategy> strategies, String what, Histogram expected,
                                 Function<HistogramStrategy, HistogramResult> count, int[] tally, Consumer<String> failures) {
        boolean gpu = engine.backend() != Backend.CPU;
        for (HistogramStrategy s : strategies) {
            String where = s.id() + " on a " + what + ", " + expected.bins() + " bins";
            String refusal = gpu ? s.whyNotApplicable(expected.bins(), expected.bitDepth()) : null;
            try {
                HistogramResult r = count.apply(s);
                String diff = expected.firstDifference(r.histogram());
                if (refusal != null) {
                    tally[1]++;
                    failures.accept("FAIL histogram " + where + ": counted where it should have refused (" + refusal + ")");
                } else if (diff == null) {
                    tally[0]++;
                } else {
                    tally[1]++;
                    failures.accept("FAIL histogram " + where + ", plain count against " + r.countedBy() + ": " + diff);
                }
            } catch (ConvolabException e) {
                if (refusal != null && refusal.equals(e.getMessage())) {
                    tally[0]++;
                } else {
                    tally[1]++;
                    failures.accept("FAIL histogram " + where + ": " + e.getMessage());
                }
            }
        }
    }

    /**
     * A 16-bit test image of a kind: random values and alpha; one opaque colour; or dark (opaque,
     * values bunched in the lowest few hundredths of the range, now and then a bright one).
     */
    public static Rgba16Image image16(Kind kind, int w, int h, Random rnd) {
        short[] s = new short[Math.multiplyExact(Math.multiplyExact(w, h), Rgba16Image.SAMPLES)];
        int r0 = rnd.nextInt(65536);
        int g0 = rnd.nextInt(65536);
        int b0 = rnd.nextInt(65536);
        for (int i = 0; i < s.length; i += Rgba16Image.SAMPLES) {
            switch (kind) {
                case RANDOM -> {
                    for (int c = 0; c < Rgba16Image.SAMPLES; c++) {
                        s[i + c] = (short) rnd.nextInt(65536);
                    }
                }
                case CONSTANT -> {
                    s[i] = (short) r0;
                    s[i + 1] = (short) g0;
                    s[i + 2] = (short) b0;
                    s[i + 3] = (short) 0xffff;
                }
                case DARK -> {
                    int v = rnd.nextInt(64) == 0 ? rnd.nextInt(65536) : rnd.nextInt(1024);
                    s[i] = (short) v;
                    s[i + 1] = (short) Math.min(65535, v + rnd.nextInt(300));
                    s[i + 2] = (short) v;
                    s[i + 3] = (short) 0xffff;
                }
                default -> throw new IllegalStateException(kind.name());
            }
        }
        return new Rgba16Image(w, h, s);
    }

    /** A test image of a kind; random alpha in the random one, opaque otherwise. */
    public static RgbaImage image(Kind kind, int w, int h, Random rnd) {
        int[] p = new int[Math.multiplyExact(w, h)];
        switch (kind) {
            case RANDOM -> {
                for (int i = 0; i < p.length; i++) {
                    p[i] = rnd.nextInt();
                }
            }
            case CONSTANT -> Arrays.fill(p, 0xff000000 | (rnd.nextInt() & 0xffffff));
            case DARK -> {
                for (int i = 0; i < p.length; i++) {
                    // mostly black sky with a little noise, now and then a bright star
                    int v = rnd.nextInt(64) == 0 ? rnd.nextInt(256) : rnd.nextInt(4);
                    int tint = rnd.nextInt(3);
                    p[i] = 0xff000000 | v << 16 | Math.min(255, v + tint) << 8 | v;
                }
            }
            default -> throw new IllegalStateException(kind.name());
        }
        return new RgbaImage(w, h, p);
    }

    /** Every strategy, plainest first. */
    public static List<HistogramStrategy> all() {
        return new ArrayList<>(List.of(HistogramStrategy.values()));
    }
}
