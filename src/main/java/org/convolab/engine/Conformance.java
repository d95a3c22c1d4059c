package org.convolab.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.ReferenceConvolver;

/**
 * The conformance matrix behind {@code convolab selftest} and the engine tests: every strategy x
 * every policy x masks of radius 0 to 15 and rectangular ones (separable and not) x odd image sizes,
 * masks larger than the image included, each compared with the double-precision reference. A float
 * engine may differ by {@value #TOLERANCE} in an 8-bit value (rounding of sums that fall near .5).
 * A strategy that needs a separable mask must refuse the others with a clear message.
 */
public final class Conformance {

    /** Largest allowed 8-bit difference from the reference. */
    public static final int TOLERANCE = 1;

    /** Image sizes (width, height) of the full matrix. */
    public static final int[][] SIZES = {{1, 1}, {1, 37}, {37, 1}, {17, 13}, {33, 65}, {257, 255}};

    /** Rectangular masks (width, height) added to the square ones. */
    public static final int[][] RECTANGLES = {{1, 5}, {7, 3}, {3, 15}, {31, 1}, {1, 63}, {63, 5}, {63, 63}};

    /** Policies of the matrix: each standard one and a non-zero constant. */
    public static List<BorderPolicy> policies() {
        List<BorderPolicy> p = new ArrayList<>(BorderPolicy.standard());
        p.add(new ConstantPolicy(77f));
        return p;
    }

    /** Outcome of a run. */
    public record Summary(int passed, int failed) {
        public String line() {
            return passed + " passed, " + failed + " failed";
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
     * Runs the matrix on an engine, telling {@code progress} after each case the fraction of the
     * work done (cases weighted by pixels times mask taps: the last, large cases take most of the time).
     *
     * @param failures receives one line per failed case
     */
    public Summary run(ConvolutionEngine engine, List<Strategy> strategies, Consumer<String> failures,
                       java.util.function.DoubleConsumer progress) {
        double totalWork = 0;
        for (int[] size : sizes) {
            for (Mask mask : masks()) {
                totalWork += caseWork(size, mask) * policies().size() * strategies.size();
            }
        }
        double work = 0;
        Random rnd = new Random(seed + 1);
        List<Mask> masks = masks();
        List<BorderPolicy> policies = policies();
        int passed = 0;
        int failed = 0;
        for (int[] size : sizes) {
            RgbaImage image = randomImage(size[0], size[1], rnd);
            for (Mask mask : masks) {
                // The reference once per policy, in parallel; every strategy is compared with it.
                RgbaImage[] refs = new RgbaImage[policies.size()];
                IntStream.range(0, policies.size()).parallel().forEach(p ->
                        refs[p] = ReferenceConvolver.filter(image, FilterSpec.of(mask, policies.get(p))));
                boolean separable = mask.separable().isPresent();
                for (int p = 0; p < policies.size(); p++) {
                    FilterSpec spec = FilterSpec.of(mask, policies.get(p));
                    for (Strategy s : strategies) {
                        String name = String.format(Locale.ROOT, "%s %s image %dx%d mask %dx%d%s", s.id(),
                                spec.border().name(), size[0], size[1], mask.width(), mask.height(),
                                separable ? " separable" : "");
                        String problem = check(engine, image, spec, s, refs[p]);
                        if (problem == null) {
                            passed++;
                        } else {
                            failed++;
                            failures.accept("FAIL " + name + ": " + problem);
                        }
                        work += caseWork(size, mask);
                        progress.accept(work / totalWork);
                    }
                }
            }
        }
        return new Summary(passed, failed);
    }

    /** Relative cost of one case: every pixel, every tap, plus a fixed part for the comparison. */
    private static double caseWork(int[] size, Mask mask) {
        return (double) size[0] * size[1] * (mask.width() * mask.height() + 8);
    }

    private static String check(ConvolutionEngine engine, RgbaImage image, FilterSpec spec, Strategy s, RgbaImage ref) {
        boolean applicable = s.whyNotApplicable(spec.mask()) == null;
        FilterResult r;
        try {
            r = engine.filter(image, spec, s);
        } catch (ConvolabException e) {
            if (!applicable && e.getMessage().contains("separable")) {
                return null;
            }
            return "error: " + e.getMessage();
        }
        if (!applicable) {
            return "accepted a mask that is not separable";
        }
        int worst = 0;
        int wx = 0;
        int wy = 0;
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < image.width(); x++) {
                int a = r.image().argb(x, y);
                int b = ref.argb(x, y);
                for (int sh = 0; sh < 32; sh += 8) {
                    int d = Math.abs(((a >>> sh) & 0xff) - ((b >>> sh) & 0xff));
                    if (d > worst) {
                        worst = d;
                        wx = x;
                        wy = y;
                    }
                }
            }
        }
        if (worst > TOLERANCE) {
            return String.format(Locale.ROOT, "max difference %d at (%d, %d): got %08x, reference %08x", worst, wx, wy,
                    r.image().argb(wx, wy), ref.argb(wx, wy));
        }
        return null;
    }
}
