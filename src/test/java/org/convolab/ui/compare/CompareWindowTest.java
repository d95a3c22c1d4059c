package org.convolab.ui.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The compare window's ×32 difference view, on the CPU engine with one strategy's output changed by
 * one level in one pixel, so that the expected difference is known exactly.
 */
@ExtendWith(ApplicationExtension.class)
class CompareWindowTest {
    /** The pixel whose red channel the naive strategy gets one level off. */
    private static final int OFF_PIXEL = 5 * 48 + 7;

    private final ExecutorService executor = Executors.newSingleThreadExecutor();
    private final ConvolutionEngine cpu = Engines.open(Backend.CPU, msg -> { });
    private CompareWindow window;

    /** The CPU engine, except that naive's output is one red level off in one pixel. */
    private final ConvolutionEngine engine = new ConvolutionEngine() {
        @Override
        public Backend backend() {
            return cpu.backend();
        }

        @Override
        public String device() {
            return cpu.device();
        }

        @Override
        public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
            FilterResult r = cpu.filter(image, spec, strategy);
            if (strategy != Strategy.NAIVE) {
                return r;
            }
            int[] p = r.image().pixels().clone();
            p[OFF_PIXEL] ^= 0x00010000;
            return new FilterResult(new RgbaImage(r.image().width(), r.image().height(), p), r.strategy(), r.timings());
        }

        @Override
        public void close() {
            cpu.close();
        }
    };

    @Start
    void start(Stage stage) {
        Random rnd = new Random(11);
        int[] px = new int[48 * 40];
        for (int i = 0; i < px.length; i++) {
            px[i] = 0xff000000 | rnd.nextInt(1 << 24);
        }
        RgbaImage image = new RgbaImage(48, 40, px);
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("mirror"));
        stage.setScene(new Scene(new StackPane(), 200, 100));
        stage.show();
        window = new CompareWindow(stage, executor, engine, image, spec, "test");
        window.stage().show();
    }

    @AfterEach
    void close() {
        executor.shutdownNow();
        engine.close();
    }

    @Test
    void differenceIsAmplifiedWhereTwoOutputsDifferAndZeroWhereTheyAgree(FxRobot robot) throws Exception {
        robot.clickOn("#compare-run");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !window.table().getItems().isEmpty());
        var rows = window.table().getItems();
        assertThat(rows.get(0).getStrategy()).isEqualTo("naive");
        assertThat(rows.get(1).getStrategy()).isEqualTo("constant");
        assertThat(window.difference()).isNull();

        // naive against constant: exactly the changed pixel, its red channel 1 x 32
        robot.interact(() -> window.table().getSelectionModel().selectIndices(0, 1));
        RgbaImage diff = window.difference();
        assertThat(diff.width()).isEqualTo(48);
        assertThat(diff.height()).isEqualTo(40);
        for (int i = 0; i < diff.size(); i++) {
            assertThat(diff.pixels()[i]).as("pixel %d", i).isEqualTo(i == OFF_PIXEL ? 0xff200000 : 0xff000000);
        }

        // two strategies that agree: an all-zero (opaque black) difference
        robot.interact(() -> window.table().getSelectionModel().clearSelection());
        robot.interact(() -> window.table().getSelectionModel().selectIndices(1, 2));
        assertThat(window.difference().pixels()).containsOnly(0xff000000);
        robot.interact(() -> window.stage().close());
    }

    @Test
    void noHeaderIsCutAtA1280x720Screen(FxRobot robot) throws Exception {
        robot.interact(() -> {
            window.stage().setWidth(1260);
            window.stage().setHeight(680);
        });
        robot.clickOn("#compare-run");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !window.table().getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        var headers = window.table().lookupAll(".column-header .label");
        assertThat(headers).hasSize(window.table().getColumns().size());
        for (var n : headers) {
            var label = (javafx.scene.control.Label) n;
            var shown = (javafx.scene.text.Text) label.lookup(".text");
            assertThat(shown.getText()).as("header %s", label.getText()).isEqualTo(label.getText());
        }
    }

    @Test
    void escAndCtrlWCloseTheWindow(FxRobot robot) {
        robot.clickOn("#compare-table").type(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.stage().isShowing()).isFalse();
        robot.interact(() -> window.stage().show());
        robot.clickOn("#compare-table").press(javafx.scene.input.KeyCode.CONTROL).type(javafx.scene.input.KeyCode.W)
                .release(javafx.scene.input.KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.stage().isShowing()).isFalse();
    }
}
