package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class VolumeStrategyTest {

    @Test
    void everyVolumeStrategyHasTheLaunchPlanStrategyOfItsName() {
        for (VolumeStrategy v : VolumeStrategy.values()) {
            assertThat(v.asStrategy().id()).isEqualTo(v.cliName());
            assertThat(VolumeStrategy.parse(v.cliName())).isEqualTo(v);
        }
    }

    @Test
    void unknownNameIsRefusedWithTheAcceptedOnes() {
        assertThatThrownBy(() -> VolumeStrategy.parse("tiled-out"))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("naive, constant, tiled");
    }
}
