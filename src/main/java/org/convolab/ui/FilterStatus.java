package org.convolab.ui;

import java.util.Locale;

/** The status bar's lines about filter runs: a big image's preview, and a finished result. */
final class FilterStatus {
    private FilterStatus() {
    }

    /** "Previewed the visible region ... filtering the whole image...". */
    static String previewed(FilterOutcome o) {
        return o.step() > 1
                ? String.format(Locale.ROOT, "Previewed the visible region at its scale (every %d pixels) in %.1f ms; "
                        + "filtering the whole image...", o.step(), o.result().timings().totalMs())
                : String.format(Locale.ROOT, "Previewed the visible region in %.1f ms; filtering the whole image...",
                        o.result().timings().totalMs());
    }

    /**
     * "Filtered with STRATEGY on BACKEND in MS", with the time the user waited when it was noticeably longer (a busy cue
     * showed), the output's display range for a result kept as samples, and the slice of a stack.
     *
     * @param outputRange the output's display range, or null for an 8-bit result
     */
    static String filtered(FilterOutcome o, double waitedMs, DisplayRange outputRange) {
        String waited = waitedMs >= BusyCue.DELAY_MS ? String.format(Locale.ROOT, " (done %.1f s after the edit)", waitedMs / 1000) : "";
        String range = o.samples() == null || outputRange == null ? "" : "; output shown " + outputRange
                + (o.samples().format().isFloat() ? " (float)" : "");
        String where = o.stack() == null ? "" : "; " + o.stack().label();
        return String.format(Locale.ROOT, "Filtered with %s on %s in %.1f ms%s", o.result().strategy().id(), o.backend(),
                o.result().timings().totalMs(), waited) + range + where;
    }

    /** The line a user sees for a failure: the message of ours, the whole exception otherwise. */
    static String failure(Throwable t) {
        if (t instanceof org.convolab.core.ConvolabException) {
            return t.getMessage();
        }
        return "Unexpected error: " + t;
    }
}
