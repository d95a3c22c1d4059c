package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.convolab.core.MaskPresets;
import org.convolab.core.Backend;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A slow filter shows a busy cue on the output after a moment, Esc cancels it, and the status says how long it took. */
@ExtendWith(ApplicationExtension.class)
class BusyCueTest {
    private final SlowEngine engine = new SlowEngine();
    private MainWindow window;
    private MainModel model;

    @Start
    void start(Stage stage) {
        new AppPreferences().clear();
        window = new MainWindow(stage, new EngineProvider(engine), new AppPreferences());
        model = window.model();
        stage.show();
        model.edit(model.current().withBackend(Backend.CPU).withMask(MaskPresets.parse("box:3")));
        window.files.open(Path.of("generated-300x200.png"), () -> BigImageWindowTest.generated(300, 200));
    }

    @AfterEach
    void stop(FxRobot robot) {
        engine.delay(0);
        robot.interact(window::close);
    }

    @Test
    void aQuickFilterShowsNoCue(FxRobot robot) {
        UiWait.settled(model);
        robot.interact(() -> model.masks().applyPreset("box:5"));
        UiWait.settled(model);
        assertThat(window.busy.isVisible()).isFalse();
        assertThat(model.statusProperty().get()).startsWith("Filtered with").doesNotContain("after the edit");
    }

    @Test
    void aSlowFilterShowsTheCueAndSaysHowLongItTook(FxRobot robot) {
        UiWait.settled(model);
        engine.delay(1200);
        long t0 = System.nanoTime();
        robot.interact(() -> model.masks().applyPreset("box:5"));
        UiWait.until(window.busy::isVisible);
        assertThat((System.nanoTime() - t0) / 1e6).as("not before the delay").isGreaterThanOrEqualTo(BusyCue.DELAY_MS - 20);
        assertThat(window.busy.localToScene(window.busy.getBoundsInLocal()).intersects(
                window.outputView.localToScene(window.outputView.getBoundsInLocal()))).as("on the output").isTrue();
        UiWait.settled(model);
        assertThat(window.busy.isVisible()).isFalse();
        assertThat(model.statusProperty().get()).startsWith("Filtered with").containsPattern("done 1\\.[2-9] s after the edit");
    }

    @Test
    void escCancelsASlowFilter(FxRobot robot) throws Exception {
        UiWait.settled(model);
        var before = model.outcome();
        engine.delay(5000);
        robot.interact(() -> model.masks().applyPreset("box:7"));
        UiWait.until(window.busy::isVisible);
        robot.clickOn(window.outputView).type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.busy.isVisible()).isFalse();
        assertThat(WaitForAsyncUtils.asyncFx(model::filtering).get()).isFalse();
        assertThat(model.statusProperty().get()).startsWith("Cancelled");
        assertThat(model.outcome()).as("the previous result stays shown").isSameAs(before);
    }
}
