package org.convolab.core;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * An engine's own host memory for the next image, for a decoder to write into: on a GPU the page-locked buffer
 * the upload reads, so a decoded image goes up with no copy of its pixels on the host (96 MB for a 24 MP
 * photograph, 5 to 13 ms on an H100 host). The caller calls {@link ConvolutionEngine#prepare}, writes the image
 * into {@link #buffer} and calls {@link #filterLeased}, on one thread, with no other call of the engine between.
 * An engine offers one through {@link ConvolutionEngine#stagedInput()}.
 */
public interface StagedInput {

    /**
     * Memory for a {@code width x height} image as packed ARGB ints in native order (position 0, limit
     * {@code 4 * width * height}), valid until the next call of the engine; empty when the engine takes such an image
     * only the ordinary way (one too large for its memory whole).
     */
    Optional<ByteBuffer> buffer(int width, int height);

    /**
     * Filters the image written into {@link #buffer} as {@link ConvolutionEngine#filterLeased} would filter it.
     *
     * @throws Lost when the device failed and the written pixels went with its memory: decode again and filter the
     *              ordinary way (the engine then recovers or goes over to the CPU as it does there)
     * @throws ConvolabException as {@link ConvolutionEngine#filter}
     */
    ResultLease filterLeased(int width, int height, FilterSpec spec, Strategy strategy);

    /** The staged pixels were lost with a failed device; nothing was written anywhere. */
    final class Lost extends ConvolabException {
        private static final long serialVersionUID = 1L;

        public Lost(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
