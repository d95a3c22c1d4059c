package org.convolab.ui;

import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;

/** Esc and Ctrl+W (Cmd+W on macOS) close a tool window (Compare, Classroom), as Esc closes a dialog. */
public final class CloseKeys {
    private static final KeyCombination CLOSE = KeyCombination.keyCombination("Shortcut+W");

    private CloseKeys() {
    }

    /** Makes the keys close the stage; a control that takes Esc for itself (an open list) consumes it first. */
    public static void install(Stage stage) {
        stage.getScene().addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE || CLOSE.match(e)) {
                e.consume();
                stage.close();
            }
        });
    }
}
