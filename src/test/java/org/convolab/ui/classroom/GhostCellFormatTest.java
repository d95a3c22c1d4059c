package org.convolab.ui.classroom;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The numbers of the weighted-sum list. */
class GhostCellFormatTest {

    @Test
    void aTinyNegativeValueIsZeroNotMinusZero() {
        assertThat(GhostCellView.fmt(-0.00001)).isEqualTo("0");
        assertThat(GhostCellView.fmt(-0.0)).isEqualTo("0");
        assertThat(GhostCellView.fmt(-1.25)).isEqualTo("-1.25");
        assertThat(GhostCellView.fmt(12.0)).isEqualTo("12");
    }
}
