package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.PlaneFilter;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * tensor (the tensor-core strategy) on a real GPU against the double-precision reference, within one
 * 8-bit level, on the worst masks for its precision scheme: large weights of mixed sign over every tap
 * (radius 3 to 31, squares and rectangles up to 63 wide or tall) mapped back into 0..255 by a divisor and
 * an offset, integer edge masks with divisor 1, |sum|; both the fused ARGB kernel and the planes kernel,
 * every policy (a constant that is not an FP16 number takes the _split kernel), odd image sizes. And
 * 16-bit planes (samples to 65535, split into two halves) through the plane filter.
 */
@Tag("gpu")
class TensorGpuTest {

    private static CudaEngine engine;

    @BeforeAll
    static void open() {
        engine = GpuEngine.openOrSkip();
    }

    @AfterAll
    static void close() {
        GpuEngine.close(engine);
    }

    /** Sides (width, height) of the worst-case masks. */
    private static final int[][] SHAPES = {{7, 7}, {15, 15}, {31, 31}, {63, 63}, {63, 5}, {5, 63}, {9, 31}, {41, 21}, {3, 45},
        {1, 63}, {63, 1}, {17, 3}, {33, 33}, {49, 7}, {9, 9}, {21, 21}, {25, 25}, {47, 41}};

    /** Odd sizes: one pixel, part of a block, two blocks down and three across (64 x 128 outputs a block). */
    private static final int[][] SIZES = {{1, 1}, {37, 23}, {130, 67}, {300, 70}};

    /** Weights uniform in [-scale, scale] (every tap), mapped back into range: divisor sum|w| / 64, offset 128. */
    static FilterSpec mixedSign(int w, int h, float scale, BorderPolicy policy, Random rnd) {
        float[] m = new float[w * h];
        double sum = 0;
        for (int k = 0; k < m.length; k++) {
            m[k] = (float) ((rnd.nextDouble() * 2 - 1) * scale);
            sum += Math.abs(m[k]);
        }
        return new FilterSpec(Mask.of(w, h, m), policy, (float) (sum / 64), 128f, false);
    }

    /** Integer weights -3..3 (sums exact in FP32), divisor 1, offset 128: an edge detector's worst. */
    static FilterSpec integerEdge(int w, int h, BorderPolicy policy) {
        float[] m = new float[w * h];
        for (int k = 0; k < m.length; k++) {
            m[k] = (k * 5 % 7) - 3;
        }
        return new FilterSpec(Mask.of(w, h, m), policy, 1f, 128f, false);
    }

    /** Mixed signs, |sum| and a divisor that is no power of two. */
    static FilterSpec absOfSum(int w, int h, BorderPolicy policy, Random rnd) {
        float[] m = new float[w * h];
        for (int k = 0; k < m.length; k++) {
            m[k] = (float) (rnd.nextDouble() * 8 - 3);
        }
        return new FilterSpec(Mask.of(w, h, m), policy, 7.5f * w * h / 9, 0f, true);
    }

    private static List<BorderPolicy> policies() {
        List<BorderPolicy> p = new ArrayList<>(Conformance.policies());
        p.add(new ConstantPolicy(12.3f)); // not an FP16 number: the _split kernel
        return p;
    }

    /** Largest |a - b| over R, G and B, or 1000 when alpha differs. */
    static int maxDiff(RgbaImage a, RgbaImage b) {
        int[] pa = a.pixels();
        int[] pb = b.pixels();
        int worst = 0;
        for (int i = 0; i < pa.length; i++) {
            if ((pa[i] >>> 24) != (pb[i] >>> 24)) {
                return 1000;
            }
            for (int s = 0; s < 24; s += 8) {
                worst = Math.max(worst, Math.abs(((pa[i] >> s) & 0xff) - ((pb[i] >> s) & 0xff)));
            }
        }
        return worst;
    }

    /**
     * The double references of one shape and policy (every size x spec), computed once for the three worst-case tests
     * (they draw the same images and masks from the same seed) and on all cores (the reference filters a whole image
     * on one thread): the references took most of the class's four minutes.
     */
    private static final java.util.Map<String, RgbaImage[][]> REFERENCES = new java.util.concurrent.ConcurrentHashMap<>();

    private static RgbaImage[][] references(int[] shape, BorderPolicy policy, FilterSpec[] specs, RgbaImage[] imgs) {
        int content = 1;
        for (RgbaImage img : imgs) {
            content = 31 * content + java.util.Arrays.hashCode(img.pixels());
        }
        for (FilterSpec spec : specs) {
            content = 31 * content + java.util.Arrays.hashCode(spec.mask().weights()) + Float.hashCode(spec.divisor());
        }
        // keyed by what they are computed from, so that a test drawing other images or masks never reads another's
        String key = shape[0] + "x" + shape[1] + " " + policy.name() + " " + policy.constant() + " " + content;
        return REFERENCES.computeIfAbsent(key, k -> {
            RgbaImage[][] refs = new RgbaImage[imgs.length][specs.length];
            java.util.stream.IntStream.range(0, imgs.length * specs.length).parallel()
                    .forEach(t -> refs[t / specs.length][t % specs.length] = ReferenceConvolver.filter(imgs[t / specs.length],
                            specs[t % specs.length]));
            return refs;
        });
    }

    private static void checkWorstCases(boolean fused, boolean oneLoad, String kernelPrefix) {
        Random rnd = new Random(28);
        List<String> failures = new ArrayList<>();
        int checked = 0;
        TensorLauncher launcher = (TensorLauncher) engine.launcher(Strategy.TENSOR);
        try {
            engine.fuseArgb(fused);
            launcher.oneLoad(oneLoad);
            for (int[] shape : SHAPES) {
                for (BorderPolicy policy : policies()) {
                    FilterSpec[] specs = {mixedSign(shape[0], shape[1], 1000f, policy, rnd), integerEdge(shape[0], shape[1], policy),
                        absOfSum(shape[0], shape[1], policy, rnd), FilterSpec.of(TestImages.randomMask(shape[0], shape[1], rnd), policy)};
                    RgbaImage[] imgs = new RgbaImage[SIZES.length];
                    for (int i = 0; i < SIZES.length; i++) {
                        imgs[i] = TestImages.randomImage(SIZES[i][0], SIZES[i][1], rnd);
                    }
                    RgbaImage[][] allRefs = references(shape, policy, specs, imgs);
                    for (int si = 0; si < SIZES.length; si++) {
                        int[] size = SIZES[si];
                        RgbaImage img = imgs[si];
                        RgbaImage[] refs = allRefs[si];
                        for (int k = 0; k < specs.length; k++) {
                            FilterSpec spec = specs[k];
                            FilterResult r = engine.filter(img, spec, Strategy.TENSOR);
                            String where = shape[0] + "x" + shape[1] + " " + policy.name() + " " + size[0] + "x" + size[1]
                                    + " divisor " + spec.divisor() + " offset " + spec.offset() + " abs " + spec.abs();
                            if (r.plan().launches().stream().noneMatch(l -> l.startsWith(kernelPrefix))) {
                                failures.add(where + ": ran " + r.plan().launches());
                            } else {
                                int d = maxDiff(r.image(), refs[k]);
                                if (d > Conformance.TOLERANCE) {
                                    failures.add(where + ": off by " + d);
                                }
                            }
                            checked++;
                        }
                    }
                }
            }
        } finally {
            engine.fuseArgb(true);
            launcher.oneLoad(true);
        }
        assertThat(failures).as("%d cases of %d failed", failures.size(), checked).isEmpty();
        assertThat(checked).isEqualTo(SHAPES.length * policies().size() * SIZES.length * 4);
    }

    /** The ARGB kernels as the launcher picks them: one load for R, G and B (argbn) where two blocks fit an SM. */
    @Test
    void fusedArgbKernelsAreWithinOneLevelOnWorstCaseMasks() {
        checkWorstCases(true, true, "convolab_tensor_argb");
    }

    /** The per-channel ARGB kernels for every mask. */
    @Test
    void perChannelArgbKernelsAreWithinOneLevelOnWorstCaseMasks() {
        checkWorstCases(true, false, "convolab_tensor_argb_d");
    }

    @Test
    void planesKernelIsWithinOneLevelOnWorstCaseMasks() {
        checkWorstCases(false, true, "convolab_tensor_planes_d");
    }

    /**
     * On an H100 (and any sm_90 GPU: 227 KB of shared memory a block) random masks of radius 4, 7, 10 and 15 run the
     * one-load kernel of the 8-column cut (argbn), E = 1, 2, 2, 3 k blocks a group, and are within one level.
     */
    @Test
    void oneLoadKernelRunsForMasksWhereTwoBlocksFit() {
        CudaDeviceInfo d = CudaProbe.probe().devices().get(0);
        assumeTrue(d.major() >= 9, () -> "one load is checked on sm_90 and newer, not " + d.label());
        RgbaImage img = TestImages.randomImage(300, 200, new Random(1));
        int[][] cases = {{9, 1}, {15, 2}, {21, 2}, {31, 3}};
        for (int[] c : cases) {
            FilterSpec spec = FilterSpec.of(TestImages.randomMask(c[0], c[0], new Random(2)), Conformance.policies().get(0));
            FilterResult r = engine.filter(img, spec, Strategy.TENSOR);
            assertThat(r.plan().launches()).as("%dx%d", c[0], c[0]).anyMatch(l -> l.startsWith("convolab_tensor_argbn_e" + c[1] + "_hi "));
            assertThat(maxDiff(r.image(), ReferenceConvolver.filter(img, spec))).isLessThanOrEqualTo(Conformance.TOLERANCE);
        }
    }

    /** 16-bit samples through the plane filter: within 2^-16 of sum|w| x 65535 of the double sums. */
    @Test
    void sixteenBitPlanesMatchTheDoubleSums() {
        PlaneFilter planes = engine.planeFilter().orElseThrow();
        Random rnd = new Random(16);
        List<String> failures = new ArrayList<>();
        for (int[] shape : new int[][] {{7, 7}, {31, 31}, {63, 63}, {41, 21}, {3, 45}}) {
            for (BorderPolicy policy : Conformance.policies()) {
                FilterSpec spec = mixedSign(shape[0], shape[1], 3f, policy, rnd);
                int w = 203;
                int outRows = 77;
                int inRows = outRows + shape[1] - 1;
                float[] rows = new float[w * inRows];
                double[] plane = new double[rows.length];
                for (int i = 0; i < rows.length; i++) {
                    rows[i] = rnd.nextInt(65536);
                    plane[i] = rows[i];
                }
                float[] sums = new float[w * outRows];
                var plan = planes.correlate(rows, w, outRows, spec, Strategy.TENSOR, sums);
                double[] ref = ReferenceConvolver.correlate(plane, w, inRows, spec.mask(), policy);
                double sumAbs = 0;
                for (float v : spec.mask().weights()) {
                    sumAbs += Math.abs(v);
                }
                double worst = 0;
                int ry = spec.mask().radiusY();
                for (int y = 0; y < outRows; y++) {
                    for (int x = 0; x < w; x++) {
                        worst = Math.max(worst, Math.abs(sums[y * w + x] - ref[(y + ry) * w + x]));
                    }
                }
                double limit = sumAbs * 65535 / 65536;
                String where = shape[0] + "x" + shape[1] + " " + policy.name();
                if (plan.launches().stream().noneMatch(l -> l.startsWith("convolab_tensor_planes_d"))) {
                    failures.add(where + ": ran " + plan.launches());
                } else if (!(worst <= limit)) {
                    failures.add(where + ": off by " + worst + " (limit " + limit + ")");
                }
            }
        }
        assertTrue(failures.isEmpty(), () -> String.join("\n", failures));
    }
}
