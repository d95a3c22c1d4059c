package org.convolab.core;

/**
 * The output of one filter.
 *
 * @param image   the filtered image (alpha passed through)
 * @param plan    what was asked for, what ran and why
 * @param timings how long each phase took
 */
public record FilterResult(RgbaImage image, LaunchPlan plan, Timings timings) {

    /** A result of a strategy that ran as asked. */
    public FilterResult(RgbaImage image, Strategy strategy, Timings timings) {
        this(image, LaunchPlan.exactly(strategy), timings);
    }

    /** The strategy that ran (auto resolved to a concrete one). */
    public Strategy strategy() {
        return plan.runs();
    }
}
