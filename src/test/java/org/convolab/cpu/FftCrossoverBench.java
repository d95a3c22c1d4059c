package org.convolab.cpu;

import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;

/**
 * Where FFT correlation overtakes the direct CPU engine: a table of median times per radius (no
 * JMH; a plain main, run by hand, not by the build):
 *
 * <pre>
 * java -cp target/classes:target/test-classes:$(cat cp.txt) org.convolab.cpu.FftCrossoverBench [size] [runs] [radii] [policy]
 * </pre>
 *
 * Defaults: 2048, 7 runs after 3 warm-up runs, radii 1,2,3,5,7,10,15,23,31, mirror. Random
 * non-separable masks, so the direct engine runs its 2D path. Both sides filter R, G and B.
 */
public final class FftCrossoverBench {

    private FftCrossoverBench() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("bands")) {
            bands(args);
            return;
        }
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 2048;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        int[] radii = Arrays.stream((args.length > 2 ? args[2] : "1,2,3,5,7,10,15,23,31").split(","))
                .mapToInt(Integer::parseInt).toArray();
        BorderPolicy policy = BorderPolicy.parse(args.length > 3 ? args[3] : "mirror");
        RgbaImage img = TestImages.randomImage(size, size, new Random(1));
        System.out.printf(Locale.ROOT, "%dx%d RGB, %s, %d threads, median of %d runs (min..max)%n", size, size,
                policy.name(), Runtime.getRuntime().availableProcessors(), runs);
        System.out.printf(Locale.ROOT, "%6s %24s %24s %10s  %s%n", "radius", "direct ms", "fft ms", "fft/direct", "fft plan");
        try (CpuEngine engine = new CpuEngine()) {
            for (int r : radii) {
                FilterSpec spec = FilterSpec.of(TestImages.randomMask(2 * r + 1, 2 * r + 1, new Random(r)), policy);
                double[] direct = time(runs, () -> engine.filter(img, spec, Strategy.FAST));
                double[] fft = time(runs, () -> FftConvolver.filter(img, spec));
                FftConvolver plan = new FftConvolver(spec.mask(), size, size);
                System.out.printf(Locale.ROOT, "%6d %24s %24s %10.2f  %d bands, %dx%d%n", r, cell(direct), cell(fft),
                        fft[runs / 2] / direct[runs / 2], plan.bands(), plan.transformRows(), plan.transformColumns());
            }
        }
    }

    /** bands SIZE RUNS RADII BANDS: the FFT's time per forced band count, to check the cost model. */
    private static void bands(String[] args) {
        int size = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        RgbaImage img = TestImages.randomImage(size, size, new Random(1));
        int[] out = new int[size * size];
        for (String rs : args[3].split(",")) {
            int r = Integer.parseInt(rs);
            FilterSpec spec = FilterSpec.of(TestImages.randomMask(2 * r + 1, 2 * r + 1, new Random(r)), BorderPolicy.parse("zero"));
            float[] padded = new float[(size + 2 * r) * (size + 2 * r)];
            System.out.printf(Locale.ROOT, "r=%d, model's choice %d bands%n", r, new FftConvolver(spec.mask(), size, size).bands());
            for (String bs : args[4].split(",")) {
                FftConvolver plan = new FftConvolver(spec.mask(), size, size, Integer.parseInt(bs));
                double[] ms = time(runs, () -> plan.filterChannel(padded, out, 0, spec));
                System.out.printf(Locale.ROOT, "  %3d bands %5dx%d: %s ms a channel%n", plan.bands(), plan.transformRows(),
                        plan.transformColumns(), cell(ms));
            }
        }
    }

    private static double[] time(int runs, Runnable body) {
        for (int i = 0; i < 3; i++) {
            body.run();
        }
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            body.run();
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(ms);
        return ms;
    }

    private static String cell(double[] sorted) {
        return String.format(Locale.ROOT, "%.1f (%.1f..%.1f)", sorted[sorted.length / 2], sorted[0], sorted[sorted.length - 1]);
    }
}
