package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Strategies and backends that cannot apply are disabled, with a short reason and the full one in a tooltip. */
@ExtendWith(ApplicationExtension.class)
class UnavailableChoicesTest {
    private static final List<String> SEPARABLE = List.of("separable", "separable-tiled", "fast-separable");
    private MainWindow window;
    private MainModel model;

    @Start
    void start(Stage stage) {
        window = TestWindows.openOnTheCpu(stage);
        model = window.model();
        model.masks().applyPreset("box:3");
        stage.show();
    }

    private List<ListCell<?>> openCells(FxRobot robot, String combo) {
        robot.clickOn(combo);
        UiWait.until(() -> robot.lookup(".list-cell").queryAll().stream()
                .anyMatch(c -> c.isVisible() && ((ListCell<?>) c).getText() != null && ((ListCell<?>) c).getItem() != null));
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(".list-cell").queryAll().stream().<ListCell<?>>map(c -> (ListCell<?>) c)
                .filter(c -> c.getItem() != null && c.getParent() != null && !c.getStyleClass().contains("combo-box-base"))
                .filter(c -> c.getScene() != window.stage.getScene()).toList();
    }

    private static ListCell<?> cell(List<ListCell<?>> cells, String name) {
        return cells.stream().filter(c -> c.getItem().toString().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void separableStrategiesAreDisabledOnceTheMaskIsNotSeparable(FxRobot robot) {
        UiWait.settled(model);
        // the list has been shown for the separable box first: its cells must not keep that state
        List<ListCell<?>> cells = openCells(robot, "#strategy");
        for (String s : SEPARABLE) {
            assertThat(cell(cells, s).isDisabled()).as(s).isFalse();
        }
        robot.type(KeyCode.ESCAPE);
        robot.interact(() -> model.masks().applyPreset("sharpen"));
        UiWait.settled(model);
        cells = openCells(robot, "#strategy");
        for (String s : SEPARABLE) {
            ListCell<?> c = cell(cells, s);
            assertThat(c.isDisabled()).as(s).isTrue();
            assertThat(c.getText()).isEqualTo(s + " \u2014 needs a separable mask");
        }
        assertThat(cell(cells, "tiled").isDisabled()).isFalse();
        // the full reason is the tooltip over the disabled item
        ListCell<?> sep = cell(cells, "separable-tiled");
        Bounds b = sep.localToScreen(sep.getBoundsInLocal());
        robot.moveTo(new Point2D(b.getMinX() + 20, b.getCenterY())).moveBy(3, 0);
        Tooltip tip = window.settings.strategies.listTooltip();
        UiWait.until(tip::isShowing);
        assertThat(tip.getText()).contains("not separable").contains("separable-tiled");
        // clicking it chooses nothing
        robot.clickOn(sep);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.current().strategy()).isNotEqualTo(Strategy.SEPARABLE_TILED);
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void cudaWithoutAGpuIsDisabledWithAShortReason(FxRobot robot) {
        String problem = model.cudaProblem();
        org.junit.jupiter.api.Assumptions.assumeTrue(problem != null, "a usable GPU here: cuda is rightly enabled");
        List<ListCell<?>> cells = openCells(robot, "#backend");
        ListCell<?> cuda = cell(cells, Backend.CUDA.toString());
        assertThat(cuda.isDisabled()).isTrue();
        assertThat(cuda.getText()).isEqualTo(Backend.CUDA + " \u2014 no usable GPU");
        Bounds b = cuda.localToScreen(cuda.getBoundsInLocal());
        assertThat(b.getMaxX()).isLessThanOrEqualTo(window.stage.getX() + window.stage.getWidth() + 200);
        robot.type(KeyCode.ESCAPE);
    }
}
