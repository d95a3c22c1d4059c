package org.convolab.cpu;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link TapKernel} in the JDK's Vector API (the preferred species: 16 floats with AVX-512, 8 with AVX2).
 * Four vectors of outputs a pass (register blocking: each weight is read once for the four, and the sums
 * stay in registers across all the mask's taps), then one vector a pass, then the last pixels one at a
 * time, all adding the taps in {@link TapList} order. The taps are one flat loop on purpose: Java 17's C2
 * keeps vectors in registers across a single loop but boxes them (allocates on every add, several
 * times slower) when they are carried through nested loops. Loaded only through {@link TapKernels}.
 */
final class VectorTapKernel implements TapKernel {

    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int L = S.length();

    @Override
    public void rows(float[] p, int base, int[] off, float[] m, float[] acc, int o, int w) {
        int n = m.length;
        int x = 0;
        for (; x + 4 * L <= w; x += 4 * L) {
            FloatVector a0 = FloatVector.zero(S);
            FloatVector a1 = FloatVector.zero(S);
            FloatVector a2 = FloatVector.zero(S);
            FloatVector a3 = FloatVector.zero(S);
            for (int t = 0; t < n; t++) {
                float c = m[t];
                int q = base + off[t] + x;
                a0 = a0.add(FloatVector.fromArray(S, p, q).mul(c));
                a1 = a1.add(FloatVector.fromArray(S, p, q + L).mul(c));
                a2 = a2.add(FloatVector.fromArray(S, p, q + 2 * L).mul(c));
                a3 = a3.add(FloatVector.fromArray(S, p, q + 3 * L).mul(c));
            }
            a0.intoArray(acc, o + x);
            a1.intoArray(acc, o + x + L);
            a2.intoArray(acc, o + x + 2 * L);
            a3.intoArray(acc, o + x + 3 * L);
        }
        for (; x + L <= w; x += L) {
            FloatVector a0 = FloatVector.zero(S);
            for (int t = 0; t < n; t++) {
                a0 = a0.add(FloatVector.fromArray(S, p, base + off[t] + x).mul(m[t]));
            }
            a0.intoArray(acc, o + x);
        }
        for (; x < w; x++) {
            float s = 0f;
            for (int t = 0; t < n; t++) {
                s += m[t] * p[base + off[t] + x];
            }
            acc[o + x] = s;
        }
    }
}
