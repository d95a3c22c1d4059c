package org.convolab.core;

/**
 * The work of one filter over three float channels, as the rates in {@link Timings} count it.
 *
 * <ul>
 *   <li>bytes: the fewest global-memory bytes: each channel's float plane read once and written once
 *       per pass over the image, 4 + 4 bytes a pixel a channel; a two-kernel separable filter makes two
 *       passes (the intermediate plane is written and read again), a one-kernel one (fast-separable keeps
 *       the intermediate in shared memory) one;</li>
 *   <li>FLOPs: one multiply and one add per weight per pixel per channel: 2·w·h for a 2D mask,
 *       2·(w + h) for a separable filter, whether its two stages run as one kernel or two.</li>
 * </ul>
 *
 * @param bytes global-memory bytes moved by the filter kernels
 * @param flops floating-point operations of the filter kernels
 */
public record FilterCost(long bytes, long flops) {

    public static final int CHANNELS = 3;

    /**
     * The cost of a filter as its plan runs it: separable arithmetic when the strategy that runs is
     * separable, and one read and one write of each plane per pass (kernel) of the plan.
     */
    public static FilterCost of(int width, int height, Mask mask, LaunchPlan plan) {
        long pixels = (long) width * height * CHANNELS;
        long flopsPerPixel = plan.runs().needsSeparable() ? 2L * (mask.width() + mask.height()) : 2L * mask.width() * mask.height();
        return new FilterCost(pixels * 8 * Math.max(1, plan.passes()), pixels * flopsPerPixel);
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
