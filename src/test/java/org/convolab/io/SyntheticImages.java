package org.convolab.io;

import java.nio.file.Path;
import org.convolab.core.RgbaImage;

/**
 * Small synthetic images that make ghost cells and masks visible: a checkerboard, a gradient and a
 * single bright pixel. The copies in {@code sample-images/} were written by {@link #main}.
 */
public final class SyntheticImages {

    private SyntheticImages() {
    }

    /** Black and white squares of {@code cell} pixels, white at the top-left. */
    public static RgbaImage checkerboard(int w, int h, int cell) {
        int[] p = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                p[y * w + x] = ((x / cell + y / cell) % 2 == 0) ? 0xffffffff : 0xff000000;
            }
        }
        return new RgbaImage(w, h, p);
    }

    /** Red rising left to right, green top to bottom, blue falling left to right. */
    public static RgbaImage gradient(int w, int h) {
        int[] p = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int r = w > 1 ? 255 * x / (w - 1) : 0;
                int g = h > 1 ? 255 * y / (h - 1) : 0;
                p[y * w + x] = 0xff000000 | r << 16 | g << 8 | (255 - r);
            }
        }
        return new RgbaImage(w, h, p);
    }

    /** Black with one white pixel at the centre: filtering it draws the (flipped) mask. */
    public static RgbaImage brightPixel(int w, int h) {
        int[] p = new int[w * h];
        java.util.Arrays.fill(p, 0xff000000);
        p[(h / 2) * w + w / 2] = 0xffffffff;
        return new RgbaImage(w, h, p);
    }

    /** Writes the three samples into a folder. */
    public static void main(String[] args) {
        Path dir = Path.of(args.length > 0 ? args[0] : "sample-images");
        ImageFiles.write(checkerboard(256, 256, 16), dir.resolve("checkerboard.png"), true);
        ImageFiles.write(gradient(256, 256), dir.resolve("gradient.png"), true);
        ImageFiles.write(brightPixel(63, 63), dir.resolve("bright-pixel.png"), true);
    }
}
