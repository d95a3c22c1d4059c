package org.convolab.ui;

import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.image.Image;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.RgbaImage;

/**
 * What the main window shows, without any layout: the input image, the settings ({@link EditState})
 * with their undo history, the last filter outcome and a one-line status, each a JavaFX property the
 * views bind to. Every edit goes through {@link #edit}, which records it for undo and filters again off
 * the FX thread through a {@link FilterExecutor} (the window's {@link FilterService}). Use on the FX thread, or
 * on one thread with an executor that reports there.
 */
public final class MainModel {
    private final EngineProvider engines;
    private final FilterExecutor filter;
    private final History<EditState> history;

    /** The preset of {@link EditState#initial()}'s mask. */
    static final String INITIAL_PRESET = "gaussian:1.5";

    /** What is open: the file, the input as shown, its samples, the stack, the display ranges. */
    private final OpenInput open = new OpenInput();
    private final ReadOnlyObjectWrapper<FilterOutcome> outcome = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<FilterOutcome> preview = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<EditState> state = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    /** Actions waiting for the whole-image result of a request (a save asked for while it was filtered). */
    private final ResultWaiters waiting = new ResultWaiters();
    private final MaskEdits masks;

    MainModel(EngineProvider engines, EditState initial) {
        this(engines, initial, new FilterService(engines));
    }

    /** A model whose filters run on {@code filter} (the window's: a {@link FilterService}). */
    MainModel(EngineProvider engines, EditState initial, FilterExecutor filter) {
        this.engines = engines;
        this.filter = filter;
        this.history = new History<>(initial, 200);
        this.masks = new MaskEdits(this, initial);
        state.set(history.current());
        state.addListener((o, was, now) -> sayWhyNotApplicable(now));
        sayWhyNotApplicable(state.get());
        filter.setListeners(this::shown, this::previewed, t -> failed(FilterStatus.failure(t)));
    }

    // ------------------------------------------------------------------ properties

    /** The decoded input image; null until one is open. */
    public ReadOnlyObjectProperty<RgbaImage> inputProperty() {
        return open.input.getReadOnlyProperty();
    }

    /** The file the input came from. */
    public ReadOnlyObjectProperty<Path> fileProperty() {
        return open.fileProperty();
    }

    /** The newest filter result of the current input; null while there is none. */
    public ReadOnlyObjectProperty<FilterOutcome> outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    /**
     * On a big image, the newest edit's result for the visible region while the whole image is still
     * being filtered (see {@link FilterService}); null otherwise.
     */
    public ReadOnlyObjectProperty<FilterOutcome> previewProperty() {
        return preview.getReadOnlyProperty();
    }

    /** The current settings. */
    public ReadOnlyObjectProperty<EditState> stateProperty() {
        return state.getReadOnlyProperty();
    }

    /** The one-line status for the status bar. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The input image, or null. */
    public RgbaImage input() {
        return open.input.get();
    }

    /** The input's samples when it is a 16-bit, 32-bit or float image; null for an 8-bit image. */
    ReadOnlyObjectProperty<SampleImage> samplesProperty() {
        return open.samples.getReadOnlyProperty();
    }

    /** The input's samples, or null for an 8-bit image. */
    SampleImage samples() {
        return open.samples.get();
    }

    /** The display ranges of the input's and the output's samples. */
    DisplayRanges ranges() {
        return open.ranges;
    }

    /** The display range {@link #input()} shows the samples at (it was made at it), or null for an 8-bit image. */
    DisplayRange inputRenderedAt() {
        return open.renderedAt;
    }

    /** The input as a JavaFX image (made when first asked for), or null. */
    public Image inputImage() {
        return open.fx();
    }

    /** The input's file, or null. */
    public Path file() {
        return open.file.get();
    }

    /** The newest outcome, or null. */
    public FilterOutcome outcome() {
        return outcome.get();
    }

    /** The current settings. */
    public EditState current() {
        return state.get();
    }

    /** Whether a filter request is queued or running. */
    boolean filtering() {
        return filter.isRunning();
    }

    /**
     * Hands {@code then} the whole-image outcome of the newest request: at once when it is the one
     * shown, else when the filter has finished it (or a newer request, which replaced it). If the filter
     * fails first, or another image is opened, {@code failed} gets the reason instead. So a save asked for
     * right after an edit, or while a big image is still being filtered, writes the result of the settings
     * the window shows, never the previous one.
     *
     * @return true when it has to wait
     */
    boolean whenCurrent(Consumer<FilterOutcome> then, Consumer<String> failed) {
        FilterOutcome o = outcome.get();
        if (o != null && (o.sequence() >= filter.latest() || !filter.isRunning())) {
            then.accept(o);
            return false;
        }
        waiting.add(filter.latest(), then, failed);
        return true;
    }

    /** Why the GPU is not used, or null when it is usable. */
    String cudaProblem() {
        return engines.cudaProblem();
    }

    /** The CPU engine (for previews that must not wait for the GPU). */
    ConvolutionEngine cpuEngine() {
        return engines.engine(org.convolab.core.Backend.CPU);
    }

    /** The engine of the current backend (for the compare window). */
    ConvolutionEngine engine() {
        return engines.engine(current().backend());
    }

    /** The background filter, for its progress. */
    javafx.concurrent.Worker<FilterOutcome> filterWorker() {
        return filter.worker();
    }

    /** Where the window tells which image region {x, y, w, h} it shows, for the preview of a big image. */
    void setVisibleRegion(java.util.function.Supplier<int[]> region) {
        filter.setVisibleRegion(region);
    }

    /**
     * Cancels the filter that is running, if any: the output keeps the last result, and the status says
     * so. Returns false when nothing was running.
     */
    boolean cancelFilter() {
        if (!filter.isRunning()) {
            return false;
        }
        filter.cancel();
        masks.withNote("");
        say("Cancelled: the output still shows the previous result (edit again, or undo, to filter)");
        waiting.failAll("the filter was cancelled");
        return true;
    }

    // ------------------------------------------------------------------ edits

    /** Records a new state for undo and filters again. */
    public void edit(EditState s) {
        history.push(s);
        change(s);
    }

    void undo() {
        history.undo().ifPresent(this::change);
    }

    void redo() {
        history.redo().ifPresent(this::change);
    }

    /**
     * Makes {@code s} the current settings: the filter is asked for first, then the views that show the
     * settings update (the mask editor rebuilds its cells, which can take longer than a frame) while the
     * engine works, instead of before it starts.
     */
    private void change(EditState s) {
        refilter(s);
        state.set(s);
    }

    /** The mask edits: presets, size and depth, normalise, flip, a 3D mask's slices. */
    MaskEdits masks() {
        return masks;
    }

    /** The open stack and the position shown in it. */
    StackModel stack() {
        return open.stack;
    }

    /**
     * A new input image, decoded (with its JavaFX copy) off the FX thread: shows it and filters it.
     *
     * @param note how the image is shown (e.g. turned upright by its EXIF orientation), or "": the status bar's
     *             lines keep it while this image is open
     */
    void opened(Path path, RgbaImage image, Image fx, String note) {
        opened(path, image, null, fx, note);
    }

    /**
     * As {@link #opened(Path, RgbaImage, Image, String)} for an image kept as samples too (16-bit, 32-bit, float;
     * null for an 8-bit one): {@code image} is how they are shown at their initial display range.
     */
    void opened(Path path, RgbaImage image, SampleImage kept, Image fx, String note) {
        opened(path, image, kept, fx, note, null);
    }

    /**
     * A stack, read off the FX thread: shows its first page ({@code image}, at the stack's initial display range) and
     * filters it; the sliders ({@link #stack()}) move through it.
     */
    void openedStack(Path path, ImageStack s, RgbaImage image, Image fx) {
        opened(path, image, s.pages()[0], fx, s.describe(), s);
    }

    private void opened(Path path, RgbaImage image, SampleImage kept, Image fx, String note, ImageStack s) {
        open.open(path, image, kept, fx, note, s);
        if (!open.note.isEmpty()) {
            say("Opened " + path.getFileName() + open.note);
        }
        FilterOutcome was = outcome.get();
        outcome.set(null);
        release(was);
        preview.set(null);
        waiting.failAll("another image was opened before the result was ready");
        refilter();
    }

    /**
     * Shows page (c, z, t) of the open stack, at the input's display range, and its result: the page of the whole
     * filtered stack when the settings are those it was filtered with, else the slice filtered live. While the whole
     * stack is being filtered, only the input moves (its result shows the page when the run is done).
     */
    void showSlice(int c, int z, int t) {
        if (open.stack.get() == null) {
            return;
        }
        open.showSlice(c, z, t);
        if (open.stack.wholeRunning(filter.latest(), filter.isRunning())) {
            say(StackJobs.WHOLE + "; " + open.stack.where() + " shows its result when it is done");
        } else {
            refilter();
        }
    }

    /**
     * Filters every page of the open stack with the current settings in the background (progress, Esc cancels); the
     * sliders then browse the result. Returns the request's number, or -1 (saying why) when there is no stack.
     */
    long filterWholeStack() {
        EditState s = current();
        String why = s.whyNotApplicable();
        if (open.stack.get() == null || why != null) {
            say(why != null ? why : "Open a stack (a multi-page TIFF) first");
            return -1;
        }
        submitted = System.nanoTime();
        long seq = filter.submit(input(), open.stack.wholeJob(s), s);
        open.stack.wholeSubmitted(seq);
        say(StackJobs.WHOLE + " (" + open.stack.get().dims().describe() + ")... Esc cancels");
        return seq;
    }

    /** Hands {@code then} the outcome of request {@code sequence} (or a newer one) when shown; {@code failed} why not. */
    void whenShown(long sequence, Consumer<FilterOutcome> then, Consumer<String> failed) {
        waiting.add(sequence, then, failed);
    }

    /** Puts a line in the status bar. */
    void say(String text) {
        status.set(text);
    }

    // ------------------------------------------------------------------ filtering

    private void refilter() {
        refilter(current());
    }

    private void refilter(EditState s) {
        RgbaImage img = input();
        if (img == null) {
            return;
        }
        String why = s.whyNotApplicable();
        if (why != null) {
            say(why);
            return;
        }
        submitted = System.nanoTime();
        StackModel st = open.stackFor(s);
        SampleImage kept = open.samplesToFilter(s);
        if (st != null) {
            filter.submit(img, st.sliceJob(s), s);
        } else if (kept != null) {
            filter.submit(img, kept, s);
        } else {
            filter.submit(img, s);
        }
    }

    /** When the newest request was made (System.nanoTime), for how long it took as the user waited. */
    private long submitted;

    private void sayWhyNotApplicable(EditState s) {
        String why = s.whyNotApplicable();
        if (why != null) {
            say(why);
        }
    }

    private void previewed(FilterOutcome o) {
        if (o == null || o.complete() || o.sequence() != filter.latest()) {
            return;
        }
        preview.set(o);
        say(FilterStatus.previewed(o));
    }

    private void shown(FilterOutcome o) {
        if (o == null) {
            return;
        }
        if (o.sequence() != filter.latest()) {
            o.result().close(); // an older result never replaces a newer request's
            return;
        }
        FilterOutcome was = outcome.get();
        preview.set(null);
        open.stack.shown(o);
        open.ranges.result(o.samples()); // before the views take the outcome, so they show it at its range
        outcome.set(o);
        release(was); // after the views have taken the new one (a save or a count in progress holds its own)
        double waitedMs = (System.nanoTime() - submitted) / 1e6;
        say(masks.withNote(FilterStatus.filtered(o, waitedMs, open.ranges.get(DisplayRanges.Target.OUTPUT)) + open.note));
        waiting.shown(o);
        if (o.stack() != null && open.stack.get() != null && o.stack().index() != open.stack.index()) {
            refilter(); // the slider moved while the whole stack was filtered: show its page now
        }
    }

    /** Gives a result that is no longer shown back to its engine. */
    private static void release(FilterOutcome o) {
        if (o != null) {
            o.result().close();
        }
    }

    private void failed(String why) {
        say(why);
        waiting.failAll(why);
    }
}
