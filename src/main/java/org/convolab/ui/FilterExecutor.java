package org.convolab.ui;

import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.concurrent.Worker;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.RgbaImage;

/**
 * Where {@link MainModel}'s filter requests run, as JabRef's {@code TaskExecutor} is injected into its view
 * models: off the caller's thread, newest first, each outcome reported back on the caller's thread. The window's
 * is {@link FilterService}, a JavaFX {@code Service} (which must be driven from the FX thread); a test can give
 * one that filters on the calling thread, so that the model runs without the JavaFX toolkit.
 */
interface FilterExecutor {

    /** Filters the image with the state, replacing any request not yet reported; returns its sequence number. */
    long submit(RgbaImage image, EditState state);

    /**
     * Filters an image's samples (16-bit, 32-bit, float, or an output depth other than 8 bits) whole into the state's
     * depth, {@code shown} being the input as shown; replaces any request not yet reported; returns its sequence number.
     */
    default long submit(RgbaImage shown, SampleImage samples, EditState state) {
        return submit(shown, (engine, sequence, progress) -> FilterService.filterSamples(engine, samples, state, sequence), state);
    }

    /**
     * Runs {@code job} (a slice of a stack, a whole stack) with the engine of the state's backend, {@code shown} being
     * the input as shown; replaces any request not yet reported; returns its sequence number.
     */
    long submit(RgbaImage shown, Job job, EditState state);

    /** Work of one request, run off the caller's thread. */
    @FunctionalInterface
    interface Job {
        /** The request's whole outcome, or null when it was cancelled. */
        FilterOutcome run(ConvolutionEngine engine, long sequence, Progress progress);
    }

    /** What a long job reports, and how it learns that it was cancelled. */
    interface Progress {
        /** Whether the request was cancelled (a job stops between steps and returns null). */
        boolean cancelled();

        /** The share done, 0 to 1, and what is being done ("Filtering the whole stack"). */
        void done(double fraction, String what);

        /** For a job that reports nothing and is never cancelled (tests). */
        Progress NONE = new Progress() {
            @Override
            public boolean cancelled() {
                return false;
            }

            @Override
            public void done(double fraction, String what) {
                // nobody is shown this
            }
        };
    }

    /** The sequence number of the newest request. */
    long latest();

    /** Whether a request is queued or running. */
    boolean isRunning();

    /** Cancels the running request, if any; false when nothing was running. */
    boolean cancel();

    /** Where to ask, at each request, which image region {x, y, w, h} the window shows (or null). */
    void setVisibleRegion(Supplier<int[]> region);

    /**
     * Where outcomes go: {@code done} the whole-image outcome of a request (or null when it was dropped),
     * {@code preview} each outcome as it is published (a big image's visible region first), {@code failed} why a
     * request failed.
     */
    void setListeners(Consumer<FilterOutcome> done, Consumer<FilterOutcome> preview, Consumer<Throwable> failed);

    /** The running work for progress bars and the busy cue, or null where there is none to show (a test's). */
    Worker<FilterOutcome> worker();
}
