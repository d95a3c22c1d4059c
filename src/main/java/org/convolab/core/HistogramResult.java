package org.convolab.core;

/**
 * A histogram and how it was counted.
 *
 * @param histogram the counts
 * @param countedBy what counted it, for a status line: "cuda fast" or "cpu, 8 threads"
 * @param kernelMs  the counting alone: the kernel (CUDA events) on the GPU, the whole count on the CPU
 * @param totalMs   from the call to the counts in Java memory, upload and download included
 */
public record HistogramResult(Histogram histogram, String countedBy, double kernelMs, double totalMs) {
}
