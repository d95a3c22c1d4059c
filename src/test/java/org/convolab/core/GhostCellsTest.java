package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.selftest.Conformance;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class GhostCellsTest {

    /** Every cell of the view reads what the core's border function names, on both axes. */
    @ParameterizedTest
    @MethodSource("org.convolab.selftest.Conformance#policies")
    void mappingIsTheBorderFunction(BorderPolicy policy) {
        RgbaImage img = TestImages.randomImage(5, 3, new Random(1));
        for (int y = -7; y < 10; y++) {
            for (int x = -7; x < 12; x++) {
                GhostCells.Cell c = GhostCells.cell(img, 0, policy, x, y);
                int sx = policy.index(x, 5);
                int sy = policy.index(y, 3);
                assertThat(c.ghost()).isEqualTo(x < 0 || y < 0 || x >= 5 || y >= 3);
                if (sx < 0 || sy < 0) {
                    assertThat(c.constant()).isTrue();
                    assertThat(c.value()).isEqualTo(policy.constant());
                    assertThat(c.describe()).contains("constant");
                } else {
                    assertThat(c.sourceX()).isEqualTo(sx);
                    assertThat(c.sourceY()).isEqualTo(sy);
                    assertThat(c.value()).isEqualTo(img.channel(sx, sy, 0));
                    if (c.ghost()) {
                        assertThat(c.describe()).contains("copies pixel (" + sx + ", " + sy + ")");
                    }
                }
            }
        }
    }

    /** The listed terms add up to the reference's sum at every pixel, corners included. */
    @ParameterizedTest
    @MethodSource("org.convolab.selftest.Conformance#policies")
    void termsAddUpToTheReference(BorderPolicy policy) {
        RgbaImage img = TestImages.randomImage(6, 4, new Random(2));
        Mask m = Mask.of(5, 3, 1, -2, 3, 0.5f, 1, 2, 1, 7, 1, 2, -1, 0, 1, 0, 2);
        double[] plane = new double[24];
        for (int k = 0; k < 24; k++) {
            plane[k] = img.channel(k % 6, k / 6, 1);
        }
        double[] ref = ReferenceConvolver.correlate(plane, 6, 4, m, policy);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 6; x++) {
                List<GhostCells.Term> terms = GhostCells.terms(img, 1, m, policy, x, y);
                assertThat(terms).hasSize(15);
                assertThat(GhostCells.sum(terms)).isCloseTo(ref[y * 6 + x], within(1e-9));
            }
        }
    }
}
