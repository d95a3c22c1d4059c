package org.convolab.ui;

import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.MaskText;

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
    /** The smallest scale the numbers are shown at; smaller panels show the heat map. */
    static final double MIN_SCALE = 0.75;
    /** The widest mask shown as numbers until the user chooses a view; after that the view is their choice. */
    static final int FIRST_NUMBERS = 7;

    private final ComboBox<Integer> columns = oddSizes();
    private final ComboBox<Integer> rows = oddSizes();
    final ToggleButton numbersView = new ToggleButton("Numbers");
    final ToggleButton heatView = new ToggleButton("Heat map");
    private final GridPane grid = new GridPane();
    /** The scale of the grid of numbers: below 1 (to {@value #MIN_SCALE}) when the panel is smaller than it. */
    private double gridScale = 1;
    /** The grid of numbers at {@link #gridScale}, centred across the top of the view area. */
    private final Pane numbers = new Pane(grid) {
        @Override
        protected void layoutChildren() {
            grid.autosize();
            grid.getTransforms().setAll(new javafx.scene.transform.Scale(gridScale, gridScale, 0, 0));
            grid.relocate(Math.max(0, Math.floor((getWidth() - grid.getWidth() * gridScale) / 2)), 0);
        }
    };
    /** One cell, never shown, to measure how large a cell is in the current style. */
    private final TextField probe = new TextField();
    /** The view area (numbers or heat map): its size decides whether the numbers fit. */
    private final StackPane views2;
    private final HBox viewChoice;
    private final Tooltip numbersTip = new Tooltip();
    final MaskHeatMap heatMap = new MaskHeatMap();
    private final TextField selectedWeight = new TextField();
    private final Label selectedLabel = new Label("Click a square to type its weight; drag up or down to change it.");
    private final VBox heatPane;
    private final Label sum = new Label();
    private final Label separable = new Label();
    private final Consumer<Mask> onEdit;
    private final Consumer<String> onError;
    private Mask shown;
    /**
     * What the user chose last, numbers (while they fit the panel) or the heat map; null until they
     * choose, while the view follows the size (numbers up to {@link #FIRST_NUMBERS} wide).
     */
    private Boolean chosenNumbers;
    /** True while the editor itself flips the view toggles (the user's choice stays as it was). */
    private boolean choosingView;
    private java.util.function.BiConsumer<Integer, Integer> onResize;
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
                if (!choosingView) {
                    chosenNumbers = now == numbersView;
                }
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
        viewChoice = new HBox(0, numbersView, heatView);
        viewChoice.setMinWidth(Region.USE_PREF_SIZE);
        HBox size = new HBox(6, sizeLabel, columns, new Label("\u00d7"), rows, gap, viewChoice);
        size.setAlignment(Pos.CENTER_LEFT);
        columns.setOnAction(e -> resize());
        rows.setOnAction(e -> resize());
        numbers.setMinSize(0, 0);
        probe.getStyleClass().add("mask-cell");
        // shown (CSS is applied to shown nodes only) but unmanaged, transparent and out of the way
        probe.setManaged(false);
        probe.setOpacity(0);
        probe.setMouseTransparent(true);
        probe.setFocusTraversable(false);
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
        views2 = new StackPane(numbers, heatPane);
        views2.setMinSize(40, 40);
        VBox.setVgrow(views2, Priority.ALWAYS);
        // a new size of the panel may let the numbers fit, or not any more
        views2.layoutBoundsProperty().addListener((o, was, now) -> {
            if (was.getWidth() != now.getWidth() || was.getHeight() != now.getHeight()) {
                javafx.application.Platform.runLater(this::showView);
            }
        });
        separable.setWrapText(true);
        separable.setMinHeight(Region.USE_PREF_SIZE);
        sum.setMinHeight(Region.USE_PREF_SIZE);
        getChildren().addAll(size, views2, sum, separable, probe);
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

    /**
     * Shows the numbers when the user chose them and they fit the panel (scaled down to at most
     * {@link #MIN_SCALE}), else the heat map; the user's choice is kept for when they fit again.
     */
    private void showView() {
        double scale = shown == null ? 1 : numbersScale();
        boolean fits = scale >= MIN_SCALE;
        numbersView.setDisable(!fits);
        numbersTip.setText(shown == null ? "" : "The " + shown.width() + "x" + shown.height()
                + " numbers do not fit the panel at this window size (up to " + MAX_NUMBERS + "x" + MAX_NUMBERS
                + " in a larger window): the heat map shows the weights, and a click on a square gives its value");
        Tooltip.install(viewChoice, numbersTip);
        if (fits) {
            Tooltip.uninstall(viewChoice, numbersTip);
        }
        boolean preferNumbers = chosenNumbers != null ? chosenNumbers : shown == null || shown.width() <= FIRST_NUMBERS;
        boolean showNumbers = fits && preferNumbers;
        choosingView = true;
        try {
            (showNumbers ? numbersView : heatView).setSelected(true);
        } finally {
            choosingView = false;
        }
        numbers.setVisible(showNumbers);
        heatPane.setVisible(!showNumbers);
        if (showNumbers && cells.length == 0 && shown != null) {
            buildGrid();
            fillCells();
        }
        gridScale = Math.min(1, scale);
        numbers.requestLayout();
    }

    /** The scale the grid of numbers needs to fit the view area (0 when it is too large for numbers at all). */
    private double numbersScale() {
        if (shown.width() > MAX_NUMBERS || shown.height() > MAX_NUMBERS) {
            return 0;
        }
        double w = views2.getWidth();
        double h = views2.getHeight();
        if (w <= 0 || h <= 0) {
            return 1; // not laid out yet: decided again once it is
        }
        probe.setPrefColumnCount(MaskWeightText.columnCount(shown));
        probe.applyCss();
        double cw = probe.prefWidth(-1);
        double ch = probe.prefHeight(-1);
        Insets pad = grid.getPadding();
        double gw = shown.width() * cw + (shown.width() - 1) * grid.getHgap() + pad.getLeft() + pad.getRight();
        double gh = shown.height() * ch + (shown.height() - 1) * grid.getVgap() + pad.getTop() + pad.getBottom();
        return Math.min(w / gw, h / gh);
    }

    /** What a new size of the mask does (the window makes a preset again); by default the mask is padded or cropped. */
    void setOnResize(java.util.function.BiConsumer<Integer, Integer> resize) {
        this.onResize = resize;
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
            }
            showView();
            fillCells();
            heatMap.show(mask);
            showSelected();
            sum.setText(MaskWeightText.sumLine(mask));
            separable.setText(MaskWeightText.separability(mask));
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
        cellTip.setOnShowing(e -> cellTip.setText(MaskWeightText.exactWeight(shown, hoveredCell)));
    }

    private void fillCells() {
        if (cells.length != shown.width() * shown.height()) {
            return;
        }
        int width = MaskWeightText.columnCount(shown);
        for (int y = 0; y < shown.height(); y++) {
            for (int x = 0; x < shown.width(); x++) {
                TextField f = cells[y * shown.width() + x];
                String text = MaskWeightText.shortWeight(shown.get(x, y));
                f.setText(text);
                f.setUserData(text);
                f.setPrefColumnCount(width);
                f.getStyleClass().remove("bad-weight");
            }
        }
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
        Float v = MaskWeightText.parse(t, k, shown.width(), onError);
        if (v == null) {
            if (!f.getStyleClass().contains("bad-weight")) {
                f.getStyleClass().add("bad-weight");
            }
            return;
        }
        f.getStyleClass().remove("bad-weight");
        setWeight(k, v);
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
        Float v = MaskWeightText.parse(selectedWeight.getText().strip(), selected, shown.width(), onError);
        if (v != null) {
            setWeight(selected, v);
        }
    }

    /** A new size chosen: the window decides (a preset is made again), else the mask is padded or cropped. */
    private void resize() {
        if (updating || shown == null || columns.getValue() == null || rows.getValue() == null) {
            return;
        }
        int nw = columns.getValue();
        int nh = rows.getValue();
        if (nw == shown.width() && nh == shown.height()) {
            return;
        }
        if (onResize != null) {
            onResize.accept(nw, nh);
            return;
        }
        MaskResize r = MaskResize.of(shown, null, nw, nh);
        try {
            onEdit.accept(r.mask());
            onError.accept(r.note());
        } catch (ConvolabException e) {
            onError.accept(e.getMessage());
        }
    }
}
