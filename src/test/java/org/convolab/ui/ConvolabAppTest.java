package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.image.ImageView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The window opens on the default sample, headless (Monocle). */
@ExtendWith(ApplicationExtension.class)
class ConvolabAppTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        new ConvolabApp().start(stage);
    }

    @Test
    void opensOnTheSampleImageWithItsNameInTheTitle(FxRobot robot) {
        assertThat(stage.getTitle()).isEqualTo("Convolab \u2014 astronaut.png");
        ImageView view = robot.lookup(n -> n instanceof ImageView).query();
        assertThat(view.getImage().getWidth()).isEqualTo(512);
    }
}
