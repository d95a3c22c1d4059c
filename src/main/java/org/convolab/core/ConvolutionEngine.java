package org.convolab.core;

/**
 * A backend that filters images: the one API that the CLI and the GUI call. Implementations: the CPU
 * engine and the CUDA engine. An engine may keep the last image (the CUDA engine keeps it on the GPU),
 * so filtering the same image again with another mask is cheap. Not thread-safe: call from one thread
 * at a time (the CUDA engine runs its work on its own thread anyway).
 */
public interface ConvolutionEngine extends AutoCloseable {

    /** "cpu" or "cuda". */
    String backend();

    /** What runs the filters, e.g. "NVIDIA H100 80GB HBM3 (sm_90)" or "CPU, 8 threads". */
    String device();

    /**
     * Filters an image.
     *
     * @throws ConvolabException when the strategy does not apply to the mask, or the backend fails
     */
    FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy);

    /**
     * Filters an image as {@link #filter} does, but lends the result's pixels instead of copying them into a
     * new Java array: the GPU engine hands over a view of the page-locked buffer it downloaded into (no
     * 96 MB copy and allocation for 24 megapixels), valid until the lease is closed; the engine downloads the
     * next result elsewhere while a lease is open. This default lends the array of {@link #filter}'s result
     * (the CPU engine's own, so no copy either). The caller closes the lease.
     *
     * @throws ConvolabException as {@link #filter}
     */
    default ResultLease filterLeased(RgbaImage image, FilterSpec spec, Strategy strategy) {
        return ResultLease.of(filter(image, spec, strategy));
    }

    /**
     * The kernel time of one filter measured over {@code launches} back-to-back launches, for engines
     * whose single-filter timings include launch latency (the GPU engine); empty for the others.
     */
    default java.util.OptionalDouble batchedKernelMs(RgbaImage image, FilterSpec spec, Strategy strategy, int launches) {
        return java.util.OptionalDouble.empty();
    }

    /**
     * The app's own path for a resident image, timed as {@link #batchedKernelMs}: packed 8-bit ARGB in,
     * packed ARGB out (on the GPU the filter and pack kernels, or one fused kernel); empty where the
     * engine has no such measurement.
     */
    default java.util.OptionalDouble batchedArgbMs(RgbaImage image, FilterSpec spec, Strategy strategy, int launches) {
        return java.util.OptionalDouble.empty();
    }

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

    /**
     * The kernel time of one histogram measured over {@code launches} back-to-back launches (the GPU
     * engine, where a single launch's events include its latency); empty for the others.
     */
    default java.util.OptionalDouble batchedHistogramMs(RgbaImage image, int bins, HistogramStrategy strategy, int launches) {
        return java.util.OptionalDouble.empty();
    }

    /**
     * A new {@link PlaneFilter} of this backend's own, for grey and 16-bit images (the caller closes it
     * before the engine), or empty when the backend has none: {@code engine.PlaneFilters} then gives the
     * CPU's. The CUDA engine has one.
     */
    default java.util.Optional<PlaneFilter> planeFilter() {
        return java.util.Optional.empty();
    }

    /**
     * A new {@link VolumeFilter} of this backend's own, for stacks filtered with 3D masks (the caller closes it
     * before the engine), or empty when the backend has none. The CPU engine has one.
     */
    default java.util.Optional<VolumeFilter> volumeFilter() {
        return java.util.Optional.empty();
    }

    /**
     * The device's JPEG codec, through which a JPEG is decoded, filtered and encoded without its pixels
     * leaving the device, or empty (the default) where there is none: files then take the CPU codec.
     */
    default java.util.Optional<DeviceJpeg> deviceJpeg() {
        return java.util.Optional.empty();
    }

    /** Device memory, survived faults and fall-backs; {@link EngineDiagnostics#NONE} by default. */
    default EngineDiagnostics diagnostics() {
        return EngineDiagnostics.NONE;
    }

    /** Releases what the engine holds (device memory, threads). */
    @Override
    void close();
}
