package org.convolab.cuda;

import java.util.Locale;

/**
 * {@code -Dconvolab.nvjpeg.trace=true}: the nvJPEG path's phases on stderr, one line each, stamped with
 * milliseconds since the process was launched ({@link org.convolab.core.ProcessClock}) (so a batch's start-up can be read against its files).
 */
final class NvJpegTrace {
    static final boolean ON = Boolean.getBoolean("convolab.nvjpeg.trace");

    private NvJpegTrace() {
    }

    /** One line when tracing (the arguments as {@link String#format}). */
    static void line(String format, Object... args) {
        if (ON) {
            System.err.printf(Locale.ROOT, "nvjpeg %6d ms: %s%n", org.convolab.core.ProcessClock.sinceLaunchMs(),
                    String.format(Locale.ROOT, format, args));
        }
    }

    /** Milliseconds since {@code startNs} ({@link System#nanoTime}). */
    static double since(long startNs) {
        return (System.nanoTime() - startNs) / 1e6;
    }
}
