package org.convolab.ui;

import java.util.function.BiConsumer;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.Image;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;

/**
 * A zoomable, pannable view of an image through a shared {@link Viewport}: the wheel zooms about the
 * cursor, dragging pans. Pixels are drawn unsmoothed when zoomed in, so single pixels are visible.
 * In split mode it shows {@link #before} left of a draggable divider and {@link #image} right of it.
 */
final class ImageCanvas extends Region {
    final ObjectProperty<Image> image = new SimpleObjectProperty<>();
    final ObjectProperty<Image> before = new SimpleObjectProperty<>();
    /** Divider position in split mode, 0 to 1 of the view's width; negative for no split. */
    final DoubleProperty split = new SimpleDoubleProperty(-1);

    private final Canvas canvas = new Canvas();
    private final Viewport viewport;
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

    private void reportHover(double vx, double vy) {
        Image img = image.get();
        int x = (int) Math.floor(imageX(vx));
        int y = (int) Math.floor(imageY(vy));
        if (img == null || x < 0 || y < 0 || x >= img.getWidth() || y >= img.getHeight()) {
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
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(Color.rgb(40, 40, 44));
        g.fillRect(0, 0, w, h);
        Image img = image.get();
        if (img == null) {
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
            drawImage(g, before.get(), w, h, z);
            g.restore();
            g.save();
            g.beginPath();
            g.rect(sx, 0, w - sx, h);
            g.clip();
            drawImage(g, img, w, h, z);
            g.restore();
            g.setStroke(Color.WHITE);
            g.setLineWidth(2);
            g.strokeLine(sx, 0, sx, h);
            g.setFill(Color.WHITE);
            g.fillOval(sx - 6, h / 2 - 6, 12, 12);
        } else {
            drawImage(g, img, w, h, z);
        }
    }

    private void drawImage(GraphicsContext g, Image img, double w, double h, double z) {
        double x0 = w / 2 - viewport.centerX.get() * z;
        double y0 = h / 2 - viewport.centerY.get() * z;
        g.drawImage(img, x0, y0, img.getWidth() * z, img.getHeight() * z);
    }
}
