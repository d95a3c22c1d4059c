package org.convolab.ui;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import org.convolab.io.Hyperstack;

/**
 * The open stack and where the window is in it: the position (channel, z slice, time frame, each from 0) the sliders
 * show, and the whole stack filtered with some settings, which the sliders browse while those settings are current
 * (undo back to them shows it again). Without the JavaFX toolkit: the properties are plain JavaFX beans.
 */
final class StackModel {
    private final ReadOnlyObjectWrapper<ImageStack> stack = new ReadOnlyObjectWrapper<>();
    /** The channel shown (from 0). */
    final IntegerProperty c = new SimpleIntegerProperty();
    /** The z slice shown (from 0). */
    final IntegerProperty z = new SimpleIntegerProperty();
    /** The time frame shown (from 0). */
    final IntegerProperty t = new SimpleIntegerProperty();
    private FilteredStack filtered;
    /** The sequence number of the whole-stack request running, or -1. */
    private long wholeRequest = -1;

    /** The open stack; null while a single image is open. */
    ReadOnlyObjectProperty<ImageStack> stackProperty() {
        return stack.getReadOnlyProperty();
    }

    /** The open stack, or null. */
    ImageStack get() {
        return stack.get();
    }

    /** A new stack (or null for a single image), shown at its first page. */
    void open(ImageStack s) {
        filtered = null;
        wholeRequest = -1;
        c.set(0);
        z.set(0);
        t.set(0);
        stack.set(s);
    }

    /** The page shown (ImageJ's order). */
    int index() {
        return get().dims().page(c.get(), z.get(), t.get());
    }

    /** The page shown. */
    SampleImage slice() {
        return get().pages()[index()];
    }

    /** "slice z 3/5", with the channel and the frame where the stack has more than one. */
    String where() {
        Hyperstack d = get().dims();
        String s = "slice z " + (z.get() + 1) + "/" + d.slices();
        if (d.channels() > 1) {
            s = "channel " + (c.get() + 1) + "/" + d.channels() + ", " + s;
        }
        return d.frames() > 1 ? s + ", t " + (t.get() + 1) + "/" + d.frames() : s;
    }

    /** The whole stack filtered with {@code s}, or null. */
    FilteredStack filtered(EditState s) {
        return filtered != null && filtered.state().equals(s) ? filtered : null;
    }

    /**
     * The job that shows the current page with {@code s}: the page of the whole stack filtered with {@code s} where
     * there is one, else the slice filtered live (as the middle of the 3D filter with a 3D mask).
     */
    FilterExecutor.Job sliceJob(EditState s) {
        FilteredStack f = filtered(s);
        int index = index();
        if (f != null) {
            String label = "whole stack (" + get().dims().describe() + "), " + where();
            return (engine, sequence, progress) -> f.outcome(index, sequence, label);
        }
        return StackJobs.slice(get(), index, s, where() + (s.is3d() ? " (the middle of the 3D filter)" : ""));
    }

    /** The job that filters every page with {@code s}; remembers its request number once submitted ({@link #wholeSubmitted}). */
    FilterExecutor.Job wholeJob(EditState s) {
        return StackJobs.whole(get(), index(), s, "whole stack (" + get().dims().describe() + "), " + where());
    }

    /** The whole-stack request {@code sequence} is running. */
    void wholeSubmitted(long sequence) {
        wholeRequest = sequence;
    }

    /** Whether request {@code latest}, the newest, is a whole-stack run still going. */
    boolean wholeRunning(long latest, boolean running) {
        return running && wholeRequest == latest;
    }

    /** An outcome is shown: a whole-stack run's result is kept for browsing. */
    void shown(FilterOutcome o) {
        if (o.stack() != null && o.stack().whole() != null) {
            filtered = o.stack().whole();
        }
        wholeRequest = -1;
    }
}
