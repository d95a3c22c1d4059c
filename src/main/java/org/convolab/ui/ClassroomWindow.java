package org.convolab.ui;

import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

/**
 * Tools › Classroom: the ghost-cell view, the tile view and the cost model, following the main
 * window's image and settings as they change.
 */
final class ClassroomWindow {
    final Stage stage = new Stage();
    final GhostCellView ghosts = new GhostCellView();
    final TileView tiles = new TileView();
    final CostModelView cost = new CostModelView();

    ClassroomWindow(MainWindow main) {
        stage.initOwner(main.stage);
        stage.setTitle("Convolab \u2014 classroom");
        TabPane tabs = new TabPane(new Tab("Ghost cells", ghosts), new Tab("Tiles", tiles), new Tab("Cost model", cost));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        stage.setScene(new Scene(tabs, 900, 800));
        Runnable refresh = () -> {
            if (main.input.get() != null) {
                ghosts.show(main.input.get(), main.current());
                tiles.show(main.input.get(), main.inputImage(), main.current());
            }
            cost.show(main.current(), main.outcome.get());
        };
        main.state.addListener(o -> refresh.run());
        main.input.addListener(o -> refresh.run());
        main.outcome.addListener(o -> refresh.run());
        refresh.run();
    }
}
