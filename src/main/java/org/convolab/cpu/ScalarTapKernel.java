package org.convolab.cpu;

/**
 * {@link TapKernel} in plain Java: for each tap in {@link TapList} order, one pass over the row adding its
 * products (a loop C2 vectorises by itself), so every sum is formed as {@link VectorTapKernel} forms it and
 * both give the same bits. It leaves the output mapping to the caller's scalar loop ({@link #store} takes
 * nothing). It stands in for the vector kernel until that one is worth compiling ({@link ScalarFirstTapKernel}).
 */
final class ScalarTapKernel implements TapKernel {

    @Override
    public void rows(float[] src, int base, int[] offsets, float[] weights, float[] acc, int o, int w) {
        java.util.Arrays.fill(acc, o, o + w, 0f);
        for (int t = 0; t < weights.length; t++) {
            float c = weights[t];
            int q = base + offsets[t];
            for (int x = 0; x < w; x++) {
                acc[o + x] += src[q + x] * c;
            }
        }
    }

    @Override
    public int store(float[] acc, int[] out, int o, int w, int shift, float div, float off, boolean abs) {
        return 0;
    }
}
