package org.convolab.ui.classroom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.stage.Stage;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.HistogramStrategy;
import org.convolab.engine.Backend;
import org.convolab.engine.Engines;
import org.convolab.engine.HistogramContention;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The classroom's Histograms tab on the CPU engine, headless. */
@ExtendWith(ApplicationExtension.class)
class HistogramContentionViewTest {
    private final ExecutorService worker = Executors.newSingleThreadExecutor();
    private final ConvolutionEngine cpu = Engines.open(Backend.CPU, s -> { });
    private HistogramContentionView view;

    @Start
    void start(Stage stage) {
        view = new HistogramContentionView(() -> cpu, worker, 64);
        stage.setScene(new Scene(view, 900, 500));
        stage.show();
    }

    @AfterEach
    void stop() {
        worker.shutdownNow();
        cpu.close();
    }

    @Test
    void listsEveryStrategyWithItsLessonAndSaysTheCpuCountsOneWay(FxRobot robot) throws TimeoutException {
        robot.clickOn("#histogram-run");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> view.result() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getItems()).extracting(HistogramContention.Row::strategy)
                .containsExactly(HistogramStrategy.values());
        TableColumn<HistogramContention.Row, ?> why = view.table().getColumns().get(view.table().getColumns().size() - 1);
        for (int i = 0; i < HistogramStrategy.values().length; i++) {
            assertThat(why.getCellData(i)).isEqualTo(HistogramStrategy.values()[i].lesson());
            assertThat(view.table().getColumns().get(1).getCellData(i)).isEqualTo("GPU only");
        }
        assertThat(view.note().getText()).contains("GPU kernels").contains("counts one way").contains("Gpixels/s");
        assertThat(view.result().gpu()).isFalse();
        assertThat(view.result().subjects()).extracting(HistogramContention.Subject::name)
                .containsExactly("uniform random", "dark photo", "constant");
        for (double v : view.result().plainSpeed()) {
            assertThat(v).isPositive();
        }
    }
}
