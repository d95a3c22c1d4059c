package org.convolab.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.convolab.core.RowSink;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;

/** Images held as rows in memory, for the streamed filter's tests: a source, a sink and a counter of opens. */
final class MemoryRows {

    final int width;
    final SampleFormat format;
    final List<int[]> rows;
    int opens;

    MemoryRows(int width, SampleFormat format, List<int[]> rows) {
        this.width = width;
        this.format = format;
        this.rows = rows;
    }

    /** Random samples (alpha random too). */
    static MemoryRows random(int w, int h, SampleFormat f, long seed) {
        Random rnd = new Random(seed);
        List<int[]> rows = new ArrayList<>();
        for (int y = 0; y < h; y++) {
            int[] r = new int[w * f.channels()];
            for (int i = 0; i < r.length; i++) {
                r[i] = rnd.nextInt(f.maxValue() + 1);
            }
            rows.add(r);
        }
        return new MemoryRows(w, f, rows);
    }

    static MemoryRows empty(int w, SampleFormat f) {
        return new MemoryRows(w, f, new ArrayList<>());
    }

    Supplier<RowSource> opener() {
        return () -> {
            opens++;
            return new RowSource() {
                int next;

                @Override
                public int width() {
                    return width;
                }

                @Override
                public int height() {
                    return rows.size();
                }

                @Override
                public SampleFormat format() {
                    return format;
                }

                @Override
                public void readRow(int[] samples) {
                    System.arraycopy(rows.get(next++), 0, samples, 0, samples.length);
                }

                @Override
                public void close() {
                }
            };
        };
    }

    RowSink sink() {
        return samples -> rows.add(samples.clone());
    }
}
