package org.convolab.ui.classroom;

import javafx.scene.Node;
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
    private final TabPane tabs;

    /** Builds the window over the owner; it shows the model and never changes it. */
    public ClassroomWindow(Window owner, MainModel model) {
        stage.initOwner(owner);
        stage.setTitle("Convolab \u2014 classroom");
        tabs = new TabPane(new Tab("Ghost cells", ghosts), new Tab("Tiles", tiles), new Tab("Cost model", cost));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        Scene scene = new Scene(tabs, 1000, 760);
        scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        stage.setScene(scene);
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

    /** The cost-model tab. */
    public CostModelView cost() {
        return cost;
    }
}
