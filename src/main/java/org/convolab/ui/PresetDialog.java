package org.convolab.ui;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;

/**
 * A preset that takes parameters (Gaussian sigma and size, box size, motion length and angle,
 * unsharp amount) in a small dialog with a live preview: the mask as a heat map and a crop of the
 * image filtered with it. OK gives the mask; the presets themselves come from {@link MaskPresets}.
 */
final class PresetDialog extends Dialog<Mask> {

    /** The presets that take parameters, as the Mask › Presets menu lists them. */
    enum Kind {
        GAUSSIAN("Gaussian blur"), BOX("Box blur"), MOTION("Motion blur"), UNSHARP("Unsharp mask");

        final String title;

        Kind(String title) {
            this.title = title;
        }
    }

    final Spinner<Double> sigma = new Spinner<>(0.2, 20.0, 1.5, 0.1);
    final CheckBox autoSize = new CheckBox("size from sigma (6 sigma + 1)");
    final Spinner<Integer> size = new Spinner<>(1, Mask.DIRECT_MAX_SIZE, 5, 2);
    final Spinner<Integer> length = new Spinner<>(1, Mask.DIRECT_MAX_SIZE, 9);
    final Spinner<Double> angle = new Spinner<>(-180.0, 180.0, 0.0, 15.0);
    final Spinner<Double> amount = new Spinner<>(0.0, 5.0, 1.0, 0.1);
    final MaskHeatMap heatMap = new MaskHeatMap();
    final ImageView preview = new ImageView();
    final Label description = new Label();
    private final Kind kind;
    private final Function<Mask, Image> filter;
    private final ExecutorService worker;
    private volatile long sequence;
    private Mask mask;

    /**
     * @param filter  filters a crop of the input with a mask (called on the worker), or null for no image preview
     * @param worker  the thread the previews are made on
     */
    PresetDialog(Window owner, Kind kind, Function<Mask, Image> filter, ExecutorService worker) {
        this.kind = kind;
        this.filter = filter;
        this.worker = worker;
        initOwner(owner);
        setTitle(kind.title);
        setHeaderText(kind.title + ": choose the parameters");
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        int row = 0;
        switch (kind) {
            case GAUSSIAN -> {
                form.addRow(row++, new Label("Sigma (\u03c3)"), sigma);
                form.addRow(row++, new Label("Size"), size, autoSize);
                autoSize.setSelected(true);
                size.disableProperty().bind(autoSize.selectedProperty());
            }
            case BOX -> form.addRow(row++, new Label("Size"), size);
            case MOTION -> {
                form.addRow(row++, new Label("Length (pixels)"), length);
                form.addRow(row++, new Label("Angle (degrees)"), angle);
            }
            case UNSHARP -> form.addRow(row++, new Label("Amount"), amount);
        }
        for (Spinner<?> s : new Spinner<?>[] {sigma, size, length, angle, amount}) {
            s.setEditable(true);
            s.setPrefWidth(110);
            s.valueProperty().addListener(o -> update());
        }
        autoSize.selectedProperty().addListener(o -> update());
        sigma.setId("preset-sigma");
        size.setId("preset-size");
        length.setId("preset-length");
        angle.setId("preset-angle");
        amount.setId("preset-amount");
        heatMap.setPrefSize(200, 200);
        preview.setFitWidth(200);
        preview.setFitHeight(200);
        preview.setPreserveRatio(true);
        description.setWrapText(true);
        description.setMaxWidth(420);
        VBox left = new VBox(4, new Label("Mask"), heatMap);
        VBox right = new VBox(4, new Label("Centre of the image, filtered"), preview);
        HBox previews = new HBox(12, left, right);
        previews.setAlignment(Pos.TOP_LEFT);
        VBox content = new VBox(10, form, previews, description);
        content.setPadding(new Insets(8));
        getDialogPane().setContent(content);
        setResultConverter(b -> b == ButtonType.OK ? mask : null);
        update();
    }

    /** The mask the parameters give now. */
    Mask mask() {
        return mask;
    }

    /** The preset SPEC the parameters give (unsharp with an amount has none: null). */
    String spec() {
        return switch (kind) {
            case GAUSSIAN -> autoSize.isSelected() ? "gaussian:" + num(sigma.getValue())
                    : "gaussian:" + num(sigma.getValue()) + ":" + size.getValue();
            case BOX -> "box:" + size.getValue();
            case MOTION -> "motion:" + length.getValue() + ":" + num(angle.getValue());
            case UNSHARP -> null;
        };
    }

    private static String num(double v) {
        return MaskWeightText.plain(v);
    }

    /**
     * Unsharp masking with an amount: identity + amount x (identity - blur), from the 5x5 binomial
     * blur inside the {@code unsharp} preset (which is amount 1: 2 x identity - blur).
     */
    static Mask unsharp(double amount) {
        float[] w = MaskPresets.parse("unsharp").weights();
        int centre = w.length / 2;
        for (int k = 0; k < w.length; k++) {
            float identity = k == centre ? 1f : 0f;
            // unsharp - identity = identity - blur
            w[k] = (float) (identity + amount * (w[k] - identity));
        }
        return Mask.of(5, 5, w);
    }

    private void update() {
        try {
            mask = kind == Kind.UNSHARP ? unsharp(amount.getValue()) : MaskPresets.parse(spec());
        } catch (ConvolabException e) {
            description.setText(e.getMessage());
            return;
        }
        if (kind == Kind.GAUSSIAN && autoSize.isSelected() && size.getValue() != mask.width()) {
            size.getValueFactory().setValue(mask.width()); // the greyed field shows the size the sigma gives
        }
        heatMap.show(mask);
        description.setText(String.format(Locale.ROOT, "%dx%d mask, weights sum to %s%s", mask.width(), mask.height(),
                MaskWeightText.plain(mask.sum()), spec() == null ? "" : "  (on the command line: --mask " + spec() + ")"));
        if (filter == null) {
            return;
        }
        long seq = ++sequence;
        Mask m = mask;
        Supplier<Image> job = () -> filter.apply(m);
        worker.submit(() -> {
            if (seq != sequence) {
                return; // a newer setting is already waiting
            }
            Image img;
            try {
                img = job.get();
            } catch (RuntimeException e) {
                return; // the preview is a convenience; OK still applies the mask
            }
            Platform.runLater(() -> {
                if (seq == sequence) {
                    preview.setImage(img);
                }
            });
        });
    }
}
