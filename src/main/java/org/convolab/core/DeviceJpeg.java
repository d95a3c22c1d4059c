package org.convolab.core;

import java.nio.ByteBuffer;

/**
 * A device that decodes, filters and encodes a JPEG without the pixels leaving it: only compressed
 * bytes cross to and from the host. An engine offers one where its GPU has a JPEG codec
 * ({@link ConvolutionEngine#deviceJpeg()}); the caller keeps the metadata segments and writes the file.
 */
public interface DeviceJpeg {

    /** The codec as reports name it, with its version and back end ("nvJPEG 12.8.0, GPU Huffman"). */
    String name();

    /**
     * Decodes {@code jpeg} (a whole baseline JPEG file: three components, 8 bits), filters it as
     * {@link ConvolutionEngine#filter} would the decoded image, and encodes the result as a JPEG of the
     * given quality (no chroma subsampling from quality 90, 4:2:0 below, as the CPU codec).
     *
     * @return the encoded JPEG, without the input's metadata segments
     * @throws Unsupported       when the device codec cannot take this file (the caller goes the CPU way)
     * @throws ConvolabException for a failed filter, with one clear line
     */
    byte[] transcode(byte[] jpeg, FilterSpec spec, Strategy strategy, int quality);

    /**
     * {@link #transcode} of the JPEG from {@code jpeg}'s position to its limit (a reused buffer may be longer),
     * with the encoded JPEG lent where the device put it (page-locked host memory on a GPU), so a writer sends
     * it to the file without copying it into a Java array; the caller closes the lease once the bytes are
     * written. The input is read before this returns (the caller may reuse it then). This default copies the
     * input and lends {@link #transcode}'s array.
     */
    default Encoded transcodeLeased(ByteBuffer jpeg, FilterSpec spec, Strategy strategy, int quality) {
        byte[] bytes = new byte[jpeg.remaining()];
        jpeg.duplicate().get(bytes);
        return Encoded.of(transcode(bytes, spec, strategy, quality));
    }

    /**
     * Work a batch may do before its first file (a GPU codec's handles and buffers for files like this one), so
     * that it overlaps the reading of the first files; nothing by default. Failures are not reported here: the
     * files' own calls meet them.
     *
     * @param jpeg one of the batch's files
     */
    default void prepare(byte[] jpeg, FilterSpec spec, Strategy strategy) {
    }

    /**
     * An encoded JPEG lent by the codec: its bytes stay valid until {@link #close}, after which the codec
     * may put the next file there. Close once the bytes are written (closing again does nothing).
     */
    final class Encoded implements AutoCloseable {
        private final ByteBuffer bytes;
        private final Runnable release;
        private boolean closed;

        /**
         * @param bytes   the JPEG from position to limit (not copied)
         * @param release run once, at the first close
         */
        public Encoded(ByteBuffer bytes, Runnable release) {
            this.bytes = bytes.slice().asReadOnlyBuffer();
            this.release = release;
        }

        /** A lease over an array: nothing to give back. */
        public static Encoded of(byte[] jpeg) {
            return new Encoded(ByteBuffer.wrap(jpeg), () -> { });
        }

        /** The JPEG, read-only, position 0 to its length; a new view at every call. */
        public ByteBuffer bytes() {
            return bytes.duplicate();
        }

        /** The JPEG's length in bytes. */
        public int length() {
            return bytes.remaining();
        }

        /** A copy of the bytes in a Java array. */
        public byte[] toArray() {
            byte[] out = new byte[bytes.remaining()];
            bytes.duplicate().get(out);
            return out;
        }

        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                release.run();
            }
        }
    }

    /** The device codec refused a file that the CPU codec may still read: not an error of the file. */
    final class Unsupported extends ConvolabException {
        private static final long serialVersionUID = 1L;

        public Unsupported(String message) {
            super(message);
        }
    }
}
