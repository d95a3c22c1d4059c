package org.convolab.ui;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The app's background threads: one named daemon thread per job, so that none keeps the JVM alive. */
final class BackgroundThreads {
    private BackgroundThreads() {
    }

    /** A one-thread executor whose thread has the name (as seen in a thread dump) and is a daemon. */
    static ExecutorService single(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }
}
