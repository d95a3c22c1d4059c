package org.convolab.ui;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.RgbaImage;

/**
 * The before/after histograms under the images: the input's, counted again when the image changes,
 * and the output's, counted again when a new whole result arrives. Counting runs on a background
 * thread with the CPU engine (a 256-bin count is far quicker than any filter, and leaves the GPU to the
 * filter); a count that a newer image has overtaken is dropped.
 */
final class HistogramPanel {
    /** Bins per channel: one per 8-bit value. */
    static final int BINS = Histogram.MAX_BINS;

    final HistogramView input = new HistogramView();
    final HistogramView output = new HistogramView();
    final Label inputHover = hoverLabel(input);
    final Label outputHover = hoverLabel(output);
    /** The row itself. */
    final HBox row;
    private final ConvolutionEngine cpu;
    private final ExecutorService counter = BackgroundThreads.single("convolab-histogram");
    private final AtomicLong inputRequest = new AtomicLong();
    private final AtomicLong outputRequest = new AtomicLong();

    HistogramPanel(MainModel model) {
        this.cpu = model.cpuEngine();
        input.setId("histogram-input");
        output.setId("histogram-output");
        row = new HBox(8, column("Input histogram", input, inputHover), column("Output histogram", output, outputHover));
        row.setId("histograms");
        row.setPadding(new Insets(2, 4, 4, 4));
        row.managedProperty().bind(row.visibleProperty());
        model.inputProperty().addListener((o, was, img) -> count(img, inputRequest, input));
        model.outcomeProperty().addListener((o, was, now) -> count(now == null ? null : now.result().image(),
                outputRequest, output));
        // counts skipped while hidden are made when the row shows again
        row.visibleProperty().addListener((o, was, shown) -> {
            if (shown) {
                count(model.input(), inputRequest, input);
                count(model.outcome() == null ? null : model.outcome().result().image(), outputRequest, output);
            }
        });
        count(model.input(), inputRequest, input);
    }

    private static VBox column(String title, HistogramView view, Label hover) {
        VBox box = new VBox(2, MainWindow.section(title), view, hover);
        HBox.setHgrow(box, Priority.ALWAYS);
        box.setMaxWidth(Double.MAX_VALUE);
        return box;
    }

    private static Label hoverLabel(HistogramView view) {
        Label l = new Label();
        l.textProperty().bind(view.hoverTextProperty());
        l.setMinHeight(18);
        return l;
    }

    /** Counts an image on the background thread and shows it in the view, unless a newer request came. */
    private void count(RgbaImage image, AtomicLong requests, HistogramView view) {
        long request = requests.incrementAndGet();
        if (image == null) {
            view.histogram.set(null);
            return;
        }
        if (!row.isVisible()) {
            return;
        }
        Consumer<Histogram> show = h -> {
            if (requests.get() == request) {
                view.histogram.set(h);
            }
        };
        counter.submit(() -> {
            if (requests.get() != request) {
                return; // overtaken before it started
            }
            Histogram h;
            try {
                h = cpu.histogram(image, BINS, HistogramStrategy.FAST).histogram();
            } catch (RuntimeException e) {
                h = null; // the histogram is a view aid: an empty frame, never a dialog over the image
            }
            Histogram counted = h;
            Platform.runLater(() -> show.accept(counted));
        });
    }

    /** Stops the counting thread. */
    void close() {
        counter.shutdownNow();
    }
}
