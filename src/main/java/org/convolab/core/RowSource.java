package org.convolab.core;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.ShortBuffer;
import java.util.Optional;
import org.convolab.core.SampleImageFilter.Samples;

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

    /**
     * Reads the next {@code rows} rows into {@code dst} from its position on (which moves past them), as {@code kind}
     * samples in the buffer's byte order: {@link Samples#U16} for 8- and 16-bit sources (unsigned), {@link Samples#F32}
     * for float sources (the bits {@link #readRow} gives). This is how a whole image goes straight into a
     * {@link SampleImageFilter}'s buffer (pinned memory on a GPU) with no row of {@code int}s in between: sources that
     * can (an uncompressed TIFF's strips) put their samples there in bulk. By default a row at a time through
     * {@link #readRow}.
     *
     * @throws ConvolabException when the data is damaged or ends early
     */
    default void readSamples(ByteBuffer dst, int rows, Samples kind) {
        int n = width() * format().channels();
        int[] row = new int[n];
        if (kind == Samples.F32) {
            IntBuffer ints = dst.asIntBuffer();
            for (int y = 0; y < rows; y++) {
                readRow(row);
                ints.put(row);
            }
        } else {
            ShortBuffer shorts = dst.asShortBuffer();
            short[] s = new short[n];
            for (int y = 0; y < rows; y++) {
                readRow(row);
                for (int i = 0; i < n; i++) {
                    s[i] = (short) row[i];
                }
                shorts.put(s);
            }
        }
        dst.position(dst.position() + rows * n * kind.bytes());
    }

    @Override
    void close();
}
