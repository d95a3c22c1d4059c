package org.convolab.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.image.Image;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.convolab.core.OutputDepth;
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

    private final ReadOnlyObjectWrapper<RgbaImage> input = new ReadOnlyObjectWrapper<>();
    /** The input's samples when it is not 8-bit (16-bit, 32-bit, float); null for an 8-bit image. */
    private final ReadOnlyObjectWrapper<SampleImage> samples = new ReadOnlyObjectWrapper<>();
    /** An 8-bit input's samples, made when an output depth other than 8 bits asks for them; null until then. */
    private SampleImage eightBitSamples;
    /** The display ranges of the input and output samples. */
    private final DisplayRanges ranges = new DisplayRanges();
    private final ReadOnlyObjectWrapper<Image> inputImage = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<FilterOutcome> outcome = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<FilterOutcome> preview = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<EditState> state = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    /** Actions waiting for the whole-image result of a request (a save asked for while it was filtered). */
    private final List<Waiting> waiting = new ArrayList<>();

    private record Waiting(long sequence, Consumer<FilterOutcome> then, Consumer<String> failed) {
    }

    MainModel(EngineProvider engines, EditState initial) {
        this(engines, initial, new FilterService(engines));
    }

    /** A model whose filters run on {@code filter} (the window's: a {@link FilterService}). */
    MainModel(EngineProvider engines, EditState initial, FilterExecutor filter) {
        this.engines = engines;
        this.filter = filter;
        this.history = new History<>(initial, 200);
        if (initial.mask().equals(EditState.initial().mask())) {
            presets.put(initial.mask(), INITIAL_PRESET);
        }
        state.set(history.current());
        state.addListener((o, was, now) -> sayWhyNotApplicable(now));
        sayWhyNotApplicable(state.get());
        filter.setListeners(this::shown, this::previewed, t -> failed(describe(t)));
    }

    // ------------------------------------------------------------------ properties

    /** The decoded input image; null until one is open. */
    public ReadOnlyObjectProperty<RgbaImage> inputProperty() {
        return input.getReadOnlyProperty();
    }

    /** The input as a JavaFX image (set before {@link #inputProperty()} changes). */
    public ReadOnlyObjectProperty<Image> inputImageProperty() {
        return inputImage.getReadOnlyProperty();
    }

    /** The file the input came from. */
    public ReadOnlyObjectProperty<Path> fileProperty() {
        return file.getReadOnlyProperty();
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
        return input.get();
    }

    /** The input's samples when it is a 16-bit, 32-bit or float image; null for an 8-bit image. */
    ReadOnlyObjectProperty<SampleImage> samplesProperty() {
        return samples.getReadOnlyProperty();
    }

    /** The input's samples, or null for an 8-bit image. */
    SampleImage samples() {
        return samples.get();
    }

    /** The display ranges of the input's and the output's samples. */
    DisplayRanges ranges() {
        return ranges;
    }

    /** The display range {@link #input()} shows the samples at (it was made at it), or null for an 8-bit image. */
    DisplayRange inputRenderedAt() {
        return inputRenderedAt;
    }

    private DisplayRange inputRenderedAt;

    /** The input as a JavaFX image, or null. */
    public Image inputImage() {
        return inputImage.get();
    }

    /** The input's file, or null. */
    public Path file() {
        return file.get();
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
        waiting.add(new Waiting(filter.latest(), then, failed));
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
        note = null;
        say("Cancelled: the output still shows the previous result (edit again, or undo, to filter)");
        failWaiting("the filter was cancelled");
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

    /** Presets whose sums are signed gradients: they are shown as |sum| (edges either way). */
    static final java.util.Set<String> GRADIENT_PRESETS = java.util.Set.of("sobel-x", "sobel-y", "prewitt-x", "prewitt-y");

    /** Puts a preset in the editor; the gradient presets tick |sum| as well. */
    void applyPreset(String spec) {
        Mask m = MaskPresets.parse(spec);
        presets.put(m, spec);
        EditState s = current().withMask(m);
        edit(GRADIENT_PRESETS.contains(spec) ? s.withAbs(true) : s);
    }

    /** Puts a mask a preset dialog made in the editor; {@code spec} (or null) is the preset that made it. */
    void applyPreset(Mask m, String spec) {
        if (spec != null) {
            presets.put(m, spec);
        }
        edit(current().withMask(m));
    }

    /**
     * The masks that presets made (the very objects the settings hold, so undo and redo keep them), with
     * their SPECs: a new size makes such a mask again rather than cropping it.
     */
    private final java.util.Map<Mask, String> presets = new java.util.IdentityHashMap<>();

    /** The preset that made the current mask, or null when it is hand-made (or edited since). */
    String presetOfMask() {
        return presets.get(current().mask());
    }

    /** A new mask size: a preset made again at that size, any other mask padded or cropped with a note. */
    void resizeMask(int width, int height) {
        Mask m = current().mask();
        if (m.width() == width && m.height() == height) {
            return;
        }
        MaskResize r = MaskResize.of(m, presetOfMask(), width, height);
        if (r.preset() != null) {
            presets.put(r.mask(), r.preset());
        }
        edit(current().withMask(r.mask()));
        say(r.note());
        note = r.note(); // and after the filter's own line, which replaces it moments later
    }

    /** A line the next "Filtered with..." status carries on (what a new mask size did), or null. */
    private String note;

    private String withNote(String line) {
        String n = note;
        note = null;
        return n == null ? line : line + " \u2014 " + n;
    }

    void normalise() {
        Mask m = current().mask();
        if (m.sum() == 0) {
            say("Cannot normalise: the weights sum to 0 (use the divisor instead)");
            return;
        }
        edit(current().withMask(m.normalized()));
    }

    void flip() {
        edit(current().withMask(current().mask().flipped()));
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
        imageNote = note == null || note.isEmpty() ? "" : "; " + note;
        if (!imageNote.isEmpty()) {
            say("Opened " + path.getFileName() + imageNote);
        }
        eightBitSamples = null;
        samples.set(kept);
        inputRenderedAt = kept == null ? null : DisplayRange.initial(kept);
        ranges.opened(inputRenderedAt);
        inputImage.set(fx);
        input.set(image);
        file.set(path);
        FilterOutcome was = outcome.get();
        outcome.set(null);
        release(was);
        preview.set(null);
        failWaiting("another image was opened before the result was ready");
        refilter();
    }

    /** What the status bar adds about the open image ("; shown upright by its EXIF orientation 6"), or "". */
    private String imageNote = "";

    /** Puts a line in the status bar. */
    void say(String text) {
        status.set(text);
    }

    /** The line a user sees for a failure: the message of ours, the whole exception otherwise. */
    static String describe(Throwable t) {
        if (t instanceof ConvolabException) {
            return t.getMessage();
        }
        return "Unexpected error: " + t;
    }

    // ------------------------------------------------------------------ filtering

    private void refilter() {
        refilter(current());
    }

    private void refilter(EditState s) {
        RgbaImage img = input.get();
        if (img == null) {
            return;
        }
        String why = s.strategy().whyNotApplicable(s.mask());
        if (why != null) {
            say(why);
            return;
        }
        submitted = System.nanoTime();
        SampleImage kept = samplesToFilter(img, s);
        if (kept != null) {
            filter.submit(img, kept, s);
        } else {
            filter.submit(img, s);
        }
    }

    /**
     * The samples a filter takes: the input's own when it is not 8-bit; an 8-bit image's when the output depth is
     * 16 bits or float (a signed Laplacian); null when the packed 8-bit path gives the result.
     */
    private SampleImage samplesToFilter(RgbaImage img, EditState s) {
        if (samples.get() != null) {
            return samples.get();
        }
        if (s.depth() == OutputDepth.SAME || s.depth() == OutputDepth.EIGHT) {
            return null;
        }
        if (eightBitSamples == null) {
            eightBitSamples = SampleImage.of(img);
        }
        return eightBitSamples;
    }

    /** When the newest request was made (System.nanoTime), for how long it took as the user waited. */
    private long submitted;

    private void sayWhyNotApplicable(EditState s) {
        String why = s.strategy().whyNotApplicable(s.mask());
        if (why != null) {
            say(why);
        }
    }

    private void previewed(FilterOutcome o) {
        if (o == null || o.complete() || o.sequence() != filter.latest()) {
            return;
        }
        preview.set(o);
        say(o.step() > 1
                ? String.format(Locale.ROOT, "Previewed the visible region at its scale (every %d pixels) in %.1f ms; "
                        + "filtering the whole image...", o.step(), o.result().timings().totalMs())
                : String.format(Locale.ROOT, "Previewed the visible region in %.1f ms; filtering the whole image...",
                        o.result().timings().totalMs()));
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
        ranges.result(o.samples()); // before the views take the outcome, so they show it at its range
        outcome.set(o);
        release(was); // after the views have taken the new one (a save or a count in progress holds its own)
        double waitedMs = (System.nanoTime() - submitted) / 1e6;
        // the engine's time, and the time the user waited when that was noticeably longer (a busy cue showed)
        String waited = waitedMs >= BusyCue.DELAY_MS ? String.format(Locale.ROOT, " (done %.1f s after the edit)", waitedMs / 1000) : "";
        String range = o.samples() == null ? "" : "; output shown " + ranges.get(DisplayRanges.Target.OUTPUT)
                + (o.samples().format().isFloat() ? " (float)" : "");
        say(withNote(String.format(Locale.ROOT, "Filtered with %s on %s in %.1f ms%s", o.result().strategy().id(), o.backend(),
                o.result().timings().totalMs(), waited) + range + imageNote));
        List<Waiting> ready = waiting.stream().filter(w -> o.sequence() >= w.sequence()).toList();
        waiting.removeAll(ready);
        ready.forEach(w -> w.then().accept(o));
    }

    /** Gives a result that is no longer shown back to its engine. */
    private static void release(FilterOutcome o) {
        if (o != null) {
            o.result().close();
        }
    }

    private void failed(String why) {
        say(why);
        failWaiting(why);
    }

    private void failWaiting(String why) {
        List<Waiting> all = List.copyOf(waiting);
        waiting.clear();
        all.forEach(w -> w.failed().accept(why));
    }
}
