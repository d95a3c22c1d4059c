package org.convolab.ui.classroom;

import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.convolab.ui.MainModel;

/**
 * Tools › Classroom: the ghost-cell view, the tile view and the cost model, following the model's
 * image, settings and last outcome as they change.
 */
public final class ClassroomWindow {
    private final Stage stage = new Stage();
    private final GhostCellView ghosts = new GhostCellView();
    private final TileView tiles = new TileView();
    private final CostModelView cost = new CostModelView();

    /** Builds the window over the owner; it shows the model and never changes it. */
    public ClassroomWindow(Window owner, MainModel model) {
        stage.initOwner(owner);
        stage.setTitle("Convolab \u2014 classroom");
        TabPane tabs = new TabPane(new Tab("Ghost cells", ghosts), new Tab("Tiles", tiles), new Tab("Cost model", cost));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        stage.setScene(new Scene(tabs, 900, 800));
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

    /** The ghost-cell tab. */
    public GhostCellView ghosts() {
        return ghosts;
    }

    /** The tile tab. */
    public TileView tiles() {
        return tiles;
    }

    /** The cost-model tab. */
    public CostModelView cost() {
        return cost;
    }
}
