package org.convolab.core;

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

    /** The device codec refused a file that the CPU codec may still read: not an error of the file. */
    final class Unsupported extends ConvolabException {
        private static final long serialVersionUID = 1L;

        public Unsupported(String message) {
            super(message);
        }
    }
}
