package org.convolab.ui.classroom;

import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.convolab.core.ConvolutionEngine;
import org.convolab.engine.HistogramContention;
import org.convolab.ui.MainModel;

/**
 * Tools › Classroom: the ghost-cell view, the tile view, the cost model (following the model's
 * image, settings and last outcome as they change) and the histogram contention experiment.
 */
public final class ClassroomWindow {
    private final Stage stage = new Stage();
    private final GhostCellView ghosts = new GhostCellView();
    private final TileView tiles = new TileView();
    private final CostModelView cost = new CostModelView();
    private final HistogramContentionView histograms;
    private final TabPane tabs;

    /**
     * Builds the window over the owner; it shows the model and never changes it.
     *
     * @param engine the engine the histogram experiment times (the model's current one)
     * @param worker the background thread the experiment runs on
     */
    public ClassroomWindow(Window owner, MainModel model, Supplier<ConvolutionEngine> engine, ExecutorService worker) {
        stage.initOwner(owner);
        stage.setTitle("Convolab \u2014 classroom");
        histograms = new HistogramContentionView(engine, worker, HistogramContention.SIDE);
        tabs = new TabPane(new Tab("Ghost cells", ghosts), new Tab("Tiles", tiles), new Tab("Cost model", cost),
                new Tab("Histograms", histograms));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        double[] size = org.convolab.ui.ToolWindowSize.fit(owner, 1000, 760);
        Scene scene = new Scene(tabs, size[0], size[1]);
        scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        stage.setScene(scene);
        org.convolab.ui.CloseKeys.install(stage);
        Runnable refresh = () -> {
            if (model.input() != null) {
                ghosts.show(model.input(), model.current());
                tiles.show(model.input(), model.inputImage(), model.current());
            }
            cost.show(model.current(), model.outcome());
        };
        model.stateProperty().addListener(o -> refresh.run());
        model.inputProperty().addListener(o -> refresh.run());
        model.outcomeProperty().addListener(o -> refresh.run());
        refresh.run();
    }

    /** The classroom's own window. */
    public Stage stage() {
        return stage;
    }

    /** What View › Export takes a picture of: the tab on show. */
    public Node exportNode() {
        return tabs.getSelectionModel().getSelectedItem().getContent();
    }

    /** The tabs. */
    public TabPane tabs() {
        return tabs;
    }

    /** The ghost-cell tab. */
    public GhostCellView ghosts() {
        return ghosts;
    }

    /** The tile tab. */
    public TileView tiles() {
        return tiles;
    }

    /** The histogram contention tab. */
    public HistogramContentionView histograms() {
        return histograms;
    }

    /** The cost-model tab. */
    public CostModelView cost() {
        return cost;
    }
}
