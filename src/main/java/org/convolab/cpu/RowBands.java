package org.convolab.cpu;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

/** Splits rows 0..n into bands, a few per thread, and runs them on a pool: the CPU filters' one way to use the cores. */
final class RowBands {

    /** The work of rows y0 (inclusive) to y1 (exclusive). */
    @FunctionalInterface
    interface Body {
        void run(int y0, int y1);
    }

    private RowBands() {
    }

    static void run(ForkJoinPool pool, int threads, int n, Body body) {
        int bands = Math.min(n, threads * 4);
        if (bands <= 1) {
            body.run(0, n);
            return;
        }
        pool.submit(() -> IntStream.range(0, bands).parallel().forEach(b -> {
            int y0 = (int) ((long) n * b / bands);
            int y1 = (int) ((long) n * (b + 1) / bands);
            body.run(y0, y1);
        })).join();
    }
}
