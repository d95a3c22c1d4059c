package org.convolab.core;

/**
 * The output of one filter.
 *
 * @param image    the filtered image (alpha passed through)
 * @param strategy the strategy that ran (auto resolved to a concrete one)
 * @param timings  how long each phase took
 */
public record FilterResult(RgbaImage image, Strategy strategy, Timings timings) {
}
