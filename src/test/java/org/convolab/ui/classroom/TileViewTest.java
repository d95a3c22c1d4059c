package org.convolab.ui.classroom;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.convolab.core.BorderPolicy;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.convolab.ui.EditState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The tile view at the fitted zoom of a 512x512 image: the picked block's halo is seen in a magnified inset. */
@ExtendWith(ApplicationExtension.class)
class TileViewTest {
    private TileView view;

    @Start
    void start(Stage stage) {
        view = new TileView();
        stage.setScene(new Scene(view, 900, 620));
        stage.show();
    }

    @Test
    void theHaloIsSeenInTheInsetAtTheFittedZoom(FxRobot robot) {
        int[] grey = new int[512 * 512];
        java.util.Arrays.fill(grey, 0xff202020);
        RgbaImage img = new RgbaImage(512, 512, grey);
        EditState s = new EditState(MaskPresets.parse("box:5"), BorderPolicy.parse("zero"), 1, 0, false, Strategy.TILED, Backend.CPU);
        robot.interact(() -> view.show(img, null, s));
        WaitForAsyncUtils.waitForFxEvents();
        // fitted, one image pixel is about one view pixel: a 2-pixel halo would be lost there
        assertThat(view.insetScale()).as("view pixels per image pixel in the inset").isGreaterThanOrEqualTo(6);
        WritableImage[] snap = new WritableImage[1];
        robot.interact(() -> snap[0] = view.canvas.snapshot(null, null));
        PixelReader px = snap[0].getPixelReader();
        double z = view.insetScale();
        double[] at = view.insetAt;
        // block (0, 0), tile 16: image pixel (-1, 3) is a ghost cell of its halo, (16, 3) a halo cell inside the
        // image (radius 2), (5, 5) in the output tile
        Color ghost = px.getColor((int) (at[0] + (-1 + 0.5) * z), (int) (at[1] + (3 + 0.5) * z));
        Color halo = px.getColor((int) (at[0] + (16 + 0.5) * z), (int) (at[1] + (3 + 0.5) * z));
        Color inside = px.getColor((int) (at[0] + (5 + 0.5) * z), (int) (at[1] + (5 + 0.5) * z));
        assertThat(ghost.getRed()).as("ghost cell orange: %s", ghost).isGreaterThan(0.6);
        assertThat(ghost.getBlue()).isLessThan(0.3);
        assertThat(halo.getRed()).as("halo orange: %s", halo).isGreaterThan(0.4).isGreaterThan(3 * halo.getBlue());
        assertThat(inside.getRed()).as("output tile shows the image: %s", inside).isLessThan(0.3);
    }
}
