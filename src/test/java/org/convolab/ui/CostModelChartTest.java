package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.stage.Stage;
import org.convolab.core.CostModel;
import org.convolab.core.Strategy;
import org.convolab.ui.classroom.ClassroomWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Classroom › Cost model: a chart of the model per strategy, and the last run's measured rate on it. */
@ExtendWith(ApplicationExtension.class)
class CostModelChartTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = TestWindows.openOnTheCpu(stage);
        stage.show();
    }

    @Test
    void theChartShowsTheModelPerStrategyAndTheLastRun(FxRobot robot) {
        MainModel model = window.model();
        robot.interact(() -> model.masks().applyPreset("box:5"));
        UiWait.settled(model);
        ClassroomWindow[] c = new ClassroomWindow[1];
        robot.interact(() -> {
            c[0] = window.tools.openClassroom();
            c[0].tabs().getSelectionModel().select(2);
        });
        WaitForAsyncUtils.waitForFxEvents();
        var bars = c[0].cost().perStrategy.getData();
        assertThat(bars).hasSize(2);
        var reduction = bars.get(0).getData();
        // every strategy (box:5 is separable: all apply), naive 1x, tiled (T = 16) (2*25) / ((20/16)^2)
        assertThat(reduction).hasSize(Strategy.concrete().size());
        assertThat(reduction.get(0).getXValue()).isEqualTo("naive");
        assertThat(reduction.get(0).getYValue().doubleValue()).isEqualTo(1.0);
        double tiled = reduction.stream().filter(d -> d.getXValue().equals("tiled")).findFirst().orElseThrow().getYValue().doubleValue();
        assertThat(tiled).isCloseTo(50 / Math.pow(20.0 / 16, 2), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(bars.get(1).getData().get(0).getYValue().doubleValue())
                .isEqualTo(CostModel.intensity(Strategy.NAIVE, 2, 5, 16));
        // the last run, measured, on the rate chart
        var t = model.outcome().result().timings();
        var point = c[0].cost().lastRunPoint();
        assertThat(point).isNotNull();
        assertThat(point.getYValue().doubleValue()).isEqualTo(t.gflops());
        assertThat(point.getXValue().doubleValue()).isEqualTo(CostModel.intensity(model.outcome().result().strategy(), 2, 5, 16));
    }
}
