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

    /** The cost of filtering a width x height image with the mask, in one 2D pass or two 1D passes. */
    public static FilterCost of(int width, int height, Mask mask, boolean separablePasses) {
        long pixels = (long) width * height * CHANNELS;
        if (separablePasses) {
            return new FilterCost(pixels * 16, pixels * 2L * (mask.width() + mask.height()));
        }
        return new FilterCost(pixels * 8, pixels * 2L * mask.width() * mask.height());
    }
}
