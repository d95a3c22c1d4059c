package org.convolab.ui;

import java.util.Locale;
import java.util.function.Consumer;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelWriter;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import org.convolab.core.Mask;

/**
 * The mask as a heat map: one square per weight, red for positive and blue for negative, the
 * stronger the larger the weight against the largest one; the values are written in when the squares
 * are large enough. The squares fit the space the view is given. When editable, dragging a square up
 * or down changes its weight (a full-height drag spans the largest weight), and the new mask is
 * reported once, on release; clicking selects a square for exact entry, and so do the arrow keys.
 */
final class MaskHeatMap extends Region {
    /** Squares at least this large show their value. */
    static final double TEXT_CELL = 30;

    private final Canvas canvas = new Canvas();
    private Mask mask;
    private float[] editing;
    private int selected = -1;
    private int dragCell = -1;
    private double dragStartY;
    private float dragStartValue;
    private double dragScale;
    private Consumer<Mask> onEdit;
    private Consumer<Integer> onSelect = k -> { };

    MaskHeatMap() {
        getChildren().add(canvas);
        getStyleClass().add("mask-heat-map");
        setMinSize(40, 40);
        setPrefSize(300, 300);
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::press);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::drag);
        addEventHandler(MouseEvent.MOUSE_RELEASED, this::release);
        // keyboard: the arrows move the selection (Tab then reaches the field for its exact value)
        setFocusTraversable(true);
        addEventHandler(KeyEvent.KEY_PRESSED, this::key);
    }

    private void key(KeyEvent e) {
        if (mask == null) {
            return;
        }
        int k = Math.max(0, selected);
        int x = k % mask.width();
        int y = k / mask.width();
        switch (e.getCode()) {
            case LEFT -> x = Math.max(0, x - 1);
            case RIGHT -> x = Math.min(mask.width() - 1, x + 1);
            case UP -> y = Math.max(0, y - 1);
            case DOWN -> y = Math.min(mask.height() - 1, y + 1);
            default -> {
                return;
            }
        }
        selected = selected < 0 ? mask.radiusY() * mask.width() + mask.radiusX() : y * mask.width() + x;
        onSelect.accept(selected);
        draw();
        e.consume();
    }

    /** Makes the squares editable by dragging; edits go to the consumer as new masks. */
    void setOnEdit(Consumer<Mask> edits) {
        this.onEdit = edits;
    }

    /** Receives the index (y * width + x) of a clicked square. */
    void setOnSelect(Consumer<Integer> select) {
        this.onSelect = select;
    }

    /** Shows a mask. */
    void show(Mask m) {
        if (mask == null || m.width() != mask.width() || m.height() != mask.height()) {
            selected = -1;
        }
        mask = m;
        editing = null;
        draw();
    }

    /** Marks one square (y * width + x), or none with -1. */
    void select(int k) {
        selected = k;
        draw();
    }

    /** The side of one square in the current layout. */
    double cellSize() {
        if (mask == null) {
            return 0;
        }
        double fit = Math.min(getWidth() / mask.width(), getHeight() / mask.height());
        return fit >= 1 ? Math.floor(fit) : fit; // under a pixel a square (a large mask's image): the fraction that fits
    }

    /** Where square k (y * width + x) is drawn, in the view's coordinates. */
    javafx.geometry.Bounds cellBounds(int k) {
        double c = cellSize();
        return new javafx.geometry.BoundingBox(x0() + (k % mask.width()) * c, y0() + (k / mask.width()) * c, c, c);
    }

    /** The square under a point of the view, or -1. */
    int cellAt(double x, double y) {
        double c = cellSize();
        if (c <= 0) {
            return -1;
        }
        int cx = (int) Math.floor((x - x0()) / c);
        int cy = (int) Math.floor((y - y0()) / c);
        if (cx < 0 || cy < 0 || cx >= mask.width() || cy >= mask.height()) {
            return -1;
        }
        return cy * mask.width() + cx;
    }

    /** The colour of a weight against the largest magnitude: red positive, blue negative, white 0. */
    static Color colour(float w, float max) {
        double t = max == 0 ? 0 : Math.min(1, Math.abs(w) / max);
        t = Math.sqrt(t); // small weights stay visible next to a large centre
        return w >= 0 ? Color.color(1, 1 - 0.78 * t, 1 - 0.82 * t) : Color.color(1 - 0.82 * t, 1 - 0.62 * t, 1);
    }

    private double x0() {
        return Math.floor((getWidth() - cellSize() * mask.width()) / 2);
    }

    private double y0() {
        return Math.floor((getHeight() - cellSize() * mask.height()) / 2);
    }

    private float[] weights() {
        return editing != null ? editing : mask.weights();
    }

    private static float maxAbs(float[] w) {
        float max = 0;
        for (float v : w) {
            max = Math.max(max, Math.abs(v));
        }
        return max;
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        draw();
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        if (mask == null) {
            return;
        }
        float[] w = weights();
        float max = maxAbs(w);
        double c = cellSize();
        double ox = x0();
        double oy = y0();
        if (mask.width() > Mask.DIRECT_MAX_SIZE || mask.height() > Mask.DIRECT_MAX_SIZE) {
            drawLarge(g, w, max, c, ox, oy); // a mask from a file or preset past the editor's 63x63
            return;
        }
        // values are written in when the longest fits its square at a readable size
        int longest = 1;
        for (float v : w) {
            longest = Math.max(longest, MaskWeightText.shortWeight(v).length());
        }
        double fontSize = Math.min(13, (c - 4) / (longest * 0.62));
        boolean text = c >= TEXT_CELL && fontSize >= 8;
        g.setFont(Font.font("monospace", fontSize));
        g.setTextAlign(TextAlignment.CENTER);
        for (int y = 0; y < mask.height(); y++) {
            for (int x = 0; x < mask.width(); x++) {
                float v = w[y * mask.width() + x];
                double px = ox + x * c;
                double py = oy + y * c;
                g.setFill(colour(v, max));
                g.fillRect(px, py, c, c);
                if (c >= 6) {
                    g.setStroke(Color.gray(0.55, 0.6));
                    g.setLineWidth(1);
                    g.strokeRect(px + 0.5, py + 0.5, c - 1, c - 1);
                }
                if (text) {
                    g.setFill(Color.gray(0.1));
                    g.fillText(MaskWeightText.shortWeight(v), px + c / 2, py + c / 2 + 4);
                }
            }
        }
        // the anchor (centre) and the selected square
        g.setStroke(Color.gray(0.15));
        g.setLineWidth(2);
        g.strokeRect(ox + mask.radiusX() * c + 1, oy + mask.radiusY() * c + 1, c - 2, c - 2);
        if (selected >= 0 && selected < w.length) {
            g.setStroke(Color.ORANGE);
            g.setLineWidth(3);
            g.strokeRect(ox + (selected % mask.width()) * c + 1.5, oy + (selected / mask.width()) * c + 1.5, c - 3, c - 3);
        }
    }

    /**
     * A mask past 63x63 as an image of one pixel a weight, scaled to the squares' size: a million squares drawn one
     * by one, each with its value, would take seconds; the anchor is outlined.
     */
    private void drawLarge(GraphicsContext g, float[] w, float max, double c, double ox, double oy) {
        int mw = mask.width();
        int mh = mask.height();
        WritableImage img = new WritableImage(mw, mh);
        PixelWriter pw = img.getPixelWriter();
        for (int y = 0; y < mh; y++) {
            for (int x = 0; x < mw; x++) {
                pw.setColor(x, y, colour(w[y * mw + x], max));
            }
        }
        g.setImageSmoothing(false);
        g.drawImage(img, ox, oy, mw * c, mh * c);
        g.setStroke(Color.gray(0.15));
        g.setLineWidth(1);
        g.strokeRect(ox + mask.radiusX() * c, oy + mask.radiusY() * c, Math.max(1, c), Math.max(1, c));
    }

    private void press(MouseEvent e) {
        requestFocus();
        int k = cellAt(e.getX(), e.getY());
        if (k < 0) {
            return;
        }
        selected = k;
        onSelect.accept(k);
        if (onEdit != null) {
            dragCell = k;
            dragStartY = e.getY();
            editing = mask.weights();
            dragStartValue = editing[k];
            float max = maxAbs(editing);
            dragScale = (max == 0 ? 1 : max) / Math.max(60, getHeight());
        }
        draw();
    }

    private void drag(MouseEvent e) {
        if (dragCell < 0 || editing == null) {
            return;
        }
        float v = (float) (dragStartValue + (dragStartY - e.getY()) * dragScale);
        editing[dragCell] = roundWeight(v);
        draw();
    }

    private void release(MouseEvent e) {
        if (dragCell < 0 || editing == null) {
            return;
        }
        float[] w = editing;
        int k = dragCell;
        dragCell = -1;
        if (w[k] != mask.get(k % mask.width(), k / mask.width())) {
            onEdit.accept(Mask.of(mask.width(), mask.height(), w));
        } else {
            editing = null;
            draw();
        }
    }

    /** A dragged weight to four significant digits, so drags give readable values. */
    static float roundWeight(float v) {
        if (v == 0f) {
            return 0f;
        }
        return Float.parseFloat(String.format(Locale.ROOT, "%.4g", v));
    }
}
