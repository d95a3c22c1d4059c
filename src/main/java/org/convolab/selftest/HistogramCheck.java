package org.convolab.selftest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;
import org.convolab.core.Backend;
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
 * that cannot count that many bins must refuse ({@link HistogramStrategy#whyNotApplicable}): a refusal,
 * counted apart from the passes ({@link Tally}'s rule).
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
        Tally tally = new Tally("histograms", "histogram ", engine, failures);
        Random rnd = new Random(seed);
        for (int[] size : SIZES) {
            for (TestImages.Kind kind : TestImages.Kind.values()) {
                RgbaImage image = TestImages.image(kind, size[0], size[1], rnd);
                for (int bins : BINS) {
                    checkAll(engine, list, image, kind, bins, tally);
                }
            }
        }
        if (large) {
            for (TestImages.Kind kind : new TestImages.Kind[] {TestImages.Kind.RANDOM, TestImages.Kind.DARK}) {
                checkAll(engine, list, TestImages.image(kind, LARGE[0], LARGE[1], rnd), kind, 256, tally);
            }
        }
        for (int[] size : WIDE_SIZES) {
            for (TestImages.Kind kind : TestImages.Kind.values()) {
                Rgba16Image image = TestImages.image16(kind, size[0], size[1], rnd);
                for (int bins : WIDE_BINS) {
                    checkAll16(engine, list, image, kind, bins, tally);
                }
            }
        }
        if (large) {
            for (TestImages.Kind kind : new TestImages.Kind[] {TestImages.Kind.RANDOM, TestImages.Kind.DARK}) {
                checkAll16(engine, list, TestImages.image16(kind, LARGE_WIDE[0], LARGE_WIDE[1], rnd), kind, Histogram.MAX_WIDE_BINS, tally);
            }
        }
        return tally.finish();
    }

    /** The number of checks {@link #run} makes with these strategies on a GPU engine (on the CPU: with the first). */
    public static int checks(int strategies, boolean large) {
        int eight = SIZES.length * TestImages.Kind.values().length * BINS.length + (large ? 2 : 0);
        int wide = WIDE_SIZES.length * TestImages.Kind.values().length * WIDE_BINS.length + (large ? 2 : 0);
        return (eight + wide) * strategies;
    }

    private static void checkAll(ConvolutionEngine engine, List<HistogramStrategy> strategies, RgbaImage image, TestImages.Kind kind,
                                 int bins, Tally tally) {
        String what = image.width() + "x" + image.height() + " " + kind.name().toLowerCase(Locale.ROOT) + " image";
        checkAll(engine, strategies, what, Histogram.count(image, bins), s -> engine.histogram(image, bins, s), tally);
    }

    private static void checkAll16(ConvolutionEngine engine, List<HistogramStrategy> strategies, Rgba16Image image, TestImages.Kind kind,
                                   int bins, Tally tally) {
        String what = image.width() + "x" + image.height() + " 16-bit " + kind.name().toLowerCase(Locale.ROOT) + " image";
        checkAll(engine, strategies, what, Histogram.count(image, bins), s -> engine.histogram(image, bins, s), tally);
    }

    /**
     * Counts with every strategy and compares with the plain count; on a GPU a strategy that cannot
     * count that many bins of that depth must refuse.
     */
    private static void checkAll(ConvolutionEngine engine, List<HistogramStrategy> strategies, String what, Histogram expected,
                                 Function<HistogramStrategy, HistogramResult> count, Tally tally) {
        boolean gpu = engine.backend() != Backend.CPU;
        for (HistogramStrategy s : strategies) {
            String where = s.id() + " on a " + what + ", " + expected.bins() + " bins";
            String refusal = gpu ? s.whyNotApplicable(expected.bins(), expected.bitDepth()) : null;
            tally.check(where, refusal, () -> {
                HistogramResult r = count.apply(s);
                String diff = expected.firstDifference(r.histogram());
                return diff == null ? null : "plain count against " + r.countedBy() + ": " + diff;
            });
        }
    }

    /** Every strategy, plainest first. */
    public static List<HistogramStrategy> all() {
        return new ArrayList<>(List.of(HistogramStrategy.values()));
    }
}
