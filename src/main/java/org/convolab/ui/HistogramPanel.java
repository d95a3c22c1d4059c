package org.convolab.ui;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;

/**
 * The before/after histograms under the images: the input's, counted again when the image changes,
 * and the output's, counted again when a new whole result arrives. Counting runs on a background
 * thread on the CPU (a 256-bin count is far quicker than any filter, and leaves the GPU to the
 * filter): the input with the CPU engine, the output where the engine lent it (no copy), on that one
 * thread, so that a core stays free for the window to show the new result; a count that a newer image
 * has overtaken is dropped.
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
        model.inputProperty().addListener((o, was, img) -> countInput(img));
        model.outcomeProperty().addListener((o, was, now) -> countOutput(now));
        // counts skipped while hidden are made when the row shows again
        row.visibleProperty().addListener((o, was, shown) -> {
            if (shown) {
                countInput(model.input());
                countOutput(model.outcome());
            }
        });
        countInput(model.input());
    }

    private void countInput(RgbaImage image) {
        count(image == null ? null : () -> cpu.histogram(image, BINS, HistogramStrategy.FAST).histogram(), () -> { },
                inputRequest, input);
    }

    /**
     * Counts the result's lent pixels where they are (no copy), holding the lease until counted; on one
     * thread, so that the count leaves a core to the window while it shows the result.
     */
    private void countOutput(FilterOutcome o) {
        if (o == null || !row.isVisible()) {
            count(null, () -> { }, outputRequest, output);
            return;
        }
        ResultLease held = o.result().retain();
        count(() -> Histogram.count(held.pixels(), BINS), held::close, outputRequest, output);
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

    /**
     * Counts on the background thread and shows it in the view, unless a newer request came; {@code done}
     * runs once the count is made or skipped. A null {@code counting} empties the view.
     */
    private void count(Supplier<Histogram> counting, Runnable done, AtomicLong requests, HistogramView view) {
        long request = requests.incrementAndGet();
        if (counting == null) {
            view.histogram.set(null);
            done.run();
            return;
        }
        if (!row.isVisible()) {
            done.run();
            return;
        }
        Consumer<Histogram> show = h -> {
            if (requests.get() == request) {
                view.histogram.set(h);
            }
        };
        try {
            counter.submit(() -> {
                try {
                    if (requests.get() != request) {
                        return; // overtaken before it started
                    }
                    Histogram h;
                    try {
                        h = counting.get();
                    } catch (RuntimeException e) {
                        h = null; // the histogram is a view aid: an empty frame, never a dialog over the image
                    }
                    Histogram counted = h;
                    Platform.runLater(() -> show.accept(counted));
                } finally {
                    done.run();
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            done.run(); // the window is closing
        }
    }

    /** Stops the counting thread. */
    void close() {
        counter.shutdownNow();
    }

    /** The row follows View › Show histograms and its style items, remembered between runs. */
    void follow(MainMenus menus, AppPreferences prefs) {
        menus.showHistograms.setSelected(prefs.showHistograms());
        menus.histogramsPerChannel.setSelected(prefs.histogramsPerChannel());
        menus.histogramsLog.setSelected(prefs.histogramsLog());
        row.visibleProperty().bind(menus.showHistograms.selectedProperty());
        for (HistogramView v : new HistogramView[] {input, output}) {
            v.layout.bind(javafx.beans.binding.Bindings.when(menus.histogramsPerChannel.selectedProperty())
                    .then(HistogramView.Layout.PER_CHANNEL).otherwise(HistogramView.Layout.OVERLAID));
            v.logScale.bind(menus.histogramsLog.selectedProperty());
        }
        menus.showHistograms.selectedProperty().addListener((o, a, b) -> prefs.saveHistograms(b,
                menus.histogramsPerChannel.isSelected(), menus.histogramsLog.isSelected()));
        menus.histogramsPerChannel.selectedProperty().addListener((o, a, b) -> prefs.saveHistograms(
                menus.showHistograms.isSelected(), b, menus.histogramsLog.isSelected()));
        menus.histogramsLog.selectedProperty().addListener((o, a, b) -> prefs.saveHistograms(
                menus.showHistograms.isSelected(), menus.histogramsPerChannel.isSelected(), b));
    }
}
