package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.stage.Stage;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.io.ImageFiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The window on an engine that lends its results from direct buffers (as the GPU engine lends its pinned
 * one, {@link LendingEngine}): the output view shows the lent pixels themselves, results no longer shown
 * are given back, and a save holds its result until it is written.
 */
@ExtendWith(ApplicationExtension.class)
class LentResultWindowTest {
    private final LendingEngine engine = new LendingEngine();
    private MainWindow window;
    private MainModel model;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        window = WindowTests.openWith(stage, engine);
        model = window.model();
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(window::close);
    }

    private void open(FxRobot robot, int w, int h) {
        robot.interact(() -> window.files.open(Path.of("generated-" + w + "x" + h + ".png"), () -> BigImageWindowTest.generated(w, h)));
        UiWait.until(() -> model.input() != null && model.input().width() == w && model.outcome() != null
                && model.outcome().result().width() == w);
        UiWait.settled(model);
    }

    @Test
    void theViewShowsTheLentPixelsAndResultsNoLongerShownAreGivenBack(FxRobot robot) {
        open(robot, 700, 500);
        robot.interact(() -> {
            for (String m : new String[] {"sharpen", "emboss", "box:5", "laplacian:4", "sobel-x"}) {
                model.edit(model.current().withMask(MaskPresets.parse(m)));
            }
        });
        UiWait.settled(model);
        UiWait.until(() -> engine.open() == 1);
        ResultLease shown = model.outcome().result();
        assertThat(engine.lent()).isGreaterThan(1);
        assertThat(shown.isOpen()).isTrue();
        assertThat(shown.hasImage()).as("the window made no array of the lent result").isFalse();
        assertThat(window.outputView.drawnImage().argb()).as("the view reads the lent buffer itself").isSameAs(shown.pixels());
        RgbaImage expected = engine.filter(model.input(), model.current().spec(), Strategy.AUTO).image();
        int[] lent = new int[expected.size()];
        shown.pixels().get(0, lent, 0, lent.length);
        assertThat(lent).isEqualTo(expected.pixels());

        open(robot, 320, 200); // another image: the old result goes back too
        UiWait.until(() -> engine.open() == 1);
        assertThat(shown.isOpen()).isFalse();
    }

    @Test
    void aSaveHoldsItsResultUntilWrittenWhileNewerResultsAreShown(FxRobot robot) {
        open(robot, 640, 480);
        ResultLease saved = model.outcome().result();
        int[] expected = new int[640 * 480];
        saved.pixels().get(0, expected, 0, expected.length);
        Path target = dir.resolve("saved.png");
        robot.interact(() -> {
            window.files.saveCurrent(target);
            model.edit(model.current().withMask(MaskPresets.parse("emboss")));
        });
        UiWait.until(() -> Files.exists(target));
        UiWait.settled(model);
        UiWait.until(() -> engine.open() == 1);
        assertThat(saved.isOpen()).as("given back once written and no longer shown").isFalse();
        assertThat(ImageFiles.read(target).pixels()).isEqualTo(expected);
        FilterSpec emboss = model.current().spec();
        assertThat(model.outcome().result().image().pixels())
                .isEqualTo(engine.filter(model.input(), emboss, Strategy.AUTO).image().pixels());
    }
}
