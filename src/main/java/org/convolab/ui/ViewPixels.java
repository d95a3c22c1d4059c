package org.convolab.ui;

import java.nio.IntBuffer;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;

/**
 * The pixels a view shows: ARGB, row-major, read with absolute gets from an {@link IntBuffer} that is an
 * image's own array or the memory an engine lent a result in ({@link ResultLease}); nothing is copied.
 * Views compare these by identity: one object per image shown.
 *
 * @param argb width*height pixels from index 0
 */
record ViewPixels(int width, int height, IntBuffer argb) {

    /**
     * An image's own array, read-only; null for null. Read-only like a lease's pixels, so that the views'
     * per-pixel reads meet two buffer classes at most (heap and direct) and stay inlined.
     */
    static ViewPixels of(RgbaImage image) {
        return image == null ? null
                : new ViewPixels(image.width(), image.height(), IntBuffer.wrap(image.pixels()).asReadOnlyBuffer());
    }

    /** A lent result's pixels, valid while the lease is open; null for null. */
    static ViewPixels of(ResultLease result) {
        return result == null ? null : new ViewPixels(result.width(), result.height(), result.pixels());
    }

    /** The ARGB pixel at column x, row y. */
    int argb(int x, int y) {
        return argb.get(y * width + x);
    }
}
