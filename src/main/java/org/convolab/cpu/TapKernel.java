package org.convolab.cpu;

/**
 * The multiply-adds of the CPU filters over one output row, done in explicit SIMD
 * ({@link VectorTapKernel}, the JDK's Vector API) where the {@code jdk.incubator.vector} module is
 * present. Each sum is formed in the order of {@link TapList} (the taps one after another from 0, no
 * fused multiply-add), as the scalar loops ({@link CpuEngine#accumulate}) form it, so both give the same bits.
 */
interface TapKernel {

    /**
     * acc[o + x] = sum over t of weights[t] * src[base + offsets[t] + x], in t order, for x in 0..w. The
     * separable path's column pass is this too, on the plane of row sums with offsets j * w.
     */
    void rows(float[] src, int base, int[] offsets, float[] weights, float[] acc, int o, int w);

    /**
     * The output mapping of {@link org.convolab.core.FilterSpec#toByte} for acc[0..n), ORed into out[o..] at
     * {@code shift}, for the first n pixels it takes (whole vectors); returns n. It stops early at a vector
     * holding a sum that is not finite, which the caller's scalar loop then reports.
     */
    int store(float[] acc, int[] out, int o, int w, int shift, float div, float off, boolean abs);
}
