package org.convolab.ui;

import java.util.Locale;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.convolab.core.RgbaImage;

/**
 * The main window's status bar: the image's size and format, the zoom, the values under the cursor, the progress
 * strip, the status line (which alone gives way, with an ellipsis) and whether the GPU is used.
 */
final class StatusBar {
    final Label sizeLabel = new Label();
    final Label deviceLabel = new Label();
    final Label message = new Label();
    final Label pixelLabel = new Label();
    final Label zoomLabel = new Label();
    /** The row. */
    final HBox row;

    StatusBar(ProgressStrip progress) {
        // the fixed facts keep their width; only the message gives way (with an ellipsis)
        for (Label l : new Label[] {sizeLabel, zoomLabel, deviceLabel, pixelLabel}) {
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        message.setMinWidth(40);
        message.setMaxWidth(Double.MAX_VALUE);
        row = new HBox(16, sizeLabel, zoomLabel, pixelLabel, progress, message, deviceLabel);
        row.setPadding(new Insets(4, 8, 4, 8));
        row.setId("status-bar");
        row.getStyleClass().add("status-bar");
        sizeLabel.setId("image-size");
        zoomLabel.setId("zoom-percent");
        message.setId("status-message");
        pixelLabel.setId("pixel-readout");
        HBox.setHgrow(message, Priority.ALWAYS);
    }

    /**
     * The values under the cursor at (x, y), or nothing for x &lt; 0: the input's and the output's samples as stored (a
     * float exactly, a 16- or 32-bit integer as an integer), or an 8-bit image's R,G,B.
     */
    void hover(MainModel model, int x, int y) {
        RgbaImage in = model.input();
        FilterOutcome o = model.outcome();
        if (x < 0 || in == null) {
            pixelLabel.setText("");
            return;
        }
        String out;
        if (o == null || o.result().width() != in.width() || !o.result().isOpen()) {
            out = "";
        } else {
            out = " out " + (o.samples() != null ? o.samples().valueText(x, y) : rgb(o.result().argb(x, y)));
        }
        SampleImage kept = model.samples();
        pixelLabel.setText("(" + x + ", " + y + ") in " + (kept != null ? kept.valueText(x, y) : rgb(in.argb(x, y))) + out);
    }

    private static String rgb(int p) {
        return String.format(Locale.ROOT, "%d,%d,%d", (p >>> 16) & 0xff, (p >>> 8) & 0xff, p & 0xff);
    }

    /** The zoom as the status bar shows it: "Zoom 50 %", with decimals only below 10 %. */
    static String zoomText(double zoom) {
        double pct = zoom * 100;
        return String.format(Locale.ROOT, pct < 10 ? "Zoom %.1f %%" : "Zoom %.0f %%", pct);
    }
}
