package org.convolab.engine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.OutputExistsException;

/**
 * Filters many files as a pipeline, not a loop: files are decoded and encoded on a pool of codec
 * threads while the engines filter others, so the slowest stage sets the pace. Each engine is fed
 * by one stream of decoded images and is called from its own worker thread only. A fixed number of
 * images are in flight at once (the codec threads plus two per engine), so memory stays bounded
 * however many files there are.
 *
 * <p>A failing file gives a {@link Status#FAILED} outcome with its one-line reason and the others go
 * on. An existing output is {@link Status#SKIPPED} unless {@code force}. {@link #cancel()} stops the
 * batch: nothing new starts, encodes already running finish (or fail, if the JVM is shutting down
 * and closes their streams; either way the atomic write leaves a whole file or none), the rest is
 * dropped without an outcome, and {@link #run} returns.
 *
 * @param <D> a decoded input
 * @param <F> a filtered image, ready to encode
 */
public final class BatchPipeline<D, F> {

    /** The three stages of filtering one file into another. Each may throw ConvolabException with a one-line reason. */
    public interface Stages<D, F> {
        /** Reads and decodes the input (on a codec thread). */
        D decode(Path input);

        /** Filters a decoded input (on the engine's worker thread). */
        F filter(ConvolutionEngine engine, D decoded);

        /** Encodes and writes the output, replacing an existing file only if {@code replace} (on a codec thread). */
        void encode(F filtered, Path output, boolean replace);

        /** Pixels of a decoded input, for the megapixel rate. */
        long pixels(D decoded);

        /** Lets go of a filtered image that will not be encoded (the batch stopped); nothing to do by default. */
        default void drop(F filtered) {
        }
    }

    /**
     * One file to filter.
     *
     * @param refusal when not null, the reason the file is not filtered at all (say, its output name
     *                is already taken by another input); it becomes a failure without any work
     */
    public record Job(Path input, Path output, String refusal) {
        public Job(Path input, Path output) {
            this(input, output, null);
        }
    }

    /** What became of a job. */
    public enum Status { DONE, SKIPPED, FAILED }

    /**
     * The outcome of one job.
     *
     * @param message the reason when skipped or failed, else empty
     * @param pixels  the input's pixels when done, else 0
     */
    public record Outcome(Job job, Status status, String message, long pixels) {
    }

    /** Receives each outcome as it happens (from the pipeline's threads, one call at a time). */
    @FunctionalInterface
    public interface Listener {
        void finished(Outcome outcome);
    }

    /**
     * The result of a run.
     *
     * @param outcomes  in the order of the jobs; null for jobs a cancel left undone
     * @param cancelled whether {@link #cancel()} stopped the run
     */
    public record Result(List<Outcome> outcomes, boolean cancelled, StageTimes stages) {
        public long count(Status status) {
            return outcomes.stream().filter(o -> o != null && o.status() == status).count();
        }

        public Result(List<Outcome> outcomes, boolean cancelled) {
            this(outcomes, cancelled, new StageTimes(0, 0, 0));
        }

        /** Pixels of the files done. */
        public long pixels() {
            return outcomes.stream().filter(o -> o != null).mapToLong(Outcome::pixels).sum();
        }
    }

    /**
     * Busy time of each stage summed over its threads, in seconds: set beside the wall time and the
     * thread counts, it says which stage sets the pace (the one whose threads were busy all along).
     */
    public record StageTimes(double decodeS, double filterS, double encodeS) {
    }

    private final java.util.concurrent.atomic.LongAdder decodeNs = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder filterNs = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder encodeNs = new java.util.concurrent.atomic.LongAdder();

    private final Stages<D, F> stages;
    private final List<ConvolutionEngine> engines;
    private final int codecThreads;
    private final boolean force;
    private final Listener listener;
    private volatile boolean cancelled;
    private final CountDownLatch stopped = new CountDownLatch(1);

    /**
     * @param engines      one worker thread each; at least one
     * @param codecThreads threads that decode and encode
     * @param force        replace existing outputs instead of skipping them
     */
    public BatchPipeline(Stages<D, F> stages, List<ConvolutionEngine> engines, int codecThreads, boolean force, Listener listener) {
        if (engines.isEmpty() || codecThreads < 1) {
            throw new IllegalArgumentException("a pipeline needs an engine and a codec thread");
        }
        this.stages = stages;
        this.engines = List.copyOf(engines);
        this.codecThreads = codecThreads;
        this.force = force;
        this.listener = listener;
    }

    /** Asks a running batch to stop; returns at once. Safe from any thread (a shutdown hook). */
    public void cancel() {
        cancelled = true;
    }

    /** Waits until {@link #run} has returned (or never started and was cancelled); true if it did in time. */
    public boolean awaitStopped(Duration timeout) throws InterruptedException {
        return stopped.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Runs the jobs and returns when every one has an outcome or a cancel has drained the pipeline. */
    public Result run(List<Job> jobs) {
        Outcome[] outcomes = new Outcome[jobs.size()];
        int maxInFlight = codecThreads + 2 * engines.size();
        Semaphore inFlight = new Semaphore(maxInFlight);
        LinkedBlockingQueue<Decoded<D>> toFilter = new LinkedBlockingQueue<>();
        AtomicInteger threadNo = new AtomicInteger();
        ExecutorService codecs = Executors.newFixedThreadPool(codecThreads, r -> daemon(r, "convolab-codec-" + threadNo.incrementAndGet()));
        List<Thread> workers = new ArrayList<>();
        try {
            for (int e = 0; e < engines.size(); e++) {
                ConvolutionEngine engine = engines.get(e);
                Thread t = daemon(() -> filterLoop(engine, toFilter, codecs, inFlight, jobs, outcomes), "convolab-engine-" + e);
                workers.add(t);
                t.start();
            }
            for (int i = 0; i < jobs.size() && !cancelled; i++) {
                Job job = jobs.get(i);
                if (job.refusal() != null) {
                    report(outcomes, i, new Outcome(job, Status.FAILED, job.refusal(), 0));
                    continue;
                }
                if (!force && Files.exists(job.output())) {
                    report(outcomes, i, new Outcome(job, Status.SKIPPED, job.output() + " exists (use --force to replace it)", 0));
                    continue;
                }
                inFlight.acquireUninterruptibly();
                int index = i;
                codecs.execute(() -> decode(index, jobs.get(index), toFilter, inFlight, outcomes));
            }
            inFlight.acquireUninterruptibly(maxInFlight); // every image in flight has been written or dropped
        } finally {
            for (int w = 0; w < workers.size(); w++) {
                toFilter.add(Decoded.end());
            }
            codecs.shutdown();
            for (Thread t : workers) {
                joinQuietly(t);
            }
            stopped.countDown();
        }
        return new Result(Arrays.asList(outcomes), cancelled,
                new StageTimes(decodeNs.sum() / 1e9, filterNs.sum() / 1e9, encodeNs.sum() / 1e9));
    }

    // ---- the stages on their threads -------------------------------------------------------

    private void decode(int index, Job job, LinkedBlockingQueue<Decoded<D>> toFilter, Semaphore inFlight, Outcome[] outcomes) {
        if (cancelled) {
            inFlight.release();
            return;
        }
        try {
            long t0 = System.nanoTime();
            D decoded = stages.decode(job.input());
            decodeNs.add(System.nanoTime() - t0);
            toFilter.add(new Decoded<>(index, decoded));
        } catch (RuntimeException | Error e) { // any throwable: a permit never released would hang the batch
            report(outcomes, index, failed(job, e));
            inFlight.release();
        }
    }

    private void filterLoop(ConvolutionEngine engine, LinkedBlockingQueue<Decoded<D>> toFilter, ExecutorService codecs,
                            Semaphore inFlight, List<Job> jobs, Outcome[] outcomes) {
        while (true) {
            Decoded<D> d;
            try {
                d = toFilter.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (d.isEnd()) {
                return;
            }
            Job job = jobs.get(d.index());
            if (cancelled) {
                inFlight.release();
                continue;
            }
            try {
                long t0 = System.nanoTime();
                F filtered = stages.filter(engine, d.image());
                filterNs.add(System.nanoTime() - t0);
                long pixels = stages.pixels(d.image());
                try {
                    codecs.execute(() -> encode(d.index(), job, filtered, pixels, inFlight, outcomes));
                } catch (RejectedExecutionException e) {
                    stages.drop(filtered);
                    throw e;
                }
            } catch (RejectedExecutionException e) {
                inFlight.release();
            } catch (RuntimeException | Error e) { // any throwable: a permit never released would hang the batch
                report(outcomes, d.index(), failed(job, e));
                inFlight.release();
            }
        }
    }

    private void encode(int index, Job job, F filtered, long pixels, Semaphore inFlight, Outcome[] outcomes) {
        try {
            if (cancelled) {
                stages.drop(filtered);
                return;
            }
            long t0 = System.nanoTime();
            stages.encode(filtered, job.output(), force);
            encodeNs.add(System.nanoTime() - t0);
            report(outcomes, index, new Outcome(job, Status.DONE, "", pixels));
        } catch (OutputExistsException e) {
            // another run (a second batch into the same folder) wrote this output since the check before decoding
            report(outcomes, index, new Outcome(job, Status.SKIPPED, job.output() + " exists, skipped (another run wrote it meanwhile)", 0));
        } catch (RuntimeException | Error e) { // any throwable: a permit never released would hang the batch
            report(outcomes, index, failed(job, e));
        } finally {
            inFlight.release();
        }
    }

    // ---- bookkeeping ------------------------------------------------------------------------

    private synchronized void report(Outcome[] outcomes, int index, Outcome o) {
        if (cancelled && o.status() == Status.FAILED && o.job().refusal() == null) {
            return; // a stop closes streams under running codecs (ImageIO's own shutdown hook): not the file's fault
        }
        outcomes[index] = o;
        listener.finished(o);
    }

    private static Outcome failed(Job job, Throwable e) {
        String why;
        if (e instanceof ConvolabException) {
            why = e.getMessage();
        } else if (e instanceof OutOfMemoryError) {
            why = "out of memory (raise the Java heap with -Xmx, or use fewer --jobs)";
        } else {
            why = "internal error: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        }
        return new Outcome(job, Status.FAILED, why, 0);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true); // a stuck codec must not keep the JVM alive after Ctrl+C
        return t;
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A decoded input on its way to an engine, or the end-of-work marker. */
    private record Decoded<D>(int index, D image) {
        static <D> Decoded<D> end() {
            return new Decoded<>(-1, null);
        }

        boolean isEnd() {
            return index < 0;
        }
    }
}
