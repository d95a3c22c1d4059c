package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The cost model against the exact tables of shared/course-examples.md, sections 4 and 5. */
class CostModelTest {

    static final int[] TILES_1D = {16, 32, 64, 128, 256};
    static final String[][] EXACT_1D = {{"4.00", "4.44", "4.71", "4.85", "4.92"}, {"6.00", "7.20", "8.00", "8.47", "8.73"}};
    static final int[] TILES_2D = {8, 16, 32, 64};
    static final String[][] EXACT_2D = {{"11.11", "16.00", "19.75", "22.15"}, {"20.25", "36.00", "51.84", "64.00"}};
    static final int[] MASKS = {5, 9};

    @Test
    void reductionTablesMatchTheCourseExactly() {
        for (int m = 0; m < 2; m++) {
            for (int t = 0; t < TILES_1D.length; t++) {
                assertThat(String.format(Locale.ROOT, "%.2f", CostModel.reduction(1, MASKS[m], TILES_1D[t]))).isEqualTo(EXACT_1D[m][t]);
            }
            for (int t = 0; t < TILES_2D.length; t++) {
                assertThat(String.format(Locale.ROOT, "%.2f", CostModel.reduction(2, MASKS[m], TILES_2D[t]))).isEqualTo(EXACT_2D[m][t]);
            }
        }
    }

    /** Bricks: the 2D formula's cube, (T·M)³ / (T+M−1)³, so the 2D table's entries are the 3D ones to the power 2/3. */
    @Test
    void bricksAreTheCubeOfTheOneDimensionalRatio() {
        for (int m : MASKS) {
            for (int t : TILES_2D) {
                double r1 = CostModel.reduction(1, m, t);
                assertThat(CostModel.reduction(3, m, t)).isCloseTo(r1 * r1 * r1, org.assertj.core.data.Offset.offset(1e-9));
                assertThat(Math.pow(CostModel.reduction(3, m, t), 2.0 / 3)).isCloseTo(CostModel.reduction(2, m, t),
                        org.assertj.core.data.Offset.offset(1e-9));
            }
        }
        assertThat(String.format(Locale.ROOT, "%.2f", CostModel.reduction(3, 5, 8))).isEqualTo("37.04"); // (40/12)³
        assertThat(CostModel.tapsPerOutput(3, 5)).isEqualTo(125);
        assertThat(CostModel.loadsPerOutput(Strategy.SEPARABLE, 3, 5, 8)).isEqualTo(15.0);
        assertThat(CostModel.maxOutputTileForInputBlocks(3, 3)).isEqualTo(8);
    }

    @Test
    void arithmeticIntensityOfSectionFive() {
        assertThat(CostModel.intensity(Strategy.NAIVE, 2, 9, 16)).isEqualTo(0.25);
        assertThat(CostModel.intensity(Strategy.CONSTANT, 2, 9, 16)).isEqualTo(0.5);
        // OUT^2 * 2(2r+1)^2 / (IN^2 * 4), r = 2, OUT = 28, IN = 32
        assertThat(CostModel.intensity(Strategy.TILED, 2, 5, 28)).isCloseTo(28.0 * 28 * 2 * 25 / (32.0 * 32 * 4), within(1e-12));
        // tends to (2r+1)^2 / 2 for OUT >> r
        assertThat(CostModel.intensity(Strategy.TILED, 2, 5, 100000)).isCloseTo(12.5, within(1e-3));
        assertThat(CostModel.maxOutputTileForInputBlocks(2, 5)).isEqualTo(28);
        assertThat(CostModel.maxOutputTileForInputBlocks(2, 33)).isZero();
    }

    @Test
    void tensorMultiplyAddsAreTheBandBlocksTimesMaskRowsTwice() {
        // 7x7: 2 blocks of 16 a row, 7 rows, hi and lo: 2 * 16 * 2 * 7 = 448 for 49 taps
        assertThat(CostModel.tensorMacsPerOutput(7, 7)).isEqualTo(448);
        // 63x63: 5 blocks, 63 rows: 10080 for 3969 taps (2.5x the taps)
        assertThat(CostModel.tensorMacsPerOutput(63, 63)).isEqualTo(10080);
        assertThat(CostModel.tensorMacsPerOutput(1, 1)).isEqualTo(32);
        for (int m = 1; m <= 63; m += 2) {
            assertThat(CostModel.tensorMacsPerOutput(m, m)).isGreaterThanOrEqualTo(CostModel.tapsPerOutput(2, m));
        }
        assertThatThrownBy(() -> CostModel.tensorMacsPerOutput(0, 3)).hasMessageContaining("positive");
    }

    /** The classroom's tensor account states the band's multiply-adds against the taps: a 15x15 mask, 2 blocks, 2 halves. */
    @org.junit.jupiter.api.Test
    void theTensorExplanationCountsTheBandAgainstTheTaps() {
        String text = CostModel.tensorExplanation(15, 15);
        // 15 rows x 2 blocks x 16 inputs x 2 halves = 960 multiply-adds for 225 taps
        org.assertj.core.api.Assertions.assertThat(text).contains("15 mask rows").contains("2 16-column blocks")
                .contains("960 multiply-adds").contains("225 taps").contains("(4.3x)").contains("FP32 floor");
        org.assertj.core.api.Assertions.assertThat(CostModel.tensorMacsPerOutput(15, 15)).isEqualTo(960);
    }
}
