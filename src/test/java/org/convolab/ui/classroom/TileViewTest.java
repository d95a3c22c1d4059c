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

    /** A dark 512x512 image: the halo's orange stands out on it. */
    private static RgbaImage darkImage() {
        int[] grey = new int[512 * 512];
        java.util.Arrays.fill(grey, 0xff202020);
        return new RgbaImage(512, 512, grey);
    }

    private static EditState box5(BorderPolicy border) {
        return new EditState(MaskPresets.parse("box:5"), border, 1, 0, false, Strategy.TILED, Backend.CPU);
    }

    @Test
    void theHaloIsSeenInTheInsetAtTheFittedZoom(FxRobot robot) {
        RgbaImage img = darkImage();
        EditState s = box5(BorderPolicy.parse("zero"));
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

    @Test
    void aBricksSliceAboveTheStackIsAllGhostCellsAndOneInsideShowsTheOutputTile(FxRobot robot) {
        RgbaImage img = darkImage();
        EditState s = box5(BorderPolicy.parse("mirror"));
        robot.interact(() -> {
            view.show(img, null, s);
            view.brick.setSelected(true);
            view.maskDepth.getValueFactory().setValue(5);
        });
        double z = view.insetScale();
        double[] at = view.insetAt;
        java.util.function.IntFunction<Color> centreAtSlice = k -> {
            robot.interact(() -> view.slice.getValueFactory().setValue(k));
            WritableImage[] snap = new WritableImage[1];
            robot.interact(() -> snap[0] = view.canvas.snapshot(null, null));
            return snap[0].getPixelReader().getColor((int) (at[0] + 5.5 * z), (int) (at[1] + 5.5 * z));
        };
        Color ghost = centreAtSlice.apply(-1);
        Color output = centreAtSlice.apply(0);
        Color halo = centreAtSlice.apply(16);
        assertThat(ghost.getRed()).as("slice -1, above the stack: a ghost slice %s", ghost).isGreaterThan(0.6);
        assertThat(output.getRed()).as("slice 0: the output tile shows the image %s", output).isLessThan(0.3);
        assertThat(halo.getRed()).as("slice 16, under the brick: halo %s", halo).isGreaterThan(0.4).isGreaterThan(3 * halo.getBlue());
        assertThat(ghost.getRed()).as("ghost cells shaded deeper than halo cells").isGreaterThan(halo.getRed());
        robot.interact(() -> view.slice.getValueFactory().setValue(-2));
        assertThat(view.infoText()).contains("input brick 20x20x20 = 8000 elements")
                .contains("Slice z = -2: a ghost slice (z face): under mirror it copies slice 2")
                .contains("over 1024 threads");
    }

    @Test
    void aCubicBricksLoadsFallByTheCoursesFactor() {
        String t = TileView.describeBrick(64, 64, MaskPresets.parse("box:3"), 3, 8, 1, 1, 3, BorderPolicy.parse("zero"));
        // (T·M)^3 / (T+M-1)^3 = 24^3 / 10^3
        assertThat(t).contains("input brick 10x10x10 = 1000 elements").contains("Loads: 27 an output without a tile (one a tap), 1.95")
                .contains(String.format(java.util.Locale.ROOT, "%.1fx fewer", 24.0 * 24 * 24 / 1000))
                .contains("Slice z = 3: an output slice").contains("of which 100 are ghost cells");
    }
}
