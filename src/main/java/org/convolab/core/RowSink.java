package org.convolab.core;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.ShortBuffer;
import org.convolab.core.SampleImageFilter.Samples;

/**
 * Where the streamed filter writes its result, a row at a time, top to bottom: each row is
 * {@code width * channels} interleaved samples in the sink's {@link SampleFormat}.
 */
@FunctionalInterface
public interface RowSink {

    /** Writes the next row; the array may be reused by the caller once this returns. */
    void writeRow(int[] samples);

    /**
     * Writes the next {@code rows} rows of {@code width * channels} samples each from {@code src}, from its position on
     * (which moves past them): {@code kind} samples in the buffer's byte order ({@link Samples#U16}: unsigned 8- or
     * 16-bit values, {@link Samples#F32}: floats' bits, as the rows carry them). The way a whole image's result leaves a
     * {@link SampleImageFilter}'s buffer (pinned memory on a GPU) with no rows of {@code int}s in between: encoders
     * that can take the samples in bulk do. By default a row at a time through {@link #writeRow}.
     */
    default void writeSamples(ByteBuffer src, int rows, int rowLength, Samples kind) {
        int[] row = new int[rowLength];
        if (kind == Samples.F32) {
            IntBuffer ints = src.asIntBuffer();
            for (int y = 0; y < rows; y++) {
                ints.get(row);
                writeRow(row);
            }
        } else {
            ShortBuffer shorts = src.asShortBuffer();
            short[] s = new short[rowLength];
            for (int y = 0; y < rows; y++) {
                shorts.get(s);
                for (int i = 0; i < rowLength; i++) {
                    row[i] = s[i] & 0xffff;
                }
                writeRow(row);
            }
        }
        src.position(src.position() + rows * rowLength * kind.bytes());
    }
}
