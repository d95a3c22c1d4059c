package org.convolab.cuda;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.convolab.core.ConvolabException;

/**
 * The one thread that owns the CUDA context and does all CUDA work. Callers hand it tasks and wait
 * for the answer; exceptions come back to the caller as they were thrown.
 */
final class CudaThread implements AutoCloseable {
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "convolab-cuda");
        t.setDaemon(true);
        return t;
    });

    <T> T call(Callable<T> task) {
        Future<T> f = executor.submit(task);
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConvolabException("interrupted while waiting for the GPU", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) {
                throw re;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new ConvolabException("GPU task failed: " + c, c);
        }
    }

    void run(Runnable task) {
        call(() -> {
            task.run();
            return null;
        });
    }

    @Override
    public void close() {
        executor.shutdown();
    }
}
