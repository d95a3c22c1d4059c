package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.stage.Stage;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.io.ImageFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Saving writes the result of the settings the window shows, also when it is still being filtered. */
@ExtendWith(ApplicationExtension.class)
class SaveResultTest {
    private MainWindow window;
    private MainModel model;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        window = WindowTests.openOnCpu(stage);
        model = window.model();
    }

    private void openSmallImage(FxRobot robot) {
        robot.interact(() -> window.files.open(Path.of("generated-64x48.png"), () -> BigImageWindowTest.generated(64, 48)));
        WindowTests.waitUntil(60, () -> model.input() != null && model.input().width() == 64);
        UiWait.settled(model);
    }

    @Test
    void aSaveAskedForRightAfterAnEditWritesTheNewSettingsResultNotThePreviousOne(FxRobot robot) {
        openSmallImage(robot);
        RgbaImage previous = model.outcome().result().image();
        Path target = dir.resolve("saved.png");
        // in one FX event: the edit's filter cannot have finished when the save is asked for
        boolean[] waited = new boolean[1];
        robot.interact(() -> {
            model.edit(model.current().withMask(MaskPresets.parse("emboss")));
            window.files.saveCurrent(target);
            waited[0] = model.statusProperty().get().contains("when the whole image is filtered");
        });
        UiWait.until(() -> Files.exists(target));
        UiWait.settled(model);
        RgbaImage saved = ImageFiles.read(target);
        assertThat(waited[0]).as("the status says the save waits").isTrue();
        assertThat(saved.pixels()).isEqualTo(model.outcome().result().image().pixels());
        assertThat(saved.pixels()).isNotEqualTo(previous.pixels());
    }

    @Test
    void aSaveOfTheResultShownWritesItAtOnce(FxRobot robot) {
        openSmallImage(robot);
        RgbaImage shown = model.outcome().result().image();
        Path target = dir.resolve("now.png");
        robot.interact(() -> window.files.saveCurrent(target));
        UiWait.until(() -> Files.exists(target));
        assertThat(ImageFiles.read(target).pixels()).isEqualTo(shown.pixels());
    }

    @Test
    void saveResultSuggestsNameFilteredPngBesideTheInput(FxRobot robot) throws Exception {
        // (a JPEG named with two dots: only the extension goes)
        Path photo = dir.resolve("holiday.photo.jpg");
        ImageFiles.write(BigImageWindowTest.generated(64, 48), photo, false);
        robot.interact(() -> window.files.open(photo));
        UiWait.until(() -> photo.equals(window.model().file()));
        javafx.stage.FileChooser fc = WaitForAsyncUtils.asyncFx(window.files::saveChooser).get();
        assertThat(fc.getInitialFileName()).isEqualTo("holiday.photo-filtered.png");
        assertThat(fc.getInitialDirectory().toPath()).isEqualTo(dir.toAbsolutePath());
        assertThat(FileActions.suggestedName(Path.of("astronaut"))).isEqualTo("astronaut-filtered.png");
    }
}
