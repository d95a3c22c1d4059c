package org.convolab.core;

/**
 * The work of one filter, as the rates in {@link Timings} count it: from the plan that ran (its strategy, its
 * kernels and whether they are fused), not from the strategy asked for. {@link #of(int, int, int, Mask, LaunchPlan)}
 * is the one definition every report reads (the engines' timings, bench, the timing overlay, Compare,
 * {@code convolab filter --timings}).
 *
 * <ul>
 *   <li>bytes: the fewest global-memory bytes the plan's kernels move. A planes kernel reads and writes each of
 *       the colour channels' float planes once, 4 + 4 bytes a pixel a channel; a two-kernel separable filter makes
 *       two passes (the intermediate plane is written and read again), a one-kernel one (fast-separable keeps
 *       the intermediate in shared memory) one. A fused plan ({@link LaunchPlan#fused}: packed 8-bit ARGB in,
 *       packed ARGB out, one kernel) reads and writes one 4-byte word a pixel for all channels: 8 bytes;</li>
 *   <li>FLOPs: those of the mask as applied ({@link #flopsPerPixel}): one multiply and one add per weight per
 *       pixel per channel, 2·w·h for a 2D mask, 2·(w + h) for a separable filter (one kernel or two), and the
 *       transforms for fft.</li>
 * </ul>
 *
 * @param bytes global-memory bytes moved by the filter kernels
 * @param flops floating-point operations of the filter kernels
 */
public record FilterCost(long bytes, long flops) {

    /** The colour channels of a packed ARGB image. */
    public static final int CHANNELS = 3;

    /** No work: where a sum of parts starts. */
    public static final FilterCost NONE = new FilterCost(0, 0);

    /** The work of this filter and another (the parts of an image filtered piece by piece). */
    public FilterCost plus(FilterCost other) {
        return new FilterCost(bytes + other.bytes, flops + other.flops);
    }

    /** The cost of filtering a {@code width x height} image of three colour channels as its plan runs it. */
    public static FilterCost of(int width, int height, Mask mask, LaunchPlan plan) {
        return of(width, height, CHANNELS, mask, plan);
    }

    /**
     * The cost of filtering the {@code channels} colour channels of a {@code width x height} image (1 for grey) as
     * its plan runs it: the FLOPs of the mask as applied by the strategy that runs, and the bytes of each kernel
     * (pass) of the plan, at least one.
     */
    public static FilterCost of(int width, int height, int channels, Mask mask, LaunchPlan plan) {
        long pixels = (long) width * height;
        long bytes = plan.fused() ? pixels * 8 : pixels * channels * 8L * Math.max(1, plan.passes());
        double perPixel = flopsPerPixel(width, height, mask, plan.runs());
        return new FilterCost(bytes, Math.round(pixels * channels * perPixel));
    }

    /**
     * The samples of a file's image read and written at their sizes in the file's format (1, 2 or 4 bytes; alpha
     * too, which is copied), with the FLOPs of {@link #of(int, int, int, Mask, LaunchPlan)}: what
     * {@code --timings} reports beside the kernels' bytes.
     */
    public static FilterCost ofSamples(int width, int height, Mask mask, LaunchPlan plan, SampleFormat in, SampleFormat out) {
        long pixels = (long) width * height;
        long bytes = pixels * ((long) in.channels() * in.bytesPerSample() + (long) out.channels() * out.bytesPerSample());
        return new FilterCost(bytes, of(width, height, in.colourChannels(), mask, plan).flops());
    }

    /**
     * The cost of filtering a volume of {@code depth} slices with a 3D mask, as the window and {@code filter --timings} count it:
     * the samples read and written at their sizes, and 2 FLOPs a tap of the whole mask for every colour channel.
     */
    public static FilterCost ofVolume(int width, int height, int depth, Mask3D mask, SampleFormat in, SampleFormat out) {
        long voxels = (long) width * height * depth;
        long bytes = voxels * ((long) in.channels() * in.bytesPerSample() + (long) out.channels() * out.bytesPerSample());
        long flops = voxels * in.colourChannels() * 2L * mask.width() * mask.height() * mask.depth();
        return new FilterCost(bytes, flops);
    }

    /** The cost as the reports print it: "0.1966 MB moved, 0.002458 GFLOP" (four significant digits). */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%.4g MB moved, %.4g GFLOP", bytes / 1e6, flops / 1e9);
    }

    /**
     * FLOPs an output pixel of one channel: 2·w·h for a 2D mask, 2·(w + h) for a separable strategy, and for fft
     * the transforms of the padded plane ({@code P = (width + w - 1)·(height + h - 1)} points; forward and inverse
     * real transforms at 2.5·P·log2 P each, the usual count of 5·N·log2 N for a complex one halved, and the
     * complex product, 6 FLOPs a bin of P/2), shared out over the pixels.
     */
    public static double flopsPerPixel(int width, int height, Mask mask, Strategy runs) {
        if (runs == Strategy.FFT) {
            double p = (double) (width + mask.width() - 1) * (height + mask.height() - 1);
            double log = Math.log(p) / Math.log(2);
            return (2 * 2.5 * p * log + 3 * p) / ((double) width * height);
        }
        return runs.needsSeparable() ? 2.0 * (mask.width() + mask.height()) : 2.0 * mask.width() * mask.height();
    }
}
