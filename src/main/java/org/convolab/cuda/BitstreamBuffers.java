package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemHostRegister;

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
 * <p>{@link #take}, {@link #releaseFree} and {@link #contextGone} run on the CUDA thread; a lease's close,
 * on any thread (a batch's writer).
 */
final class BitstreamBuffers {
    /** The smallest buffer made: small files share the first few. */
    static final long MIN_BYTES = 1 << 20;

    private record Buffer(ByteBuffer bytes, Pointer pointer, long generation) {
        long capacity() {
            return bytes.capacity();
        }
    }

    private final List<Buffer> free = new ArrayList<>();
    private long generation;
    private int lent;

    /**
     * A registered buffer of at least {@code bytes}: the smallest free one that holds them, or a new one a
     * quarter larger (a longer file next time needs no new one). Returns where the file goes; the lease made by
     * {@link #lend} gives it back.
     */
    Slot take(long bytes) {
        Buffer found = null;
        synchronized (this) {
            for (Buffer b : free) {
                if (b.capacity() >= bytes && (found == null || b.capacity() < found.capacity())) {
                    found = b;
                }
            }
            if (found != null) {
                free.remove(found);
            }
            lent++;
        }
        if (found == null) {
            long size = LeaseBuffers.pages(Math.max(MIN_BYTES, bytes + (bytes >> 2)));
            if (size > LeaseBuffers.MAX_BYTES) {
                synchronized (this) {
                    lent--;
                }
                throw new DeviceJpeg.Unsupported("an encoded file of " + bytes + " bytes");
            }
            ByteBuffer direct = ByteBuffer.allocateDirect(Math.toIntExact(size + 4096)).alignedSlice(4096);
            long gen;
            synchronized (this) {
                gen = generation;
            }
            found = new Buffer(direct, Pointer.to(direct), gen);
            try {
                cuMemHostRegister(found.pointer(), direct.capacity(), 0);
            } catch (RuntimeException e) {
                synchronized (this) {
                    lent--;
                }
                throw e;
            }
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
            return CudaLibrary.address(buffer.pointer());
        }

        /** The lease over the first {@code length} bytes; closing it gives the buffer back. */
        DeviceJpeg.Encoded lend(int length) {
            ByteBuffer view = buffer.bytes().duplicate().clear().limit(length);
            return new DeviceJpeg.Encoded(view, () -> BitstreamBuffers.this.giveBack(buffer));
        }

        /** Gives the buffer back unused (the encode failed). */
        void giveBack() {
            BitstreamBuffers.this.giveBack(buffer);
        }
    }

    /** Takes a buffer back (any thread): free again, or dropped (Java frees it) when its context is gone. */
    private synchronized void giveBack(Buffer b) {
        if (b.generation() != generation) {
            return;
        }
        lent--;
        free.add(b);
    }

    /** Buffers lent now (for tests and traces). */
    synchronized int lent() {
        return lent;
    }

    /** Buffers made and kept, lent or free (for traces). */
    synchronized int kept() {
        return lent + free.size();
    }

    /** Unregisters the free buffers (the codec closes); lent ones are dropped when they come back. */
    void releaseFree() {
        List<Buffer> drop;
        synchronized (this) {
            drop = new ArrayList<>(free);
            free.clear();
            lent = 0;
            generation++;
        }
        drop.forEach(b -> LeaseBuffers.unregister(b.pointer()));
    }

    /** The context was destroyed with every registration: forget the free buffers, drop lent ones when they return. */
    synchronized void contextGone() {
        free.clear();
        lent = 0;
        generation++;
    }
}
