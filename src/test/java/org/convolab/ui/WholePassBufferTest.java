package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.stage.Stage;
import org.convolab.core.MaskPresets;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A big image's whole pass (banded, {@link FilterService#BIG_PIXELS} or more) fills the array of a result the window
 * no longer shows instead of making a new one ({@link SpareWholeBuffer}), and the result is the same as a fresh one.
 */
@ExtendWith(ApplicationExtension.class)
class WholePassBufferTest {
    private static final int W = 8192;
    private static final int H = 4096; // W * H is FilterService.BIG_PIXELS

    private MainWindow window;
    private MainModel model;

    @Start
    void start(Stage stage) {
        window = WindowTests.openOnCpu(stage);
        model = window.model();
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(window::close);
    }

    private int[] editAndSettle(FxRobot robot, String mask) {
        robot.interact(() -> model.edit(model.current().withMask(MaskPresets.parse(mask))));
        UiWait.settled(model);
        return model.outcome().result().image().pixels();
    }

    @Test
    void theThirdWholePassFillsTheFirstOnesArrayWithAFreshResult(FxRobot robot) {
        assertThat((long) W * H).isGreaterThanOrEqualTo(FilterService.BIG_PIXELS);
        robot.interact(() -> window.files.open(Path.of("generated-8192x4096.png"), () -> BigImageWindowTest.generated(W, H)));
        UiWait.until(() -> model.input() != null && model.input().width() == W && model.outcome() != null
                && model.outcome().result().width() == W);
        UiWait.settled(model);
        ResultLease firstLease = model.outcome().result();
        int[] first = firstLease.image().pixels();

        int[] second = editAndSettle(robot, "sharpen");
        assertThat(firstLease.isOpen()).as("the first result, no longer shown, was given back").isFalse();
        assertThat(second).as("the first result was still shown while the second was made").isNotSameAs(first);

        int[] third = editAndSettle(robot, "emboss");
        assertThat(third).as("the third pass filled the first result's array").isSameAs(first);
        assertThat(window.outputView.drawnImage().argb()).isSameAs(model.outcome().result().pixels());
        try (CpuEngine cpu = new CpuEngine(2)) {
            RgbaImage fresh = cpu.filter(model.input(), model.current().spec(), Strategy.AUTO).image();
            RgbaImage.Difference d = model.outcome().result().image().difference(fresh);
            assertThat(d.max()).as("the refilled array against a fresh whole result: %s", d).isZero();
        }
    }
}
