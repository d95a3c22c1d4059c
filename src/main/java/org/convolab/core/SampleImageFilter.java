package org.convolab.core;

import java.nio.ByteBuffer;

/**
 * Filters a whole image held as interleaved samples in one call: the short way of grey, 16-bit and float
 * images, as {@link ConvolutionEngine#filter} is of 8-bit RGB. The caller calls {@link #prepare},
 * writes the samples into {@link #input}, calls {@link #filter}, and reads the result from {@link #output}: on a GPU those are pinned host
 * buffers, so only the file's samples cross the bus (2 bytes a 16-bit sample, not a float a sample) and the
 * output mapping runs on the device.
 *
 * <p>The output mapping is {@link SampleMapping}'s, bit for bit: integer samples rounded half up and clamped to
 * {@code 0..max}, float samples the mapped sums. Alpha (the last of 2 or 4 channels) passes through.
 * An engine offers one through {@link PlaneFilter#sampleImages()}.
 */
public interface SampleImageFilter {

    /** How samples are held in the buffers. */
    enum Samples {
        /** 8- or 16-bit unsigned integers, two bytes each, native order. */
        U16(2),
        /** 32-bit floats, native order. */
        F32(4);

        private final int bytes;

        Samples(int bytes) {
            this.bytes = bytes;
        }

        /** Bytes a sample. */
        public int bytes() {
            return bytes;
        }
    }

    /**
     * What {@link #filter} covers, in a few words for a timing line (a GPU: "samples up, kernels, samples down"): the
     * time of that call is the filter phase, and reading into {@link #input} and writing from {@link #output} are not in it.
     */
    default String covers() {
        return "";
    }

    /** Whether the filter can take such an image whole now (a GPU: whether its free memory holds it). */
    boolean holds(int width, int height, int channels, Samples in, Samples out);

    /**
     * Makes ready for such an image with this spec: buffers (pinned host and device memory on a GPU), the
     * strategy's set-up (an FFT plan), the kernels loaded. Costs once; an image of at most this size and the same spec then needs
     * none. Callers time it apart from the filter.
     *
     * @throws ConvolabException when the strategy does not apply to the mask, or the backend cannot hold the image
     */
    void prepare(int width, int height, int channels, Samples in, Samples out, FilterSpec spec, Strategy strategy);

    /** The buffer {@link #filter} reads (native order, position 0), sized by the last {@link #prepare}. */
    ByteBuffer input();

    /** The buffer {@link #filter} writes (native order, position 0), sized by the last {@link #prepare}. */
    ByteBuffer output();

    /**
     * Filters the image in {@link #input} into {@link #output}, every colour channel with the spec, alpha passed through;
     * the image, formats, spec and strategy those of the last {@link #prepare}.
     *
     * @param channels 1 (grey), 2 (grey, alpha), 3 (RGB) or 4 (RGBA)
     * @param in       how the input samples are held
     * @param out      how the output samples are held
     * @param max      the largest integer output sample (255 or 65535); unused for float output
     * @return what ran, with the kernels launched
     * @throws ConvolabException when the strategy does not apply to the mask, or the backend fails
     */
    LaunchPlan filter(int width, int height, int channels, Samples in, Samples out, int max, FilterSpec spec, Strategy strategy);
}
