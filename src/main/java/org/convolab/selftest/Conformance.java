package org.convolab.selftest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
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
 * A strategy that needs a separable mask must refuse the others ({@link Tally}'s rule).
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
        Arrays.fill(ones, 1f);
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
        return TestImages.masks(IntStream.rangeClosed(0, maxRadius).toArray(), RECTANGLES, new Random(seed));
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
        List<int[]> allSizes = allSizes();
        List<int[]> work = work(cases, allSizes);
        double total = work.stream().mapToDouble(w -> caseWork(allSizes.get(w[0]), cases.get(w[1]).mask())).sum();
        double[] done = {0};
        Tally tally = new Tally("", "", engine, failures);
        Random rnd = new Random(seed + 1);
        RgbaImage image = null;
        int imageOf = -1;
        for (int[] w : work) {
            if (w[0] != imageOf) {
                imageOf = w[0];
                image = TestImages.randomImage(allSizes.get(imageOf)[0], allSizes.get(imageOf)[1], rnd);
            }
            double share = caseWork(allSizes.get(w[0]), cases.get(w[1]).mask()) / (policies().size() * strategies.size());
            runCase(tally, engine, image, cases.get(w[1]), strategies, () -> {
                done[0] += share;
                progress.accept(Math.min(1, done[0] / total));
            });
        }
        return tally.finish();
    }

    /**
     * The sizes a run covers: the given ones, and {@link #STREAM_SIZES} when the given ones are the full
     * matrix's {@link #SIZES} (compared by value: a copy of them is the full matrix too).
     */
    List<int[]> allSizes() {
        List<int[]> all = new ArrayList<>(List.of(sizes));
        if (Arrays.deepEquals(sizes, SIZES)) {
            all.addAll(List.of(STREAM_SIZES));
        }
        return all;
    }

    /**
     * The checks in the order they run, as {size index, case index}: every case at each given size, then the
     * plain radius-{@value #STREAM_RADIUS} cases at the stream sizes.
     */
    private List<int[]> work(List<Case> cases, List<int[]> allSizes) {
        List<int[]> work = new ArrayList<>();
        for (int i = 0; i < allSizes.size(); i++) {
            for (int c = 0; c < cases.size(); c++) {
                Case k = cases.get(c);
                boolean stream = i >= sizes.length;
                if (!stream || Math.max(k.mask().radiusX(), k.mask().radiusY()) == STREAM_RADIUS && k.label().isEmpty()) {
                    work.add(new int[] {i, c});
                }
            }
        }
        return work;
    }

    /** Relative cost of one case: every pixel, every tap, plus a fixed part for the comparison. */
    private static double caseWork(int[] size, Mask mask) {
        return (double) size[0] * size[1] * (mask.width() * mask.height() + 8);
    }

    /** One image and case under every policy and strategy; the reference once per policy, in parallel. */
    private static void runCase(Tally tally, ConvolutionEngine engine, RgbaImage image, Case c, List<Strategy> strategies, Runnable checked) {
        List<BorderPolicy> policies = policies();
        RgbaImage[] refs = new RgbaImage[policies.size()];
        IntStream.range(0, policies.size()).parallel().forEach(p -> refs[p] = ReferenceConvolver.filter(image, c.spec(policies.get(p))));
        for (int p = 0; p < policies.size(); p++) {
            FilterSpec spec = c.spec(policies.get(p));
            for (Strategy s : strategies) {
                String name = String.format(Locale.ROOT, "%s %s image %dx%d %s", s.id(), spec.border().name(), image.width(),
                        image.height(), c.describe());
                check(tally, engine, name, image, spec, s, refs[p]);
                checked.run();
            }
        }
    }

    /** One check: the engine's output against the reference, under {@link Tally}'s rule for refusals. */
    private static void check(Tally tally, ConvolutionEngine engine, String name, RgbaImage image, FilterSpec spec, Strategy s,
                              RgbaImage ref) {
        tally.check(name, s.whyNotApplicable(spec.mask()), () -> {
            FilterResult r = engine.filter(image, spec, s);
            if (s != Strategy.AUTO && r.strategy() != s && s.whyNotApplicable(spec.mask()) == null) {
                tally.substituted(s.id(), r.strategy().id());
            }
            String problem = compare(r, ref);
            return problem == null ? null : problem + " (ran " + r.strategy().id() + " on " + engine.backend() + ")";
        });
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
