package org.convolab.ui;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javafx.concurrent.Service;
import javafx.concurrent.Task;
import org.convolab.core.Backend;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.FilterCost;
import org.convolab.core.LaunchPlan;
import org.convolab.core.PlaneFilter;
import org.convolab.core.Timings;
import org.convolab.engine.PlaneFilters;
import org.convolab.engine.SampledPreview;
import org.convolab.engine.StripFilter;

/**
 * Runs filters off the FX thread, one at a time, newest first. {@link #submit} replaces the pending
 * request and restarts the service: a request still waiting is dropped, one already running is
 * cancelled (a big image between two bands) and its result ignored (the service reports only the
 * current task, and each outcome carries its sequence number so an older one can never overtake a
 * newer one).
 *
 * <p>A big image ({@link #BIG_PIXELS} or more) is filtered in two steps: first the region visible in
 * the window, with its halo (zoomed out, every few output pixels of it, at about the scale it is shown),
 * published as a preview through {@link #valueProperty()} (its
 * {@link FilterOutcome#complete()} is false); then the whole image band by band with progress, into the array of the
 * last whole result nobody holds any more when there is one ({@link SpareWholeBuffer}).
 */
final class FilterService extends Service<FilterOutcome> implements FilterExecutor {
    /** From this many pixels on, the whole image is filtered in bands, after a preview of the visible region. */
    static final int BIG_PIXELS = 32 << 20;
    /** The largest visible region filtered in full as a preview; a larger one (zoomed out) is previewed by samples. */
    static final int PREVIEW_PIXELS = 6 << 20;
    /** The most output pixels a preview of a zoomed-out region computes: about a screenful. */
    static final int PREVIEW_SAMPLES = 2 << 20;

    /** One request: immutable inputs; region is {x, y, w, h} or null; job, when not null, is what runs. */
    private record Request(RgbaImage image, EditState state, long sequence, int[] region, Job job) {
    }

    private final EngineProvider engines;
    /** The array of a big image's whole result no longer shown, filled again by the next whole pass. */
    private final SpareWholeBuffer spare = new SpareWholeBuffer();
    private volatile Request pending;
    private long sequence;
    private Supplier<int[]> visibleRegion = () -> null;

    FilterService(EngineProvider engines) {
        this.engines = engines;
        setExecutor(BackgroundThreads.single("convolab-filter"));
    }

    /** Where to ask, at each request, which image region {x, y, w, h} the window shows (or null). */
    @Override
    public void setVisibleRegion(Supplier<int[]> region) {
        visibleRegion = region;
    }

    @Override
    public void setListeners(java.util.function.Consumer<FilterOutcome> done, java.util.function.Consumer<FilterOutcome> preview,
                             java.util.function.Consumer<Throwable> failed) {
        setOnSucceeded(e -> done.accept(getValue()));
        setOnFailed(e -> failed.accept(getException()));
        valueProperty().addListener((o, was, now) -> preview.accept(now));
    }

    @Override
    public javafx.concurrent.Worker<FilterOutcome> worker() {
        return this;
    }

    /** Filters the image with the state, replacing any request not yet shown. Call on the FX thread. */
    @Override
    public long submit(RgbaImage image, EditState state) {
        int[] region = (long) image.width() * image.height() >= BIG_PIXELS ? visibleRegion.get() : null;
        pending = new Request(image, state, ++sequence, region, null);
        restart();
        return sequence;
    }

    /**
     * Runs a job (an image's samples filtered whole into the state's output depth, as {@code convolab filter --depth}
     * does; a slice or the whole of a stack); {@code shown} is the input as shown.
     */
    @Override
    public long submit(RgbaImage shown, Job job, EditState state) {
        pending = new Request(shown, state, ++sequence, null, job);
        restart();
        return sequence;
    }

    /** The number of the newest request. */
    @Override
    public long latest() {
        return sequence;
    }

    /**
     * The samples through the engine's plane filter in one band ({@link StripFilter}, as the CLI filters such a file),
     * into the state's depth: a float output keeps the exact {@code sum / divisor + offset}, signed.
     */
    static FilterOutcome filterSamples(ConvolutionEngine engine, SampleImage in, EditState s, long sequence) {
        SampleRun run;
        try (PlaneFilter planes = PlaneFilters.forEngine(engine)) {
            run = SampleRun.of(new StripFilter(engine, planes, 0), in, s);
        }
        SampleImage result = run.result();
        Timings t = timings(run.filterMs(), run.totalMs(), run.cost());
        FilterResult shown = new FilterResult(result.render(DisplayRange.initial(result)), run.plan(), t);
        return FilterOutcome.ofSamples(result, shown, engine.backend(), engine.device(), s, sequence);
    }

    /** One image's samples filtered: the result, what ran, its work (as every report counts it), the engine's time and the whole time. */
    record SampleRun(SampleImage result, LaunchPlan plan, FilterCost cost, double filterMs, double totalMs) {

        /** {@code in} through {@code strips} in one band into the state's depth. */
        static SampleRun of(StripFilter strips, SampleImage in, EditState s) {
            SampleImage.Collector out = new SampleImage.Collector(in.width(), in.height(), s.depth().of(in.format()));
            long t0 = System.nanoTime();
            StripFilter.Report report = strips.run(in::source, out, s.spec(), s.strategy(), s.depth());
            return new SampleRun(out.image(), report.plan(), report.cost(s.mask()), report.filterMs(), (System.nanoTime() - t0) / 1e6);
        }
    }

    /** Timings of a run on the host side of the engine door (no transfers): the engine's time and the whole time. */
    static Timings timings(double filterMs, double totalMs, FilterCost cost) {
        return new Timings(0, 0, List.of(filterMs), 0, 0, totalMs, filterMs, cost);
    }

    @Override
    protected Task<FilterOutcome> createTask() {
        Request r = pending;
        return new Task<>() {
            /** The lent result, once there: closed here when the task was cancelled, by the model otherwise. */
            private final AtomicReference<ResultLease> lent = new AtomicReference<>();

            @Override
            protected FilterOutcome call() {
                if (isCancelled() || r == null) {
                    return null;
                }
                ConvolutionEngine engine = engines.engine(r.state().backend());
                if (r.job() != null) {
                    return r.job().run(engine, r.sequence(), new Progress() {
                        @Override
                        public boolean cancelled() {
                            return isCancelled();
                        }

                        @Override
                        public void done(double fraction, String what) {
                            updateMessage(what);
                            updateProgress(fraction, 1);
                        }
                    });
                }
                RgbaImage img = r.image();
                if ((long) img.width() * img.height() < BIG_PIXELS) {
                    ResultLease result = engine.filterLeased(img, r.state().spec(), r.state().strategy());
                    lent.set(result);
                    if (isCancelled()) {
                        result.close();
                        return null;
                    }
                    return FilterOutcome.whole(result, engine.backend(), engine.device(), r.state(), r.sequence());
                }
                int[] v = r.region();
                if (v != null && (long) v[2] * v[3] <= PREVIEW_PIXELS) {
                    FilterResult part = RegionFilter.filter(engine, img, r.state().spec(), r.state().strategy(), v[0], v[1],
                            v[2], v[3]);
                    if (isCancelled()) {
                        return null;
                    }
                    updateValue(FilterOutcome.of(part, engine.backend(), engine.device(), r.state(), r.sequence(), v[0],
                            v[1], false));
                } else if (v != null) {
                    // zoomed out: the visible region at about the scale it is shown, every step-th output pixel
                    int step = SampledPreview.step((long) v[2] * v[3], PREVIEW_SAMPLES);
                    FilterResult part = SampledPreview.filter(img, r.state().spec(), v[0], v[1], v[2], v[3], step);
                    if (isCancelled()) {
                        return null;
                    }
                    updateValue(FilterOutcome.sampled(part, Backend.CPU, "CPU, the preview's samples", r.state(), r.sequence(),
                            v[0], v[1], step));
                }
                updateMessage("Filtering the whole image");
                updateProgress(0, 1);
                int[] out = spare.take(img.width() * img.height());
                FilterResult whole = RegionFilter.filterInBands(engine, img, r.state().spec(), r.state().strategy(),
                        RegionFilter.bandRows(img.width()), out, this::isCancelled, f -> updateProgress(f, 1));
                if (whole == null || isCancelled()) {
                    spare.offer(out);
                    return null;
                }
                // the array comes back for the next pass once the last holder of the result lets it go
                return FilterOutcome.whole(ResultLease.of(whole, () -> spare.offer(out)), engine.backend(), engine.device(),
                        r.state(), r.sequence());
            }

            @Override
            protected void succeeded() {
                // finished after a newer request replaced it: the service no longer reports it, so nobody shows it
                FilterOutcome o = getValue();
                if (o != null && r.sequence() != latest()) {
                    o.result().close();
                }
            }

            @Override
            protected void cancelled() {
                // cancelled after its result was made: nobody will show it (closing twice is harmless)
                ResultLease result = lent.get();
                if (result != null) {
                    result.close();
                }
            }
        };
    }
}
