package org.convolab.ui;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Undo and redo over immutable states. {@link #push} records a new state (and forgets the redo
 * branch); {@link #undo} and {@link #redo} move between them. Bounded: the oldest states go first.
 *
 * @param <T> the state type
 */
public final class History<T> {
    private final Deque<T> undo = new ArrayDeque<>();
    private final Deque<T> redo = new ArrayDeque<>();
    private final int limit;
    private T current;

    public History(T initial, int limit) {
        this.current = initial;
        this.limit = limit;
    }

    public T current() {
        return current;
    }

    /** Records a new current state; equal states are not recorded twice. */
    public void push(T state) {
        if (state.equals(current)) {
            return;
        }
        undo.push(current);
        if (undo.size() > limit) {
            undo.removeLast();
        }
        redo.clear();
        current = state;
    }

    public boolean canUndo() {
        return !undo.isEmpty();
    }

    public boolean canRedo() {
        return !redo.isEmpty();
    }

    /** Steps back; the state now current, or empty when there is nothing to undo. */
    public Optional<T> undo() {
        if (undo.isEmpty()) {
            return Optional.empty();
        }
        redo.push(current);
        current = undo.pop();
        return Optional.of(current);
    }

    /** Steps forward again. */
    public Optional<T> redo() {
        if (redo.isEmpty()) {
            return Optional.empty();
        }
        undo.push(current);
        current = redo.pop();
        return Optional.of(current);
    }
}
