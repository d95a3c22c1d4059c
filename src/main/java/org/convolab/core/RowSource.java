package org.convolab.core;

import java.util.Optional;

/**
 * An image read a row at a time, top to bottom: the input side of the streamed filter. Each row is
 * {@code width * format().channels()} interleaved samples, 0 to {@code format().maxValue()}.
 */
public interface RowSource extends AutoCloseable {

    int width();

    int height();

    SampleFormat format();

    /** The embedded ICC profile, which is kept and written back, never applied. */
    default Optional<byte[]> iccProfile() {
        return Optional.empty();
    }

    /**
     * The whole image as packed 8-bit ARGB (alpha 255 for RGB), when this source already holds it decoded
     * whole as 8-bit RGB or RGBA: a filter can then take it in one piece instead of a row at a time. The
     * values are the ones {@link #readRow} gives. Empty by default (sources that read as they go, grey and
     * 16-bit images).
     */
    default Optional<RgbaImage> packedArgb() {
        return Optional.empty();
    }

    /**
     * The next {@code rows} rows of an 8-bit RGB or RGBA source, read through {@link #readRow} and packed into
     * ARGB ({@link RgbaImage#packRow}).
     */
    static RgbaImage readPacked(RowSource source, int rows) {
        int w = source.width();
        int ch = source.format().channels();
        int[] argb = new int[Math.multiplyExact(w, rows)];
        int[] row = new int[w * ch];
        for (int y = 0; y < rows; y++) {
            source.readRow(row);
            RgbaImage.packRow(row, ch, w, argb, y * w);
        }
        return new RgbaImage(w, rows, argb);
    }

    /**
     * Reads the next row into {@code samples}.
     *
     * @throws ConvolabException when the data is damaged or ends early
     */
    void readRow(int[] samples);

    @Override
    void close();
}
