package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The mask editor in the main window fits the window: at 1280x720 and at 1400x900, for every size 1x1
 * to 63x63, every cell (numbers or heat map squares), the size and view choices and the value field
 * lie inside the mask panel and the window. A new size keeps what the user meant and the view chosen.
 */
@ExtendWith(ApplicationExtension.class)
class MaskEditorFitTest {
    private MainWindow window;
    private MainModel model;

    @Start
    void start(Stage stage) {
        window = TestWindows.openOnTheCpu(stage);
        model = window.model();
        stage.show();
    }

    @Test
    void everySizeFitsAt1280x720() {
        everySizeFits(1280, 720);
    }

    @Test
    void everySizeFitsAt1400x900() {
        everySizeFits(1400, 900);
    }

    private void everySizeFits(int width, int height) {
        WaitForAsyncUtils.asyncFx(() -> {
            window.stage.setWidth(width);
            window.stage.setHeight(height);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.stage.getScene().getWidth()).isGreaterThan(width - 40);
        for (boolean numbers : new boolean[] {true, false}) {
            // the user's choice of view, made on a 1x1 mask (where both views are offered)
            WaitForAsyncUtils.asyncFx(() -> model.edit(model.current().withMask(MaskPresets.parse("box:1"))));
            WaitForAsyncUtils.waitForFxEvents();
            WaitForAsyncUtils.asyncFx(() -> choose(numbers ? window.maskEditor.numbersView : window.maskEditor.heatView));
            for (int n = 1; n <= Mask.DIRECT_MAX_SIZE; n += 2) {
                int side = n;
                WaitForAsyncUtils.asyncFx(() -> model.edit(model.current().withMask(MaskPresets.parse("box:" + side))));
                WaitForAsyncUtils.waitForFxEvents();
                WaitForAsyncUtils.waitForFxEvents(); // the view is chosen again once the panel is laid out
                String at = width + "x" + height + ", " + n + "x" + n + (numbers ? ", numbers chosen" : ", heat map chosen");
                Bounds visible = visible();
                for (String id : new String[] {"#mask-columns", "#mask-rows", "#mask-numbers-view", "#mask-heat-view", "#mask-sum"}) {
                    assertInside(window.stage.getScene().lookup(id), visible, at + ", " + id);
                }
                MaskEditor e = window.maskEditor;
                if (e.showsNumbers()) {
                    for (int k = 0; k < n * n; k++) {
                        Node cell = window.stage.getScene().lookup("#w-" + k % n + "-" + k / n);
                        assertInside(cell, visible, at + ", cell " + k);
                        assertThat(((TextField) cell).getText()).isNotEmpty();
                    }
                } else {
                    assertInside(window.stage.getScene().lookup("#mask-selected-weight"), visible, at);
                    MaskHeatMap map = e.heatMap;
                    assertThat(map.cellSize()).as(at).isGreaterThanOrEqualTo(3);
                    Bounds mapBounds = map.localToScene(map.getLayoutBounds());
                    assertThat(inside(mapBounds, visible)).as(at + ": heat map " + mapBounds + " in " + visible).isTrue();
                    for (int k = 0; k < n * n; k++) {
                        Bounds c = map.localToScene(map.cellBounds(k));
                        assertThat(inside(c, visible)).as(at + ", square " + k + " " + c).isTrue();
                    }
                }
                if (n <= 7 && numbers) {
                    assertThat(e.showsNumbers()).as(at + ": small numbers always fit").isTrue();
                }
            }
        }
    }

    /** The part of the window the mask panel has: inside the scene, left of the images. */
    private Bounds visible() {
        Node panel = window.stage.getScene().lookup("#mask-panel");
        Bounds p = panel.localToScene(panel.getLayoutBounds());
        Bounds images = window.imageArea.localToScene(window.imageArea.getLayoutBounds());
        double right = Math.min(Math.min(p.getMaxX(), images.getMinX()), window.stage.getScene().getWidth());
        double bottom = Math.min(p.getMaxY(), window.stage.getScene().getHeight());
        return new BoundingBox(Math.max(0, p.getMinX()), Math.max(0, p.getMinY()), right - Math.max(0, p.getMinX()),
                bottom - Math.max(0, p.getMinY()));
    }

    private static void assertInside(Node n, Bounds visible, String at) {
        assertThat(n).as(at).isNotNull();
        Bounds b = n.localToScene(n.getLayoutBounds());
        assertThat(inside(b, visible)).as(at + ": " + b + " not inside " + visible).isTrue();
        assertThat(n.isVisible()).as(at).isTrue();
    }

    /** What a click on a view's button does (a click on the chosen one chooses it again). */
    static void choose(javafx.scene.control.ToggleButton view) {
        if (view.isSelected()) {
            view.fire(); // off, and the editor keeps one view chosen: on again, as the user's choice
        }
        view.fire();
        if (!view.isSelected()) {
            view.fire();
        }
    }

    private static boolean inside(Bounds b, Bounds outer) {
        double e = 0.5;
        return b.getMinX() >= outer.getMinX() - e && b.getMinY() >= outer.getMinY() - e && b.getMaxX() <= outer.getMaxX() + e
                && b.getMaxY() <= outer.getMaxY() + e;
    }

    @Test
    void aNewSizeMakesAPresetAgainAndPadsOrCropsAHandMadeMask(FxRobot robot) {
        robot.interact(() -> model.masks().applyPreset("gaussian:2:11"));
        robot.interact(() -> choose(window.maskEditor.heatView));
        @SuppressWarnings("unchecked")
        ComboBox<Integer> columns = robot.lookup("#mask-columns").queryAs(ComboBox.class);
        @SuppressWarnings("unchecked")
        ComboBox<Integer> rows = robot.lookup("#mask-rows").queryAs(ComboBox.class);
        robot.interact(() -> {
            columns.setValue(7);
            rows.setValue(7);
        });
        Mask m = model.current().mask();
        assertThat(m.width()).isEqualTo(7);
        assertThat(m.height()).isEqualTo(7);
        assertThat(m.sum()).as("a blur made again sums to 1, not 0.966").isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
        assertThat(m).isEqualTo(MaskPresets.parse("gaussian:2:7"));
        assertThat(model.statusProperty().get()).contains("gaussian:2:7");
        assertThat(window.maskEditor.showsNumbers()).as("the heat map chosen stays").isFalse();
        assertThat(window.maskEditor.heatView.isSelected()).isTrue();
        // hand-made: cropped about its centre, with a note that gives the new sum
        robot.interact(() -> model.edit(model.current().withMask(Mask.of(5, 5, new float[] {
            1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 2, 4, 2, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1}))));
        robot.interact(() -> columns.setValue(3));
        assertThat(model.current().mask().width()).isEqualTo(3);
        assertThat(model.current().mask().height()).isEqualTo(5);
        assertThat(model.current().mask().get(1, 2)).isEqualTo(4f);
        assertThat(model.statusProperty().get()).contains("cropped").contains("sum to");
        robot.interact(() -> columns.setValue(7));
        assertThat(model.current().mask().get(0, 0)).isEqualTo(0f);
        assertThat(model.current().mask().get(3, 2)).isEqualTo(4f);
        assertThat(model.statusProperty().get()).contains("padded");
        // numbers chosen stay chosen across sizes that fit
        robot.interact(() -> rows.setValue(3));
        robot.interact(() -> columns.setValue(3));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> choose(window.maskEditor.numbersView));
        robot.interact(() -> rows.setValue(5));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.maskEditor.showsNumbers()).isTrue();
    }
}
