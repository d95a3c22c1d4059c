package org.convolab.core;

import java.time.Instant;

/**
 * Milliseconds since this process was launched, for start-up traces. The bundle's launcher exports
 * {@code CONVOLAB_LAUNCHED_MS} (its own start, to the millisecond); without it the operating system's process start
 * is used, which Linux gives only to within a second of the boot clock, so only differences are meaningful then.
 */
public final class ProcessClock {

    private static final long LAUNCHED_MS = launched();

    private ProcessClock() {
    }

    /** Milliseconds since the launch. */
    public static long sinceLaunchMs() {
        return System.currentTimeMillis() - LAUNCHED_MS;
    }

    private static long launched() {
        String env = System.getenv("CONVOLAB_LAUNCHED_MS");
        if (env != null) {
            try {
                return Long.parseLong(env.trim());
            } catch (NumberFormatException ignored) {
                // fall back to the process's start
            }
        }
        return ProcessHandle.current().info().startInstant().orElse(Instant.now()).toEpochMilli();
    }
}
