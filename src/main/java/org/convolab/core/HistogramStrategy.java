package org.convolab.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the GPU counts a histogram: the course's atomic-operation lessons, one kernel each, from the
 * plainest to the fastest. Every strategy gives exactly the same counts; they differ in where the
 * atomic additions land (global or shared memory), how the input is split among threads (sectioned or
 * interleaved), and how many threads collide on one counter. The CPU engine counts one way and
 * ignores the strategy.
 *
 * <p>{@link #lesson()} is the one sentence a classroom view shows next to the strategy's measured
 * speed: why it ranks where it does on a uniform image and on a skewed one (every pixel in a few bins).
 */
public enum HistogramStrategy {
    GLOBAL_ATOMICS("global-atomics",
            "one thread per pixel, one atomicAdd per channel into the histogram in global memory",
            "Every update is an atomic in the L2 cache; on a skewed image thousands of threads queue on the same few "
                    + "counters, so it is the slowest wherever the values bunch up."),
    SECTIONED("sectioned",
            "each thread counts one contiguous section of the image with global atomics",
            "Neighbouring threads read addresses a whole section apart, so no warp's loads coalesce: it wastes most "
                    + "of every memory transaction and trails interleaved even where atomics are cheap."),
    INTERLEAVED("interleaved",
            "a stride loop: all threads read one contiguous stretch, then move on together; global atomics",
            "The same atomics as sectioned but coalesced loads: faster on uniform data, and just as stuck on a "
                    + "skewed image, where the atomics, not the loads, are the bottleneck."),
    PRIVATIZED("privatized",
            "a private histogram per block in shared memory, merged into global memory once at the end",
            "Shared-memory atomics take a few cycles instead of hundreds and only the block's own threads contend, "
                    + "so it is many times faster than the global-memory strategies, most of all on skewed data."),
    AGGREGATED("aggregated",
            "privatized, and each thread counts runs of equal values in a register before one atomic",
            "On a constant or dark image a thread's values repeat, so one atomic carries a whole run; on uniform "
                    + "random data runs are rare and the bookkeeping makes it a little slower than privatized."),
    FAST("fast",
            "privatized with eight copies of the block histogram (lane L writes copy L % 8), two 16-byte loads of "
                    + "four pixels a thread in flight, and the alpha of opaque pixels counted in a register",
            "With eight copies a warp's 32 atomics land in more banks, the loads keep memory busy, the hardware merges "
                    + "lanes that add 1 to one counter, and an opaque alpha costs no atomics: the fastest on uniform and "
                    + "skewed images alike.");

    /**
     * The most bins of 16-bit values the shared-memory strategies (privatized, aggregated) keep in a
     * block: 5 channels x 2048 counts, 40 KiB of the 48 KiB a block gets. Past it they are refused,
     * and fast counts into global memory. 8-bit histograms (at most 256 bins) always fit.
     */
    public static final int SHARED_WIDE_BINS = 2048;

    private final String id;
    private final String description;
    private final String lesson;

    HistogramStrategy(String id, String description, String lesson) {
        this.id = id;
        this.description = description;
        this.lesson = lesson;
    }

    /** The name used on the command line. */
    public String id() {
        return id;
    }

    /** What the kernel does, in one line. */
    public String description() {
        return description;
    }

    /** One sentence on why the strategy is as fast (or slow) as it is, for the classroom. */
    public String lesson() {
        return lesson;
    }

    /**
     * Null when the strategy's kernel counts values of this depth into this many bins, else the one
     * sentence why not: privatized and aggregated keep a block's histogram in shared memory, which
     * holds at most {@link #SHARED_WIDE_BINS} bins of 16-bit values.
     */
    public String whyNotApplicable(int bins, int depth) {
        if ((this == PRIVATIZED || this == AGGREGATED) && depth > 8 && bins > SHARED_WIDE_BINS) {
            return id + " keeps each block's histogram in shared memory, which holds at most " + SHARED_WIDE_BINS
                    + " bins of 16-bit values (5 channels x " + SHARED_WIDE_BINS + " counts, 40 KiB), not " + bins
                    + ": use " + SHARED_WIDE_BINS + " bins or fewer, or global-atomics, sectioned, interleaved or fast";
        }
        return null;
    }

    /** Parses a strategy name; the message lists the names. */
    public static HistogramStrategy parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (HistogramStrategy st : values()) {
            if (st.id.equals(s)) {
                return st;
            }
        }
        throw new ConvolabException("unknown histogram strategy " + UserText.quote(text == null ? "" : text) + " (use "
                + Arrays.stream(values()).map(HistogramStrategy::id).collect(Collectors.joining(", ")) + ")");
    }

    @Override
    public String toString() {
        return id;
    }
}
