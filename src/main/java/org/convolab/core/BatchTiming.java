package org.convolab.core;

import java.util.OptionalDouble;

/**
 * Timing over back-to-back launches, for engines whose single-call timings include launch latency (the GPU
 * engine: one launch through JCuda carries about 0.1 ms of host latency). Each method is empty for engines
 * without such a measurement (the default). The benchmarks and the compare window read these.
 */
public interface BatchTiming {

    /**
     * The kernel time of one filter measured over {@code launches} back-to-back launches, for engines
     * whose single-filter timings include launch latency (the GPU engine); empty for the others.
     */
    default OptionalDouble batchedKernelMs(RgbaImage image, FilterSpec spec, Strategy strategy, int launches) {
        return OptionalDouble.empty();
    }

    /**
     * The app's own path for a resident image, timed as {@link #batchedKernelMs}: packed 8-bit ARGB in,
     * packed ARGB out (on the GPU the filter and pack kernels, or one fused kernel); empty where the
     * engine has no such measurement.
     */
    default OptionalDouble batchedArgbMs(RgbaImage image, FilterSpec spec, Strategy strategy, int launches) {
        return OptionalDouble.empty();
    }

    /**
     * The kernel time of one histogram measured over {@code launches} back-to-back launches (the GPU
     * engine, where a single launch's events include its latency); empty for the others.
     */
    default OptionalDouble batchedHistogramMs(RgbaImage image, int bins, HistogramStrategy strategy, int launches) {
        return OptionalDouble.empty();
    }
}
