package org.convolab.cuda;

/**
 * Device buffers made together in one CUDA context, all or none (a failed allocation frees those already made),
 * and freed together. The plane, sample and volume filters each extend it with names for their buffers, and keep
 * their last set in a {@link KeptBuffers}. Made and closed on the CUDA thread.
 */
class BufferSet implements AutoCloseable {
    /** The context (module) the buffers were made in: a reset context freed them with it. */
    final CudaModule module;
    private final DeviceBuffer[] buffers;

    /**
     * Allocates a buffer of each size in order; a negative size stands for a buffer not needed ({@link #buffer}
     * gives null for it).
     */
    BufferSet(CudaModule module, long... bytes) {
        this.module = module;
        DeviceBuffer[] made = new DeviceBuffer[bytes.length];
        try {
            for (int i = 0; i < bytes.length; i++) {
                made[i] = bytes[i] < 0 ? null : new DeviceBuffer(bytes[i]);
            }
        } catch (RuntimeException e) {
            closeAll(made);
            throw e;
        }
        buffers = made;
    }

    /** Buffer {@code i} in the order of the sizes given, or null where its size was negative. */
    final DeviceBuffer buffer(int i) {
        return buffers[i];
    }

    @Override
    public final void close() {
        closeAll(buffers);
    }

    private static void closeAll(DeviceBuffer[] made) {
        for (DeviceBuffer b : made) {
            if (b != null) {
                b.close();
            }
        }
    }
}
