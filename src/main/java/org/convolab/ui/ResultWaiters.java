package org.convolab.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Actions waiting for the whole-image result of a filter request (a save asked for while it was filtered): each is
 * handed the outcome of its request, or of a newer one, when it is shown; or the reason when the filter fails, is
 * cancelled or another image is opened first. Use on one thread (the FX thread).
 */
final class ResultWaiters {
    private record Waiting(long sequence, Consumer<FilterOutcome> then, Consumer<String> failed) {
    }

    private final List<Waiting> waiting = new ArrayList<>();

    /** {@code then} gets the outcome of request {@code sequence} or a newer one; {@code failed} the reason it never came. */
    void add(long sequence, Consumer<FilterOutcome> then, Consumer<String> failed) {
        waiting.add(new Waiting(sequence, then, failed));
    }

    /** An outcome is shown: those waiting for it (or an older request) get it. */
    void shown(FilterOutcome o) {
        List<Waiting> ready = waiting.stream().filter(w -> o.sequence() >= w.sequence()).toList();
        waiting.removeAll(ready);
        ready.forEach(w -> w.then().accept(o));
    }

    /** No result will come: every one waiting gets {@code why}. */
    void failAll(String why) {
        List<Waiting> all = List.copyOf(waiting);
        waiting.clear();
        all.forEach(w -> w.failed().accept(why));
    }
}
