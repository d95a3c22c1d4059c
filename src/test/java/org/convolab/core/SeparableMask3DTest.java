package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SeparableMask3DTest {

    @Test
    void aProductOfThreeLinesIsFoundAndItsFactorsGiveItBack() {
        float[] x = {1, 2, 3};
        float[] y = {0.5f, -1, 0.25f};
        float[] z = {2, 0, 4, 1, 3};
        float[] m = new float[3 * 3 * 5];
        for (int k = 0; k < 5; k++) {
            for (int j = 0; j < 3; j++) {
                for (int i = 0; i < 3; i++) {
                    m[(k * 3 + j) * 3 + i] = x[i] * y[j] * z[k];
                }
            }
        }
        Mask3D mask = Mask3D.of(3, 3, 5, m);
        SeparableMask3D f = SeparableMask3D.of(mask).orElseThrow();
        for (int k = 0; k < 5; k++) {
            for (int j = 0; j < 3; j++) {
                for (int i = 0; i < 3; i++) {
                    assertThat((double) f.x()[i] * f.y()[j] * f.z()[k]).isCloseTo(mask.at(i, j, k), org.assertj.core.data.Offset.offset(1e-5));
                }
            }
        }
    }

    @Test
    void oneWeightOffMakesItNotRankOne() {
        float[] m = new float[27];
        java.util.Arrays.fill(m, 1f);
        assertThat(SeparableMask3D.of(Mask3D.of(3, 3, 3, m))).isPresent();
        m[13] = 1.01f;
        assertThat(SeparableMask3D.of(Mask3D.of(3, 3, 3, m))).isEmpty();
        assertThat(SeparableMask3D.of(Mask3D.of(3, 3, 3, new float[27]))).isEmpty();
    }
}
