package org.convolab.ui;

import javafx.scene.control.Alert;
import javafx.stage.Window;

/** The one way the windows report a failure the user must see: a non-blocking error dialog. */
final class ErrorDialog {
    private ErrorDialog() {
    }

    /** Shows an error over the owner window; returns at once. */
    static void show(Window owner, String header, String text) {
        Alert a = new Alert(Alert.AlertType.ERROR, text);
        a.initOwner(owner);
        a.setHeaderText(header);
        a.setTitle("Convolab");
        a.show();
    }
}
