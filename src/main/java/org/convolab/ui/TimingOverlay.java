package org.convolab.ui;

import java.util.Locale;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.convolab.core.Mask;
import org.convolab.core.Timings;

/** The timing overlay drawn on the output: what ran, on what, and how long each phase took. */
final class TimingOverlay extends VBox {
    private final Label text = new Label();

    TimingOverlay() {
        text.setId("timing-overlay-text");
        getChildren().add(text);
        setId("timing-overlay");
        setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        setMouseTransparent(true);
        setStyle("-fx-background-color: rgba(0,0,0,0.62); -fx-padding: 8; -fx-background-radius: 6;");
        text.setStyle("-fx-text-fill: #f0f0f0; -fx-font-family: monospace; -fx-font-size: 12px;");
    }

    /** Shows an outcome. */
    void show(FilterOutcome o) {
        text.setText(describe(o));
    }

    /** The overlay's text for an outcome (also used by tests). */
    static String describe(FilterOutcome o) {
        Timings t = o.result().timings();
        Mask m = o.state().mask();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s  |  %s  |  mask %dx%d%n", o.result().strategy().id(), o.state().border().name(),
                m.width(), m.height()));
        sb.append(String.format(Locale.ROOT, "%s: %s%n", o.backend(), o.device()));
        if (t.channelMs().size() == 3) {
            sb.append(String.format(Locale.ROOT, "kernel %8.3f ms  (R %.3f  G %.3f  B %.3f)%n", t.kernelMs(),
                    t.channelMs().get(0), t.channelMs().get(1), t.channelMs().get(2)));
        } else {
            sb.append(String.format(Locale.ROOT, "kernel %8.3f ms  (R, G, B in one launch)%n", t.kernelMs()));
        }
        sb.append(String.format(Locale.ROOT, "upload %8.3f ms   download %.3f ms%n", t.uploadMs(), t.downloadMs()));
        sb.append(String.format(Locale.ROOT, "end to end %.3f ms%n", t.totalMs()));
        sb.append(String.format(Locale.ROOT, "%.1f GB/s   %.1f GFLOP/s", t.gbps(), t.gflops()));
        return sb.toString();
    }
}
