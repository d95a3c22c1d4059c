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
import org.convolab.core.Backend;
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
        // the app's look: the theme fixes row heights, which the Why sentences must still fit
        javafx.application.Application.setUserAgentStylesheet(new atlantafx.base.theme.PrimerLight().getUserAgentStylesheet());
        Scene scene = new Scene(view, 900, 500);
        scene.getStylesheets().add(org.convolab.ui.MainModel.class.getResource("convolab.css").toExternalForm());
        stage.setScene(scene);
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

    @Test
    void theWhySentencesFitTheirRowsAndNoHeaderIsCut(FxRobot robot) throws TimeoutException {
        robot.clickOn("#histogram-run");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> view.result() != null);
        WaitForAsyncUtils.waitForFxEvents();
        int checked = 0;
        for (var n : view.table().lookupAll(".table-cell")) {
            if (n instanceof javafx.scene.control.TableCell<?, ?> c && c.getGraphic() instanceof javafx.scene.text.Text t
                    && !t.getText().isEmpty()) {
                assertThat(c.getHeight()).as(t.getText()).isGreaterThanOrEqualTo(t.getLayoutBounds().getHeight());
                assertThat(t.getLayoutBounds().getWidth()).isLessThanOrEqualTo(c.getWidth());
                checked++;
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(3);
        for (var n : view.table().lookupAll(".column-header .label")) {
            var label = (javafx.scene.control.Label) n;
            var shown = (javafx.scene.text.Text) label.lookup(".text");
            assertThat(shown.getText()).as("header %s", label.getText()).isEqualTo(label.getText());
        }
    }
}
