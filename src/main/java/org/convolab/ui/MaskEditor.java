package org.convolab.ui;

import java.util.Locale;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.MaskText;
import org.convolab.core.SeparableMask;

/**
 * The grid of mask weights (1x1 to 31x31, odd columns and rows chosen apart), with the sum of the
 * weights and whether the mask is separable. It shows the mask it is given and reports edits as new
 * masks; it holds no state of its own beyond the text being typed.
 */
final class MaskEditor extends VBox {
    static final int MAX_GRID = 31;
    private static final String CELL_STYLE = "-fx-font-size: 10px; -fx-padding: 2 3 2 3;";

    private final ComboBox<Integer> columns = oddSizes();
    private final ComboBox<Integer> rows = oddSizes();
    private final GridPane grid = new GridPane();
    private final Label sum = new Label();
    private final Label separable = new Label();
    private final Label tooLarge = new Label();
    private final Consumer<Mask> onEdit;
    private final Consumer<String> onError;
    private Mask shown;
    private TextField[] cells = new TextField[0];
    private boolean updating;

    MaskEditor(Consumer<Mask> onEdit, Consumer<String> onError) {
        this.onEdit = onEdit;
        this.onError = onError;
        setSpacing(6);
        columns.setId("mask-columns");
        rows.setId("mask-rows");
        grid.setId("mask-grid");
        sum.setId("mask-sum");
        separable.setId("mask-separable");
        grid.setHgap(2);
        grid.setVgap(2);
        HBox size = new HBox(6, new Label("Columns"), columns, new Label("Rows"), rows);
        size.setAlignment(Pos.CENTER_LEFT);
        columns.setOnAction(e -> resize());
        rows.setOnAction(e -> resize());
        ScrollPane scroll = new ScrollPane(new VBox(grid, tooLarge));
        scroll.setPrefViewportHeight(260);
        scroll.setPrefViewportWidth(300);
        scroll.setFitToWidth(true);
        separable.setWrapText(true);
        getChildren().addAll(size, scroll, sum, separable);
        setPadding(new Insets(4));
    }

    private static ComboBox<Integer> oddSizes() {
        ComboBox<Integer> c = new ComboBox<>();
        for (int i = 1; i <= MAX_GRID; i += 2) {
            c.getItems().add(i);
        }
        c.setVisibleRowCount(10);
        return c;
    }

    /** Shows a mask (called when the model changes). */
    void show(Mask mask) {
        updating = true;
        try {
            boolean resized = shown == null || shown.width() != mask.width() || shown.height() != mask.height();
            shown = mask;
            boolean fits = mask.width() <= MAX_GRID && mask.height() <= MAX_GRID;
            columns.setDisable(!fits);
            rows.setDisable(!fits);
            if (fits) {
                columns.setValue(mask.width());
                rows.setValue(mask.height());
            }
            if (resized) {
                buildGrid(fits);
            }
            if (fits) {
                for (int y = 0; y < mask.height(); y++) {
                    for (int x = 0; x < mask.width(); x++) {
                        TextField f = cells[y * mask.width() + x];
                        String text = shortWeight(mask.get(x, y));
                        f.setText(text);
                        f.setUserData(text);
                        f.setTooltip(new javafx.scene.control.Tooltip(MaskText.formatWeight(mask.get(x, y))));
                        f.setStyle(CELL_STYLE);
                    }
                }
            }
            sum.setText(String.format(Locale.ROOT, "Sum of weights: %.6g", mask.sum()));
            separable.setText(mask.separable().map(MaskEditor::describe)
                    .orElse("Not separable (rank > 1): only the 2D strategies apply"));
        } finally {
            updating = false;
        }
    }

    /** A weight in at most four significant digits, for the cells (the tooltip has it exactly). */
    static String shortWeight(float w) {
        if (w == Math.rint(w) && Math.abs(w) < 1e5) {
            return String.valueOf((long) w);
        }
        if (Math.abs(w) < 1e-3) {
            return String.format(Locale.ROOT, "%.1e", w).replace("e-0", "e-");
        }
        String s = String.format(Locale.ROOT, Math.abs(w) < 10 ? "%.4f" : "%.1f", w);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private static String describe(SeparableMask s) {
        return "Separable: column x row (" + s.column().length + " + " + s.row().length + " weights per pixel)";
    }

    private void buildGrid(boolean fits) {
        grid.getChildren().clear();
        if (!fits) {
            cells = new TextField[0];
            tooLarge.setText(shown.width() + "x" + shown.height() + " mask: larger than the 31x31 grid; "
                    + "edit it as a mask file (Mask > Save mask...)");
            return;
        }
        tooLarge.setText("");
        int w = shown.width();
        int h = shown.height();
        cells = new TextField[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                TextField f = new TextField();
                f.setPrefColumnCount(5);
                f.setMinWidth(50);
                f.setStyle(CELL_STYLE);
                f.setId("w-" + x + "-" + y);
                int k = y * w + x;
                f.setOnAction(e -> commit(k, f));
                f.focusedProperty().addListener((o, was, now) -> {
                    if (!now) {
                        commit(k, f);
                    }
                });
                if (x == w / 2 && y == h / 2) {
                    f.getStyleClass().add("anchor-cell");
                }
                cells[k] = f;
                grid.add(f, x, y);
            }
        }
    }

    private void commit(int k, TextField f) {
        if (updating || shown == null || k >= shown.width() * shown.height()) {
            return;
        }
        String t = f.getText().strip();
        if (t.equals(f.getUserData())) {
            return; // unchanged since shown (the cell may show a rounded weight)
        }
        float v;
        try {
            v = Float.parseFloat(t);
            if (!Float.isFinite(v)) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            f.setStyle(CELL_STYLE + " -fx-border-color: red;");
            onError.accept("Weight at row " + (k / shown.width() + 1) + ", column " + (k % shown.width() + 1) + ": '" + t
                    + "' is not a number");
            return;
        }
        f.setStyle(CELL_STYLE);
        float[] w = shown.weights();
        if (w[k] == v) {
            return;
        }
        w[k] = v;
        onEdit.accept(Mask.of(shown.width(), shown.height(), w));
    }

    /** Grows or shrinks the mask about its centre, new cells 0. */
    private void resize() {
        if (updating || shown == null || columns.getValue() == null || rows.getValue() == null) {
            return;
        }
        int nw = columns.getValue();
        int nh = rows.getValue();
        if (nw == shown.width() && nh == shown.height()) {
            return;
        }
        float[] w = new float[nw * nh];
        int dx = (nw - shown.width()) / 2;
        int dy = (nh - shown.height()) / 2;
        for (int y = 0; y < shown.height(); y++) {
            for (int x = 0; x < shown.width(); x++) {
                int tx = x + dx;
                int ty = y + dy;
                if (tx >= 0 && ty >= 0 && tx < nw && ty < nh) {
                    w[ty * nw + tx] = shown.get(x, y);
                }
            }
        }
        try {
            onEdit.accept(Mask.of(nw, nh, w));
        } catch (ConvolabException e) {
            onError.accept(e.getMessage());
        }
    }
}
