package org.convolab.ui;

import javafx.animation.PauseTransition;
import javafx.concurrent.Worker;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.util.Duration;

/**
 * The sign that a filter is running, over the bottom of the output: a moving bar and "Filtering... (Esc
 * cancels)", shown once a run has taken {@link #DELAY_MS} ms (quick filters never flash it) and hidden
 * when it ends. Use on the FX thread.
 */
final class BusyCue extends HBox {
    /** How long a filter runs before the cue shows. */
    static final int DELAY_MS = 200;

    private final PauseTransition delay = new PauseTransition(Duration.millis(DELAY_MS));
    private final Label text = new Label("Filtering\u2026  (Esc cancels)");

    BusyCue(Worker<?> worker) {
        super(8);
        setId("busy-cue");
        ProgressBar bar = new ProgressBar(ProgressBar.INDETERMINATE_PROGRESS);
        bar.setPrefWidth(120);
        getChildren().addAll(bar, text);
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(4, 10, 4, 10));
        setMaxHeight(USE_PREF_SIZE);
        setMaxWidth(USE_PREF_SIZE);
        setMouseTransparent(true);
        setVisible(false);
        delay.setOnFinished(e -> setVisible(worker.isRunning()));
        worker.runningProperty().addListener((o, was, running) -> {
            if (running) {
                delay.playFromStart();
            } else {
                delay.stop();
                setVisible(false);
            }
        });
    }
}
