package org.convolab.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import org.convolab.core.ConstantPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The worked examples of the course material (shared/course-examples.md), sections 1 to 3. */
class CourseExamplesTest {

    static final double[][] N = {
            {1, 2, 3, 4, 5, 6, 7},
            {2, 3, 4, 5, 6, 7, 8},
            {3, 4, 5, 6, 7, 8, 9},
            {4, 5, 6, 7, 8, 5, 6},
            {5, 6, 7, 8, 5, 6, 7},
            {6, 7, 8, 9, 0, 1, 2},
            {7, 8, 9, 0, 1, 2, 3}};

    static final Mask M = Mask.of(5, 5,
            1, 2, 3, 2, 1,
            2, 3, 4, 3, 2,
            3, 4, 5, 4, 3,
            2, 3, 4, 3, 2,
            1, 2, 3, 2, 1);

    static final double[][] OUT_7X7 = {
            {69, 112, 158, 200, 242, 232, 189},
            {112, 176, 242, 294, 342, 316, 252},
            {158, 242, 321, 370, 411, 374, 294},
            {200, 298, 372, 393, 396, 340, 256},
            {242, 344, 393, 374, 347, 282, 204},
            {232, 316, 342, 302, 254, 186, 126},
            {189, 242, 252, 206, 156, 104, 75}};

    static final double[][] MATLAB_IN = {
            {3, 3, 2, 1, 0}, {0, 0, 1, 3, 1}, {3, 1, 2, 2, 3}, {2, 0, 0, 2, 2}, {2, 0, 0, 0, 1}};
    static final Mask MATLAB_MASK = Mask.of(3, 3, 0, 1, 2, 2, 2, 0, 0, 1, 2);
    static final double[][] MATLAB_OUT = {
            {6, 14, 17, 11, 3}, {14, 12, 12, 17, 11}, {8, 10, 17, 19, 13}, {11, 9, 6, 14, 12}, {6, 4, 4, 6, 4}};

    static double[] flat(double[][] rows) {
        int w = rows[0].length;
        double[] f = new double[rows.length * w];
        for (int y = 0; y < rows.length; y++) {
            System.arraycopy(rows[y], 0, f, y * w, w);
        }
        return f;
    }

    @Test
    void sevenBySevenExampleInFull() {
        double[] out = ReferenceConvolver.correlate(flat(N), 7, 7, M, ConstantPolicy.ZERO);
        assertThat(out).containsExactly(flat(OUT_7X7));
        assertThat(out[2 * 7 + 2]).isEqualTo(321);
    }

    @Test
    void cornerExampleWithGhostCells() {
        double[][] corner = {{3, 4, 5, 6}, {2, 3, 4, 5}, {3, 5, 6, 7}, {1, 1, 3, 1}};
        double[] out = ReferenceConvolver.correlate(flat(corner), 4, 4, M, ConstantPolicy.ZERO);
        assertThat(out[1 * 4 + 1]).isEqualTo(179);
    }

    @Test
    void matlabExample() {
        double[] out = ReferenceConvolver.correlate(flat(MATLAB_IN), 5, 5, MATLAB_MASK, ConstantPolicy.ZERO);
        assertThat(out).containsExactly(flat(MATLAB_OUT));
    }

    /** The fast engine gives the same figures (halved to fit 8 bits: divisor 2). */
    @ParameterizedTest
    @EnumSource(value = Strategy.class, names = {"NAIVE", "TILED", "AUTO"})
    void fastEngineReproducesTheSevenBySevenExample(Strategy s) {
        int[] px = new int[49];
        for (int k = 0; k < 49; k++) {
            int v = (int) flat(N)[k];
            px[k] = 0xff000000 | v << 16 | v << 8 | v;
        }
        FilterSpec spec = new FilterSpec(M, ConstantPolicy.ZERO, 2f, 0f, false);
        try (CpuEngine engine = new CpuEngine(2)) {
            RgbaImage out = engine.filter(new RgbaImage(7, 7, px), spec, s).image();
            double[] expected = flat(OUT_7X7);
            for (int k = 0; k < 49; k++) {
                assertThat(out.channel(k % 7, k / 7, 1)).isEqualTo((int) Math.floor(expected[k] / 2 + 0.5));
            }
        }
    }
}
