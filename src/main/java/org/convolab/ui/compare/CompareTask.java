package org.convolab.ui.compare;

import java.util.ArrayList;
import java.util.List;
import javafx.concurrent.Task;
import org.convolab.engine.Measurements;
import org.convolab.core.Backend;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;

/**
 * Runs every applicable strategy N times on the current image (after warm-up runs of them all) and reports
 * a row per strategy: median kernel time, rates, speed-up over naive and the largest difference from
 * the CPU reference (on a corner and a centre crop). Cancellable between runs.
 */
public final class CompareTask extends Task<List<CompareTask.Row>> {

    /**
     * One strategy's figures and its output.
     *
     * @param strategy the strategy asked for
     * @param ran      what really ran: the kernel the engine reports, or the CPU code path
     */
    public record Row(String strategy, String ran, double kernelMs, double gbps, double gflops, double speedup, int maxDiff,
                      RgbaImage output) {
    }

    /**
     * What an engine really ran for a strategy: on the GPU the kernel it reports; on the CPU one of
     * its three paths (the strategies are GPU kernels): the FFT for fft, rows then columns for the
     * separable strategies, a 2D loop for the rest.
     */
    static String ran(Backend backend, FilterResult r) {
        if (backend == Backend.CPU) {
            if (r.strategy() == Strategy.FFT) {
                return "CPU FFT";
            }
            return r.strategy().needsSeparable() ? "CPU rows-then-columns loop" : "CPU 2D loop";
        }
        return r.strategy().id();
    }

    /** Untimed runs of every strategy before any is timed: the first runs pay for JIT compilation and caches. */
    static final int WARM_UP_RUNS = 2;

    private final ConvolutionEngine engine;
    private final RgbaImage image;
    private final FilterSpec spec;
    private final int repeat;

    CompareTask(ConvolutionEngine engine, RgbaImage image, FilterSpec spec, int repeat) {
        this.engine = engine;
        this.image = image;
        this.spec = spec;
        this.repeat = repeat;
    }

    @Override
    protected List<Row> call() {
        List<Strategy> strategies = new ArrayList<>();
        for (Strategy s : Strategy.concrete()) {
            if (s.whyNotApplicable(spec.mask()) == null) {
                strategies.add(s);
            }
        }
        long total = (long) strategies.size() * (repeat + WARM_UP_RUNS);
        long done = 0;
        // warm up every strategy first: timing the first strategy while the code is still cold made
        // the others look 1.5x faster than it on the first run and not on the second
        for (int i = 0; i < WARM_UP_RUNS; i++) {
            for (Strategy s : strategies) {
                if (isCancelled()) {
                    return List.of();
                }
                updateMessage("Warming up: " + s.id() + " (" + (i + 1) + " of " + WARM_UP_RUNS + ")");
                engine.filter(image, spec, s);
                updateProgress(++done, total);
            }
        }
        List<Row> rows = new ArrayList<>();
        double naiveMs = Double.NaN;
        for (Strategy s : strategies) {
            double[] ms = new double[repeat];
            FilterResult last = null;
            for (int i = 0; i < repeat; i++) {
                if (isCancelled()) {
                    return rows;
                }
                updateMessage(s.id() + " run " + (i + 1) + " of " + repeat);
                last = engine.filter(image, spec, s);
                ms[i] = last.timings().kernelMs();
                updateProgress(++done, total);
            }
            double med = Measurements.median(ms);
            if (s == Strategy.NAIVE) {
                naiveMs = med;
            }
            var cost = last.timings().cost();
            int diff = Measurements.maxDiffOnCrops(image, spec, last.image());
            rows.add(new Row(s.id(), ran(engine.backend(), last), med, cost.bytes() / (med * 1e6), cost.flops() / (med * 1e6), Double.NaN, diff, last.image()));
        }
        double base = naiveMs;
        return rows.stream().map(r -> new Row(r.strategy(), r.ran(), r.kernelMs(), r.gbps(), r.gflops(), base / r.kernelMs(),
                r.maxDiff(), r.output())).toList();
    }

    /** The amplified difference of two outputs: |a - b| x gain per channel, opaque. */
    public static RgbaImage difference(RgbaImage a, RgbaImage b, int gain) {
        int[] p = new int[a.size()];
        int[] pa = a.pixels();
        int[] pb = b.pixels();
        for (int i = 0; i < p.length; i++) {
            int v = 0xff000000;
            for (int sh = 0; sh < 24; sh += 8) {
                int d = Math.min(255, Math.abs(((pa[i] >>> sh) & 0xff) - ((pb[i] >>> sh) & 0xff)) * gain);
                v |= d << sh;
            }
            p[i] = v;
        }
        return new RgbaImage(a.width(), a.height(), p);
    }
}
