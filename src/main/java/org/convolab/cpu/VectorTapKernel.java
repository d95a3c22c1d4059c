package org.convolab.cpu;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
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
    /** Ints of {@link #S}'s lane count. */
    private static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED;
    /** 2^23: a float in 0..2^23 plus this is rounded to an integer, whose value is then the low bits. */
    private static final float MAGIC = 8388608f;
    private static final int MAGIC_BITS = Float.floatToRawIntBits(MAGIC);

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

    @Override
    public int store(float[] acc, int[] out, int o, int w, int shift, float div, float off, boolean abs) {
        // Two loops rather than "if (abs) a = a.abs()": Java 17's C2 boxes a vector merged from two branches.
        int x = 0;
        if (abs) {
            for (; x + L <= w; x += L) {
                if (!storeVector(FloatVector.fromArray(S, acc, x).abs(), out, o + x, shift, div, off)) {
                    return x;
                }
            }
        } else {
            for (; x + L <= w; x += L) {
                if (!storeVector(FloatVector.fromArray(S, acc, x), out, o + x, shift, div, off)) {
                    return x;
                }
            }
        }
        return x;
    }

    /**
     * One vector of {@link #store}; false (nothing stored) when a sum is not finite. The floor is taken
     * without a float-to-int conversion (Java 17 has no intrinsic for it and falls back to a slow loop):
     * v clamped to 0..255 is rounded to an integer by adding 2^23, less 1 where that rounded up, and the
     * integer read from the low bits.
     */
    private static boolean storeVector(FloatVector a, int[] out, int o, int shift, float div, float off) {
        if (a.sub(a).compare(VectorOperators.NE, 0f).anyTrue()) {
            return false;
        }
        FloatVector v = a.div(div).add(off).add(0.5f).max(0f).min(255f);
        FloatVector r = v.add(MAGIC).sub(MAGIC);
        FloatVector floor = r.blend(r.sub(1f), r.compare(VectorOperators.GT, v));
        IntVector b = floor.add(MAGIC).reinterpretAsInts().sub(MAGIC_BITS);
        IntVector.fromArray(I, out, o).or(b.lanewise(VectorOperators.LSHL, shift)).intoArray(out, o);
        return true;
    }
}
