package org.convolab.ui;

import javafx.stage.Stage;
import org.convolab.core.Backend;

/** The main window as the window tests open it: fresh preferences, the default sample, the CPU engine. */
final class TestWindows {
    private TestWindows() {
    }

    /** Opens the main window on a stage (on the FX thread) with the CPU backend chosen. */
    static MainWindow openOnTheCpu(Stage stage) {
        new AppPreferences().clear();
        MainWindow window = ConvolabApp.open(stage, null);
        window.model().edit(window.model().current().withBackend(Backend.CPU));
        return window;
    }

    /** Shows a single control on a stage of the given size, with the app's style sheet. */
    static void showAlone(Stage stage, javafx.scene.Parent root, double width, double height) {
        javafx.scene.Scene scene = new javafx.scene.Scene(root, width, height);
        scene.getStylesheets().add(Theme.APP_CSS);
        stage.setScene(scene);
        stage.show();
    }
}
