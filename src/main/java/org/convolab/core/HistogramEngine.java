package org.convolab.core;

/**
 * Counting the histograms of an image (R, G, B, alpha, luminance): every engine has this capability; the
 * defaults count on the calling thread ({@link Histogram#count}), the GPU engine with the strategy's kernels.
 */
public interface HistogramEngine {

    /** Which backend counts, named in the default's {@link HistogramResult#countedBy()}. */
    Backend backend();

    /**
     * The histograms of an image (R, G, B, alpha, luminance), counted by this backend: on the GPU with
     * the given strategy, on the CPU in one way whatever the strategy. Every backend and strategy gives
     * exactly {@link Histogram#count}. This default is that plain count on the calling thread.
     *
     * @param bins 1 to 256 bins per channel
     * @throws ConvolabException when the bin count is out of range, or the backend fails
     */
    default HistogramResult histogram(RgbaImage image, int bins, HistogramStrategy strategy) {
        long t0 = System.nanoTime();
        Histogram h = Histogram.count(image, bins);
        double ms = (System.nanoTime() - t0) / 1e6;
        return new HistogramResult(h, backend() + ", plain count", ms, ms);
    }

    /**
     * The histograms of a 16-bit image (R, G, B, alpha, luminance of the 16-bit values), counted by this
     * backend as {@link #histogram(RgbaImage, int, HistogramStrategy)} counts 8-bit ones. Every backend
     * and strategy gives exactly {@link Histogram#count(Rgba16Image, int)}; this default is that plain
     * count on the calling thread.
     *
     * @param bins 1 to 65536 bins per channel
     * @throws ConvolabException when the bin count is out of range, the strategy cannot count that many
     *                           bins ({@link HistogramStrategy#whyNotApplicable}), or the backend fails
     */
    default HistogramResult histogram(Rgba16Image image, int bins, HistogramStrategy strategy) {
        long t0 = System.nanoTime();
        Histogram h = Histogram.count(image, bins);
        double ms = (System.nanoTime() - t0) / 1e6;
        return new HistogramResult(h, backend() + ", plain count", ms, ms);
    }
}
