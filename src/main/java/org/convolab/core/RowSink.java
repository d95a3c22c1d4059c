package org.convolab.core;

/**
 * Where the streamed filter writes its result, a row at a time, top to bottom: each row is
 * {@code width * channels} interleaved samples in the sink's {@link SampleFormat}.
 */
@FunctionalInterface
public interface RowSink {

    /** Writes the next row; the array may be reused by the caller once this returns. */
    void writeRow(int[] samples);
}
