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

    @Test
    void theZFaceNamesTheSlicesEachPolicyCopies() {
        org.convolab.core.BorderPolicy mirror = org.convolab.core.BorderPolicy.parse("mirror");
        assertThat(GhostCellView.zFaceText(mirror, 2, 64)).contains("mask 5 deep")
                .contains("slices -2..-1 \u2190 slice 2, slice 1;").contains("slices 64..65 \u2190 slice 62, slice 61.");
        assertThat(GhostCellView.zFaceText(org.convolab.core.BorderPolicy.parse("wrap"), 1, 64))
                .contains("slices -1..-1 \u2190 slice 63;").contains("slices 64..64 \u2190 slice 0.");
        assertThat(GhostCellView.zFaceText(org.convolab.core.BorderPolicy.parse("constant:7"), 1, 64)).contains("\u2190 7;");
        assertThat(GhostCellView.zFaceText(mirror, 0, 64)).contains("no z face");
    }
}
