package org.convolab.core;

import java.util.List;

/**
 * The measured phases of one filter, in milliseconds, with the work it did. GPU engines measure with
 * device events; the CPU engine with the host clock (upload and download are then 0).
 *
 * @param uploadMs   host to device copy (0 on the CPU)
 * @param unpackMs   ARGB to float planes
 * @param channelMs  the filter kernel(s) of each of R, G, B, or one entry when one launch did all three
 * @param packMs     float planes to ARGB with the output mapping
 * @param downloadMs device to host copy (0 on the CPU)
 * @param totalMs    end to end, from the call to the result in a Java array
 * @param resultMs   from the first device event to the ARGB result in pinned host memory (device
 *                   events; the CPU engine gives its total)
 * @param cost       the bytes and FLOPs the kernels did, for the derived rates
 */
public record Timings(double uploadMs, double unpackMs, List<Double> channelMs, double packMs, double downloadMs,
                      double totalMs, double resultMs, FilterCost cost) {

    public Timings {
        channelMs = List.copyOf(channelMs);
    }

    /** Kernel time of all channels together. */
    public double kernelMs() {
        return channelMs.stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Global-memory throughput of the filter kernels: {@link FilterCost#bytes()} over {@link #kernelMs()}. */
    public double gbps() {
        double ms = kernelMs();
        return ms > 0 ? cost.bytes() / (ms * 1e6) : 0;
    }

    /** Arithmetic rate of the filter kernels: {@link FilterCost#flops()} over {@link #kernelMs()}. */
    public double gflops() {
        double ms = kernelMs();
        return ms > 0 ? cost.flops() / (ms * 1e6) : 0;
    }
}
