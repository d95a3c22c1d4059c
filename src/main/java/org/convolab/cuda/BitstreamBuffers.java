package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemHostRegister;

import com.sun.jna.Native;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import jcuda.Pointer;
import org.convolab.core.DeviceJpeg;

/**
 * Host buffers that nvJPEG's encoded files are fetched into and lent to the writers
 * ({@link DeviceJpeg.Encoded}): Java direct buffers page-locked with {@code cuMemHostRegister}, as
 * {@link LeaseBuffers}' are, so the fetch runs at pinned speed and a lease that outlives a context reset
 * or the engine's close still points at valid Java memory. Unlike those, a buffer serves any file that fits
 * it: files differ in length. A buffer is lent until its lease closes; the pool keeps the buffers given
 * back (as many as were ever lent at once, which the batch's files in flight bound) for the next files.
 *
 * <p>{@link #make} (any thread) makes buffers ahead, unregistered: the memory is allocated and touched off
 * the CUDA thread, and a buffer is registered in the current context when first taken. {@link #take},
 * {@link #releaseFree} and {@link #contextGone} run on the CUDA thread; a lease's close on any thread (a
 * batch's writer).
 */
final class BitstreamBuffers {
    /** The smallest buffer made: small files share the first few. */
    static final long MIN_BYTES = 1 << 20;
    private static final int PAGE = 4096;

    /** One buffer; {@code registeredIn} is the generation of the context it is registered in (-1: none yet). */
    private static final class Buffer {
        final ByteBuffer bytes;
        final Pointer pointer;
        final long address;
        long registeredIn = -1;

        Buffer(long size) {
            bytes = ByteBuffer.allocateDirect(Math.toIntExact(size + PAGE)).alignedSlice(PAGE);
            pointer = Pointer.to(bytes);
            address = com.sun.jna.Pointer.nativeValue(Native.getDirectBufferPointer(bytes));
        }

        int capacity() {
            return bytes.capacity();
        }
    }

    private final List<Buffer> free = new ArrayList<>();
    private long generation;
    private int lent;

    /** Makes {@code count} more free buffers of at least {@code bytes} (unregistered; any thread). */
    void make(int count, long bytes) {
        for (int i = 0; i < count; i++) {
            Buffer b = new Buffer(size(bytes));
            synchronized (this) {
                free.add(b);
            }
        }
    }

    /** Pages for a file of {@code bytes}, a quarter more: a longer file next time needs no new buffer. */
    private static long size(long bytes) {
        long size = LeaseBuffers.pages(Math.max(MIN_BYTES, bytes + (bytes >> 2)));
        if (size > LeaseBuffers.MAX_BYTES) {
            throw new DeviceJpeg.Unsupported("an encoded file of " + bytes + " bytes");
        }
        return size;
    }

    /**
     * A buffer of at least {@code bytes} registered in the current context: the smallest free one that holds
     * them, or a new one. The slot's lease ({@link Slot#lend}) gives it back.
     */
    Slot take(long bytes) {
        Buffer found = null;
        long gen;
        synchronized (this) {
            for (Buffer b : free) {
                if (b.capacity() >= bytes && (found == null || b.capacity() < found.capacity())) {
                    found = b;
                }
            }
            if (found != null) {
                free.remove(found);
            }
            gen = generation;
        }
        if (found == null) {
            found = new Buffer(size(bytes));
        }
        if (found.registeredIn != gen) {
            try {
                cuMemHostRegister(found.pointer, found.capacity(), 0);
            } catch (RuntimeException e) {
                synchronized (this) {
                    free.add(found);
                }
                throw e;
            }
            found.registeredIn = gen;
        }
        synchronized (this) {
            lent++;
        }
        return new Slot(found);
    }

    /** A taken buffer: where the encoder's bytes go, then lent as a lease over its first {@code length} bytes. */
    final class Slot {
        private final Buffer buffer;

        private Slot(Buffer buffer) {
            this.buffer = buffer;
        }

        /** The buffer's host address (for nvJPEG). */
        long address() {
            return buffer.address;
        }

        /** The lease over the first {@code length} bytes; closing it gives the buffer back. */
        DeviceJpeg.Encoded lend(int length) {
            ByteBuffer view = buffer.bytes.duplicate().clear().limit(length);
            return new DeviceJpeg.Encoded(view, () -> BitstreamBuffers.this.giveBack(buffer));
        }

        /** Gives the buffer back unused (the encode failed). */
        void giveBack() {
            BitstreamBuffers.this.giveBack(buffer);
        }
    }

    /** Takes a buffer back (any thread); one registered in a context that is gone is registered again when next taken. */
    private synchronized void giveBack(Buffer b) {
        lent--;
        free.add(b);
    }

    /** Buffers made and kept, lent or free (for tests and traces). */
    synchronized int kept() {
        return lent + free.size();
    }

    /** Unregisters the free buffers registered in this context (the engine closes); they stay made. */
    void releaseFree() {
        List<Buffer> drop = new ArrayList<>();
        synchronized (this) {
            for (Buffer b : free) {
                if (b.registeredIn == generation) {
                    drop.add(b);
                    b.registeredIn = -1;
                }
            }
        }
        drop.forEach(b -> LeaseBuffers.unregister(b.pointer));
    }

    /** The context was destroyed with every registration: each buffer is registered again when next taken. */
    synchronized void contextGone() {
        generation++;
    }
}
