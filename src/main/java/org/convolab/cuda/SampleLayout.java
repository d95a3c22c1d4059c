package org.convolab.cuda;

/**
 * What a filter's kernels read and write on the GPU: the packed 8-bit ARGB words of a resident image
 * (where a fused kernel may filter them in one launch), or float planes (an image's three, unpacked
 * from its words and packed again afterwards, or the one plane of {@link CudaPlaneFilter}).
 */
enum SampleLayout {
    /** Packed 8-bit ARGB in and out: an {@code RgbaImage} resident on the GPU. */
    ARGB8,
    /** Float planes in and out. */
    PLANES
}
