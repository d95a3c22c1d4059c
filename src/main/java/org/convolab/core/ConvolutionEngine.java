package org.convolab.core;

/**
 * A backend that filters images: the one API that the CLI and the GUI call. Implementations: the CPU
 * engine and the CUDA engine. An engine may keep the last image (the CUDA engine keeps it on the GPU),
 * so filtering the same image again with another mask is cheap. Not thread-safe: call from one thread
 * at a time (the CUDA engine runs its work on its own thread anyway).
 *
 * <p>Filtering is declared here; counting histograms ({@link HistogramEngine}), timing over back-to-back
 * launches ({@link BatchTiming}) and what a whole image's FFT costs ({@link WholeImageFft}) are capabilities of
 * their own that every engine has, with defaults for the engines that need nothing more.
 */
public interface ConvolutionEngine extends HistogramEngine, BatchTiming, WholeImageFft, AutoCloseable {

    /** Which backend filters: {@link Backend#CPU} or {@link Backend#CUDA} (never {@link Backend#AUTO}). */
    Backend backend();

    /** What runs the filters, e.g. "NVIDIA H100 80GB HBM3 (sm_90)" or "CPU, 8 threads". */
    String device();

    /**
     * Filters an image.
     *
     * @throws ConvolabException when the strategy does not apply to the mask, or the backend fails
     */
    FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy);

    /**
     * Makes ready to filter a {@code width x height} image with this spec and strategy (on a GPU: the device
     * image's buffers and the strategy's set-up, an FFT plan), so that the next {@link #filter} of such an image
     * does the filtering only; callers time it apart. Nothing by default.
     */
    default void prepare(int width, int height, FilterSpec spec, Strategy strategy) {
    }

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
     * Host memory of the engine's own that a decoder may write the next image into, filtered from there with no copy
     * ({@link StagedInput}: a GPU's page-locked upload buffer), or empty (the default) where the engine has none.
     */
    default java.util.Optional<StagedInput> stagedInput() {
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
