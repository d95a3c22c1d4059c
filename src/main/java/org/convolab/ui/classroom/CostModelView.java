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
 * The cost model of a strategy for the current mask and a tile size: loads per output, arithmetic
 * intensity and the bandwidth reduction of tiling in 1D and 2D, beside the measured rates of the
 * last run.
 */
public final class CostModelView extends VBox {
    final ComboBox<Strategy> strategy = new ComboBox<>(FXCollections.observableArrayList(Strategy.concrete()));
    final Spinner<Integer> tile = new Spinner<>(1, 256, 16);
    final Label model = new Label();
    final Label measured = new Label();
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
        getChildren().addAll(controls, model, new Label("Measured in the last run:"), measured);
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
        model.setText(sb.toString());
        if (last == null) {
            measured.setText("no run yet");
        } else {
            var tm = last.result().timings();
            measured.setText(String.format(Locale.ROOT, "%s on %s: kernel %.3f ms, %.1f GB/s, %.1f GFLOP/s (mask %dx%d)",
                    last.result().strategy().id(), last.backend(), tm.kernelMs(), tm.gbps(), tm.gflops(),
                    last.state().mask().width(), last.state().mask().height()));
        }
    }
}
