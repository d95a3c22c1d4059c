package org.convolab.core;

import java.nio.IntBuffer;

/**
 * A filter result whose pixels the engine lends instead of copying them into a Java array: on the GPU
 * a read-only view of the page-locked host buffer the result was downloaded into, on the CPU the
 * result's own array. The pixels stay valid, and the engine does not reuse their memory, until every
 * holder has closed the lease: {@link #retain} adds a holder (a save or a histogram that outlives the
 * view), {@link #close} removes one. Thread-safe.
 *
 * <p>Reading {@link #pixels()} after the last close is a programming error: the engine may already be
 * writing the next result there (the memory itself stays valid Java memory, so nothing crashes).
 */
public final class ResultLease implements AutoCloseable {
    private final int width;
    private final int height;
    private final IntBuffer pixels;
    private final LaunchPlan plan;
    private final Timings timings;
    private final Runnable release;
    private RgbaImage image;
    private int holders = 1;

    /**
     * A lease with one holder.
     *
     * @param pixels  at least width*height ARGB pixels, row-major, from index 0 (not copied; the lease
     *                hands out a read-only view of the first width*height)
     * @param image   the same pixels as an image when the engine has one (no copy is then ever made), or null
     * @param release run once, when the last holder closes
     */
    public ResultLease(int width, int height, IntBuffer pixels, RgbaImage image, LaunchPlan plan, Timings timings,
            Runnable release) {
        if ((long) width * height > pixels.capacity()) {
            throw new IllegalArgumentException("a " + width + "x" + height + " result needs " + (long) width * height
                    + " pixels, the buffer holds " + pixels.capacity());
        }
        this.width = width;
        this.height = height;
        this.pixels = pixels.duplicate().clear().limit(width * height).asReadOnlyBuffer();
        this.image = image;
        this.plan = plan;
        this.timings = timings;
        this.release = release;
    }

    /** A lease over a result's own array: nothing to release, and {@link #image()} is the result's image. */
    public static ResultLease of(FilterResult result) {
        return of(result, () -> { });
    }

    /**
     * A lease over a result's own array, {@code release} run once when the last holder closes it (the array may then
     * be filled with another result); {@link #image()} is the result's image.
     */
    public static ResultLease of(FilterResult result, Runnable release) {
        RgbaImage img = result.image();
        return new ResultLease(img.width(), img.height(), IntBuffer.wrap(img.pixels()), img, result.plan(), result.timings(),
                release);
    }

    /** Width of the result in pixels. */
    public int width() {
        return width;
    }

    /** Height of the result in pixels. */
    public int height() {
        return height;
    }

    /**
     * The ARGB pixels, row-major (index {@code y * width + x}), read-only; the same buffer object at every
     * call. Use absolute gets: the position is shared by everyone who reads it.
     */
    public IntBuffer pixels() {
        return pixels;
    }

    /** What was asked for, what ran and why. */
    public LaunchPlan plan() {
        return plan;
    }

    /** The strategy that ran. */
    public Strategy strategy() {
        return plan.runs();
    }

    /** How long each phase took. */
    public Timings timings() {
        return timings;
    }

    /** The ARGB pixel at column x, row y. */
    public int argb(int x, int y) {
        return pixels.get(y * width + x);
    }

    /** Whether {@link #image()} is free: the engine's own array (the CPU) rather than a copy to be made. */
    public synchronized boolean hasImage() {
        return image != null;
    }

    /**
     * The pixels as an image: the engine's own array where it has one, else a copy made at the first call
     * (a Java array of the whole result: use {@link #pixels()} where that is enough).
     */
    public synchronized RgbaImage image() {
        if (image == null) {
            checkOpen();
            int[] copy = new int[width * height];
            pixels.get(0, copy, 0, copy.length);
            image = new RgbaImage(width, height, copy);
        }
        return image;
    }

    /** The lease and its timings as a plain result (making {@link #image()} if needed). */
    public FilterResult toResult() {
        return new FilterResult(image(), plan, timings);
    }

    /**
     * Adds a holder: the pixels stay valid until this holder closes too.
     *
     * @throws ConvolabException when the last holder has already closed the lease
     */
    public synchronized ResultLease retain() {
        checkOpen();
        holders++;
        return this;
    }

    /** Whether some holder still has the lease open. */
    public synchronized boolean isOpen() {
        return holders > 0;
    }

    private void checkOpen() {
        if (holders <= 0) {
            throw new ConvolabException("the filter result was released (a newer result took its place)");
        }
    }

    /** Removes a holder; the last one gives the memory back to the engine. Closing more often than held does nothing. */
    @Override
    public void close() {
        boolean last;
        synchronized (this) {
            if (holders <= 0) {
                return;
            }
            last = --holders == 0;
        }
        if (last) {
            release.run();
        }
    }
}
