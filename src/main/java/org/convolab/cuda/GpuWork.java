package org.convolab.cuda;

import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import jcuda.CudaException;
import org.convolab.core.ConvolabException;

/**
 * An engine's GPU work on its CUDA thread ({@link CudaThread}) in its session: a CUDA error tears the
 * context down, and the work is tried once more on a rebuilt one before the fault goes to the caller;
 * the faults survived are counted. After {@link #close} no work runs.
 */
final class GpuWork {
    private final CudaThread thread = new CudaThread();
    private final CudaSession session;
    // on the CUDA thread
    private boolean closed;
    private volatile int faultsSurvived;

    GpuWork(CudaSession session) {
        this.session = session;
    }

    /** Runs {@code work} on the CUDA thread with one retry on a rebuilt context after a CUDA fault. */
    <T> T call(Supplier<T> work) {
        return thread.call(() -> {
            if (closed) {
                throw new ConvolabException("the CUDA engine is closed");
            }
            try {
                return once(work);
            } catch (CudaFault first) {
                // The context is gone (teardown ran); build it again and try once more.
                faultsSurvived++;
                try {
                    return once(work);
                } catch (CudaFault second) {
                    throw new CudaFault("the GPU failed again after its context was rebuilt: " + second.getMessage(), second);
                }
            }
        });
    }

    /**
     * Runs {@code work} on the CUDA thread once, with no retry: for work whose inputs live in the context (a staged
     * image in page-locked memory), which a rebuilt context no longer has. A CUDA error tears the context down and
     * becomes a {@link CudaFault}; the next work rebuilds it.
     */
    <T> T callOnce(Supplier<T> work) {
        return thread.call(() -> {
            if (closed) {
                throw new ConvolabException("the CUDA engine is closed");
            }
            return once(work);
        });
    }

    /** One attempt: a CUDA error tears the context down and becomes a {@link CudaFault}. */
    private <T> T once(Supplier<T> work) {
        try {
            session.ensure();
            return work.get();
        } catch (CudaException e) {
            session.teardown();
            throw new CudaFault("CUDA error: " + e.getMessage() + "; the GPU context was reset", e);
        } catch (CudaFault e) {
            session.teardown();
            throw e;
        }
    }

    /** Runs {@code work} on the CUDA thread as it is: no context made sure of, no retry. */
    <T> T plain(Supplier<T> work) {
        return thread.call(work::get);
    }

    /** Runs {@code work} on the CUDA thread and waits, no retry. */
    void run(Runnable work) {
        thread.run(work);
    }

    /**
     * Runs {@code work} on the CUDA thread unless the engine is closed (its context, and all device
     * memory in it, went with it); for releasing what an object of the engine holds on the device.
     */
    void whileOpen(Runnable work) {
        try {
            thread.run(() -> {
                if (!closed) {
                    work.run();
                }
            });
        } catch (RejectedExecutionException e) {
            // the engine is closed and its thread gone
        }
    }

    int faultsSurvived() {
        return faultsSurvived;
    }

    /** Runs {@code last} on the CUDA thread as no more work may, tears the session down and ends the thread. */
    void close(Runnable last) {
        try {
            thread.run(() -> {
                closed = true;
                try {
                    last.run();
                } finally {
                    session.teardown();
                }
            });
        } finally {
            thread.close();
        }
    }
}
