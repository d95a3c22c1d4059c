package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.RadioMenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** View › Side by side and View › Before/after divider, switched in every order: both images stay. */
@ExtendWith(ApplicationExtension.class)
class ViewSwitchTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = TestWindows.openOnTheCpu(stage);
        stage.show();
    }

    @Test
    void everyOrderOfViewSwitchesKeepsBothImages(FxRobot robot) {
        UiWait.settled(window.model());
        RadioMenuItem side = window.menus.sideBySide;
        RadioMenuItem split = window.menus.splitMode;
        // every sequence of four choices (each item chosen again or the other one)
        for (int bits = 0; bits < 16; bits++) {
            List<RadioMenuItem> order = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                order.add((bits >> i & 1) == 0 ? split : side);
            }
            order.add(side);
            for (RadioMenuItem item : order) {
                robot.interact(() -> item.setSelected(true)); // what choosing it in the menu does
                WaitForAsyncUtils.waitForFxEvents();
                String at = "after " + order.indexOf(item) + " of sequence " + bits + ", " + item.getText();
                assertThat(shown(window.outputView)).as("output " + at).isTrue();
                assertThat(window.outputView.image.get()).as(at).isNotNull();
                if (item == split) {
                    assertThat(window.outputView.before.get()).as("before half " + at).isNotNull();
                } else {
                    assertThat(shown(window.inputView)).as("input " + at).isTrue();
                    assertThat(window.outputView.before.get()).as(at).isNull();
                }
                assertThat(window.outputView.getWidth()).as(at).isGreaterThan(50);
            }
        }
    }

    /** The node is in the window's scene and every parent up to the root is visible. */
    private boolean shown(Node n) {
        if (n.getScene() != window.stage.getScene()) {
            return false;
        }
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }
}
