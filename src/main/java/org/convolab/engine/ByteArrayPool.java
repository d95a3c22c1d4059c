package org.convolab.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Arrays that a batch's files are read into, reused file after file: a batch of thousands of JPEGs then
 * makes no more arrays than it holds files at once (the pipeline bounds those), so the heap, and the
 * process's memory, stay as they are after the first files. Thread-safe.
 */
final class ByteArrayPool {
    /** Free arrays kept at most (more are dropped: the garbage collector takes them). */
    static final int MAX_KEPT = 256;

    private final List<byte[]> free = new ArrayList<>();

    /** A free array of at least {@code length} bytes (the smallest that holds them), or a new one an eighth longer. */
    synchronized byte[] take(int length) {
        byte[] best = null;
        for (byte[] a : free) {
            if (a.length >= length && (best == null || a.length < best.length)) {
                best = a;
            }
        }
        if (best != null) {
            free.remove(best);
            return best;
        }
        return new byte[(int) Math.min(Integer.MAX_VALUE - 16L, length + (long) (length >> 3))];
    }

    /** Takes an array back for the next file (null does nothing). */
    synchronized void giveBack(byte[] array) {
        if (array != null && free.size() < MAX_KEPT) {
            free.add(array);
        }
    }

    /** Free arrays now (for tests). */
    synchronized int free() {
        return free.size();
    }
}
