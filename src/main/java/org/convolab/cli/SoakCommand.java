package org.convolab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.EngineDiagnostics;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import org.convolab.engine.Measurements;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code convolab soak}: a long session. Thousands of filters with random images, masks, strategies
 * and policies; every Nth result checked against the reference; device memory and Java heap printed
 * at the start and the end. Exit 1 on a wrong result or on growth of either.
 */
@Command(name = "soak", mixinStandardHelpOptions = true,
        description = {"Run many filters with random images, masks, strategies and policies, checking results and memory.",
                "Prints device memory (CUDA) and Java heap at the start and the end; exit 1 on a wrong result or growth."})
public final class SoakCommand implements Callable<Integer> {

    /** Growth allowed between start and end. */
    static final long DEVICE_SLACK = 4L << 20;
    static final long HEAP_SLACK = 64L << 20;

    @Spec
    CommandSpec cmd;

    @Option(names = "--backend", paramLabel = "cuda|cpu", defaultValue = "cuda", description = "default ${DEFAULT-VALUE}")
    Backend backend;

    @Option(names = "--filters", defaultValue = "10000", description = "how many filters (default ${DEFAULT-VALUE})")
    int filters;

    @Option(names = "--check-every", defaultValue = "10", description = "compare every Nth result with the reference (default ${DEFAULT-VALUE})")
    int checkEvery;

    @Option(names = "--seed", defaultValue = "11", description = "random seed (default ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() {
        PrintWriter out = cmd.commandLine().getOut();
        if (filters < 1 || checkEvery < 1) {
            throw new ConvolabException("--filters and --check-every must be at least 1");
        }
        if (backend == Backend.AUTO) {
            throw new ConvolabException("soak runs on one engine: use --backend cuda or --backend cpu");
        }
        Random rnd = new Random(seed);
        List<BorderPolicy> policies = Conformance.policies();
        int checked = 0;
        int wrong = 0;
        long pixels = 0;
        try (ConvolutionEngine e = Engines.open(backend, msg -> { })) {
            EngineDiagnostics diag = e.diagnostics();
            boolean gpu = diag.deviceFreeBytes().isPresent();
            long device0 = diag.deviceFreeBytes().orElse(0);
            long heap0 = heapUsed();
            out.printf(Locale.ROOT, "start: %s; Java heap used %.1f MiB%n",
                    !gpu ? "CPU engine" : String.format(Locale.ROOT, "device memory free %.1f MiB", device0 / 1048576.0),
                    heap0 / 1048576.0);
            out.flush();
            long t0 = System.nanoTime();
            RgbaImage image = null;
            Progress progress = Progress.start("soak", filters, "filters", cmd.commandLine().getErr(), true);
            for (int i = 0; i < filters; i++) {
                if (i % 25 == 0) {
                    image = TestImages.randomImage(1 + rnd.nextInt(rnd.nextInt(8) == 0 ? 2000 : 600),
                            1 + rnd.nextInt(rnd.nextInt(8) == 0 ? 1500 : 400), rnd);
                }
                Mask mask = randomMask(rnd);
                List<Strategy> ok = new ArrayList<>();
                for (Strategy s : Strategy.values()) {
                    if (s.whyNotApplicable(mask) == null) {
                        ok.add(s);
                    }
                }
                Strategy s = ok.get(rnd.nextInt(ok.size()));
                FilterSpec spec = FilterSpec.of(mask, policies.get(rnd.nextInt(policies.size())));
                FilterResult r = e.filter(image, spec, s);
                pixels += image.size();
                if (i % checkEvery == 0) {
                    checked++;
                    int d = Measurements.maxDiffOnCrops(image, spec, r.image());
                    if (d > Conformance.TOLERANCE) {
                        wrong++;
                        out.printf(Locale.ROOT, "FAIL filter %d: %s %s %dx%d mask %dx%d: max difference %d%n", i, s.id(),
                                spec.border().name(), image.width(), image.height(), mask.width(), mask.height(), d);
                    }
                }
                progress.step(1, wrong + " wrong");
            }
            progress.close();
            double seconds = (System.nanoTime() - t0) / 1e9;
            diag.releaseImage();
            long device1 = diag.deviceFreeBytes().orElse(0);
            long heap1 = heapUsed();
            out.printf(Locale.ROOT, "end: %s; Java heap used %.1f MiB%n",
                    !gpu ? "CPU engine" : String.format(Locale.ROOT, "device memory free %.1f MiB", device1 / 1048576.0),
                    heap1 / 1048576.0);
            out.printf(Locale.ROOT, "%d filters (%.1f megapixels) in %.1f s on %s; %d checked against the reference, %d wrong; "
                            + "%d GPU faults survived (context rebuilt)%n", filters, pixels / 1e6, seconds, e.device(), checked, wrong,
                    diag.faultsSurvived());
            boolean deviceFlat = !gpu || Math.abs(device0 - device1) <= DEVICE_SLACK;
            boolean heapFlat = heap1 - heap0 <= HEAP_SLACK;
            out.printf(Locale.ROOT, "device memory %s, heap %s%n", deviceFlat ? "flat" : "GREW", heapFlat ? "flat" : "GREW");
            out.println((checked - wrong) + " passed, " + wrong + " failed");
            out.flush();
            return wrong == 0 && deviceFlat && heapFlat ? 0 : 1;
        }
    }

    private static Mask randomMask(Random rnd) {
        int w = 1 + 2 * rnd.nextInt(rnd.nextInt(10) == 0 ? 16 : 8);
        int h = rnd.nextInt(3) == 0 ? w : 1 + 2 * rnd.nextInt(8);
        return rnd.nextBoolean() ? TestImages.separableMask(w, h, rnd) : TestImages.randomMask(w, h, rnd);
    }

    private static long heapUsed() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
