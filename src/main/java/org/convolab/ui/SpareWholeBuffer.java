package org.convolab.ui;

import java.lang.ref.SoftReference;

/**
 * The array of a big image's whole result that the window no longer shows, kept for the next whole-image pass.
 *
 * <p>Why: on Java 17 a {@code new int[]} of a 300-megapixel image (1.2 GB) is cleared in one go by the thread that
 * allocates it, and no safepoint can begin until that is done, so every thread of the application, the FX thread
 * among them, stops for as long as the clearing takes (3.2-6.6 s measured on a 2-core virtual machine,
 * where the fresh memory is also faulted in page by page). Filling an array that is already there costs neither.
 *
 * <p>A result's array comes back here only when the last holder of its lease has closed it (the model, a save, a
 * histogram), so nobody reads it any more. One array is kept, softly: the collector takes it back before it would
 * run out of memory. Thread-safe.
 */
final class SpareWholeBuffer {
    private SoftReference<int[]> spare = new SoftReference<>(null);

    /** The spare array when it has this length (it is handed out once), else a new one. */
    int[] take(int length) {
        synchronized (this) {
            int[] a = spare.get();
            if (a != null && a.length == length) {
                spare = new SoftReference<>(null);
                return a;
            }
        }
        return new int[length];
    }

    /** Keeps the array of a result nobody holds any more, in place of the one kept before. */
    synchronized void offer(int[] unused) {
        spare = new SoftReference<>(unused);
    }
}
