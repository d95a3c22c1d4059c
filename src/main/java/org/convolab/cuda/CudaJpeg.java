package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuStreamWaitEvent;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import jcuda.CudaException;
import jcuda.driver.CUstream;
import org.convolab.core.ConvolabException;
import org.convolab.core.DeviceJpeg;
import org.convolab.core.FilterSpec;
import org.convolab.core.Strategy;

/**
 * A CUDA engine's JPEG path: nvJPEG decodes to planar YCbCr on the device, a kernel upsamples and
 * converts it (as libjpeg, the CPU codec, does) into the resident image's ARGB input, the engine's filter
 * runs as for any image (the same plan and kernels), a kernel turns the ARGB result into interleaved RGB,
 * and nvJPEG encodes it into a registered host buffer that is lent to the caller. Only compressed bytes
 * cross PCIe.
 *
 * <p>Calls from several threads (a batch's workers) are gathered: each call queues its file; one caller at a
 * time hands the CUDA thread batch after batch of what is queued until the queue is empty, and the others
 * wait for their file's result. Batches overlap in pairs: each step submits the decode of the files queued now
 * (on the decode stream, on the hardware decoders where the GPU has them) and then filters and encodes the
 * batch submitted by the step before, whose decode the engine's stream waits for. All GPU work runs on the
 * engine's CUDA thread, with its fault handling ({@link CudaEngine#onGpu}).
 */
final class CudaJpeg implements DeviceJpeg {
    /** Files decoded in one call at most (device memory: about 36 MB a 24 MP photograph, in each of two sets). */
    static final int MAX_BATCH = Math.max(1, Integer.getInteger("convolab.nvjpeg.batch", 16));

    /** -Dconvolab.nvjpeg.trace=true prints each step's phases (host clock; the decode waited for apart). */
    private static final boolean TRACE = NvJpegTrace.ON;

    private final CudaEngine engine;
    private final List<Request> queued = new ArrayList<>();
    /** Whether a caller is driving the CUDA thread through the queue (guarded by {@code queued}). */
    private boolean driven;
    /** The batch whose decode was submitted by the last step, to be filtered and encoded by the next (CUDA thread). */
    private InFlight pending;
    /** The decode set the next batch takes (CUDA thread). */
    private int nextSet;

    private record Request(ByteBuffer jpeg, FilterSpec spec, CudaPlanner.Decision decision, int quality, CompletableFuture<Encoded> result) {
    }

    /** A submitted batch: its requests, what the decode made of each file, the set it decodes into, and that set's codec. */
    private record InFlight(List<Request> requests, List<NvJpegDecodeSet.Decoded> decoded, NvJpegDecodeSet set, NvJpegCodec codec) {
    }

    CudaJpeg(CudaEngine engine) {
        this.engine = engine;
    }

    @Override
    public String name() {
        return engine.onGpu(() -> engine.session().jpegCodec().name());
    }

    @Override
    public byte[] transcode(byte[] jpeg, FilterSpec spec, Strategy strategy, int quality) {
        try (Encoded e = transcodeLeased(ByteBuffer.wrap(jpeg), spec, strategy, quality)) {
            return e.toArray();
        }
    }

    @Override
    public Encoded transcodeLeased(ByteBuffer jpeg, FilterSpec spec, Strategy strategy, int quality) {
        // planned here, on the caller's thread: a strategy that does not apply is refused before anything is queued
        Request mine = new Request(jpeg.duplicate(), spec, engine.decide(spec, strategy), quality, new CompletableFuture<>());
        boolean drive;
        synchronized (queued) {
            queued.add(mine);
            drive = !driven;
            driven = true;
        }
        if (drive) {
            drive();
        }
        try {
            return mine.result().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new ConvolabException("nvJPEG failed: " + e.getCause(), e.getCause());
        }
    }

    /**
     * Opens the codec and makes the buffers for batches of files like {@code jpeg} (both decode sets, the
     * hardware decoder's batch, the resident image and the filter's set-up), so that a batch's first files
     * find them made; a file nvJPEG does not take prepares nothing.
     */
    @Override
    public void prepare(byte[] jpeg, FilterSpec spec, Strategy strategy) {
        trace("preparing the codec for %d-byte files", jpeg.length);
        // the host buffers for encoded files (a batch's writers hold about two batches) are made beside the codec's
        // opening, off the CUDA thread; from quality 90 an output keeps full chroma: up to twice the input
        CompletableFuture<Void> buffers = CompletableFuture.runAsync(
                () -> engine.session().bitstreams().make(2 * MAX_BATCH, 2L * jpeg.length));
        long t0 = System.nanoTime();
        int[] size = engine.onGpu(() -> engine.session().jpegCodec().prepare(jpeg, MAX_BATCH));
        long t1 = System.nanoTime();
        if (size != null) {
            engine.prepare(size[0], size[1], spec, strategy);
        }
        long t2 = System.nanoTime();
        buffers.join();
        trace("codec opened and prepared in %.1f ms, resident image and filter set-up %.1f ms, %d host buffers made %.1f ms later",
                (t1 - t0) / 1e6, (t2 - t1) / 1e6, 2 * MAX_BATCH, NvJpegTrace.since(t2));
    }

    /**
     * Hands the CUDA thread one step after another until nothing is queued or in flight. One caller drives at a
     * time; the others only queue and wait, so whatever they queue while a step runs makes the next batch.
     * (A caller waiting for its own task on the CUDA thread would let each batch hold one file.)
     */
    private void drive() {
        try {
            while (engine.onGpu(this::step)) {
                // the next step
            }
        } catch (RuntimeException | Error e) {
            List<Request> left;
            synchronized (queued) {
                left = new ArrayList<>(queued);
                queued.clear();
                driven = false;
            }
            left.forEach(r -> r.result().completeExceptionally(e));
        }
    }

    /**
     * On the CUDA thread: submits the decode of what is queued (up to {@link #MAX_BATCH}), then filters and
     * encodes the batch the last step submitted; false when there was neither.
     */
    private boolean step() {
        List<Request> batch = new ArrayList<>();
        synchronized (queued) {
            while (!queued.isEmpty() && batch.size() < MAX_BATCH) {
                batch.add(queued.remove(0));
            }
            if (batch.isEmpty() && pending == null) {
                driven = false;
                return false;
            }
        }
        InFlight done = pending;
        pending = null;
        try {
            engine.beforeGpuWork();
            CudaSession session = engine.session();
            NvJpegCodec codec = session.jpegCodec();
            long t0 = System.nanoTime();
            if (!batch.isEmpty()) {
                NvJpegDecodeSet set = codec.set(nextSet);
                nextSet ^= 1;
                List<ByteBuffer> files = new ArrayList<>();
                batch.forEach(r -> files.add(r.jpeg()));
                pending = new InFlight(batch, set.decode(files, codec.decodeStream()), set, codec);
            }
            long t1 = System.nanoTime();
            if (!batch.isEmpty()) {
                trace("submitted the decode of %d: %.1f ms on the host, %.1f ms of it copying into pinned memory", batch.size(),
                        (t1 - t0) / 1e6, pending.set().copyMs());
            }
            if (done != null) {
                if (done.codec() != codec) { // a fault elsewhere reset the context under the submitted batch
                    throw new ConvolabException("the GPU context was reset while the file was decoded");
                }
                finish(done, codec, session);
            }
        } catch (RuntimeException | Error e) {
            batch.forEach(r -> r.result().completeExceptionally(e));
            if (done != null) {
                done.requests().forEach(r -> r.result().completeExceptionally(e));
            }
            pending = null;
            if (e instanceof CudaFault || e instanceof CudaException || e instanceof Error) {
                throw e; // the engine resets its context; its retry takes the next batch
            }
        }
        return true;
    }

    /** Filters and encodes a submitted batch once its decode is done, completing each file's call. */
    private void finish(InFlight done, NvJpegCodec codec, CudaSession session) {
        CUstream stream = session.stream();
        long t0 = System.nanoTime();
        if (TRACE) {
            cuEventSynchronize(done.set().decodedEvent());
        }
        long t1 = System.nanoTime();
        cuStreamWaitEvent(stream, done.set().decodedEvent(), 0);
        for (int i = 0; i < done.requests().size(); i++) {
            Request r = done.requests().get(i);
            try {
                r.result().complete(filterAndEncode(codec, done.decoded().get(i), r, session, stream));
            } catch (CudaFault e) {
                throw e;
            } catch (ConvolabException e) { // this file's own trouble (refused, too large): the others go on
                r.result().completeExceptionally(e);
            }
        }
        int n = done.requests().size();
        double ms = (System.nanoTime() - t1) / 1e6;
        trace("finished %d: waited %.1f ms for their decode, filter+encode %.1f ms (%.2f ms a file), %d output buffers",
                n, (t1 - t0) / 1e6, ms, ms / n, codec.outputBuffers());
    }

    private Encoded filterAndEncode(NvJpegCodec codec, NvJpegDecodeSet.Decoded d, Request r, CudaSession session, CUstream stream) {
        if (d.refusal() != null) {
            throw new Unsupported(d.refusal());
        }
        int w = d.width();
        int h = d.height();
        ResidentImage current = session.resident();
        boolean sameSize = current != null && current.width() == w && current.height() == h;
        if (!sameSize && !engine.fitsWhole(w, h)) { // (the free memory asked for only when the size changes)
            throw new Unsupported("a " + w + "x" + h + " image does not fit the GPU's free memory whole");
        }
        ResidentImage image = engine.residentFor(w, h);
        int blocks = KernelLaunch.ceilDiv(w * h, 256);
        new KernelLaunch("convolab_ycc_to_argb").grid(blocks, 1).block(256, 1)
                .ptr(d.planes().ptr()).i(w).i((int) d.cbOffset()).i((int) d.crOffset())
                .i(d.chromaWidth()).i(d.chromaWidth()).i(d.chromaHeight())
                .ptr(image.argbIn().ptr()).i(w).i(h).i(d.hs()).i(d.vs()).run(session.module(), stream);
        engine.filterResident(image, r.spec(), r.decision());
        new KernelLaunch("convolab_argb_to_rgbi").grid(blocks, 1).block(256, 1)
                .ptr(image.argbOut().ptr()).ptr(codec.rgbi(w, h)).i(3 * w).i(w).i(h).run(session.module(), stream);
        return codec.encode(w, h, r.quality(), stream);
    }

    private static void trace(String format, Object... args) {
        NvJpegTrace.line(format, args);
    }
}
