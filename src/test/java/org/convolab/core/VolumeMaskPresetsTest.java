package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class VolumeMaskPresetsTest {

    @Test
    void boxIsTheMeanOfNCubed() {
        Mask3D m = VolumeMaskPresets.parse("box3d:3").orElseThrow();
        assertThat(new int[] {m.width(), m.height(), m.depth()}).containsExactly(3, 3, 3);
        assertThat(m.at(0, 2, 1)).isEqualTo(1f / 27);
        assertThat(m.sum()).isCloseTo(1, within(1e-6));
    }

    @Test
    void gaussianIsNormalisedAndItsSizeFollowsSigma() {
        Mask3D g = VolumeMaskPresets.parse("gaussian3d:2").orElseThrow();
        assertThat(g.width()).isEqualTo(13); // 2*ceil(3*2)+1
        assertThat(g.depth()).isEqualTo(13);
        assertThat(g.sum()).isCloseTo(1, within(1e-5));
        assertThat(g.at(6, 6, 6)).isGreaterThan(g.at(6, 6, 5));
        assertThat(VolumeMaskPresets.parse("gaussian3d:1:5").orElseThrow().depth()).isEqualTo(5);
    }

    @Test
    void anisotropicGaussianHasASizeAnAxis() {
        Mask3D g = VolumeMaskPresets.parse("gaussian3d:1,1,3").orElseThrow();
        assertThat(new int[] {g.width(), g.height(), g.depth()}).containsExactly(7, 7, 19);
        assertThat(g.at(3, 3, 9 + 2) / g.at(3, 3, 9)).isGreaterThan(g.at(3 + 2, 3, 9) / g.at(3, 3, 9)); // wider along z
    }

    @Test
    void twoDimensionalSpecsAreNotVolumes() {
        assertThat(VolumeMaskPresets.parse("gaussian:2")).isEmpty();
        assertThat(VolumeMaskPresets.parse("box:3")).isEmpty();
    }

    @Test
    void badArgumentsAreOneClearLine() {
        assertThatThrownBy(() -> VolumeMaskPresets.parse("box3d:4")).isInstanceOf(ConvolabException.class).hasMessageContaining("odd");
        assertThatThrownBy(() -> VolumeMaskPresets.parse("gaussian3d:1,2")).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("three");
        assertThatThrownBy(() -> VolumeMaskPresets.parse("gaussian3d")).isInstanceOf(ConvolabException.class);
    }

    @Test
    void flippedTurnsEveryAxisAndNormalizedSumsToOne() {
        Mask3D m = Mask3D.of(3, 1, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Mask3D f = m.flipped();
        assertThat(f.at(0, 0, 0)).isEqualTo(9f);
        assertThat(f.at(2, 0, 2)).isEqualTo(1f);
        assertThat(m.normalized().sum()).isCloseTo(1, within(1e-6));
        assertThat(m.slice(1).weights()).containsExactly(4, 5, 6);
    }
}
