package org.convolab.core;

/**
 * What a backend's FFT costs on a whole image, for the file paths that choose between one whole image and
 * bands of rows: a capability every engine has, false by default (the CPU: bands keep the transforms' memory
 * small, and their rounding is what it was).
 */
public interface WholeImageFft {

    /**
     * Whether transforming a whole image is cheap here (the GPU: milliseconds), so that an FFT filter of an image
     * that fits the heap runs in one call rather than in bands, each a transform of its own (a 241x241 Gaussian
     * on a 24 MP photograph: 17 bands, 1.7 s on an H100).
     */
    default boolean wholeImageFftIsCheap() {
        return false;
    }
}
