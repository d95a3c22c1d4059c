package org.convolab.ui;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import javafx.stage.StageStyle;
import org.convolab.ui.DisplayRanges.Target;

/**
 * View › Display Range, ImageJ's Brightness &amp; Contrast for the window: for the input or the output kept as
 * samples (16-bit, 32-bit, float), the histogram of its values from its smallest to its largest with the range
 * shown marked, the range's min and max to type (Apply, or Enter), Auto (ImageJ's: 0.35 % of the values saturated)
 * and Reset (min..max again, which new results then follow). Only the screen changes. Not modal; Esc closes it.
 */
final class DisplayRangeDialog {
    /** Bins of the histogram, one a pixel of its width. */
    static final int BINS = 256;

    private final Stage stage = new Stage(StageStyle.UTILITY);
    private final MainModel model;
    final ChoiceBox<Target> target = new ChoiceBox<>();
    final TextField min = new TextField();
    final TextField max = new TextField();
    final Button apply = new Button("_Apply");
    final Button auto = new Button("A_uto");
    final Button reset = new Button("_Reset");
    final Label values = new Label();
    final Label note = new Label();
    private final Canvas histogram = new Canvas(BINS, 90);

    DisplayRangeDialog(Stage owner, MainModel model) {
        this.model = model;
        stage.initOwner(owner);
        stage.setTitle("Display Range");
        target.getItems().setAll(Target.OUTPUT, Target.INPUT);
        target.setValue(Target.OUTPUT);
        target.setId("range-target");
        min.setId("range-min");
        max.setId("range-max");
        apply.setId("range-apply");
        auto.setId("range-auto");
        reset.setId("range-reset");
        histogram.setId("range-histogram");
        note.setId("range-note");
        min.setPrefColumnCount(9);
        max.setPrefColumnCount(9);
        note.setWrapText(true);
        note.setMaxWidth(BINS + 40);
        note.getStyleClass().add("hint");
        values.getStyleClass().add("hint");
        apply.setOnAction(e -> apply());
        min.setOnAction(e -> apply());
        max.setOnAction(e -> apply());
        auto.setOnAction(e -> withImage((t, img) -> model.ranges().choose(t, DisplayRange.auto(img))));
        reset.setOnAction(e -> withImage((t, img) -> model.ranges().reset(t, img)));
        HBox choose = new HBox(8, new Label("Image"), target);
        HBox bounds = new HBox(6, new Label("Min"), min, new Label("Max"), max);
        HBox buttons = new HBox(8, apply, auto, reset);
        for (HBox row : new HBox[] {choose, bounds, buttons}) {
            row.setAlignment(Pos.CENTER_LEFT);
        }
        VBox root = new VBox(8, choose, histogram, values, bounds, buttons, note);
        root.setPadding(new Insets(10));
        Scene scene = new Scene(root);
        scene.getStylesheets().add(Theme.APP_CSS);
        stage.setScene(scene);
        CloseKeys.install(stage);
        target.valueProperty().addListener((o, was, now) -> refreshIfShown());
        model.samplesProperty().addListener((o, was, now) -> refreshIfShown());
        model.outcomeProperty().addListener((o, was, now) -> refreshIfShown());
        model.ranges().inputProperty().addListener((o, was, now) -> refreshIfShown());
        model.ranges().outputProperty().addListener((o, was, now) -> refreshIfShown());
    }

    /** Shows the dialog (on the output when it is kept as samples, else the input) and brings it forward. */
    void show() {
        if (!stage.isShowing()) {
            target.setValue(image(Target.OUTPUT) != null || image(Target.INPUT) == null ? Target.OUTPUT : Target.INPUT);
        }
        refresh();
        stage.show();
        stage.toFront();
    }

    Stage stage() {
        return stage;
    }

    /** The samples a target shows, or null when it is an 8-bit image (or none). */
    private SampleImage image(Target t) {
        if (t == Target.INPUT) {
            return model.samples();
        }
        FilterOutcome o = model.outcome();
        return o == null ? null : o.samples();
    }

    private void withImage(java.util.function.BiConsumer<Target, SampleImage> action) {
        Target t = target.getValue();
        SampleImage img = image(t);
        if (img != null) {
            action.accept(t, img);
            sayShown();
        }
    }

    /** The status bar says what the target is shown at now. */
    private void sayShown() {
        Target t = target.getValue();
        DisplayRange r = t == null ? null : model.ranges().get(t);
        if (r != null && image(t) != null) {
            model.say(t.label + " shown " + r + " (the values are unchanged)");
        }
    }

    /** Min and max as typed; a line in the dialog when they are not two numbers with min below max. */
    private void apply() {
        withImage((t, img) -> {
            try {
                double lo = Double.parseDouble(min.getText().strip());
                double hi = Double.parseDouble(max.getText().strip());
                if (!(lo < hi) || !Double.isFinite(lo) || !Double.isFinite(hi)) {
                    note.setText("Min must be a number below max");
                    return;
                }
                model.ranges().choose(t, new DisplayRange(lo, hi));
            } catch (NumberFormatException e) {
                note.setText("Min and max must be numbers (such as -3.5 or 1000)");
            }
        });
    }

    private void refreshIfShown() {
        if (stage.isShowing()) {
            refresh(); // a hidden dialog counts nothing
        }
    }

    private void refresh() {
        Target t = target.getValue();
        SampleImage img = image(t);
        DisplayRange r = t == null ? null : model.ranges().get(t);
        boolean off = img == null || r == null;
        for (javafx.scene.control.Control c : new javafx.scene.control.Control[] {min, max, apply, auto, reset}) {
            c.setDisable(off);
        }
        GraphicsContext g = histogram.getGraphicsContext2D();
        g.clearRect(0, 0, histogram.getWidth(), histogram.getHeight());
        if (off) {
            values.setText("");
            min.setText("");
            max.setText("");
            note.setText("The " + (t == null ? "image" : t.label.toLowerCase(java.util.Locale.ROOT)) + " is 8-bit and shown as"
                    + " stored. The display range applies to 16-bit, 32-bit and float images, and to results of"
                    + " Depth 16 or float (a Laplacian's negative side).");
            return;
        }
        note.setText(img.format() + "; only the screen changes (the values under the cursor and Save keep the samples)");
        min.setText(DisplayRange.format(r.min()));
        max.setText(DisplayRange.format(r.max()));
        DisplayRange all = DisplayRange.minMax(img);
        values.setText("Values " + all + ", shown " + r);
        draw(g, DisplayRange.histogram(img, all, BINS), all, r);
    }

    /** The counts (on a square-root scale, so that small bins show) and the range's ends as lines. */
    private void draw(GraphicsContext g, long[] counts, DisplayRange all, DisplayRange r) {
        double h = histogram.getHeight();
        g.setFill(Color.rgb(235, 235, 238));
        g.fillRect(0, 0, BINS, h);
        long top = 1;
        for (long c : counts) {
            top = Math.max(top, c);
        }
        g.setFill(Color.rgb(70, 70, 80));
        for (int i = 0; i < BINS; i++) {
            double bar = Math.sqrt((double) counts[i] / top) * (h - 2);
            g.fillRect(i, h - bar, 1, bar);
        }
        double scale = BINS / (all.max() - all.min());
        g.setStroke(Color.rgb(220, 60, 40));
        g.setLineWidth(1.5);
        for (double v : new double[] {r.min(), r.max()}) {
            double x = Math.max(0.75, Math.min(BINS - 0.75, (v - all.min()) * scale));
            g.strokeLine(x, 0, x, h);
        }
        // the ramp from black to white that the range gives, along the bottom
        for (int i = 0; i < BINS; i++) {
            int v = r.toByte((float) (all.min() + (i + 0.5) / scale));
            g.setFill(Color.gray(v / 255.0));
            g.fillRect(i, h - 4, 1, 4);
        }
    }
}
