package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemAllocHost;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;

import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.function.BiConsumer;
import java.util.stream.IntStream;
import jcuda.Pointer;

/**
 * Page-locked host memory for uploads and downloads: copies from it run at full PCIe speed and can
 * be asynchronous (pageable copies are several times slower). Freed on close, on the CUDA thread.
 */
final class PinnedBuffer implements AutoCloseable {
    private final Pointer host = new Pointer();
    private final long bytes;
    private final IntBuffer ints;
    private boolean open;

    PinnedBuffer(long bytes) {
        this.bytes = bytes;
        cuMemAllocHost(host, Math.max(4, bytes));
        open = true;
        ints = host.getByteBuffer(0, Math.max(4, bytes)).order(ByteOrder.nativeOrder()).asIntBuffer();
    }

    Pointer pointer() {
        return host;
    }

    long bytes() {
        return bytes;
    }

    /** Copies pixels in; large images in parallel slices, as {@link #get}. */
    void put(int[] pixels) {
        put(pixels, 0, pixels.length);
    }

    /** Copies {@code pixels[from..to)} in at the same index; large ranges in parallel slices. */
    void put(int[] pixels, int from, int to) {
        inSlices(to - from, (a, b) -> ints.duplicate().position(from + a).put(pixels, from + a, b - a));
    }

    /** Copies (compressed files for a device codec) {@code data}'s bytes from its position to its limit in at {@code offset}; its position does not move. */
    void put(java.nio.ByteBuffer data, long offset) {
        host.getByteBuffer(offset, data.remaining()).put(data.duplicate());
    }

    /** {@code old} when it holds {@code bytes}, else a new buffer of at least that size (the old one freed). */
    static PinnedBuffer atLeast(PinnedBuffer old, long bytes) {
        if (old != null && old.bytes >= bytes) {
            return old;
        }
        if (old != null) {
            old.close();
        }
        return new PinnedBuffer(Math.max(bytes + (bytes >> 3), 1 << 20)); // room to grow: fewer reallocations
    }

    /** The first {@code n} bytes as a buffer in native order (the caller fills or reads it). */
    java.nio.ByteBuffer bytes(long n) {
        return host.getByteBuffer(0, n).order(ByteOrder.nativeOrder());
    }

    /** Copies 16-bit samples in (two a 32-bit word, in the device's little-endian order). */
    void put(short[] samples) {
        host.getByteBuffer(0, (long) samples.length * 2).order(ByteOrder.nativeOrder()).asShortBuffer().put(samples);
    }

    /** Copies pixels out; large images in parallel slices (one thread copies about 10 GB/s). */
    void get(int[] pixels) {
        inSlices(pixels.length, (from, to) -> ints.duplicate().position(from).get(pixels, from, to - from));
    }

    /**
     * Copies a few megabytes of zeros in through the parallel slices: the copying threads start and the copy's code
     * is linked now (a set-up's cost), not in the first upload, where they took several milliseconds.
     */
    void warmCopies() {
        int n = (int) Math.min(bytes / 4, (long) Runtime.getRuntime().availableProcessors() << 17);
        put(new int[n], 0, n);
    }

    /** Runs {@code copy} over [0, n) in parallel slices of at least 128 K ints, one a core (one below 256 K ints). */
    private static void inSlices(int n, BiConsumer<Integer, Integer> copy) {
        int slices = Math.max(1, Math.min(n >> 17, Runtime.getRuntime().availableProcessors()));
        IntStream.range(0, slices).parallel().forEach(s ->
                copy.accept((int) ((long) n * s / slices), (int) ((long) n * (s + 1) / slices)));
    }

    @Override
    public void close() {
        if (open) {
            open = false;
            cuMemFreeHost(host);
        }
    }
}
