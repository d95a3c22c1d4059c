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
            double pad = margin();
            blockX = Math.max(0, (int) ((e.getX() - pad) / s / tile.getValue()));
            blockY = Math.max(0, (int) ((e.getY() - pad) / s / tile.getValue()));
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

    /**
     * The image's scale in the drawing: it fits the view less a margin as wide as the halo, so the
     * ghost cells outside the image's edge are drawn too.
     */
    private double scale() {
        return Math.min((view - 2 * margin()) / image.width(), (view - 2 * margin()) / image.height());
    }

    /** The margin round the image: the mask's radius at the fitted scale, and a few pixels. */
    private double margin() {
        int r = state == null ? 0 : Math.max(state.mask().radiusX(), state.mask().radiusY());
        return Math.ceil(r * view / Math.max(image.width(), image.height())) + 6;
    }

    /** Where image pixel (0, 0) would be in the inset's scale, in view pixels (tests). */
    double[] insetAt = {0, 0};

    /** The side of the magnified inset of the picked block, in view pixels. */
    double insetSide() {
        return Math.floor(view * 0.42);
    }

    /** View pixels per image pixel in the inset: the halo is seen there whatever the fitted zoom. */
    double insetScale() {
        Mask m = state.mask();
        int t = tile.getValue();
        int side = Math.max(t + 2 * m.radiusX(), t + 2 * m.radiusY());
        return (insetSide() - 8) / side;
    }

    private void redraw() {
        if (image == null || state == null) {
            return;
        }
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.rgb(40, 40, 44));
        g.fillRect(0, 0, view, view);
        double s = scale();
        double pad = margin();
        g.save();
        g.translate(pad, pad);
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
        drawTile(g, s, ix0, iy0, iw, ih, ox, oy, ow, oh, 0, 0);
        g.restore();
        // the picked block magnified in a corner: at the fitted zoom its halo is a pixel or two wide
        double side = insetSide();
        double z = insetScale();
        // in the corner away from the block, so that it never hides it
        double x0 = (ox + ow / 2.0) * s + pad > view / 2 ? 4 : view - side - 4;
        double y0 = (oy + oh / 2.0) * s + pad > view / 2 ? 4 : view - side - 4;
        insetAt = new double[] {x0 + 4 - ix0 * z, y0 + 4 - iy0 * z};
        g.setFill(Color.rgb(20, 20, 24, 0.92));
        g.fillRect(x0, y0, side, side);
        g.save();
        g.beginPath();
        g.rect(x0, y0, side, side);
        g.clip();
        double cx = x0 + 4 - ix0 * z;
        double cy = y0 + 4 - iy0 * z;
        g.setImageSmoothing(false);
        if (fx != null) {
            g.drawImage(fx, 0, 0, image.width(), image.height(), cx, cy, image.width() * z, image.height() * z);
        }
        drawTile(g, z, ix0, iy0, iw, ih, ox, oy, ow, oh, cx, cy);
        g.restore();
        g.setStroke(Color.gray(0.85));
        g.setLineWidth(1);
        g.strokeRect(x0 + 0.5, y0 + 0.5, side - 1, side - 1);
        g.setFill(Color.gray(0.9));
        g.fillText(String.format(Locale.ROOT, "block (%d, %d) x%.0f", blockX, blockY, z), x0 + 6, y0 + side - 6);
        info.setText(describe(image.width(), image.height(), m, t, blockX, blockY));
    }

    /**
     * The input tile of a block at a scale, its top-left at (dx, dy): the halo as a shaded orange band
     * (deeper where it holds ghost cells, outside the image), its outline orange, the output tile lime.
     */
    private void drawTile(GraphicsContext g, double s, int ix0, int iy0, int iw, int ih, int ox, int oy, int ow, int oh,
            double dx, double dy) {
        for (int y = iy0; y < iy0 + ih; y++) {
            for (int x = ix0; x < ix0 + iw; x++) {
                boolean inOutput = x >= ox && y >= oy && x < ox + ow && y < oy + oh;
                if (inOutput) {
                    continue;
                }
                boolean ghost = x < 0 || y < 0 || x >= image.width() || y >= image.height();
                g.setFill(ghost ? Color.rgb(255, 120, 0, 0.75) : Color.rgb(255, 160, 0, 0.45));
                g.fillRect(dx + x * s, dy + y * s, Math.max(1, s), Math.max(1, s));
            }
        }
        g.setStroke(Color.ORANGE);
        g.setLineWidth(2);
        g.strokeRect(dx + ix0 * s, dy + iy0 * s, iw * s, ih * s);
        g.setStroke(Color.LIME);
        g.strokeRect(dx + ox * s, dy + oy * s, ow * s, oh * s);
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
