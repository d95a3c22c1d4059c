package org.convolab.ui.compare;

import java.util.ArrayList;
import java.util.List;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.engine.Measurements;

/**
 * Compare's measurement, apart from the FX task that shows its progress ({@link CompareTask}): every applicable
 * strategy warmed up, then timed {@code repeat} times, a row each with what ran and its cost as the plan says, the
 * kernels' median time (what the rates and speed-ups compare) and the whole call's (the app path) apart.
 */
final class CompareRun {

    /** Untimed runs of every strategy before any is timed: the first runs pay for JIT compilation and caches. */
    static final int WARM_UP_RUNS = 2;

    /** Where a run reports its progress, and asks whether to stop (between runs). */
    interface Listener {
        boolean cancelled();

        void message(String text);

        void progress(long done, long total);
    }

    /** A listener that never cancels and shows nothing. */
    static final Listener QUIET = new Listener() {
        @Override
        public boolean cancelled() {
            return false;
        }

        @Override
        public void message(String text) {
        }

        @Override
        public void progress(long done, long total) {
        }
    };

    private CompareRun() {
    }

    /** The rows, in the order of {@link Strategy#concrete()}; those measured so far when cancelled. */
    static List<CompareTask.Row> rows(ConvolutionEngine engine, RgbaImage image, FilterSpec spec, int repeat, Listener l) {
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
                if (l.cancelled()) {
                    return List.of();
                }
                l.message("Warming up: " + s.id() + " (" + (i + 1) + " of " + WARM_UP_RUNS + ")");
                engine.filter(image, spec, s);
                l.progress(++done, total);
            }
        }
        List<CompareTask.Row> rows = new ArrayList<>();
        double naiveMs = Double.NaN;
        for (Strategy s : strategies) {
            double[] ms = new double[repeat];
            double[] appMs = new double[repeat];
            FilterResult last = null;
            for (int i = 0; i < repeat; i++) {
                if (l.cancelled()) {
                    return rows;
                }
                l.message(s.id() + " run " + (i + 1) + " of " + repeat);
                last = engine.filter(image, spec, s);
                ms[i] = last.timings().kernelMs();
                appMs[i] = last.timings().totalMs();
                l.progress(++done, total);
            }
            double med = Measurements.median(ms);
            if (s == Strategy.NAIVE) {
                naiveMs = med;
            }
            // what ran and its work, as the plan says (the one definition bench, the overlay and --timings read)
            FilterCost cost = last.timings().cost();
            int diff = Measurements.maxDiffOnCrops(image, spec, last.image());
            rows.add(new CompareTask.Row(s.id(), last.plan().describeKernels(), cost, med, Measurements.median(appMs), cost.bytes() / (med * 1e6),
                    cost.flops() / (med * 1e6), Double.NaN, diff, last.image()));
        }
        double base = naiveMs;
        return rows.stream().map(r -> new CompareTask.Row(r.strategy(), r.ran(), r.cost(), r.kernelMs(), r.appMs(), r.gbps(), r.gflops(),
                base / r.kernelMs(), r.maxDiff(), r.output())).toList();
    }
}
