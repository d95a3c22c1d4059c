package org.convolab.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of a long command: a bar (done, rate, ETA) on stderr when the command runs in a
 * terminal, else a line on stderr every {@link #LINE_INTERVAL}, so that logs show a long run is
 * alive without filling up. Stdout stays for the command's results.
 */
final class Progress implements AutoCloseable {

    /** How often the plain lines come. */
    static final Duration LINE_INTERVAL = Duration.ofSeconds(10);

    private final String task;
    private final long total;
    private final String unit;
    private final PrintWriter err;
    private final ProgressBar bar;
    private final long intervalNanos;
    private final long start = System.nanoTime();
    private long done;
    private long lastLine = System.nanoTime();

    private Progress(String task, long total, String unit, PrintWriter err, ProgressBar bar, Duration interval) {
        this.intervalNanos = interval.toNanos();
        this.task = task;
        this.total = total;
        this.unit = unit;
        this.err = err;
        this.bar = bar;
    }

    /** True when stdin and stdout are a terminal: the bar is for a person watching. */
    static boolean onTerminal() {
        return System.console() != null;
    }

    /**
     * Starts reporting.
     *
     * @param enabled false for a silent tracker (--quiet, or output for a program)
     */
    static Progress start(String task, long total, String unit, PrintWriter err, boolean enabled) {
        ProgressBar bar = null;
        if (enabled && onTerminal()) {
            bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setUnit(" " + unit, 1)
                    .setStyle(ProgressBarStyle.ASCII).showSpeed().setUpdateIntervalMillis(250)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
        }
        return new Progress(task, total, unit, enabled ? err : null, bar, LINE_INTERVAL);
    }

    /** Plain lines only, at the given interval (tests). */
    static Progress lines(String task, long total, String unit, PrintWriter err, Duration interval) {
        return new Progress(task, total, unit, err, null, interval);
    }

    /** Counts {@code n} more done; {@code extra} (may be empty) is shown beside the bar or in the line. */
    synchronized void step(long n, String extra) {
        done += n;
        if (bar != null) {
            bar.stepBy(n);
            if (!extra.isEmpty()) {
                bar.setExtraMessage(" " + extra);
            }
        } else if (err != null && System.nanoTime() - lastLine >= intervalNanos) {
            lastLine = System.nanoTime();
            err.println(line(extra));
            err.flush();
        }
    }

    /** Moves the count up to {@code value} (never down). */
    synchronized void stepTo(long value, String extra) {
        if (value > done) {
            step(value - done, extra);
        }
    }

    /** The plain progress line: "selftest: 1200/5000 cases (24%), 35 s, about 1 min 51 s left". */
    String line(String extra) {
        double s = (System.nanoTime() - start) / 1e9;
        double percent = total == 0 ? 100.0 : 100.0 * done / total;
        StringBuilder sb = new StringBuilder(unit.equals("%")
                ? String.format(Locale.ROOT, "%s: %.0f%%, %s", task, percent, duration(s))
                : String.format(Locale.ROOT, "%s: %d/%d %s (%.0f%%), %s", task, done, total, unit, percent, duration(s)));
        if (done > 0 && done < total) {
            sb.append(", about ").append(duration(s * (total - done) / done)).append(" left");
        }
        if (!extra.isEmpty()) {
            sb.append(", ").append(extra);
        }
        return sb.toString();
    }

    static String duration(double seconds) {
        long t = Math.round(seconds);
        return t < 60 ? t + " s" : t < 3600 ? (t / 60) + " min " + (t % 60) + " s" : (t / 3600) + " h " + (t % 3600 / 60) + " min";
    }

    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
