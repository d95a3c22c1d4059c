package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.convolab.core.MaskPresets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The presets that take parameters: the dialog's mask follows its fields, with a preview. */
@ExtendWith(ApplicationExtension.class)
class PresetDialogTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = TestWindows.openOnTheCpu(stage);
    }

    @Test
    void theGaussianDialogGivesThePresetsMaskAndAPreview(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> window.model().input() != null);
        PresetDialog[] d = new PresetDialog[1];
        robot.interact(() -> {
            d[0] = window.tools.newPresetDialog(PresetDialog.Kind.GAUSSIAN);
            d[0].show();
            d[0].sigma.getValueFactory().setValue(2.0);
        });
        assertThat(d[0].spec()).isEqualTo("gaussian:2");
        assertThat(d[0].mask()).isEqualTo(MaskPresets.parse("gaussian:2"));
        // the greyed size field shows the size the sigma gives (13), not its own last value
        assertThat(d[0].size.isDisabled()).isTrue();
        assertThat(d[0].size.getValue()).isEqualTo(13);
        assertThat(d[0].size.getEditor().getText()).isEqualTo("13");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> d[0].preview.getImage() != null);
        assertThat(d[0].preview.getImage().getWidth()).isEqualTo(200);
        robot.interact(() -> {
            d[0].autoSize.setSelected(false);
            d[0].size.getValueFactory().setValue(7);
        });
        assertThat(d[0].mask()).isEqualTo(MaskPresets.parse("gaussian:2:7"));
        robot.interact(() -> d[0].close());
    }

    @Test
    void boxMotionAndUnsharpTakeTheirParameters(FxRobot robot) {
        PresetDialog[] d = new PresetDialog[3];
        robot.interact(() -> {
            d[0] = window.tools.newPresetDialog(PresetDialog.Kind.BOX);
            d[0].size.getValueFactory().setValue(9);
            d[1] = window.tools.newPresetDialog(PresetDialog.Kind.MOTION);
            d[1].length.getValueFactory().setValue(15);
            d[1].angle.getValueFactory().setValue(45.0);
            d[2] = window.tools.newPresetDialog(PresetDialog.Kind.UNSHARP);
        });
        assertThat(d[0].mask()).isEqualTo(MaskPresets.parse("box:9"));
        assertThat(d[1].mask()).isEqualTo(MaskPresets.parse("motion:15:45"));
        // amount 1 is the unsharp preset; amount 0 is the identity
        assertThat(d[2].mask().weights()).containsExactly(MaskPresets.parse("unsharp").weights(),
                org.assertj.core.data.Offset.offset(1e-6f));
        assertThat(PresetDialog.unsharp(0).get(2, 2)).isEqualTo(1f);
        assertThat(PresetDialog.unsharp(0).sum()).isEqualTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(PresetDialog.unsharp(2).get(2, 2)).isGreaterThan(MaskPresets.parse("unsharp").get(2, 2));
    }
}
