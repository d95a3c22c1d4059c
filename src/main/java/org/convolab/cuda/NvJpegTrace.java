package org.convolab.cuda;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * {@code -Dconvolab.nvjpeg.trace=true}: the nvJPEG path's phases on stderr, one line each, stamped with
 * milliseconds since the process started (so a batch's start-up can be read against its files).
 */
final class NvJpegTrace {
    static final boolean ON = Boolean.getBoolean("convolab.nvjpeg.trace");

    private static final Instant PROCESS_START = ProcessHandle.current().info().startInstant().orElse(Instant.now());

    private NvJpegTrace() {
    }

    /** One line when tracing (the arguments as {@link String#format}). */
    static void line(String format, Object... args) {
        if (ON) {
            System.err.printf(Locale.ROOT, "nvjpeg %6d ms: %s%n", Duration.between(PROCESS_START, Instant.now()).toMillis(),
                    String.format(Locale.ROOT, format, args));
        }
    }

    /** Milliseconds since {@code startNs} ({@link System#nanoTime}). */
    static double since(long startNs) {
        return (System.nanoTime() - startNs) / 1e6;
    }
}
