package org.convolab.core;

/**
 * The work of one filter, as the rates in {@link Timings} count it: from the plan that ran (its strategy and
 * its kernels), not from the strategy asked for.
 *
 * <ul>
 *   <li>bytes: the fewest global-memory bytes the plan's kernels move. A planes kernel reads and writes each of
 *       the three float channel planes once, 4 + 4 bytes a pixel a channel; a two-kernel separable filter makes
 *       two passes (the intermediate plane is written and read again), a one-kernel one (fast-separable keeps
 *       the intermediate in shared memory) one. A fused ARGB kernel ({@value #FUSED_ARGB_PREFIX}…: packed 8-bit
 *       ARGB in, packed ARGB out) reads and writes one 4-byte word a pixel for all channels: 8 bytes;</li>
 *   <li>FLOPs: those of the mask as applied ({@link #flopsPerPixel}): one multiply and one add per weight per
 *       pixel per channel, 2·w·h for a 2D mask, 2·(w + h) for a separable filter (one kernel or two), and the
 *       transforms for fft.</li>
 * </ul>
 *
 * @param bytes global-memory bytes moved by the filter kernels
 * @param flops floating-point operations of the filter kernels
 */
public record FilterCost(long bytes, long flops) {

    public static final int CHANNELS = 3;

    /**
     * How a fused ARGB kernel's name begins in {@link LaunchPlan#kernels()}: {@code convolab_argb2d_rN},
     * {@code convolab_argbs_rN} (cuda-kernels/fast.cu).
     */
    public static final String FUSED_ARGB_PREFIX = "convolab_argb";

    /**
     * The cost of a filter as its plan runs it: the FLOPs of the mask as applied by the strategy that runs, and
     * the bytes of each kernel (pass) of the plan, at least one.
     */
    public static FilterCost of(int width, int height, Mask mask, LaunchPlan plan) {
        long pixels = (long) width * height;
        long bytes = 0;
        for (String kernel : plan.kernels()) {
            bytes += kernel.startsWith(FUSED_ARGB_PREFIX) ? pixels * 8 : pixels * CHANNELS * 8;
        }
        if (bytes == 0) {
            bytes = pixels * CHANNELS * 8;
        }
        double perPixel = flopsPerPixel(width, height, mask, plan.runs());
        return new FilterCost(bytes, Math.round(pixels * CHANNELS * perPixel));
    }

    /**
     * The work of filtering a file's samples as the plan ran: FLOPs of every colour channel (separable
     * arithmetic for a separable strategy, transforms for fft), bytes of the samples read and written at their
     * sizes in the file's format (1, 2 or 4 bytes; alpha too, which is copied).
     */
    public static FilterCost ofSamples(int width, int height, Mask mask, LaunchPlan plan, SampleFormat in, SampleFormat out) {
        long pixels = (long) width * height;
        long bytes = pixels * ((long) in.channels() * in.bytesPerSample() + (long) out.channels() * out.bytesPerSample());
        double perPixel = flopsPerPixel(width, height, mask, plan.runs());
        return new FilterCost(bytes, Math.round(pixels * in.colourChannels() * perPixel));
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

    /** The cost of filtering a width x height image with the mask, in one 2D pass or two 1D passes. */
    public static FilterCost of(int width, int height, Mask mask, boolean separablePasses) {
        long pixels = (long) width * height * CHANNELS;
        if (separablePasses) {
            return new FilterCost(pixels * 16, pixels * 2L * (mask.width() + mask.height()));
        }
        return new FilterCost(pixels * 8, pixels * 2L * mask.width() * mask.height());
    }
}
