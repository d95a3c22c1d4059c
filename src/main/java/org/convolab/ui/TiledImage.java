package org.convolab.ui;

import java.nio.IntBuffer;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import javafx.scene.image.Image;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;

/**
 * An image of any size shown through square tiles of a mip-map, so that no JavaFX image is larger
 * than {@link #TILE} a side (JavaFX textures stop at 16384). Level {@code L} is the image sampled every
 * {@code 2^L} pixels; only the tiles a view asks for are made, on the FX thread, into a small pool
 * of {@link PixelBuffer}s over direct buffers that is reused, also when the source changes to
 * another image: a new result costs the copy of the visible tiles, not a new image.
 */
final class TiledImage {
    /** Tile side in level pixels. */
    static final int TILE = 512;
    /** Tiles kept at least (about 1 MB each). */
    private static final int MIN_CACHED = 48;

    /** One tile: a JavaFX image over a direct buffer, and how much of it is valid. */
    static final class Tile {
        final PixelBuffer<IntBuffer> pixels;
        final WritableImage image;
        int width;
        int height;

        private Tile() {
            IntBuffer direct = java.nio.ByteBuffer.allocateDirect(TILE * TILE * 4)
                    .order(java.nio.ByteOrder.nativeOrder()).asIntBuffer();
            pixels = new PixelBuffer<>(TILE, TILE, direct, PixelFormat.getIntArgbPreInstance());
            image = new WritableImage(pixels);
        }

        /** The tile's image; only its top-left {@link #width} x {@link #height} are the image's. */
        Image image() {
            return image;
        }
    }

    private record Key(int level, int tx, int ty) {
    }

    private ViewPixels source;
    private final LinkedHashMap<Key, Tile> cache = new LinkedHashMap<>(64, 0.75f, true);
    private final ArrayDeque<Tile> free = new ArrayDeque<>();
    private int capacity = MIN_CACHED;
    /** One tile row, reused. */
    private final int[] row = new int[TILE];
    private int made;

    /** The image shown, or null. */
    ViewPixels source() {
        return source;
    }

    /** Shows another image; the tiles are kept for reuse and refilled when next asked for. */
    void setSource(ViewPixels image) {
        if (image == source) {
            return;
        }
        source = image;
        free.addAll(cache.values());
        cache.clear();
    }

    /** The level whose pixels are at least as fine as the screen's at a zoom (screen px per image px). */
    int levelFor(double zoom) {
        return source == null ? 0 : level(zoom, maxLevel(source.width(), source.height()));
    }

    /** The level for a zoom, at most maxLevel. */
    static int level(double zoom, int maxLevel) {
        if (zoom >= 1) {
            return 0;
        }
        int level = (int) Math.floor(Math.log(1 / zoom) / Math.log(2) + 1e-9);
        return Math.max(0, Math.min(level, maxLevel));
    }

    /** The coarsest level of the source: the whole image within one tile. */
    int maxLevel() {
        return maxLevel(source.width(), source.height());
    }

    /** The coarsest level of an image this size. */
    static int maxLevel(int width, int height) {
        int side = Math.max(width, height);
        int level = 0;
        while ((side - 1 >> level) + 1 > TILE) {
            level++;
        }
        return level;
    }

    /** Width of a level in its own pixels. */
    int levelWidth(int level) {
        return (source.width() - 1 >> level) + 1;
    }

    int levelHeight(int level) {
        return (source.height() - 1 >> level) + 1;
    }

    /** Makes sure this many tiles fit in the cache (the visible ones of a view, and some). */
    void reserve(int tiles) {
        capacity = Math.max(MIN_CACHED, 2 * tiles);
    }

    /** Tiles made since this object was built (the pool's size); for tests. */
    int tilesMade() {
        return made;
    }

    /** The tile (tx, ty) of a level, filled from the source if it is not cached. Call on the FX thread. */
    Tile tile(int level, int tx, int ty) {
        Key key = new Key(level, tx, ty);
        Tile t = cache.get(key);
        if (t != null) {
            return t;
        }
        t = freeTile();
        fill(t, level, tx, ty);
        cache.put(key, t);
        return t;
    }

    private Tile freeTile() {
        if (!free.isEmpty()) {
            return free.pop();
        }
        if (cache.size() >= capacity) {
            Iterator<Map.Entry<Key, Tile>> eldest = cache.entrySet().iterator();
            Tile t = eldest.next().getValue();
            eldest.remove();
            return t;
        }
        made++;
        return new Tile();
    }

    private void fill(Tile t, int level, int tx, int ty) {
        int w = Math.min(TILE, levelWidth(level) - tx * TILE);
        int h = Math.min(TILE, levelHeight(level) - ty * TILE);
        IntBuffer src = source.argb();
        int sw = source.width();
        int sh = source.height();
        int half = (1 << level) >> 1; // sample the middle of each 2^L block
        t.width = w;
        t.height = h;
        IntBuffer dst = t.pixels.getBuffer();
        int[] row = this.row;
        for (int r = 0; r < h; r++) {
            int sy = Math.min(sh - 1, ((ty * TILE + r) << level) + half);
            int base = sy * sw;
            if (level == 0) {
                src.get(base + tx * TILE, row, 0, w); // one bulk copy of the row (from pinned memory on the GPU path)
                for (int c = 0; c < w; c++) {
                    row[c] = premultiplied(row[c]);
                }
            } else {
                for (int c = 0; c < w; c++) {
                    int sx = Math.min(sw - 1, ((tx * TILE + c) << level) + half);
                    row[c] = premultiplied(src.get(base + sx));
                }
            }
            dst.put(r * TILE, row, 0, w);
        }
        t.pixels.updateBuffer(b -> null);
    }

    /** ARGB to premultiplied ARGB, as PixelBuffer wants; opaque pixels (the usual case) stay as they are. */
    static int premultiplied(int argb) {
        int a = argb >>> 24;
        if (a == 255) {
            return argb;
        }
        if (a == 0) {
            return 0;
        }
        int r = ((argb >>> 16 & 0xff) * a + 127) / 255;
        int g = ((argb >>> 8 & 0xff) * a + 127) / 255;
        int b = ((argb & 0xff) * a + 127) / 255;
        return a << 24 | r << 16 | g << 8 | b;
    }
}
