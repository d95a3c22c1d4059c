package org.convolab.ui;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.stream.Collectors;
import javafx.animation.AnimationTimer;

/**
 * How long the FX thread went without a pulse, and how much of that was the window's own doing. Started and stopped on
 * the FX thread, it measures three things:
 * <ul>
 * <li>the longest gap between two pulses by the wall clock;</li>
 * <li>the longest user-mode CPU time the FX thread spent within one such gap: the window's own work. Left out is what
 * stops the thread from outside: the collections' pauses, a machine paging memory back in, other threads holding the
 * cores, and the kernel's time in the thread (its system time: page faults, and the reclaim a fault runs when memory is
 * short);</li>
 * <li>the longest run of samples (one every 50 ms) that found the FX thread waiting (on a monitor, a lock, a future)
 * inside Convolab's code: the window waiting for its own work. Waits in the toolkit (its event queue, the renderer)
 * are left out.</li>
 * </ul>
 * For each figure it keeps what the sampler saw the thread do, so that a failing bound says where the time went.
 */
final class FxStallMeter extends AnimationTimer {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long SAMPLE_MS = 50;
    private static final int KEPT_SAMPLES = 2000;

    private record Sample(long at, String seen, boolean appWaiting) {
    }

    private final ConcurrentLinkedDeque<Sample> samples = new ConcurrentLinkedDeque<>();
    private volatile Thread fx;
    private Thread sampler;
    private long last;
    private long lastUser;
    private long lastSystem;
    private volatile long longest;
    private volatile long longestAt;
    private volatile String longestSeen = "none";
    private volatile long longestUser;
    private volatile String longestUserSeen = "none";
    private long waitingSince = -1;
    private long waitingLast;
    private volatile long longestAppWait;
    private volatile String longestAppWaitSeen = "none";

    @Override
    public void start() {
        super.start();
        fx = Thread.currentThread();
        sampler = new Thread(this::sample, "fx-stall-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    @Override
    public void stop() {
        super.stop();
        if (sampler != null) {
            sampler.interrupt();
        }
    }

    private void sample() {
        while (!Thread.currentThread().isInterrupted()) {
            ThreadInfo t = THREADS.getThreadInfo(fx.getId(), 64);
            if (t != null) {
                record(System.nanoTime(), t);
            }
            try {
                Thread.sleep(SAMPLE_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One sample: where the thread is, and whether it is Convolab's code that waits. */
    private void record(long at, ThreadInfo t) {
        StackTraceElement[] stack = t.getStackTrace();
        StackTraceElement caller = null;
        for (StackTraceElement e : stack) {
            String c = e.getClassName();
            if (!c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")) {
                caller = e;
                break;
            }
        }
        boolean ours = caller != null && caller.getClassName().startsWith("org.convolab.");
        boolean appWaiting = ours && t.getThreadState() != Thread.State.RUNNABLE;
        String lock = t.getLockName() == null ? ""
                : " on " + t.getLockName() + (t.getLockOwnerName() == null ? "" : " held by " + t.getLockOwnerName());
        String seen = t.getThreadState() + lock + " at " + (caller != null ? caller : stack.length > 0 ? stack[0] : "-");
        samples.addLast(new Sample(at, seen, appWaiting));
        while (samples.size() > KEPT_SAMPLES) {
            samples.pollFirst();
        }
        if (appWaiting) {
            if (waitingSince < 0) {
                waitingSince = at;
            }
            waitingLast = at;
            if (waitingLast - waitingSince > longestAppWait) {
                longestAppWait = waitingLast - waitingSince;
                longestAppWaitSeen = seenBetween(waitingSince, waitingLast);
            }
        } else {
            waitingSince = -1;
        }
    }

    /** The three most frequent samples taken between two times, with their counts. */
    private String seenBetween(long from, long to) {
        Map<String, Integer> counts = new HashMap<>();
        for (Sample s : samples) {
            if (s.at() >= from && s.at() <= to) {
                counts.merge(s.seen(), 1, Integer::sum);
            }
        }
        if (counts.isEmpty()) {
            return "no samples";
        }
        return counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(3)
                .map(e -> e.getValue() + "x " + e.getKey()).collect(Collectors.joining("; "));
    }

    @Override
    public void handle(long now) {
        long clock = System.nanoTime();
        long user = THREADS.getCurrentThreadUserTime();
        long system = THREADS.getCurrentThreadCpuTime() - user;
        if (last != 0) {
            long gap = now - last;
            if (gap > longest) {
                longest = gap;
                longestAt = now;
                longestSeen = String.format(Locale.ROOT, "a %.0f ms gap: user %.0f ms, system %.0f ms; sampled: %s", gap / 1e6,
                        (user - lastUser) / 1e6, (system - lastSystem) / 1e6, seenBetween(clock - gap, clock));
            }
            long own = Math.min(gap, user - lastUser);
            if (own > longestUser) {
                longestUser = own;
                longestUserSeen = String.format(Locale.ROOT, "a %.0f ms gap: user %.0f ms, system %.0f ms; sampled: %s", gap / 1e6,
                        (user - lastUser) / 1e6, (system - lastSystem) / 1e6, seenBetween(clock - gap, clock));
            }
        }
        last = now;
        lastUser = user;
        lastSystem = system;
    }

    /** The longest gap between two pulses by the wall clock, ms. */
    double longestMs() {
        return longest / 1e6;
    }

    /** When that gap ended, in {@link System#nanoTime()}'s terms. */
    long longestAt() {
        return longestAt;
    }

    /** The longest user-mode CPU time of the FX thread between two pulses, ms. */
    double longestUserMs() {
        return longestUser / 1e6;
    }

    /** The longest span of samples that found the FX thread waiting in Convolab's code, ms (0: none did). */
    double longestAppWaitMs() {
        return longestAppWait / 1e6;
    }

    /** What the figures above were made of, and what the sampler saw, for a message. */
    String seen() {
        return "longest gap: " + longestSeen + "; longest user time in " + longestUserSeen + "; longest wait in Convolab's code (" + Math.round(longestAppWaitMs())
                + " ms): " + longestAppWaitSeen;
    }
}
