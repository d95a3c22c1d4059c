package org.convolab.ui.classroom;

import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.convolab.core.CostModel;
import org.convolab.core.Strategy;
import org.convolab.ui.EditState;
import org.convolab.ui.FilterOutcome;

/**
 * The cost model against what was measured. Two charts over every strategy for the current mask and
 * an output tile width: the model's bandwidth reduction (global loads per output of naive over the
 * strategy's) and arithmetic intensity (FLOP per byte); and GFLOP/s against intensity, where the line
 * is what each strategy would reach at the bandwidth the last run measured (rate = GB/s x FLOP/byte)
 * and the last run's own point sits on or under it. The figures of the chosen strategy, in 1D and 2D,
 * and the last run's numbers are written beside them.
 */
public final class CostModelView extends VBox {
    final ComboBox<Strategy> strategy = new ComboBox<>(FXCollections.observableArrayList(Strategy.concrete()));
    final Spinner<Integer> tile = new Spinner<>(1, 256, 16);
    final Label model = new Label();
    final Label measured = new Label();
    /** Bandwidth reduction and arithmetic intensity per strategy (the model, 2D). */
    public final javafx.scene.chart.BarChart<String, Number> perStrategy = new javafx.scene.chart.BarChart<>(
            new javafx.scene.chart.CategoryAxis(), new javafx.scene.chart.NumberAxis());
    /** GFLOP/s against FLOP/byte: the model at the last run's bandwidth, and the last run. */
    final javafx.scene.chart.ScatterChart<Number, Number> rates = new javafx.scene.chart.ScatterChart<>(
            new javafx.scene.chart.NumberAxis(), new javafx.scene.chart.NumberAxis());
    private EditState state;
    private FilterOutcome last;

    /** The model's figures for the chosen strategy. */
    public String modelText() {
        return model.getText();
    }

    CostModelView() {
        setSpacing(8);
        setPadding(new Insets(8));
        strategy.setValue(Strategy.TILED);
        model.setId("cost-model");
        measured.setId("cost-measured");
        model.setStyle("-fx-font-family: monospace;");
        measured.setStyle("-fx-font-family: monospace;");
        strategy.setOnAction(e -> redraw());
        tile.valueProperty().addListener(o -> redraw());
        HBox controls = new HBox(8, new Label("Strategy"), strategy, new Label("Output tile width T"), tile);
        controls.setAlignment(Pos.CENTER_LEFT);
        perStrategy.setId("cost-per-strategy");
        rates.setId("cost-rates");
        perStrategy.setTitle("The model (2D), per strategy");
        perStrategy.getYAxis().setLabel("x fewer loads | FLOP/byte");
        perStrategy.setAnimated(false);
        rates.setTitle("Measured against the model");
        rates.getXAxis().setLabel("arithmetic intensity (FLOP/byte, model)");
        rates.getYAxis().setLabel("GFLOP/s (= GB/s x FLOP/byte)");
        rates.setAnimated(false);
        measured.setWrapText(true);
        measured.setMinHeight(USE_PREF_SIZE);
        model.setMinWidth(USE_PREF_SIZE);
        HBox charts = new HBox(8, perStrategy, rates);
        HBox.setHgrow(perStrategy, javafx.scene.layout.Priority.ALWAYS);
        HBox.setHgrow(rates, javafx.scene.layout.Priority.ALWAYS);
        perStrategy.setMinWidth(200);
        rates.setMinWidth(200);
        VBox.setVgrow(charts, javafx.scene.layout.Priority.ALWAYS);
        HBox text = new HBox(16, model, new VBox(4, new Label("Measured in the last run:"), measured));
        HBox.setHgrow(text.getChildren().get(1), javafx.scene.layout.Priority.ALWAYS);
        getChildren().addAll(controls, charts, text);
    }

    void show(EditState s, FilterOutcome outcome) {
        state = s;
        last = outcome;
        redraw();
    }

    private void redraw() {
        if (state == null) {
            return;
        }
        int m = state.mask().width();
        int t = tile.getValue();
        Strategy s = strategy.getValue();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Mask width M = %d, output tile T = %d, input tile T + M - 1 = %d%n%n", m, t,
                CostModel.inputTile(m, t)));
        sb.append(String.format(Locale.ROOT, "%-4s %16s %14s %12s%n", "", "loads / output", "FLOP / byte", "reduction"));
        for (int d = 1; d <= 2; d++) {
            sb.append(String.format(Locale.ROOT, "%-4s %16.3f %14.3f %12.2f%n", d + "D", CostModel.loadsPerOutput(s, d, m, t),
                    CostModel.intensity(s, d, m, t), CostModel.reduction(d, m, t)));
        }
        sb.append(String.format(Locale.ROOT, "%nblock = input tile in 2D: OUT <= 32 - 2r = %d", CostModel.maxOutputTileForInputBlocks(2, m)));
        if (s == Strategy.TENSOR) {
            sb.append("\n\n").append(CostModel.tensorExplanation(m, state.mask().height()));
        }
        model.setText(sb.toString());
        drawCharts(m, t);
        if (last == null) {
            measured.setText("no run yet");
        } else {
            var tm = last.result().timings();
            measured.setText(String.format(Locale.ROOT, "%s on %s: kernel %.3f ms, %.3g GB/s, %.3g GFLOP/s (mask %dx%d)",
                    last.result().strategy().id(), last.backend(), tm.kernelMs(), tm.gbps(), tm.gflops(),
                    last.state().mask().width(), last.state().mask().height()));
        }
    }

    /** The strategies that apply to the current mask. */
    private java.util.List<Strategy> applicable() {
        return Strategy.concrete().stream().filter(x -> x.whyNotApplicable(state.mask()) == null).toList();
    }

    private void drawCharts(int m, int t) {
        var reduction = new javafx.scene.chart.XYChart.Series<String, Number>();
        reduction.setName("bandwidth reduction vs naive");
        var intensity = new javafx.scene.chart.XYChart.Series<String, Number>();
        intensity.setName("FLOP/byte");
        double naive = CostModel.loadsPerOutput(Strategy.NAIVE, 2, m, t);
        for (Strategy s : applicable()) {
            reduction.getData().add(new javafx.scene.chart.XYChart.Data<>(s.id(), naive / CostModel.loadsPerOutput(s, 2, m, t)));
            intensity.getData().add(new javafx.scene.chart.XYChart.Data<>(s.id(), CostModel.intensity(s, 2, m, t)));
        }
        perStrategy.getData().setAll(java.util.List.of(reduction, intensity));

        var modelLine = new javafx.scene.chart.XYChart.Series<Number, Number>();
        var run = new javafx.scene.chart.XYChart.Series<Number, Number>();
        if (last == null || last.result().timings().gbps() <= 0) {
            modelLine.setName("the model at the last run's bandwidth (no run yet)");
            run.setName("last run");
        } else {
            var tm = last.result().timings();
            double gbps = tm.gbps();
            modelLine.setName(String.format(Locale.ROOT, "each strategy at %.3g GB/s (the model)", gbps));
            for (Strategy s : applicable()) {
                double ai = CostModel.intensity(s, 2, m, t);
                var d = new javafx.scene.chart.XYChart.Data<Number, Number>(ai, gbps * ai);
                d.setExtraValue(s.id());
                modelLine.getData().add(d);
            }
            Strategy ran = last.result().strategy();
            int lm = last.state().mask().width();
            double ai = CostModel.intensity(ran, 2, lm, t);
            run.setName(String.format(Locale.ROOT, "last run: %s, %.3g GB/s, %.3g GFLOP/s", ran.id(), gbps, tm.gflops()));
            run.getData().add(new javafx.scene.chart.XYChart.Data<>(ai, tm.gflops()));
        }
        rates.getData().setAll(java.util.List.of(modelLine, run));
        for (var d : modelLine.getData()) {
            if (d.getNode() != null) {
                javafx.scene.control.Tooltip.install(d.getNode(), new javafx.scene.control.Tooltip(
                        String.format(Locale.ROOT, "%s: %.2f FLOP/byte, %.1f GFLOP/s", d.getExtraValue(), d.getXValue().doubleValue(),
                                d.getYValue().doubleValue())));
            }
        }
    }

    /** The measured point of the last run on the rate chart (x FLOP/byte, y GFLOP/s), or null (tests). */
    public javafx.scene.chart.XYChart.Data<Number, Number> lastRunPoint() {
        var data = rates.getData().size() < 2 ? null : rates.getData().get(1).getData();
        return data == null || data.isEmpty() ? null : data.get(0);
    }
}
