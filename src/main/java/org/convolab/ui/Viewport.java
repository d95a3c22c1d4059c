package org.convolab.ui;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;

/**
 * Zoom and pan shared by the image views, so input and output stay in step: {@code zoom} screen
 * pixels per image pixel, and the image point shown at each view's centre.
 */
final class Viewport {
    static final double MIN_ZOOM = 1 / 32.0;
    static final double MAX_ZOOM = 64;

    final DoubleProperty zoom = new SimpleDoubleProperty(1);
    final DoubleProperty centerX = new SimpleDoubleProperty(0);
    final DoubleProperty centerY = new SimpleDoubleProperty(0);

    /** Zooms by a factor keeping the image point (ix, iy) under the same screen point. */
    void zoomAbout(double factor, double ix, double iy) {
        double old = zoom.get();
        double z = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, old * factor));
        double k = old / z;
        centerX.set(ix + (centerX.get() - ix) * k);
        centerY.set(iy + (centerY.get() - iy) * k);
        zoom.set(z);
    }

    /** The whole image in a view of the given size. */
    void fit(double imageW, double imageH, double viewW, double viewH) {
        if (viewW <= 0 || viewH <= 0) {
            return;
        }
        zoom.set(Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, Math.min(viewW / imageW, viewH / imageH))));
        centerX.set(imageW / 2);
        centerY.set(imageH / 2);
    }

    /** One image pixel per screen pixel, centred. */
    void actualSize(double imageW, double imageH) {
        zoom.set(1);
        centerX.set(imageW / 2);
        centerY.set(imageH / 2);
    }
}
