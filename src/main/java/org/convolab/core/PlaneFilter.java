package org.convolab.core;

/**
 * Filters one float plane (a channel of a grey or 16-bit image, which the packed 8-bit
 * {@link ConvolutionEngine#filter} cannot hold). The rows above and below come with the input, already
 * resolved through the ghost-cell policy by the caller, so a band of a big image and a whole image are
 * filtered alike; the filter supplies the columns left and right of the plane through the policy.
 *
 * <p>The CPU implementation is {@code cpu.CpuPlaneFilter}; an engine that has its own (the CUDA engine's
 * {@code cuda.CudaPlaneFilter}) offers it through {@link ConvolutionEngine#planeFilter}, and
 * {@code engine.PlaneFilters.forEngine} picks it up.
 */
public interface PlaneFilter extends AutoCloseable {

    /**
     * Correlates rows of a plane with the spec's mask.
     *
     * @param rows     {@code (outRows + mask height - 1) * width} values: ry rows above the first output
     *                 row, the output rows, ry rows below
     * @param width    the plane's width
     * @param outRows  rows to compute
     * @param spec     mask and border (only the policy's columns are used here)
     * @param strategy auto, or a strategy that says whether to take the separable path
     * @param sums     receives {@code outRows * width} raw sums (before divisor, offset and abs)
     * @return what ran: the strategy asked for, the one that ran and why, the passes (and, on a GPU, the launches)
     * @throws ConvolabException when the strategy does not apply to the mask, or the backend fails
     */
    LaunchPlan correlate(float[] rows, int width, int outRows, FilterSpec spec, Strategy strategy, float[] sums);

    /**
     * The filter of whole images of interleaved samples in one call, where this plane filter has one (the CUDA
     * engine's); the caller then hands over a whole grey, 16-bit or float image instead of a channel at a time.
     */
    default java.util.Optional<SampleImageFilter> sampleImages() {
        return java.util.Optional.empty();
    }

    @Override
    void close();

    /**
     * The output mapping of {@link FilterSpec#toByte} for samples up to {@code max}, computed in float as
     * the engines do: {@code clamp(floor(|sum| / divisor + offset + 0.5), 0, max)}.
     */
    static int toSample(float sum, FilterSpec spec, int max) {
        return spec.mapping().toSample(sum, max);
    }
}
