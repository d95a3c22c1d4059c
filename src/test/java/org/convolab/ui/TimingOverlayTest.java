package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.geometry.Bounds;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The timing overlay: one line in a corner by default, the details on a click, its text never cut. */
@ExtendWith(ApplicationExtension.class)
class TimingOverlayTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = TestWindows.openOnTheCpu(stage);
        stage.show();
    }

    private void size(FxRobot robot, int w, int h) {
        robot.interact(() -> {
            window.stage.setWidth(w);
            window.stage.setHeight(h);
        });
        UiWait.settled(window.model());
        robot.interact(window::fit);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The label shows all its text: JavaFX puts an ellipsis in the shown text when it cuts it. */
    private static void uncut(Label l) {
        Text shown = (Text) l.lookup(".text");
        assertThat(shown.getText()).as("shown text of %s", l.getId()).isEqualTo(l.getText());
        assertThat(l.getHeight()).isGreaterThanOrEqualTo(l.prefHeight(l.getWidth()) - 0.5);
    }

    @Test
    void compactInTheCornerAt1280x720(FxRobot robot) {
        size(robot, 1280, 720);
        TimingOverlay o = window.overlay;
        assertThat(o.isVisible()).isTrue();
        assertThat(o.line.getText()).contains("cpu").contains("ms").endsWith("\u25b8");
        uncut(o.line);
        Bounds ov = o.localToScene(o.getLayoutBounds());
        Bounds out = window.outputView.localToScene(window.outputView.getLayoutBounds());
        assertThat(ov.getHeight()).as("one line").isLessThan(3 * o.line.getFont().getSize());
        assertThat(ov.getWidth() * ov.getHeight()).as("hides little").isLessThan(0.1 * out.getWidth() * out.getHeight());
        assertThat(out.getMaxY() - ov.getMaxY()).as("at the bottom").isLessThan(20);
        assertThat(ov.contains(out.getCenterX(), out.getCenterY())).isFalse();
        assertThat(ov.getMaxX()).isLessThanOrEqualTo(out.getMaxX());
        // a click shows the details, uncut; another folds them
        robot.clickOn(o.line);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(o.expanded.get()).isTrue();
        Label details = (Label) o.lookup("#timing-overlay-text");
        assertThat(details.isVisible()).isTrue();
        uncut(details);
        uncut(o.line);
        assertThat(o.localToScene(o.getLayoutBounds()).getMinY()).isGreaterThanOrEqualTo(out.getMinY());
        robot.clickOn(o.line);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(o.expanded.get()).isFalse();
    }

    @Test
    void aNarrowOutputWrapsTheTextInsteadOfCuttingIt(FxRobot robot) {
        size(robot, 900, 600);
        TimingOverlay o = window.overlay;
        robot.clickOn(o.line);
        WaitForAsyncUtils.waitForFxEvents();
        Bounds ov = o.localToScene(o.getLayoutBounds());
        Bounds out = window.outputView.localToScene(window.outputView.getLayoutBounds());
        assertThat(ov.getMaxX()).isLessThanOrEqualTo(out.getMaxX() + 0.5);
        uncut(o.line);
        uncut((Label) o.lookup("#timing-overlay-text"));
    }
}
