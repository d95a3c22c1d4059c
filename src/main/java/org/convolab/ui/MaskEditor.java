package org.convolab.ui;

import java.util.Locale;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.MaskText;
import org.convolab.core.SeparableMask;

/**
 * The mask weights, 1x1 to 63x63 (odd columns and rows chosen apart), as a grid of numbers (up to
 * {@value #MAX_NUMBERS}x{@value #MAX_NUMBERS}) or as a {@link MaskHeatMap} that fits the panel and is
 * edited by dragging, with the sum of the weights and whether the mask is separable. It shows the
 * mask it is given and reports edits as new masks; it holds no state of its own beyond the text
 * being typed and the view chosen.
 */
final class MaskEditor extends VBox {
    /** The largest grid shown as numbers; larger masks are shown as a heat map only. */
    static final int MAX_NUMBERS = 21;
    /** The widest mask whose row of numbers fits the panel; wider ones open as a heat map. */
    static final int NUMBERS_FIT = 7;

    private final ComboBox<Integer> columns = oddSizes();
    private final ComboBox<Integer> rows = oddSizes();
    final ToggleButton numbersView = new ToggleButton("Numbers");
    final ToggleButton heatView = new ToggleButton("Heat map");
    private final GridPane grid = new GridPane();
    private final ScrollPane numbers = new ScrollPane(grid);
    final MaskHeatMap heatMap = new MaskHeatMap();
    private final TextField selectedWeight = new TextField();
    private final Label selectedLabel = new Label("Click a square to type its weight; drag up or down to change it.");
    private final VBox heatPane;
    private final Label sum = new Label();
    private final Label separable = new Label();
    private final Consumer<Mask> onEdit;
    private final Consumer<String> onError;
    private Mask shown;
    private TextField[] cells = new TextField[0];
    private int selected = -1;
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
        numbersView.setId("mask-numbers-view");
        heatView.setId("mask-heat-view");
        heatMap.setId("mask-heat-map");
        selectedWeight.setId("mask-selected-weight");
        grid.setHgap(2);
        grid.setVgap(2);
        grid.setPadding(new Insets(2));
        ToggleGroup views = new ToggleGroup();
        numbersView.setToggleGroup(views);
        heatView.setToggleGroup(views);
        numbersView.setSelected(true);
        views.selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) {
                was.setSelected(true); // one view is always chosen
            } else {
                showView();
            }
        });
        columns.setPrefWidth(72);
        rows.setPrefWidth(72);
        for (javafx.scene.control.Control c : new javafx.scene.control.Control[] {columns, rows, numbersView, heatView}) {
            c.setMinWidth(Region.USE_PREF_SIZE);
        }
        columns.setTooltip(new Tooltip("Columns (odd, 1 to 63; larger masks, to " + Mask.MAX_SIZE + ", come from mask files and presets)"));
        rows.setTooltip(new Tooltip("Rows (odd, 1 to 63; larger masks, to " + Mask.MAX_SIZE + ", come from mask files and presets)"));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Label sizeLabel = new Label("Size");
        sizeLabel.setMinWidth(Region.USE_PREF_SIZE);
        HBox size = new HBox(6, sizeLabel, columns, new Label("\u00d7"), rows, gap, new HBox(0, numbersView, heatView));
        size.setAlignment(Pos.CENTER_LEFT);
        columns.setOnAction(e -> resize());
        rows.setOnAction(e -> resize());
        numbers.setFitToWidth(false);
        numbers.setPannable(false);
        heatMap.setOnEdit(this::edited);
        heatMap.setOnSelect(this::selectCell);
        selectedWeight.setPrefColumnCount(8);
        selectedWeight.setDisable(true);
        selectedWeight.setOnAction(e -> commitSelected());
        HBox selectedRow = new HBox(6, selectedLabel, selectedWeight);
        selectedRow.setAlignment(Pos.CENTER_LEFT);
        selectedLabel.setWrapText(true);
        selectedLabel.getStyleClass().add("hint");
        HBox.setHgrow(selectedLabel, Priority.ALWAYS);
        heatPane = new VBox(4, heatMap, selectedRow);
        VBox.setVgrow(heatMap, Priority.ALWAYS);
        StackPane views2 = new StackPane(numbers, heatPane);
        VBox.setVgrow(views2, Priority.ALWAYS);
        separable.setWrapText(true);
        getChildren().addAll(size, views2, sum, separable);
        setPadding(new Insets(4));
        showView();
    }

    private static ComboBox<Integer> oddSizes() {
        ComboBox<Integer> c = new ComboBox<>();
        for (int i = 1; i <= Mask.DIRECT_MAX_SIZE; i += 2) { // larger masks come from files and presets
            c.getItems().add(i);
        }
        c.setVisibleRowCount(12);
        return c;
    }

    /** True when the numbers grid shows the mask (else the heat map does). */
    boolean showsNumbers() {
        return numbers.isVisible();
    }

    private void showView() {
        boolean fits = shown == null || (shown.width() <= MAX_NUMBERS && shown.height() <= MAX_NUMBERS);
        // too large for numbers: the choice stays visible, disabled, with the reason in its text
        numbersView.setDisable(!fits);
        numbersView.setText(fits ? "Numbers" : "Numbers (to " + MAX_NUMBERS + "x" + MAX_NUMBERS + ")");
        boolean showNumbers = fits && numbersView.isSelected();
        numbers.setVisible(showNumbers);
        heatPane.setVisible(!showNumbers);
        if (showNumbers && cells.length == 0 && shown != null) {
            buildGrid();
            fillCells();
        }
    }

    /** Shows a mask (called when the model changes). */
    void show(Mask mask) {
        updating = true;
        try {
            boolean resized = shown == null || shown.width() != mask.width() || shown.height() != mask.height();
            shown = mask;
            columns.setValue(mask.width());
            rows.setValue(mask.height());
            if (resized) {
                cells = new TextField[0];
                grid.getChildren().clear();
                selected = -1;
                // numbers while a row of them fits the panel, the heat map (with values when they fit) beyond
                (mask.width() > NUMBERS_FIT ? heatView : numbersView).setSelected(true);
            }
            showView();
            fillCells();
            heatMap.show(mask);
            showSelected();
            boolean large = mask.width() > Mask.DIRECT_MAX_SIZE || mask.height() > Mask.DIRECT_MAX_SIZE;
            sum.setText((large ? mask.width() + "x" + mask.height() + " mask from a file or preset (the sizes above edit up to "
                    + Mask.DIRECT_MAX_SIZE + "x" + Mask.DIRECT_MAX_SIZE + "). " : "") + "Sum of weights: " + plain(mask.sum()));
            separable.setText(mask.separable().map(MaskEditor::describe)
                    .orElse("Not separable (rank > 1): only the 2D strategies apply"));
        } finally {
            updating = false;
        }
    }

    /**
     * One tooltip for every cell, given the exact weight of the cell it shows over as it shows (a Tooltip per
     * cell made a new Tooltip for each of 25 to 81 cells at every resize of the mask).
     */
    private final Tooltip cellTip = new Tooltip();
    /** The cell under the mouse, for {@link #cellTip}; -1 for none. */
    private int hoveredCell = -1;

    {
        cellTip.setOnShowing(e -> cellTip.setText(hoveredCell < 0 || shown == null || hoveredCell >= shown.weights().length
                ? "" : MaskText.formatWeight(shown.weights()[hoveredCell])));
    }

    private void fillCells() {
        if (cells.length != shown.width() * shown.height()) {
            return;
        }
        int width = 4;
        for (float v : shown.weights()) {
            width = Math.max(width, shortWeight(v).length());
        }
        for (int y = 0; y < shown.height(); y++) {
            for (int x = 0; x < shown.width(); x++) {
                TextField f = cells[y * shown.width() + x];
                String text = shortWeight(shown.get(x, y));
                f.setText(text);
                f.setUserData(text);
                f.setPrefColumnCount(Math.min(9, width));
                f.getStyleClass().remove("bad-weight");
            }
        }
    }

    /** A number with up to six decimals and no exponent, for sums. */
    static String plain(double v) {
        String s = String.format(Locale.ROOT, "%.6f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
        return s.equals("-0") ? "0" : s;
    }

    /**
     * A weight in at most four significant digits and never in scientific notation, for the cells
     * (the tooltip has it exactly); weights too small for four decimals read "~0" (or "-~0").
     */
    static String shortWeight(float w) {
        if (w == Math.rint(w) && Math.abs(w) < 1e6) {
            return String.valueOf((long) w);
        }
        double a = Math.abs(w);
        if (a < 5e-5) {
            return w < 0 ? "-~0" : "~0";
        }
        int decimals = a >= 100 ? 1 : a >= 10 ? 2 : a >= 1 ? 3 : 4;
        String s = String.format(Locale.ROOT, "%." + decimals + "f", w);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private static String describe(SeparableMask s) {
        return "Separable: column x row (" + s.column().length + " + " + s.row().length + " weights per pixel)";
    }

    private void buildGrid() {
        grid.getChildren().clear();
        int w = shown.width();
        int h = shown.height();
        cells = new TextField[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                TextField f = new TextField();
                f.getStyleClass().add("mask-cell");
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
                f.addEventHandler(javafx.scene.input.MouseEvent.MOUSE_ENTERED, e -> hoveredCell = k);
                Tooltip.install(f, cellTip);
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
        Float v = parse(t, k);
        if (v == null) {
            if (!f.getStyleClass().contains("bad-weight")) {
                f.getStyleClass().add("bad-weight");
            }
            return;
        }
        f.getStyleClass().remove("bad-weight");
        setWeight(k, v);
    }

    private Float parse(String t, int k) {
        try {
            float v = Float.parseFloat(t);
            if (!Float.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            onError.accept("Weight at row " + (k / shown.width() + 1) + ", column " + (k % shown.width() + 1) + ": '" + t
                    + "' is not a number");
            return null;
        }
    }

    private void setWeight(int k, float v) {
        float[] w = shown.weights();
        if (w[k] == v) {
            return;
        }
        w[k] = v;
        edited(Mask.of(shown.width(), shown.height(), w));
    }

    private void edited(Mask m) {
        onEdit.accept(m);
    }

    private void selectCell(int k) {
        selected = k;
        showSelected();
    }

    private void showSelected() {
        boolean any = shown != null && selected >= 0 && selected < shown.width() * shown.height();
        selectedWeight.setDisable(!any);
        heatMap.select(any ? selected : -1);
        if (any) {
            selectedLabel.setText("Row " + (selected / shown.width() + 1) + ", column " + (selected % shown.width() + 1));
            selectedWeight.setText(MaskText.formatWeight(shown.weights()[selected]));
        } else {
            selectedLabel.setText("Click a square to type its weight; drag up or down to change it.");
            selectedWeight.setText("");
        }
    }

    private void commitSelected() {
        if (selected < 0 || shown == null) {
            return;
        }
        Float v = parse(selectedWeight.getText().strip(), selected);
        if (v != null) {
            setWeight(selected, v);
        }
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
