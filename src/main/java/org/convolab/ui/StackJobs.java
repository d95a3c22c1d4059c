package org.convolab.ui;

import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterResult;
import org.convolab.core.LaunchPlan;
import org.convolab.core.PlaneFilter;
import org.convolab.core.VolumeFilter;
import org.convolab.engine.PlaneFilters;
import org.convolab.engine.StackFilter;
import org.convolab.engine.StripFilter;
import org.convolab.io.Hyperstack;

/**
 * The filter work of a stack, as jobs for the {@link FilterExecutor}: the slice shown, filtered live (with a 2D mask
 * on its own, with a 3D mask as the middle of the slab the mask reaches: {@link VolumeSlices#slab}); and the whole
 * stack, page after page with a 2D mask or each channel of each time frame as a volume with a 3D one, with progress
 * and Cancel between pages or volumes. Through the engine only.
 */
final class StackJobs {
    /** What the progress strip says while the whole stack is filtered. */
    static final String WHOLE = "Filtering the whole stack";

    private StackJobs() {
    }

    /** Page {@code index} of {@code stack} filtered on its own (2D mask) or as the middle of its slab (3D mask). */
    static FilterExecutor.Job slice(ImageStack stack, int index, EditState s, String label) {
        StackScope scope = new StackScope(label, index, null);
        if (!s.is3d()) {
            return (engine, sequence, progress) -> FilterService.filterSamples(engine, stack.pages()[index], s, sequence)
                    .withStack(scope);
        }
        return (engine, sequence, progress) -> {
            Hyperstack d = stack.dims();
            int c = index % d.channels();
            int z = index / d.channels() % d.slices();
            int t = index / d.channels() / d.slices();
            int rz = s.volume().radiusZ();
            SampleImage[] slab = VolumeSlices.slab(column(stack, c, t), z, rz, s.border());
            long t0 = System.nanoTime();
            VolumeSlices.Result r;
            try (VolumeFilter filter = StackFilter.volumeFilter(engine)) {
                r = VolumeSlices.filter(filter, slab, s, s.volumeStrategy(), rz, 1);
            }
            double ms = (System.nanoTime() - t0) / 1e6;
            SampleImage out = r.slices()[0];
            FilterResult shown = new FilterResult(out.render(DisplayRange.initial(out)), r.plan(),
                    FilterService.timings(ms, ms, r.cost()));
            return FilterOutcome.ofSamples(out, shown, engine.backend(), engine.device(), s, sequence).withStack(scope);
        };
    }

    /**
     * Every page filtered; the outcome shows page {@code shown} and carries the whole filtered stack. Null when
     * cancelled (checked between pages, or between volumes with a 3D mask).
     */
    static FilterExecutor.Job whole(ImageStack stack, int shown, EditState s, String label) {
        return (engine, sequence, progress) -> {
            long t0 = System.nanoTime();
            SampleImage[] out = new SampleImage[stack.pages().length];
            Tally tally = new Tally();
            boolean done = s.is3d() ? volumes(engine, stack, s, out, tally, progress) : pages(engine, stack, s, out, tally, progress);
            if (!done) {
                return null;
            }
            double total = (System.nanoTime() - t0) / 1e6;
            FilteredStack f = new FilteredStack(stack.withPages(out), s, tally.plan,
                    FilterService.timings(tally.filterMs, total, tally.cost), engine.backend(),
                    engine.device());
            return f.outcome(shown, sequence, label);
        };
    }

    /** What the pages or volumes of a whole-stack run add up to: the engine's time, the work, the last plan. */
    private static final class Tally {
        double filterMs;
        FilterCost cost = FilterCost.NONE;
        LaunchPlan plan;

        void add(LaunchPlan p, double ms, FilterCost c) {
            plan = p;
            filterMs += ms;
            cost = cost.plus(c);
        }
    }

    /** Each page through the engine's plane filter; false when cancelled. */
    private static boolean pages(ConvolutionEngine engine, ImageStack stack, EditState s, SampleImage[] out, Tally tally,
                                 FilterExecutor.Progress progress) {
        try (PlaneFilter planes = PlaneFilters.forEngine(engine)) {
            StripFilter strips = new StripFilter(engine, planes, 0);
            for (int p = 0; p < out.length; p++) {
                if (progress.cancelled()) {
                    return false;
                }
                progress.done((double) p / out.length, WHOLE);
                SampleImage in = stack.pages()[p];
                FilterService.SampleRun run = FilterService.SampleRun.of(strips, in, s);
                out[p] = run.result();
                tally.add(run.plan(), run.filterMs(), run.cost());
            }
        }
        progress.done(1, WHOLE);
        return true;
    }

    /** Each channel of each frame as a volume through the engine's 3D filter; false when cancelled. */
    private static boolean volumes(ConvolutionEngine engine, ImageStack stack, EditState s, SampleImage[] out, Tally tally,
                                   FilterExecutor.Progress progress) {
        Hyperstack d = stack.dims();
        int n = d.frames() * d.channels();
        try (VolumeFilter filter = StackFilter.volumeFilter(engine)) {
            for (int t = 0; t < d.frames(); t++) {
                for (int c = 0; c < d.channels(); c++) {
                    if (progress.cancelled()) {
                        return false;
                    }
                    progress.done((double) (t * d.channels() + c) / n, WHOLE);
                    long t0 = System.nanoTime();
                    VolumeSlices.Result r = VolumeSlices.filter(filter, column(stack, c, t), s, s.volumeStrategy(), 0, d.slices());
                    tally.add(r.plan(), (System.nanoTime() - t0) / 1e6, r.cost());
                    for (int z = 0; z < d.slices(); z++) {
                        out[d.page(c, z, t)] = r.slices()[z];
                    }
                }
            }
        }
        progress.done(1, WHOLE);
        return true;
    }

    /** The z slices of channel c in frame t: one volume. */
    private static SampleImage[] column(ImageStack stack, int c, int t) {
        SampleImage[] v = new SampleImage[stack.dims().slices()];
        for (int z = 0; z < v.length; z++) {
            v[z] = stack.page(c, z, t);
        }
        return v;
    }
}
