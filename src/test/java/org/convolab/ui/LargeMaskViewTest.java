package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.image.WritableImage;
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

/** A mask past the editor's 63x63 (from a file or a preset) is shown as a heat map that fits, its centre hot. */
@ExtendWith(ApplicationExtension.class)
class LargeMaskViewTest {
    private MaskEditor editor;

    @Start
    void start(Stage stage) {
        editor = new MaskEditor(m -> editor.show(m), e -> { });
        editor.show(MaskPresets.parse("box:3"));
        TestWindows.showAlone(stage, editor, 440, 520);
    }

    @Test
    void aLargeMaskIsAHeatMapThatFitsWithItsCentreHot(FxRobot robot) throws java.io.IOException {
        for (String spec : new String[] {"gaussian:40", "box:1023"}) {
            Mask m = MaskPresets.parse(spec);
            robot.interact(() -> editor.show(m));
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(editor.showsNumbers()).as(spec).isFalse();
            assertThat(robot.lookup(n -> n instanceof javafx.scene.control.Label l && l.getText() != null
                    && l.getText().contains(m.width() + "x" + m.height() + " mask from a file or preset")).tryQuery()).as(spec).isPresent();
            double side = editor.heatMap.cellSize();
            assertThat(side).as(spec).isPositive();
            assertThat(side * m.width()).as(spec).isLessThanOrEqualTo(editor.heatMap.getWidth() + 1e-9);
            WritableImage[] shot = new WritableImage[1];
            robot.interact(() -> shot[0] = editor.heatMap.snapshot(null, null));
            String dir = System.getProperty("convolab.shots"); // -Dconvolab.shots=DIR keeps the pictures, to look at
            if (dir != null) {
                WritableImage[] whole = new WritableImage[1];
                robot.interact(() -> whole[0] = editor.snapshot(null, null));
                javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(whole[0], null), "png",
                        java.nio.file.Path.of(dir, "mask-editor-" + spec.replace(':', '-') + ".png").toFile());
            }
            // beside the anchor's outline: a few squares from the centre, as hot as the peak (red, positive)
            Color hot = MaskHeatMap.colour(m.get(m.radiusX(), m.radiusY()), maxAbs(m));
            Color near = shot[0].getPixelReader().getColor((int) (shot[0].getWidth() / 2) + 6, (int) (shot[0].getHeight() / 2));
            assertThat(near.getRed()).as(spec).isCloseTo(hot.getRed(), org.assertj.core.data.Offset.offset(0.05));
            assertThat(near.getBlue()).as(spec + ": " + near).isCloseTo(hot.getBlue(), org.assertj.core.data.Offset.offset(0.08));
            assertThat(hot.getRed()).isGreaterThan(hot.getBlue() + 0.5);
        }
    }

    private static float maxAbs(Mask m) {
        float max = 0;
        for (float w : m.weights()) {
            max = Math.max(max, Math.abs(w));
        }
        return max;
    }
}
