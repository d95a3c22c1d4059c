package org.convolab.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.Image;
import javafx.scene.image.WritableImage;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.transform.Transform;
import javax.imageio.ImageIO;

/**
 * Pictures of what a window shows, for slides: a node rendered at screen or a higher resolution,
 * written as PNG (through javafx-swing's SwingFXUtils and ImageIO) or put on the clipboard.
 */
public final class SnapshotExport {

    private SnapshotExport() {
    }

    /** The node as drawn, scaled (1 for screen resolution, 2 for slides on large screens). Use on the FX thread. */
    public static WritableImage snapshot(Node node, double scale) {
        SnapshotParameters p = new SnapshotParameters();
        p.setTransform(Transform.scale(scale, scale));
        p.setFill(background(node)); // the theme's background, not white behind a dark theme's text
        return node.snapshot(p, null);
    }

    /** The first background colour behind a node: its own, a parent's, or the scene's. */
    static Paint background(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n instanceof Region r && r.getBackground() != null && !r.getBackground().getFills().isEmpty()) {
                return r.getBackground().getFills().get(0).getFill();
            }
        }
        return node.getScene() != null && node.getScene().getFill() != null ? node.getScene().getFill() : Color.WHITE;
    }

    /** Writes an image as a PNG file. */
    public static void writePng(Image image, Path file) {
        try {
            if (!ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile())) {
                throw new IOException("no PNG writer");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Puts an image on the system clipboard. Use on the FX thread. */
    public static void copy(Image image) {
        ClipboardContent c = new ClipboardContent();
        c.putImage(image);
        Clipboard.getSystemClipboard().setContent(c);
    }
}
