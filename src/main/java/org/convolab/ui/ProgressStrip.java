package org.convolab.ui;

import javafx.beans.value.ChangeListener;
import javafx.concurrent.Worker;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;

/**
 * The status bar's progress for long background work (opening a big image, filtering the whole of
 * one): what runs, a progress bar and a Cancel button; hidden when nothing long runs. Shows the
 * worker it was last given. Use on the FX thread.
 */
final class ProgressStrip extends HBox {
    private final Label what = new Label();
    private final ProgressBar bar = new ProgressBar();
    private final Button cancel = new Button("Cancel");
    private Worker<?> shown;
    /** Hides the strip when the worker shown stops running. */
    private final ChangeListener<Boolean> ended = (o, was, running) -> {
        if (!running) {
            hide();
        }
    };

    ProgressStrip() {
        super(6);
        setId("progress-strip");
        cancel.setId("progress-cancel");
        bar.setPrefWidth(140);
        getChildren().addAll(what, bar, cancel);
        hide();
    }

    /** Shows a running worker until it ends; Cancel cancels it. */
    void show(Worker<?> worker, String text) {
        if (shown != null) {
            shown.runningProperty().removeListener(ended);
        }
        shown = worker;
        what.setText(text);
        bar.progressProperty().bind(worker.progressProperty());
        cancel.setOnAction(e -> worker.cancel());
        setVisible(true);
        setManaged(true);
        worker.runningProperty().addListener(ended);
    }

    /** The worker shown, or null. */
    Worker<?> shown() {
        return shown;
    }

    private void hide() {
        if (shown != null) {
            shown.runningProperty().removeListener(ended);
        }
        shown = null;
        bar.progressProperty().unbind();
        setVisible(false);
        setManaged(false);
    }
}
