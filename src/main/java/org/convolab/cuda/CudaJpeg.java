package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * and nvJPEG encodes it. Only compressed bytes cross PCIe.
 *
 * <p>Calls from several threads (a batch's workers) are gathered: each call queues its file; one caller at a
 * time hands the CUDA thread batch after batch of what is queued (decoded in one call, on the hardware
 * decoders where the GPU has them) until the queue is empty, and the others wait for their file's result.
 * All GPU work runs on the engine's CUDA thread, with its fault handling ({@link CudaEngine#onGpu}).
 */
final class CudaJpeg implements DeviceJpeg {
    /** Files decoded in one call at most (device memory: about 36 MB a 24 MP photograph). */
    static final int MAX_BATCH = 16;

    /** -Dconvolab.nvjpeg.trace=true prints each batch's phases on stderr (host clock, stream synchronised). */
    private static final boolean TRACE = Boolean.getBoolean("convolab.nvjpeg.trace");

    private final CudaEngine engine;
    private final List<Request> queued = new ArrayList<>();
    /** Whether a caller is driving the CUDA thread through the queue (guarded by {@code queued}). */
    private boolean driven;

    private record Request(byte[] jpeg, FilterSpec spec, CudaPlanner.Decision decision, int quality, CompletableFuture<byte[]> result) {
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
        // planned here, on the caller's thread: a strategy that does not apply is refused before anything is queued
        Request mine = new Request(jpeg, spec, engine.decide(spec, strategy), quality, new CompletableFuture<>());
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
     * Hands the CUDA thread one batch after another until nothing is queued. One caller drives at a time;
     * the others only queue and wait, so whatever they queue while a batch runs makes the next batch.
     * (A caller waiting for its own task on the CUDA thread would let each batch hold one file.)
     */
    private void drive() {
        try {
            while (engine.onGpu(this::work)) {
                // the next batch
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

    /** On the CUDA thread: takes what is queued (up to {@link #MAX_BATCH}) and finishes it; false when nothing was. */
    private boolean work() {
        List<Request> batch = new ArrayList<>();
        synchronized (queued) {
            while (!queued.isEmpty() && batch.size() < MAX_BATCH) {
                batch.add(queued.remove(0));
            }
            if (batch.isEmpty()) {
                driven = false;
                return false;
            }
        }
        try {
            engine.beforeGpuWork();
            CudaSession session = engine.session();
            CUstream stream = session.stream();
            NvJpegCodec codec = session.jpegCodec();
            List<byte[]> files = new ArrayList<>();
            batch.forEach(r -> files.add(r.jpeg()));
            long t0 = System.nanoTime();
            List<NvJpegCodec.Decoded> decoded = codec.decode(files, stream);
            if (TRACE) {
                cuStreamSynchronize(stream);
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < batch.size(); i++) {
                Request r = batch.get(i);
                NvJpegCodec.Decoded d = decoded.get(i);
                try {
                    r.result().complete(filterAndEncode(codec, d, r, session, stream));
                } catch (Unsupported e) {
                    r.result().completeExceptionally(e);
                }
            }
            if (TRACE) {
                System.err.printf(Locale.ROOT, "nvjpeg batch %d: decode %.1f ms, filter+encode %.1f ms%n",
                        batch.size(), (t1 - t0) / 1e6, (System.nanoTime() - t1) / 1e6);
            }
        } catch (RuntimeException e) {
            batch.forEach(r -> r.result().completeExceptionally(e));
            if (e instanceof CudaFault || e instanceof CudaException) {
                throw e; // the engine resets its context; its retry takes the next batch
            }
        } catch (Error e) {
            batch.forEach(r -> r.result().completeExceptionally(e));
            throw e;
        }
        return true;
    }

    private byte[] filterAndEncode(NvJpegCodec codec, NvJpegCodec.Decoded d, Request r, CudaSession session, CUstream stream) {
        if (d.refusal() != null) {
            throw new Unsupported(d.refusal());
        }
        int w = d.width();
        int h = d.height();
        if (!engine.fitsWhole(w, h)) {
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
}
