package org.convolab.ui;

import javafx.scene.image.Image;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import org.convolab.core.RgbaImage;

/** Conversion of the core's images into JavaFX images, for every window that shows one. */
public final class FxImages {
    private FxImages() {
    }

    /**
     * The largest side of a single JavaFX image made here: JavaFX textures stop at 16384, and smaller
     * textures upload in pieces that keep the window responsive. Larger images go through {@link TiledImage}.
     */
    public static final int MAX_SIDE = 4096;

    /** Whether an image of this size may be one JavaFX image. */
    public static boolean fitsOneImage(int width, int height) {
        return width <= MAX_SIDE && height <= MAX_SIDE;
    }

    /** An RgbaImage as a JavaFX image; safe off the FX thread (the image is not in a scene yet). */
    public static Image toFx(RgbaImage img) {
        WritableImage fx = new WritableImage(img.width(), img.height());
        fx.getPixelWriter().setPixels(0, 0, img.width(), img.height(), PixelFormat.getIntArgbInstance(), img.pixels(), 0,
                img.width());
        return fx;
    }
}
