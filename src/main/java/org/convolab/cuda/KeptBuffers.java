package org.convolab.cuda;

import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The device buffers one filter keeps for the next (the bands of a file, the images of a batch, the volumes of a
 * stack) while the context that made them lives: the plane, sample and volume filters' one rule. Buffers of a
 * context since reset are dropped without a free (the reset freed them); buffers that do not fit the next job
 * are freed, the engine makes room on the device (its cache of resident images gives way first) and a new set is
 * made. All on the engine's CUDA thread.
 *
 * @param <B> the filter's buffer set
 */
final class KeptBuffers<B extends BufferSet> {
    private final CudaEngine engine;
    private B held;

    KeptBuffers(CudaEngine engine) {
        this.engine = engine;
    }

    /**
     * The kept set when it was made in {@code module} and {@code fits} it, else a new one from {@code make} after
     * {@code bytes} of room are made for it on the device.
     *
     * @param what the job, for the message when the device has no room ("a 4000x3000 plane")
     */
    B reuseOrMake(CudaModule module, Predicate<B> fits, long bytes, String what, Supplier<B> make) {
        if (held != null && held.module != module) {
            held = null; // the context they were made in is gone, and took them with it
        }
        if (held != null && fits.test(held)) {
            return held;
        }
        free();
        engine.makeRoomFor(bytes, what);
        held = make.get();
        return held;
    }

    /** Frees the kept set when it belongs to the current context (else the context's reset freed it already). */
    void free() {
        B b = held;
        held = null;
        if (b != null && b.module == engine.session().module()) {
            b.close();
        }
    }
}
