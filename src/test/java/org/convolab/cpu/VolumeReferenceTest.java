package org.convolab.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.convolab.core.BorderPolicy;
import org.convolab.core.Mask;
import org.convolab.core.Mask3D;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class VolumeReferenceTest {

    static java.util.List<BorderPolicy> policies() {
        return BorderPolicy.standard();
    }

    /** A mask one slice deep is the 2D reference on every slice. */
    @ParameterizedTest
    @MethodSource("policies")
    void oneSliceDeepIsTheTwoDimensionalReferencePerSlice(BorderPolicy policy) {
        Random rnd = new Random(7);
        int w = 9, h = 6, d = 3;
        float[] vol = new float[w * h * d];
        for (int i = 0; i < vol.length; i++) {
            vol[i] = rnd.nextInt(256);
        }
        float[] weights = new float[5 * 3];
        for (int i = 0; i < weights.length; i++) {
            weights[i] = rnd.nextFloat() - 0.5f;
        }
        Mask m2 = Mask.of(5, 3, weights);
        double[] got = VolumeReference.correlate(vol, w, h, d, Mask3D.of(m2), policy);
        for (int z = 0; z < d; z++) {
            double[] slice = new double[w * h];
            for (int k = 0; k < slice.length; k++) {
                slice[k] = vol[z * w * h + k];
            }
            double[] want = ReferenceConvolver.correlate(slice, w, h, m2, policy);
            double[] have = java.util.Arrays.copyOfRange(got, z * w * h, (z + 1) * w * h);
            assertArrayEquals(want, have, 1e-9, "slice " + z);
        }
    }

    /** Worked by hand: a 1x1x3 mask along z on a 1x1x3 volume 1,2,3 under each policy's z ghost cells. */
    @ParameterizedTest
    @MethodSource("policies")
    void zGhostCellsFollowThePolicy(BorderPolicy policy) {
        float[] vol = {1, 2, 3};
        Mask3D m = Mask3D.of(1, 1, 3, 1f, 10f, 100f); // out(z) = in(z-1) + 10 in(z) + 100 in(z+1)
        double[] out = VolumeReference.correlate(vol, 1, 1, 3, m, policy);
        double below = switch (policy.name()) { // the ghost at z = -1
            case "clamp" -> 1;
            case "reflect" -> 1;
            case "mirror" -> 2;
            case "wrap" -> 3;
            default -> 0;
        };
        double above = switch (policy.name()) { // the ghost at z = 3
            case "clamp", "reflect" -> 3;
            case "mirror" -> 2;
            case "wrap" -> 1;
            default -> 0;
        };
        assertEquals(below + 10 + 200, out[0], 1e-12);
        assertEquals(1 + 20 + 300, out[1], 1e-12);
        assertEquals(2 + 30 + 100 * above, out[2], 1e-12);
    }
}
