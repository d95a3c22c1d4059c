package org.convolab.ui;

import java.util.function.BiConsumer;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;

/**
 * A zoomable, pannable view of an image through a shared {@link Viewport}: the wheel zooms about the
 * cursor, dragging pans. Pixels are drawn unsmoothed when zoomed in, so single pixels are visible.
 * In split mode it shows {@link #before} left of a draggable divider and {@link #image} right of it.
 * Images of any size are drawn through {@link TiledImage}: only the visible tiles, at the mip level
 * that suits the zoom; a {@link #patch} (the preview of the visible region) is drawn over the image.
 */
final class ImageCanvas extends Region {
    /**
     * A part of an image shown over the image from (x, y): each of its pixels covers step x step image
     * pixels (1, or more for a preview computed at the scale it is shown).
     */
    record Patch(ViewPixels pixels, int x, int y, int step) {
    }

    final ObjectProperty<ViewPixels> image = new SimpleObjectProperty<>();
    final ObjectProperty<ViewPixels> before = new SimpleObjectProperty<>();
    final ObjectProperty<Patch> patch = new SimpleObjectProperty<>();
    /** Divider position in split mode, 0 to 1 of the view's width; negative for no split. */
    final DoubleProperty split = new SimpleDoubleProperty(-1);

    private final Canvas canvas = new Canvas();
    private final Viewport viewport;
    private final TiledImage imageTiles = new TiledImage();
    private final TiledImage beforeTiles = new TiledImage();
    private final TiledImage patchTiles = new TiledImage();
    /** The image and patch of the last draw, and when it was (for the edit-to-screen measurement). */
    private volatile ViewPixels drawnImage;
    private volatile Patch drawnPatch;
    private int largestTileSide;
    private long longestDrawNanos;
    /** The FX thread's own CPU time of the longest draw by that measure (a garbage collection's pause is not in it). */
    private long longestDrawCpuNanos;
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    private volatile long lastDrawNanos;
    private double dragX;
    private double dragY;
    private boolean draggingDivider;
    private BiConsumer<Integer, Integer> hover = (x, y) -> { };

    ImageCanvas(Viewport viewport) {
        this.viewport = viewport;
        getChildren().add(canvas);
        setMinSize(50, 50);
        getStyleClass().add("image-canvas");
        image.addListener(o -> draw());
        before.addListener(o -> draw());
        patch.addListener(o -> draw());
        split.addListener(o -> draw());
        viewport.zoom.addListener(o -> draw());
        viewport.centerX.addListener(o -> draw());
        viewport.centerY.addListener(o -> draw());
        addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::onPress);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::onDrag);
        addEventHandler(MouseEvent.MOUSE_MOVED, e -> reportHover(e.getX(), e.getY()));
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> hover.accept(-1, -1));
    }

    /** Receives the image pixel under the cursor, or (-1, -1) when it leaves. */
    void setOnHoverPixel(BiConsumer<Integer, Integer> h) {
        hover = h;
    }

    /** The image x at a view x. */
    double imageX(double vx) {
        return viewport.centerX.get() + (vx - getWidth() / 2) / viewport.zoom.get();
    }

    double imageY(double vy) {
        return viewport.centerY.get() + (vy - getHeight() / 2) / viewport.zoom.get();
    }

    /**
     * The rectangle of an image of this size visible in this view, clipped to the image:
     * {x, y, width, height}, or null when none of it is visible or the view has no size yet.
     */
    int[] visibleRegion(int imageWidth, int imageHeight) {
        if (getWidth() <= 0 || getHeight() <= 0) {
            return null;
        }
        int x0 = Math.max(0, (int) Math.floor(imageX(0)));
        int y0 = Math.max(0, (int) Math.floor(imageY(0)));
        int x1 = Math.min(imageWidth, (int) Math.ceil(imageX(getWidth())));
        int y1 = Math.min(imageHeight, (int) Math.ceil(imageY(getHeight())));
        return x1 <= x0 || y1 <= y0 ? null : new int[] {x0, y0, x1 - x0, y1 - y0};
    }

    /** The image the last draw showed (an image's result is on screen from the next pulse on). */
    ViewPixels drawnImage() {
        return drawnImage;
    }

    /** The patch the last draw showed. */
    Patch drawnPatch() {
        return drawnPatch;
    }

    /** The longest time one draw took on the FX thread, in milliseconds (tiles made included). */
    double longestDrawMs() {
        return longestDrawNanos / 1e6;
    }

    /**
     * The most CPU time the FX thread spent in one draw, in milliseconds: the window's own work, without the
     * pauses of garbage collections or other threads that a wall-clock measure of a loaded machine includes.
     */
    double longestDrawCpuMs() {
        return longestDrawCpuNanos / 1e6;
    }

    /** How long the last draw took on the FX thread, in milliseconds (tiles made included). */
    double lastDrawMs() {
        return lastDrawNanos / 1e6;
    }

    /** The largest side of any JavaFX image this view has drawn (at most {@link TiledImage#TILE}). */
    int largestTileSide() {
        return largestTileSide;
    }

    private void reportHover(double vx, double vy) {
        ViewPixels img = image.get();
        int x = (int) Math.floor(imageX(vx));
        int y = (int) Math.floor(imageY(vy));
        if (img == null || x < 0 || y < 0 || x >= img.width() || y >= img.height()) {
            hover.accept(-1, -1);
        } else {
            hover.accept(x, y);
        }
    }

    private void onScroll(ScrollEvent e) {
        if (e.getDeltaY() == 0) {
            return;
        }
        double factor = e.getDeltaY() > 0 ? 1.25 : 0.8;
        viewport.zoomAbout(factor, imageX(e.getX()), imageY(e.getY()));
        e.consume();
    }

    private void onPress(MouseEvent e) {
        dragX = e.getX();
        dragY = e.getY();
        draggingDivider = split.get() >= 0 && Math.abs(e.getX() - split.get() * getWidth()) < 8;
    }

    private void onDrag(MouseEvent e) {
        if (draggingDivider) {
            split.set(Math.max(0, Math.min(1, e.getX() / Math.max(1, getWidth()))));
        } else {
            double z = viewport.zoom.get();
            viewport.centerX.set(viewport.centerX.get() - (e.getX() - dragX) / z);
            viewport.centerY.set(viewport.centerY.get() - (e.getY() - dragY) / z);
        }
        dragX = e.getX();
        dragY = e.getY();
        reportHover(e.getX(), e.getY());
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        draw();
    }

    private void draw() {
        long start = System.nanoTime();
        long cpu = THREADS.getCurrentThreadCpuTime();
        drawNow();
        lastDrawNanos = System.nanoTime() - start;
        longestDrawNanos = Math.max(longestDrawNanos, lastDrawNanos);
        longestDrawCpuNanos = Math.max(longestDrawCpuNanos, THREADS.getCurrentThreadCpuTime() - cpu);
    }

    private void drawNow() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(Color.rgb(40, 40, 44));
        g.fillRect(0, 0, w, h); // covers the canvas, so JavaFX drops the earlier drawing commands
        ViewPixels img = image.get();
        imageTiles.setSource(img);
        beforeTiles.setSource(before.get());
        Patch p = patch.get();
        patchTiles.setSource(p == null ? null : p.pixels());
        drawnImage = img;
        drawnPatch = p;
        if (img == null && p == null) {
            return;
        }
        double z = viewport.zoom.get();
        g.setImageSmoothing(z < 1);
        double s = split.get();
        if (s >= 0 && before.get() != null) {
            double sx = s * w;
            g.save();
            g.beginPath();
            g.rect(0, 0, sx, h);
            g.clip();
            drawTiles(g, beforeTiles, 0, 0, 1, w, h, z);
            g.restore();
            g.save();
            g.beginPath();
            g.rect(sx, 0, w - sx, h);
            g.clip();
            drawShown(g, p, w, h, z);
            g.restore();
            g.setStroke(Color.WHITE);
            g.setLineWidth(2);
            g.strokeLine(sx, 0, sx, h);
            g.setFill(Color.WHITE);
            g.fillOval(sx - 6, h / 2 - 6, 12, 12);
        } else {
            drawShown(g, p, w, h, z);
        }
    }

    private void drawShown(GraphicsContext g, Patch p, double w, double h, double z) {
        drawTiles(g, imageTiles, 0, 0, 1, w, h, z);
        if (p != null) {
            drawTiles(g, patchTiles, p.x(), p.y(), p.step(), w, h, z);
        }
    }

    /**
     * Draws the visible tiles of an image whose top-left corner is at image point (ox, oy) and each of whose
     * pixels covers step x step image pixels.
     */
    private void drawTiles(GraphicsContext g, TiledImage tiles, int ox, int oy, int step, double w, double h, double z) {
        ViewPixels img = tiles.source();
        if (img == null) {
            return;
        }
        double left = w / 2 - viewport.centerX.get() * z; // screen x of image x 0
        double top = h / 2 - viewport.centerY.get() * z;
        int level = tiles.levelFor(z * step);
        int span = TiledImage.TILE << level; // the source's pixels per tile side
        long imageSpan = (long) span * step; // image pixels per tile side
        int x0 = (int) Math.max(0, Math.floor((imageX(0) - ox) / imageSpan));
        int y0 = (int) Math.max(0, Math.floor((imageY(0) - oy) / imageSpan));
        int x1 = (int) Math.min((img.width() - 1) / span, Math.floor((imageX(w) - ox) / imageSpan));
        int y1 = (int) Math.min((img.height() - 1) / span, Math.floor((imageY(h) - oy) / imageSpan));
        tiles.reserve((x1 - x0 + 1) * (y1 - y0 + 1));
        for (int ty = y0; ty <= y1; ty++) {
            for (int tx = x0; tx <= x1; tx++) {
                TiledImage.Tile t = tiles.tile(level, tx, ty);
                largestTileSide = Math.max(largestTileSide, (int) Math.max(t.image().getWidth(), t.image().getHeight()));
                long ix0 = ox + tx * imageSpan;
                long iy0 = oy + ty * imageSpan;
                long ix1 = Math.min(ox + (long) img.width() * step, ix0 + ((long) t.width << level) * step);
                long iy1 = Math.min(oy + (long) img.height() * step, iy0 + ((long) t.height << level) * step);
                // whole screen pixels, so neighbouring tiles meet without seams
                double dx0 = Math.floor(left + ix0 * z);
                double dy0 = Math.floor(top + iy0 * z);
                double dx1 = Math.floor(left + ix1 * z);
                double dy1 = Math.floor(top + iy1 * z);
                g.drawImage(t.image(), 0, 0, t.width, t.height, dx0, dy0, dx1 - dx0, dy1 - dy0);
            }
        }
    }
}
