package org.convolab.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.ReferenceConvolver;

/**
 * The conformance matrix behind {@code convolab selftest} and the engine tests: every strategy x
 * every policy x masks of radius 0 to 15 and rectangular ones (separable and not) x odd image sizes,
 * masks larger than the image included, and output-mapping cases (negative weights, divisors, offsets,
 * {@code abs}, clamping), each compared with the double-precision reference. A float
 * engine may differ by {@value #TOLERANCE} in an 8-bit value (rounding of sums that fall near .5).
 * A strategy that needs a separable mask must refuse the others with a clear message.
 */
public final class Conformance {

    /** Largest allowed 8-bit difference from the reference. */
    public static final int TOLERANCE = 1;

    /** Image sizes (width, height) of the full matrix. */
    public static final int[][] SIZES = {{1, 1}, {1, 37}, {37, 1}, {17, 13}, {33, 65}, {257, 255}};

    /**
     * Sizes at which the radius-4 cases run again, compared in full: tall enough that the streamed
     * kernel's blocks walk several steps down their strips (its ring and prefetch), odd on both sides.
     */
    public static final int[][] STREAM_SIZES = {{4099, 1601}};

    /** Radius of the masks that run at {@link #STREAM_SIZES}. */
    public static final int STREAM_RADIUS = 4;

    /** Rectangular masks (width, height) added to the square ones. */
    public static final int[][] RECTANGLES = {{1, 5}, {7, 3}, {3, 15}, {31, 1}, {1, 63}, {63, 5}, {63, 63}};

    /** Policies of the matrix: each standard one and a non-zero constant. */
    public static List<BorderPolicy> policies() {
        List<BorderPolicy> p = new ArrayList<>(BorderPolicy.standard());
        p.add(new ConstantPolicy(77f));
        return p;
    }

    /**
     * One filter of the matrix without its policy: a mask and an output mapping.
     *
     * @param label names the case in failure lines ("" for the plain random masks)
     */
    public record Case(Mask mask, float divisor, float offset, boolean abs, String label) {

        /** A mask with the default mapping. */
        public static Case plain(Mask mask) {
            return new Case(mask, 1f, 0f, false, "");
        }

        public FilterSpec spec(BorderPolicy policy) {
            return new FilterSpec(mask, policy, divisor, offset, abs);
        }

        String describe() {
            String m = mask.width() + "x" + mask.height() + (mask.separable().isPresent() ? " separable" : "");
            return label.isEmpty() ? "mask " + m : label + " (" + m + (divisor != 1f ? ", divisor " + divisor : "")
                    + (offset != 0f ? ", offset " + offset : "") + (abs ? ", abs" : "") + ")";
        }
    }

    /**
     * Outcome of a run.
     *
     * @param passed      checks whose output matched the reference
     * @param failed      checks that did not, and engine events that make the run untrustworthy (a
     *                    fall-back to the CPU, a fault the engine survived by retrying)
     * @param refused     separable strategies that refused a non-separable mask, as they must (not passes)
     * @param substituted checks where another strategy ran than the one asked for, by "asked → ran"
     */
    public record Summary(int passed, int failed, int refused, Map<String, Integer> substituted) {
        public Summary {
            substituted = Map.copyOf(substituted);
        }

        /** "N passed, M failed", the closing line of the self-test. */
        public String line() {
            return passed + " passed, " + failed + " failed";
        }

        /** What else happened: refusals and substitutions, one line, or "" when nothing did. */
        public String notes() {
            List<String> parts = new ArrayList<>();
            if (refused > 0) {
                parts.add(refused + " refusals of non-separable masks by separable strategies (expected; not counted as passed)");
            }
            new TreeMap<>(substituted).forEach((k, v) -> parts.add(v + " checks of " + k));
            return String.join("; ", parts);
        }
    }

    private final int maxRadius;
    private final int[][] sizes;
    private final long seed;

    /**
     * @param maxRadius largest square radius (15 for the full matrix)
     * @param sizes     image sizes to test
     */
    public Conformance(int maxRadius, int[][] sizes, long seed) {
        this.maxRadius = maxRadius;
        this.sizes = sizes;
        this.seed = seed;
    }

    /** The full matrix of the self-test. */
    public static Conformance full() {
        return new Conformance(15, SIZES, 42);
    }

    /**
     * The cases of the matrix: every mask of {@link #masks()} with the default mapping, and masks with
     * negative weights, divisors, offsets, {@code abs} and sums that clamp ({@link #mappingCases}).
     */
    public List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        masks().forEach(m -> cases.add(Case.plain(m)));
        cases.addAll(mappingCases(new Random(seed + 2)));
        return cases;
    }

    /**
     * Cases for the output mapping: edge detectors and sharpening with negative weights, divisors and
     * offsets, {@code |sum|}, and sums far outside 0..255 so that clamping acts on both ends.
     */
    public static List<Case> mappingCases(Random rnd) {
        float[] signed = new float[25];
        for (int k = 0; k < signed.length; k++) {
            signed[k] = rnd.nextFloat() * 2 - 1;
        }
        float[] col = {0.5f, -1.5f, 2f, -1f, 0.25f, 1f, -0.75f};
        float[] row = {-1f, 2f, 0.5f};
        float[] sep = new float[col.length * row.length];
        for (int j = 0; j < col.length; j++) {
            for (int i = 0; i < row.length; i++) {
                sep[j * row.length + i] = col[j] * row[i];
            }
        }
        float[] ones = new float[9];
        java.util.Arrays.fill(ones, 1f);
        return List.of(
                new Case(MaskPresets.parse("sobel-x"), 1f, 0f, true, "sobel-x"),
                new Case(MaskPresets.parse("laplacian"), 1f, 128f, false, "laplacian"),
                new Case(MaskPresets.parse("sharpen"), 1f, 0f, false, "sharpen"),
                new Case(MaskPresets.parse("emboss"), 1f, 128f, false, "emboss"),
                new Case(Mask.of(3, 3, ones), 9f, 0f, false, "box of ones"),
                new Case(Mask.of(3, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0), 1f, -100f, false, "triple identity"),
                new Case(Mask.of(5, 5, signed), 0.5f, 60f, true, "random signed"),
                new Case(Mask.of(row.length, col.length, sep), -2f, 30f, false, "signed separable"));
    }

    /** The masks of the matrix: random 2D ones and separable ones, square and rectangular. */
    public List<Mask> masks() {
        Random rnd = new Random(seed);
        List<Mask> masks = new ArrayList<>();
        for (int r = 0; r <= maxRadius; r++) {
            masks.add(randomMask(2 * r + 1, 2 * r + 1, rnd));
            masks.add(separableMask(2 * r + 1, 2 * r + 1, rnd));
        }
        for (int[] wh : RECTANGLES) {
            masks.add(randomMask(wh[0], wh[1], rnd));
            masks.add(separableMask(wh[0], wh[1], rnd));
        }
        return masks;
    }

    /** Random non-negative weights normalised to sum 1 (outputs stay in range, so clamping hides nothing). */
    public static Mask randomMask(int w, int h, Random rnd) {
        float[] m = new float[w * h];
        for (int k = 0; k < m.length; k++) {
            m[k] = 0.05f + rnd.nextFloat();
        }
        return Mask.of(w, h, m).normalized();
    }

    /** An outer product of random positive vectors, normalised. */
    public static Mask separableMask(int w, int h, Random rnd) {
        float[] row = new float[w];
        float[] col = new float[h];
        for (int i = 0; i < w; i++) {
            row[i] = 0.1f + rnd.nextFloat();
        }
        for (int j = 0; j < h; j++) {
            col[j] = 0.1f + rnd.nextFloat();
        }
        float[] m = new float[w * h];
        for (int j = 0; j < h; j++) {
            for (int i = 0; i < w; i++) {
                m[j * w + i] = col[j] * row[i];
            }
        }
        return Mask.of(w, h, m).normalized();
    }

    /** A random image with random alpha. */
    public static RgbaImage randomImage(int w, int h, Random rnd) {
        int[] p = new int[w * h];
        for (int i = 0; i < p.length; i++) {
            p[i] = rnd.nextInt();
        }
        return new RgbaImage(w, h, p);
    }

    /**
     * Runs the matrix on an engine.
     *
     * @param failures receives one line per failed case
     */
    public Summary run(ConvolutionEngine engine, List<Strategy> strategies, Consumer<String> failures) {
        return run(engine, strategies, failures, f -> { });
    }

    /**
     * Runs the matrix on an engine, telling {@code progress} after each check the fraction of the
     * work done (checks weighted by pixels times mask taps: the last, large cases take most of the time).
     *
     * @param failures receives one line per failed case
     */
    public Summary run(ConvolutionEngine engine, List<Strategy> strategies, Consumer<String> failures,
                       java.util.function.DoubleConsumer progress) {
        List<Case> cases = cases();
        List<int[]> work = new ArrayList<>(); // {size index, case index} in the order they run
        List<int[]> allSizes = new ArrayList<>(List.of(sizes));
        for (int i = 0; i < sizes.length; i++) {
            for (int c = 0; c < cases.size(); c++) {
                work.add(new int[] {i, c});
            }
        }
        if (sizes == SIZES) {
            for (int[] size : STREAM_SIZES) {
                allSizes.add(size);
                for (int c = 0; c < cases.size(); c++) {
                    Case k = cases.get(c);
                    if (Math.max(k.mask().radiusX(), k.mask().radiusY()) == STREAM_RADIUS && k.label().isEmpty()) {
                        work.add(new int[] {allSizes.size() - 1, c});
                    }
                }
            }
        }
        double total = work.stream().mapToDouble(w -> caseWork(allSizes.get(w[0]), cases.get(w[1]).mask())).sum();
        double[] done = {0};
        Tally tally = new Tally(engine, failures);
        Random rnd = new Random(seed + 1);
        RgbaImage image = null;
        int imageOf = -1;
        for (int[] w : work) {
            if (w[0] != imageOf) {
                imageOf = w[0];
                image = randomImage(allSizes.get(imageOf)[0], allSizes.get(imageOf)[1], rnd);
            }
            double share = caseWork(allSizes.get(w[0]), cases.get(w[1]).mask()) / (policies().size() * strategies.size());
            runCase(tally, image, cases.get(w[1]), strategies, () -> {
                done[0] += share;
                progress.accept(Math.min(1, done[0] / total));
            });
        }
        return tally.finish();
    }

    /** Relative cost of one case: every pixel, every tap, plus a fixed part for the comparison. */
    private static double caseWork(int[] size, Mask mask) {
        return (double) size[0] * size[1] * (mask.width() * mask.height() + 8);
    }

    /** One image and case under every policy and strategy; the reference once per policy, in parallel. */
    private static void runCase(Tally tally, RgbaImage image, Case c, List<Strategy> strategies, Runnable checked) {
        List<BorderPolicy> policies = policies();
        RgbaImage[] refs = new RgbaImage[policies.size()];
        IntStream.range(0, policies.size()).parallel().forEach(p -> refs[p] = ReferenceConvolver.filter(image, c.spec(policies.get(p))));
        for (int p = 0; p < policies.size(); p++) {
            FilterSpec spec = c.spec(policies.get(p));
            for (Strategy s : strategies) {
                String name = String.format(Locale.ROOT, "%s %s image %dx%d %s", s.id(), spec.border().name(), image.width(),
                        image.height(), c.describe());
                tally.check(name, image, spec, s, refs[p]);
                checked.run();
            }
        }
    }

    /** Counts of one run, and the engine's state at its start. */
    private static final class Tally {
        private final ConvolutionEngine engine;
        private final Consumer<String> failures;
        private final int faultsAtStart;
        private int passed;
        private int failed;
        private int refused;
        private final Map<String, Integer> substituted = new TreeMap<>();
        private boolean fallbackReported;

        Tally(ConvolutionEngine engine, Consumer<String> failures) {
            this.engine = engine;
            this.failures = failures;
            this.faultsAtStart = engine.diagnostics().faultsSurvived();
        }

        void check(String name, RgbaImage image, FilterSpec spec, Strategy s, RgbaImage ref) {
            boolean applicable = s.whyNotApplicable(spec.mask()) == null;
            FilterResult r;
            try {
                r = engine.filter(image, spec, s);
            } catch (ConvolabException e) {
                if (!applicable && e.getMessage().contains("separable")) {
                    refused++;
                } else {
                    fail(name, "error: " + e.getMessage());
                }
                return;
            }
            String fallback = engine.diagnostics().fallbackReason();
            if (fallback != null && !fallbackReported) {
                fallbackReported = true;
                failed++;
                failures.accept("FAIL the engine went over to the CPU during the run (" + fallback
                        + "); the checks from here on test the CPU engine, not the GPU");
            }
            if (!applicable) {
                fail(name, "accepted a mask that is not separable");
                return;
            }
            if (s != Strategy.AUTO && r.strategy() != s) {
                substituted.merge(s.id() + " that ran " + r.strategy().id(), 1, Integer::sum);
            }
            String problem = compare(r, ref);
            if (problem == null) {
                passed++;
            } else {
                fail(name + " (ran " + r.strategy().id() + " on " + engine.backend() + ")", problem);
            }
        }

        private void fail(String name, String problem) {
            failed++;
            failures.accept("FAIL " + name + ": " + problem);
        }

        Summary finish() {
            int faults = engine.diagnostics().faultsSurvived() - faultsAtStart;
            if (faults > 0) {
                failed++;
                failures.accept("FAIL the GPU faulted " + faults + (faults == 1 ? " time" : " times")
                        + " during the run; the engine rebuilt its context and retried, so those results came from a second try");
            }
            return new Summary(passed, failed, refused, substituted);
        }
    }

    private static String compare(FilterResult r, RgbaImage ref) {
        RgbaImage.Difference d = r.image().difference(ref);
        if (d.max() > TOLERANCE) {
            return String.format(Locale.ROOT, "max difference %d at (%d, %d): got %08x, reference %08x", d.max(), d.x(), d.y(),
                    r.image().argb(d.x(), d.y()), ref.argb(d.x(), d.y()));
        }
        return null;
    }
}
