package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.MouseButton;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The mask editor on its own: sizes 1x1 to 63x63, readable cells, the heat map and its dragging. */
@ExtendWith(ApplicationExtension.class)
class MaskEditorTest {
    private MaskEditor editor;
    private final List<Mask> edits = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();

    @Start
    void start(Stage stage) {
        editor = new MaskEditor(m -> {
            edits.add(m);
            editor.show(m);
        }, errors::add);
        editor.show(MaskPresets.parse("box:3"));
        Scene scene = new Scene(editor, 440, 520);
        scene.getStylesheets().add(Theme.APP_CSS);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aCellsTooltipGivesItsExactWeight(FxRobot robot) {
        robot.interact(() -> editor.show(MaskPresets.parse("gaussian:0.8:5")));
        WaitForAsyncUtils.waitForFxEvents();
        Mask shown = MaskPresets.parse("gaussian:0.8:5");
        robot.moveTo(robot.lookup("#w-1-2").queryAs(TextField.class));
        UiWait.until(() -> robot.listTargetWindows().stream()
                .anyMatch(w -> w instanceof javafx.scene.control.Tooltip t && t.isShowing()));
        javafx.scene.control.Tooltip tip = (javafx.scene.control.Tooltip) robot.listTargetWindows().stream()
                .filter(w -> w instanceof javafx.scene.control.Tooltip t && t.isShowing()).findFirst().orElseThrow();
        assertThat(tip.getText()).isEqualTo(org.convolab.core.MaskText.formatWeight(shown.get(1, 2)));
    }

    @Test
    void cellsAreNeverInScientificNotation() {
        for (float w : new float[] {1.2e-4f, -3e-5f, 1e-7f, 0.1111111f, 123.456f, 4e5f, -2f, 0f}) {
            assertThat(MaskWeightText.shortWeight(w)).as("%s", w).doesNotContainIgnoringCase("e").hasSizeLessThanOrEqualTo(8);
        }
        assertThat(MaskWeightText.shortWeight(1.2e-4f)).isEqualTo("0.0001");
        assertThat(MaskWeightText.shortWeight(1e-7f)).isEqualTo("~0");
        assertThat(MaskWeightText.shortWeight(0.1111111f)).isEqualTo("0.1111");
        assertThat(MaskWeightText.plain(5.888888888)).isEqualTo("5.888889");
    }

    @Test
    void a13x13MaskShowsAllItsValuesUncutOnceThePanelIsWideEnough(FxRobot robot) {
        robot.interact(() -> MaskEditorFitTest.choose(editor.numbersView));
        robot.interact(() -> {
            // the stage is the one TestFX keeps for every test class: whatever size an earlier class left
            Stage stage = (Stage) editor.getScene().getWindow();
            stage.setMaximized(false);
            stage.setMinWidth(0);
            stage.setWidth(300); // narrower than 13 numbers at 0.75
        });
        UiWait.until(() -> editor.getWidth() <= 300);
        robot.interact(() -> editor.show(MaskPresets.parse("gaussian:2")));
        WaitForAsyncUtils.waitForFxEvents();
        UiWait.until(() -> !editor.showsNumbers()); // the fit is decided after the layout pass the new size asks for
        assertThat(editor.showsNumbers()).as("wider than the panel: the heat map").isFalse();
        assertThat(editor.numbersView.isDisabled()).isTrue();
        robot.interact(() -> {
            editor.getScene().getWindow().setWidth(900);
            editor.getScene().getWindow().setHeight(700);
        });
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(editor.showsNumbers()).as("the numbers chosen come back when they fit").isTrue();
        for (int x = 0; x < 13; x++) {
            TextField f = robot.lookup("#w-" + x + "-6").queryAs(TextField.class);
            // the field is as wide as its text needs: prefColumnCount fits the longest value
            assertThat(f.getPrefColumnCount()).isGreaterThanOrEqualTo(f.getText().length());
        }
    }

    @Test
    void a63x63MaskIsAHeatMapThatFitsThePanel(FxRobot robot) {
        robot.interact(() -> editor.show(MaskPresets.parse("box:63")));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(editor.showsNumbers()).isFalse();
        assertThat(editor.numbersView.isDisabled()).isTrue();
        assertThat(editor.numbersView.getText()).isEqualTo("Numbers");
        double side = editor.heatMap.cellSize();
        assertThat(side).isGreaterThanOrEqualTo(5);
        assertThat(side * 63).isLessThanOrEqualTo(editor.heatMap.getWidth());
        assertThat(side * 63).isLessThanOrEqualTo(editor.heatMap.getHeight());
    }

    @Test
    void draggingASquareUpRaisesItsWeight(FxRobot robot) {
        robot.interact(() -> editor.heatView.setSelected(true));
        WaitForAsyncUtils.waitForFxEvents();
        Bounds b = editor.heatMap.localToScreen(editor.heatMap.getBoundsInLocal());
        double c = editor.heatMap.cellSize();
        double x = b.getMinX() + (b.getWidth() - 3 * c) / 2 + c / 2; // centre of the left column
        double y = b.getMinY() + b.getHeight() / 2;
        robot.moveTo(new javafx.geometry.Point2D(x, y)).press(MouseButton.PRIMARY)
                .moveBy(0, -60).release(MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(edits).hasSize(1);
        Mask m = edits.get(0);
        assertThat(m.get(0, 1)).isGreaterThan(1f / 9);
        assertThat(m.get(1, 1)).isEqualTo(1f / 9);
        // the colour tells sign and size
        assertThat(MaskHeatMap.colour(1, 1).getRed()).isGreaterThan(MaskHeatMap.colour(1, 1).getBlue());
        assertThat(MaskHeatMap.colour(-1, 1).getBlue()).isGreaterThan(MaskHeatMap.colour(-1, 1).getRed());
        assertThat(MaskHeatMap.colour(0, 1)).isEqualTo(Color.WHITE);
    }

    @Test
    void theArrowKeysSelectASquareForTyping(FxRobot robot) {
        robot.interact(() -> editor.heatView.setSelected(true));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#mask-heat-map");
        robot.type(javafx.scene.input.KeyCode.RIGHT);
        robot.type(javafx.scene.input.KeyCode.UP);
        TextField field = robot.lookup("#mask-selected-weight").queryAs(TextField.class);
        assertThat(field.isDisabled()).isFalse();
        robot.interact(() -> {
            field.setText("2");
            field.fireEvent(new javafx.event.ActionEvent());
        });
        assertThat(edits).isNotEmpty();
        Mask m = edits.get(edits.size() - 1);
        assertThat(m.get(2, 0)).isEqualTo(2f);
    }

    @Test
    void sizesGoUpTo63(FxRobot robot) {
        robot.interact(() -> editor.show(MaskPresets.parse("box:61")));
        robot.interact(() -> editor.show(Mask.of(63, 63, new float[63 * 63])));
        assertThat(robot.lookup("#mask-columns").queryComboBox().getItems()).contains(1, 63).hasSize(32);
        assertThat(robot.lookup("#mask-sum").queryAs(Label.class).getText()).isEqualTo("Sum of weights: 0");
    }
}
