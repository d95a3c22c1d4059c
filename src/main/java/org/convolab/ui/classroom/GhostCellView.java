package org.convolab.ui.classroom;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import org.convolab.core.GhostCells;
import org.convolab.core.Mask;
import org.convolab.core.MaskText;
import org.convolab.core.RgbaImage;
import org.convolab.ui.EditState;

/**
 * The ghost-cell view: a magnified grid of the pixels at an edge or corner, extended by the mask
 * radius. Ghost cells are hatched and outlined, coloured with the value the policy gives them;
 * hovering one names the pixel it copies. Clicking a pixel places the mask there: its footprint is
 * outlined and the weighted sum is listed term by term, ending in the filtered value.
 */
public final class GhostCellView extends VBox {
    static final String[] PLACES = {"top-left", "top", "top-right", "left", "right", "bottom-left", "bottom", "bottom-right"};
    /** The smallest and largest cell; between them the grid fills the space it has. */
    static final double MIN_CELL = 18;
    static final double MAX_CELL = 72;

    final ComboBox<String> place = new ComboBox<>(FXCollections.observableArrayList(PLACES));
    final ComboBox<String> channel = new ComboBox<>(FXCollections.observableArrayList("red", "green", "blue"));
    final CheckBox oneD = new CheckBox("1D (one row)");
    final Spinner<Integer> extent = new Spinner<>(1, 16, 5);
    final Canvas canvas = new Canvas();
    final Label hoverLabel = new Label("Hover a cell to see what it reads; click a pixel to place the mask there.");
    final ListView<String> terms = new ListView<>();
    final Label result = new Label();
    /** In 3D: what the policy puts in the ghost slices above and below a stack (its z faces). */
    final Label zFace = new Label();

    private RgbaImage image;
    private EditState state;
    private int gx0;
    private int gy0;
    private int gw;
    private int gh;
    private int selX = -1;
    private int selY = -1;
    private double cell = 38;
    private final ScrollPane scroll;
    /** The terms behind the list's lines (weight-0 terms are not listed), for highlighting. */
    private List<GhostCells.Term> listed = List.of();

    GhostCellView() {
        setSpacing(6);
        setPadding(new Insets(8));
        place.setValue("top-left");
        channel.setValue("red");
        place.setId("ghost-place");
        canvas.setId("ghost-canvas");
        terms.setId("ghost-terms");
        result.setId("ghost-result");
        hoverLabel.setId("ghost-hover");
        place.setOnAction(e -> {
            selX = -1;
            redraw();
        });
        channel.setOnAction(e -> redraw());
        oneD.setOnAction(e -> {
            selX = -1;
            redraw();
        });
        extent.valueProperty().addListener(o -> redraw());
        HBox controls = new HBox(8, new Label("Edge"), place, new Label("Channel"), channel, new Label("Pixels shown"), extent, oneD);
        controls.setAlignment(Pos.CENTER_LEFT);
        canvas.setOnMouseMoved(e -> hover(e.getX(), e.getY()));
        canvas.setOnMouseClicked(e -> click(e.getX(), e.getY()));
        scroll = new ScrollPane(canvas);
        scroll.setPrefViewportHeight(420);
        scroll.viewportBoundsProperty().addListener((o, was, now) -> {
            if (was.getWidth() != now.getWidth() || was.getHeight() != now.getHeight()) {
                paint();
            }
        });
        terms.setPrefHeight(170);
        terms.setMinHeight(90);
        // the list and the grid highlight each other: a selected term outlines the cell it reads
        terms.getSelectionModel().selectedIndexProperty().addListener(o -> paint());
        canvas.setOnMouseExited(e -> terms.getSelectionModel().clearSelection());
        result.setStyle("-fx-font-weight: bold;");
        // the grid takes the left and all the height; the sum reads down the right
        extent.setPrefWidth(80);
        hoverLabel.setWrapText(true);
        result.setWrapText(true);
        VBox sumSide = new VBox(6, hoverLabel, new Label("Weighted sum at the selected output pixel:"), terms, result);
        VBox.setVgrow(terms, Priority.ALWAYS);
        sumSide.setMinWidth(280);
        javafx.scene.control.SplitPane split = new javafx.scene.control.SplitPane(scroll, sumSide);
        split.setDividerPositions(0.58);
        VBox.setVgrow(split, Priority.ALWAYS);
        zFace.setId("ghost-z-face");
        zFace.setWrapText(true);
        zFace.getStyleClass().add("hint");
        getChildren().addAll(controls, zFace, split);
    }

    /** Shows the image and settings (called whenever either changes). */
    void show(RgbaImage img, EditState s) {
        boolean newImage = img != image;
        image = img;
        state = s;
        if (newImage) {
            selX = -1;
        }
        redraw();
    }

    private int channelIndex() {
        return switch (channel.getValue()) {
            case "green" -> 1;
            case "blue" -> 2;
            default -> 0;
        };
    }

    private Mask mask() {
        Mask m = state.mask();
        if (!oneD.isSelected()) {
            return m;
        }
        float[] row = new float[m.width()];
        for (int i = 0; i < m.width(); i++) {
            row[i] = m.get(i, m.radiusY());
        }
        return Mask.of(m.width(), 1, row);
    }

    /**
     * The z faces of a stack {@code depth} slices deep under a policy, for a mask reaching {@code rz} slices either way
     * (as deep as it is wide): which slice each ghost slice above the first and below the last copies, or the constant.
     */
    static String zFaceText(org.convolab.core.BorderPolicy border, int rz, int depth) {
        if (rz == 0) {
            return "In a stack (3D), a mask one slice deep reads no slice above or below: no z face.";
        }
        StringBuilder above = new StringBuilder();
        StringBuilder below = new StringBuilder();
        for (int k = rz; k >= 1; k--) {
            above.append(above.length() > 0 ? ", " : "").append(source(border, -k, depth));
        }
        for (int k = 1; k <= rz; k++) {
            below.append(below.length() > 0 ? ", " : "").append(source(border, depth - 1 + k, depth));
        }
        return String.format(Locale.ROOT, "In a stack of %d slices (3D) with a mask %d deep, %s fills the z faces alike:"
                + " slices %d..-1 \u2190 %s; slices %d..%d \u2190 %s.", depth, 2 * rz + 1, border.name(), -rz, above, depth,
                depth - 1 + rz, below);
    }

    /** The slice a ghost slice copies, or the policy's constant. */
    private static String source(org.convolab.core.BorderPolicy border, int z, int depth) {
        int src = border.index(z, depth);
        return src < 0 ? MaskText.formatWeight(border.constant()) : "slice " + src;
    }

    /** The image region around the chosen place, before extension: x0, y0, width, height. */
    int[] baseRegion() {
        int n = extent.getValue();
        int w = image.width();
        int h = image.height();
        int bw = Math.min(n, w);
        int bh = oneD.isSelected() ? 1 : Math.min(n, h);
        String p = place.getValue();
        int x0 = p.endsWith("left") ? 0 : p.endsWith("right") ? w - bw : (w - bw) / 2;
        int y0 = p.startsWith("top") ? 0 : p.startsWith("bottom") ? h - bh : (h - bh) / 2;
        if (p.equals("left") || p.equals("right")) {
            y0 = (h - bh) / 2;
        }
        return new int[] {x0, y0, bw, bh};
    }

    private void redraw() {
        if (image == null || state == null) {
            return;
        }
        int rz = Math.max(state.mask().radiusX(), state.mask().radiusY());
        zFace.setText(zFaceText(state.border(), rz, TileView.STACK_DEPTH));
        listTerms();
        paint();
    }

    /** The side of one cell: as large as the view allows, within {@link #MIN_CELL} to {@link #MAX_CELL}. */
    public double cellSize() {
        return cell;
    }

    private void paint() {
        if (image == null || state == null) {
            return;
        }
        Mask m = mask();
        int[] b = baseRegion();
        gx0 = b[0] - m.radiusX();
        gy0 = b[1] - m.radiusY();
        gw = b[2] + 2 * m.radiusX();
        gh = b[3] + 2 * m.radiusY();
        var view = scroll.getViewportBounds();
        double fit = Math.floor(Math.min((view.getWidth() - 2) / gw, (view.getHeight() - 2) / gh));
        cell = Math.max(MIN_CELL, Math.min(MAX_CELL, view.getWidth() > 0 ? fit : 38));
        double size = cell;
        canvas.setWidth(gw * size + 1);
        canvas.setHeight(gh * size + 1);
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        g.setFont(Font.font(Math.max(9, Math.min(15, size / 3.6))));
        g.setTextAlign(TextAlignment.CENTER);
        int c = channelIndex();
        for (int y = 0; y < gh; y++) {
            for (int x = 0; x < gw; x++) {
                GhostCells.Cell cell = GhostCells.cell(image, c, state.border(), gx0 + x, gy0 + y);
                double px = x * size;
                double py = y * size;
                double v = Math.max(0, Math.min(255, cell.value())) / 255.0;
                g.setFill(c == 0 ? Color.color(v, v * 0.35, v * 0.35) : c == 1 ? Color.color(v * 0.35, v, v * 0.35)
                        : Color.color(v * 0.35, v * 0.35, v));
                g.fillRect(px, py, size, size);
                if (cell.ghost()) {
                    g.setStroke(Color.rgb(255, 255, 255, 0.55));
                    g.setLineWidth(1);
                    for (double d = -size; d < size; d += 7) {
                        g.strokeLine(px + Math.max(0, d), py + Math.max(0, -d), px + Math.min(size, size + d),
                                py + Math.min(size, size - d));
                    }
                    g.setStroke(Color.ORANGE);
                    g.setLineDashes(3, 3);
                    g.strokeRect(px + 1.5, py + 1.5, size - 3, size - 3);
                    g.setLineDashes();
                } else {
                    g.setStroke(Color.gray(0.6));
                    g.strokeRect(px, py, size, size);
                }
                g.setFill(v > 0.55 ? Color.BLACK : Color.WHITE);
                g.fillText(cell.constant() ? "C " + MaskText.formatWeight((float) cell.value())
                        : String.valueOf((int) cell.value()), px + size / 2, py + size / 2 + 4);
            }
        }
        // the image's edge
        g.setStroke(Color.DODGERBLUE);
        g.setLineWidth(2.5);
        double ex0 = (Math.max(gx0, 0) - gx0) * size;
        double ey0 = (Math.max(gy0, 0) - gy0) * size;
        double ex1 = (Math.min(gx0 + gw, image.width()) - gx0) * size;
        double ey1 = (Math.min(gy0 + gh, image.height()) - gy0) * size;
        g.strokeRect(ex0, ey0, ex1 - ex0, ey1 - ey0);
        if (selX >= 0) {
            double fx = (selX - m.radiusX() - gx0) * size;
            double fy = (selY - m.radiusY() - gy0) * size;
            g.setStroke(Color.YELLOW);
            g.setLineWidth(3);
            g.strokeRect(fx, fy, m.width() * size, m.height() * size);
            g.setStroke(Color.MAGENTA);
            g.strokeRect((selX - gx0) * size + 3, (selY - gy0) * size + 3, size - 6, size - 6);
        }
        int k = terms.getSelectionModel().getSelectedIndex();
        if (k >= 0 && k < listed.size()) {
            GhostCells.Cell read = listed.get(k).cell();
            g.setStroke(Color.CYAN);
            g.setLineWidth(4);
            g.strokeRect((read.x() - gx0) * size + 2, (read.y() - gy0) * size + 2, size - 4, size - 4);
        }
    }

    /** The list line of the term that reads image cell (x, y), or -1. */
    int termAt(int x, int y) {
        for (int k = 0; k < listed.size(); k++) {
            if (listed.get(k).cell().x() == x && listed.get(k).cell().y() == y) {
                return k;
            }
        }
        return -1;
    }

    /** The list line selected (highlighted on the grid too), or -1. */
    public int highlightedTerm() {
        return terms.getSelectionModel().getSelectedIndex();
    }

    private void hover(double vx, double vy) {
        if (image == null) {
            return;
        }
        int x = gx0 + (int) (vx / cell);
        int y = gy0 + (int) (vy / cell);
        hoverLabel.setText(GhostCells.cell(image, channelIndex(), state.border(), x, y).describe());
        hoverCell(x, y);
    }

    /** Hovering a cell the mask reads selects its term in the list (and the grid outlines it). */
    public void hoverCell(int x, int y) {
        int k = termAt(x, y);
        if (k < 0) {
            terms.getSelectionModel().clearSelection();
        } else {
            terms.getSelectionModel().select(k);
            terms.scrollTo(k);
        }
    }

    private void click(double vx, double vy) {
        int x = gx0 + (int) (vx / cell);
        int y = gy0 + (int) (vy / cell);
        select(x, y);
    }

    /** Places the mask on output pixel (x, y), if it is inside the image and the shown region. */
    public void select(int x, int y) {
        if (image == null || x < 0 || y < 0 || x >= image.width() || y >= image.height()) {
            return;
        }
        int[] b = baseRegion();
        if (x < b[0] || y < b[1] || x >= b[0] + b[2] || y >= b[1] + b[3]) {
            return;
        }
        selX = x;
        selY = y;
        redraw();
    }

    /** The output value listed last, or -1 when no pixel is selected. */
    public int listedOutput() {
        return selX < 0 ? -1 : lastOutput;
    }

    private int lastOutput = -1;

    /** The terms listed for the selected pixel, ending in "sum = ...". */
    public List<String> listedTerms() {
        return List.copyOf(terms.getItems());
    }

    /** The line that turns the sum into the output value. */
    public String resultText() {
        return result.getText();
    }

    private void listTerms() {
        List<String> lines = new ArrayList<>();
        listed = List.of();
        if (selX < 0) {
            terms.getItems().setAll(lines);
            result.setText("");
            lastOutput = -1;
            return;
        }
        List<GhostCells.Term> ts = GhostCells.terms(image, channelIndex(), mask(), state.border(), selX, selY);
        List<GhostCells.Term> shown = new ArrayList<>();
        for (GhostCells.Term t : ts) {
            if (t.weight() == 0f) {
                continue;
            }
            shown.add(t);
            lines.add(String.format(Locale.ROOT, "w[%d][%d] %s x %s = %s", t.j(), t.i(), MaskText.formatWeight(t.weight()),
                    t.cell().describe(), fmt(t.product())));
        }
        double sum = GhostCells.sum(ts);
        lines.add(String.format(Locale.ROOT, "sum = %s", fmt(sum)));
        listed = List.copyOf(shown);
        terms.getItems().setAll(lines);
        try {
            lastOutput = state.spec().toByte(sum);
        } catch (org.convolab.core.ConvolabException e) { // weights no engine takes (their float sums could overflow)
            lastOutput = -1;
            result.setText(e.getMessage());
            return;
        }
        result.setText(String.format(Locale.ROOT, "output (%d, %d) %s = clamp(round(%s%s / %s + %s), 0, 255) = %d", selX, selY,
                channel.getValue(), state.abs() ? "|" : "", fmt(sum) + (state.abs() ? "|" : ""),
                MaskText.formatWeight(state.divisor()), MaskText.formatWeight(state.offset()), lastOutput));
    }

    /** A value to four decimals, trailing zeros dropped; never "-0" (a tiny negative rounds to 0). */
    static String fmt(double v) {
        String s = String.format(Locale.ROOT, "%.4f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
        return s.equals("-0") ? "0" : s;
    }
}
