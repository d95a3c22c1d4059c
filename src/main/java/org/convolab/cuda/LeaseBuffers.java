package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemHostRegister;
import static jcuda.driver.JCudaDriver.cuMemHostUnregister;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import jcuda.CudaException;
import jcuda.Pointer;

/**
 * The host buffers that results are downloaded into and lent out ({@link org.convolab.core.ResultLease}):
 * Java direct buffers page-locked with {@code cuMemHostRegister}, so the download runs at the speed of
 * pinned memory while the memory belongs to Java: a lease that outlives a context reset or the engine's
 * close still points at valid memory (pinned memory from {@code cuMemAllocHost} would be freed with the
 * context under the reader). A buffer is free (the engine may download into it) or lent (until its
 * lease's last holder closes): the engine never writes into a lent one.
 *
 * <p>Registrations belong to the context: {@link #contextGone} forgets them all, and buffers lent
 * before it are dropped when they come back. {@link #take}, {@link #releaseFree} and {@link #contextGone}
 * run on the CUDA thread; {@link #giveBack} on any thread (the window closes leases on the FX thread).
 */
final class LeaseBuffers {
    /** Free buffers kept registered between results: the one being shown comes back while the next is made. */
    static final int KEEP_FREE = 2;
    private static final int PAGE = 4096;
    /** The largest buffer: a direct buffer holds at most 2 GB (a result of about 500 megapixels). */
    static final long MAX_BYTES = Integer.MAX_VALUE - 2L * PAGE;

    /** Bytes rounded up to whole pages (what is registered). */
    static long pages(long bytes) {
        return (bytes + PAGE - 1) / PAGE * PAGE;
    }

    /** One registered buffer. */
    static final class Buffer {
        private final ByteBuffer bytes;
        private final IntBuffer ints;
        private final Pointer pointer;
        private final long generation;

        Buffer(long bytes, long generation) {
            // alignedSlice trims both ends to whole pages: a page more than the pages needed leaves at least those
            this.bytes = ByteBuffer.allocateDirect(Math.toIntExact(pages(bytes) + PAGE)).alignedSlice(PAGE)
                    .order(ByteOrder.nativeOrder());
            this.bytes.limit(Math.toIntExact(bytes));
            this.ints = this.bytes.slice().order(ByteOrder.nativeOrder()).asIntBuffer();
            this.pointer = Pointer.to(this.bytes);
            this.generation = generation;
        }

        /** The pixels, native order. */
        IntBuffer ints() {
            return ints;
        }

        /** Where a download goes. */
        Pointer pointer() {
            return pointer;
        }

        long bytes() {
            return bytes.limit();
        }
    }

    private final ArrayDeque<Buffer> free = new ArrayDeque<>();
    private final List<Buffer> toUnregister = new ArrayList<>();
    private long generation;
    private int lent;

    /**
     * A free buffer of exactly {@code bytes}, registered in the current context: one given back earlier, or
     * a new one. Free buffers of other sizes, and those beyond {@link #KEEP_FREE}, are unregistered here.
     */
    Buffer take(long bytes) {
        Buffer found = null;
        List<Buffer> drop = new ArrayList<>();
        synchronized (this) {
            drop.addAll(toUnregister);
            toUnregister.clear();
            for (Iterator<Buffer> it = free.iterator(); it.hasNext(); ) {
                Buffer b = it.next();
                if (found == null && b.bytes() == bytes) {
                    found = b;
                    it.remove();
                } else if (b.bytes() != bytes) {
                    drop.add(b);
                    it.remove();
                }
            }
        }
        drop.forEach(LeaseBuffers::unregister);
        if (found == null) {
            long gen;
            synchronized (this) {
                gen = generation;
            }
            found = new Buffer(bytes, gen);
            cuMemHostRegister(found.pointer(), pages(bytes), 0);
        }
        synchronized (this) {
            lent++;
        }
        return found;
    }

    /**
     * Takes back a buffer whose lease was closed (any thread): it is free again, or, when it was registered
     * in a context that is gone, dropped (Java frees it); one past {@link #KEEP_FREE} is unregistered at the
     * next {@link #take} or {@link #releaseFree}.
     */
    synchronized void giveBack(Buffer b) {
        if (b.generation != generation) {
            return;
        }
        lent--;
        if (free.size() < KEEP_FREE) {
            free.push(b);
        } else {
            toUnregister.add(b);
        }
    }

    /** Buffers lent now (for tests and reports). */
    synchronized int lent() {
        return lent;
    }

    /** Unregisters every free buffer (the engine releases its image, or closes); lent ones stay until given back. */
    void releaseFree() {
        List<Buffer> drop;
        synchronized (this) {
            drop = new ArrayList<>(free);
            drop.addAll(toUnregister);
            free.clear();
            toUnregister.clear();
        }
        drop.forEach(LeaseBuffers::unregister);
    }

    /** The context was destroyed, and every registration with it: forget the free buffers, drop lent ones when they return. */
    synchronized void contextGone() {
        free.clear();
        toUnregister.clear();
        lent = 0;
        generation++;
    }

    private static void unregister(Buffer b) {
        unregister(b.pointer());
    }

    /** Unregisters host memory registered in the current context; a failing context's teardown releases it anyway. */
    static void unregister(Pointer registered) {
        try {
            cuMemHostUnregister(registered);
        } catch (CudaException e) {
            // the context is failing; its teardown releases the registration
        }
    }
}
