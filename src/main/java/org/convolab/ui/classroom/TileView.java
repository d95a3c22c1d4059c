package org.convolab.ui.classroom;

import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.image.Image;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import org.convolab.core.Mask;
import org.convolab.core.RgbaImage;
import org.convolab.ui.EditState;

/**
 * The tile view: the grid of output tiles over the image and, for the block the user clicks, its
 * input tile with the halo, the ghost cells among the halo, and how many threads load and compute
 * with block = input tile (tiled) against block = output tile (tiled-out).
 */
public final class TileView extends VBox {
    /** The side of the square drawing: as large as the tab allows. */
    private double view = 560;

    final Spinner<Integer> tile = new Spinner<>(1, 64, 16);
    final Canvas canvas = new Canvas(560, 560);
    private final Pane holder = new Pane(canvas);
    final Label info = new Label("Click a tile to pick its block.");

    private RgbaImage image;
    private Image fx;
    private EditState state;
    private int blockX;
    private int blockY;

    /** The explanation of the picked block (its input tile, ghost cells and loads). */
    public String infoText() {
        return info.getText();
    }

    TileView() {
        setSpacing(6);
        setPadding(new Insets(8));
        tile.setId("tile-size");
        info.setId("tile-info");
        info.setWrapText(true);
        info.setStyle("-fx-font-family: monospace;");
        tile.valueProperty().addListener(o -> redraw());
        HBox controls = new HBox(8, new Label("Output tile width T"), tile);
        controls.setAlignment(Pos.CENTER_LEFT);
        canvas.setOnMouseClicked(e -> {
            if (image == null) {
                return;
            }
            double s = scale();
            blockX = (int) (e.getX() / s / tile.getValue());
            blockY = (int) (e.getY() / s / tile.getValue());
            redraw();
        });
        // the drawing fills the space between the controls and the text, and scales with the window
        holder.setMinSize(120, 120);
        holder.setPrefSize(560, 560);
        holder.layoutBoundsProperty().addListener((o, was, now) -> {
            double side = Math.max(100, Math.floor(Math.min(now.getWidth(), now.getHeight())));
            if (side != view) {
                view = side;
                canvas.setWidth(side);
                canvas.setHeight(side);
                redraw();
            }
        });
        // the explanation reads down the right of the drawing, never cut off under it
        info.setMinWidth(300);
        info.setPrefWidth(460);
        info.setMaxHeight(Double.MAX_VALUE);
        info.setAlignment(Pos.TOP_LEFT);
        HBox.setHgrow(holder, Priority.ALWAYS);
        HBox body = new HBox(12, holder, info);
        VBox.setVgrow(body, Priority.ALWAYS);
        getChildren().addAll(controls, body);
    }

    void show(RgbaImage img, Image imgFx, EditState s) {
        if (img != image) {
            blockX = 0;
            blockY = 0;
        }
        image = img;
        fx = imgFx;
        state = s;
        redraw();
    }

    private double scale() {
        return Math.min(view / image.width(), view / image.height());
    }

    private void redraw() {
        if (image == null || state == null) {
            return;
        }
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.rgb(40, 40, 44));
        g.fillRect(0, 0, view, view);
        double s = scale();
        g.setImageSmoothing(s < 1);
        if (fx != null) {
            g.drawImage(fx, 0, 0, image.width() * s, image.height() * s);
        }
        int t = tile.getValue();
        int tilesX = (image.width() + t - 1) / t;
        int tilesY = (image.height() + t - 1) / t;
        blockX = Math.min(blockX, tilesX - 1);
        blockY = Math.min(blockY, tilesY - 1);
        if (t * s >= 3) {
            g.setStroke(Color.rgb(255, 255, 255, 0.5));
            g.setLineWidth(1);
            for (int i = 0; i <= tilesX; i++) {
                g.strokeLine(Math.min(i * t, image.width()) * s, 0, Math.min(i * t, image.width()) * s, image.height() * s);
            }
            for (int j = 0; j <= tilesY; j++) {
                g.strokeLine(0, Math.min(j * t, image.height()) * s, image.width() * s, Math.min(j * t, image.height()) * s);
            }
        }
        Mask m = state.mask();
        int ox = blockX * t;
        int oy = blockY * t;
        int ow = Math.min(t, image.width() - ox);
        int oh = Math.min(t, image.height() - oy);
        int ix0 = ox - m.radiusX();
        int iy0 = oy - m.radiusY();
        int iw = ow + 2 * m.radiusX();
        int ih = oh + 2 * m.radiusY();
        // ghost part of the halo: the input tile outside the image
        g.setFill(Color.rgb(255, 140, 0, 0.45));
        for (int y = iy0; y < iy0 + ih; y++) {
            for (int x = ix0; x < ix0 + iw; x++) {
                if (x < 0 || y < 0 || x >= image.width() || y >= image.height()) {
                    g.fillRect(x * s, y * s, Math.max(1, s), Math.max(1, s));
                }
            }
        }
        g.setStroke(Color.ORANGE);
        g.setLineWidth(2);
        g.strokeRect(ix0 * s, iy0 * s, iw * s, ih * s);
        g.setStroke(Color.LIME);
        g.strokeRect(ox * s, oy * s, ow * s, oh * s);
        info.setText(describe(image.width(), image.height(), m, t, blockX, blockY));
    }

    /** The text under the view for a block (also used by tests). */
    static String describe(int width, int height, Mask m, int t, int bx, int by) {
        int ox = bx * t;
        int oy = by * t;
        int ow = Math.min(t, width - ox);
        int oh = Math.min(t, height - oy);
        int iw = t + 2 * m.radiusX();
        int ih = t + 2 * m.radiusY();
        int inputs = iw * ih;
        int outputs = t * t;
        int ghosts = 0;
        for (int y = oy - m.radiusY(); y < oy - m.radiusY() + oh + 2 * m.radiusY(); y++) {
            for (int x = ox - m.radiusX(); x < ox - m.radiusX() + ow + 2 * m.radiusX(); x++) {
                if (x < 0 || y < 0 || x >= width || y >= height) {
                    ghosts++;
                }
            }
        }
        int halo = inputs - outputs;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Block (%d, %d): output tile %dx%d (green) at (%d, %d); input tile %dx%d = %d elements (orange).%n",
                bx, by, t, t, ox, oy, iw, ih, inputs));
        sb.append(String.format(Locale.ROOT, "Halo: %d cells, of which %d are ghost cells (shaded: outside the image).%n", halo, ghosts));
        sb.append(String.format(Locale.ROOT, "tiled (block = input tile):   %d threads; all %d load, %d compute, %d only load%s%n",
                inputs, inputs, outputs, halo, inputs > 1024 ? "  -- over 1024 threads: not launchable" : ""));
        sb.append(String.format(Locale.ROOT, "tiled-out (block = output tile): %d threads; each loads %.2f elements (%d in all), all %d compute%n",
                outputs, (double) inputs / outputs, inputs, outputs));
        return sb.toString();
    }
}
