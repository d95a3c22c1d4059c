package org.convolab.ui.classroom;

import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
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
 *
 * <p>In 3D ("3D brick") the image stands for one slice of a stack and the block is a T x T x T output brick at
 * the stack's top (z 0 to T - 1) under a mask as deep as chosen: the drawing is the slice z through the brick's
 * input brick, which is the output slice with its halo for z in 0..T-1 and all halo above and below it, the slices
 * above the stack's first being ghost slices (the z face); the text counts the brick's loads and threads.
 */
public final class TileView extends VBox {
    /** The side of the square drawing: as large as the tab allows. */
    private double view = 560;

    final Spinner<Integer> tile = new Spinner<>(1, 64, 16);
    final Canvas canvas = new Canvas(560, 560);
    private final Pane holder = new Pane(canvas);
    final Label info = new Label("Click a tile to pick its block.");
    /** 3D: the block is a brick of a stack, the drawing a slice through it. */
    final CheckBox brick = new CheckBox("3D brick");
    /** 3D: the mask's depth (odd). */
    final Spinner<Integer> maskDepth = new Spinner<>(new SpinnerValueFactory.IntegerSpinnerValueFactory(1, 15, 3, 2));
    /** 3D: the slice drawn, from the halo above the brick to the halo below it. */
    final Spinner<Integer> slice = new Spinner<>(-7, 70, 0);
    /** The nominal depth of the stack, for which slice a ghost slice copies. */
    static final int STACK_DEPTH = 64;

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
        brick.setId("tile-brick");
        maskDepth.setId("tile-mask-depth");
        slice.setId("tile-slice");
        maskDepth.setPrefWidth(70);
        slice.setPrefWidth(80);
        slice.setEditable(true);
        maskDepth.disableProperty().bind(brick.selectedProperty().not());
        slice.disableProperty().bind(brick.selectedProperty().not());
        brick.setOnAction(e -> redraw());
        maskDepth.valueProperty().addListener(o -> redraw());
        slice.valueProperty().addListener(o -> redraw());
        HBox controls = new HBox(8, new Label("Output tile width T"), tile, brick, new Label("mask depth"), maskDepth,
                new Label("slice z"), slice);
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
        int rz = brick.isSelected() ? maskDepth.getValue() / 2 : 0;
        int z = brick.isSelected() ? Math.max(-rz, Math.min(t + rz - 1, slice.getValue())) : 0;
        drawnKind = brick.isSelected() ? sliceKind(z, t, rz) : 0;
        drawTile(g, s, ix0, iy0, iw, ih, ox, oy, ow, oh, 0, 0);
        g.restore();
        // the picked block magnified in a corner: at the fitted zoom its halo is a pixel or two wide
        double side = insetSide();
        double zoom = insetScale();
        // in the corner away from the block, so that it never hides it
        double x0 = (ox + ow / 2.0) * s + pad > view / 2 ? 4 : view - side - 4;
        double y0 = (oy + oh / 2.0) * s + pad > view / 2 ? 4 : view - side - 4;
        insetAt = new double[] {x0 + 4 - ix0 * zoom, y0 + 4 - iy0 * zoom};
        g.setFill(Color.rgb(20, 20, 24, 0.92));
        g.fillRect(x0, y0, side, side);
        g.save();
        g.beginPath();
        g.rect(x0, y0, side, side);
        g.clip();
        double cx = x0 + 4 - ix0 * zoom;
        double cy = y0 + 4 - iy0 * zoom;
        g.setImageSmoothing(false);
        if (fx != null) {
            g.drawImage(fx, 0, 0, image.width(), image.height(), cx, cy, image.width() * zoom, image.height() * zoom);
        }
        drawTile(g, zoom, ix0, iy0, iw, ih, ox, oy, ow, oh, cx, cy);
        g.restore();
        g.setStroke(Color.gray(0.85));
        g.setLineWidth(1);
        g.strokeRect(x0 + 0.5, y0 + 0.5, side - 1, side - 1);
        g.setFill(Color.gray(0.9));
        g.fillText(brick.isSelected() ? String.format(Locale.ROOT, "block (%d, %d, 0), slice z = %d x%.0f", blockX, blockY,
                z, zoom) : String.format(Locale.ROOT, "block (%d, %d) x%.0f", blockX, blockY, zoom), x0 + 6, y0 + side - 6);
        info.setText(brick.isSelected()
                ? describeBrick(image.width(), image.height(), m, maskDepth.getValue(), t, blockX, blockY, z, state.border())
                : describe(image.width(), image.height(), m, t, blockX, blockY));
    }

    /** The kind of slice drawn ({@link #sliceKind}); 0 in 2D. */
    private int drawnKind;

    /** What slice z of the brick's input brick is: 0 an output slice, 1 a halo slice, 2 a ghost slice (z face). */
    static int sliceKind(int z, int t, int rz) {
        if (z >= 0 && z < t) {
            return 0;
        }
        return z < 0 ? 2 : 1;
    }

    /**
     * The input tile of a block at a scale, its top-left at (dx, dy): the halo as a shaded orange band
     * (deeper where it holds ghost cells, outside the image), its outline orange, the output tile lime.
     */
    private void drawTile(GraphicsContext g, double s, int ix0, int iy0, int iw, int ih, int ox, int oy, int ow, int oh,
            double dx, double dy) {
        for (int y = iy0; y < iy0 + ih; y++) {
            for (int x = ix0; x < ix0 + iw; x++) {
                // a slice of a brick's halo above or below its output slices is halo all over (ghost cells above the stack)
                boolean inOutput = drawnKind == 0 && x >= ox && y >= oy && x < ox + ow && y < oy + oh;
                if (inOutput) {
                    continue;
                }
                boolean ghost = drawnKind == 2 || x < 0 || y < 0 || x >= image.width() || y >= image.height();
                g.setFill(ghost ? Color.rgb(255, 120, 0, 0.75) : Color.rgb(255, 160, 0, 0.45));
                g.fillRect(dx + x * s, dy + y * s, Math.max(1, s), Math.max(1, s));
            }
        }
        g.setStroke(Color.ORANGE);
        g.setLineWidth(2);
        g.strokeRect(dx + ix0 * s, dy + iy0 * s, iw * s, ih * s);
        if (drawnKind == 0) {
            g.setStroke(Color.LIME);
            g.strokeRect(dx + ox * s, dy + oy * s, ow * s, oh * s);
        }
    }

    /**
     * The text for a brick: block (bx, by, 0) of a stack, output brick t^3, a mask {@code m} as deep as {@code mz}, the
     * slice z drawn; the brick's loads against one load a tap (the course's bandwidth reduction, (T·M)^3 / (T+M-1)^3
     * for a cubic mask), its ghost cells (the z face above the stack's first slice among them) and threads.
     */
    static String describeBrick(int width, int height, Mask m, int mz, int t, int bx, int by, int z,
            org.convolab.core.BorderPolicy border) {
        int rz = mz / 2;
        int ox = bx * t;
        int oy = by * t;
        long iw = t + 2L * m.radiusX();
        long ih = t + 2L * m.radiusY();
        long id = t + 2L * rz;
        long inputs = iw * ih * id;
        long outputs = (long) t * t * t;
        long ghostsXy = 0; // ghost cells of one slice, outside the image in x and y
        for (long y = oy - m.radiusY(); y < oy - m.radiusY() + ih; y++) {
            for (long x = ox - m.radiusX(); x < ox - m.radiusX() + iw; x++) {
                if (x < 0 || y < 0 || x >= width || y >= height) {
                    ghostsXy++;
                }
            }
        }
        // the brick is at the stack's top: its rz slices above are ghost slices; the others hold the x-y ghosts alone
        long ghosts = rz * iw * ih + (id - rz) * ghostsXy;
        long taps = (long) m.width() * m.height() * mz;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Block (%d, %d, 0) of a stack: output brick %dx%dx%d (green) at (%d, %d, 0);"
                + " mask %dx%dx%d; input brick %dx%dx%d = %d elements (orange).%n", bx, by, t, t, t, ox, oy, m.width(),
                m.height(), mz, iw, ih, id, inputs));
        sb.append(String.format(Locale.ROOT, "Halo: %d cells, of which %d are ghost cells (the z face: %d slice%s above"
                + " the stack's first, and the x-y edges).%n", inputs - outputs, ghosts, rz, rz == 1 ? "" : "s"));
        String kind = switch (sliceKind(z, t, rz)) {
            case 0 -> "an output slice with its halo ring";
            case 1 -> "halo only: loaded by the block, not computed";
            default -> {
                int src = border.index(z, STACK_DEPTH);
                yield "a ghost slice (z face): " + (src < 0 ? "every cell holds the constant " + border.constant()
                        : "under " + border.name() + " it copies slice " + src + " of a " + STACK_DEPTH + "-slice stack");
            }
        };
        sb.append(String.format(Locale.ROOT, "Slice z = %d: %s.%n", z, kind));
        sb.append(String.format(Locale.ROOT, "Loads: %d an output without a tile (one a tap), %.2f with the brick in shared"
                + " memory: %.1fx fewer ((T·M)^3/(T+M-1)^3 for a cubic mask).%n", taps, (double) inputs / outputs,
                (double) outputs * taps / inputs));
        sb.append(String.format(Locale.ROOT, "tiled (block = input brick):   %d threads%s%n", inputs,
                inputs > 1024 ? "  -- over 1024 threads: not launchable" : ""));
        sb.append(String.format(Locale.ROOT, "tiled-out (block = output brick): %d threads%s; stencil codes rather sweep a"
                + " T x T slab along z, keeping the z taps in registers%n", outputs,
                outputs > 1024 ? "  -- over 1024 threads: not launchable" : ""));
        return sb.toString();
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
