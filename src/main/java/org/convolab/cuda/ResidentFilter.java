package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static org.convolab.cuda.CudaSession.Mark.BATCH_END;
import static org.convolab.cuda.CudaSession.Mark.BATCH_START;
import static org.convolab.cuda.CudaSession.Mark.DOWNLOADED;
import static org.convolab.cuda.CudaSession.Mark.FILTERED;
import static org.convolab.cuda.CudaSession.Mark.GREEN;
import static org.convolab.cuda.CudaSession.Mark.PACKED;
import static org.convolab.cuda.CudaSession.Mark.RED;
import static org.convolab.cuda.CudaSession.Mark.START;
import static org.convolab.cuda.CudaSession.Mark.UNPACKED;
import static org.convolab.cuda.CudaSession.Mark.UPLOADED;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.Timings;

/**
 * Filters an 8-bit image resident on the GPU as its plan says, on the CUDA thread: upload (when the
 * image is new), unpack into three float planes ({@code convolab_unpack_argb}), the plan's filter kernels
 * (the fused ARGB kernel, or the planes' kernels), {@code convolab_pack_argb} after the planes' kernels,
 * download. Each phase is timed between two named events ({@link CudaSession.Mark}); the kernel phase
 * covers exactly the kernels {@link LaunchPlan#kernels} names, and {@link LaunchPlan#launches} lists them
 * as they ran.
 */
final class ResidentFilter {

    /** The kernels around the planes' filter kernels: ARGB into three float planes, and the planes back with the mapping. */
    static final String UNPACK = "convolab_unpack_argb";
    static final String PACK = "convolab_pack_argb";
    static final List<String> CONVERSIONS = List.of(UNPACK, PACK);
    private final CudaSession session;

    ResidentFilter(CudaSession session) {
        this.session = session;
    }

    /** Where a run downloads its result, and what it makes of it; on the CUDA thread. */
    interface HostTarget<T> {
        /** The host memory the result is downloaded into (page-locked). */
        Pointer pointer(ResidentImage r);

        /** The result, once the download is done; {@code timings} measures the total when asked. */
        T finish(ResidentImage r, LaunchPlan ran, Supplier<Timings> timings);

        /** Into the resident image's pinned buffer, then copied into a new Java array (the result of a filter). */
        HostTarget<FilterResult> INTO_ARRAY = new HostTarget<>() {
            @Override
            public Pointer pointer(ResidentImage r) {
                return r.hostOut().pointer();
            }

            @Override
            public FilterResult finish(ResidentImage r, LaunchPlan ran, Supplier<Timings> timings) {
                int[] out = new int[r.width() * r.height()];
                r.hostOut().get(out);
                return new FilterResult(new RgbaImage(r.width(), r.height(), out), ran, timings.get());
            }
        };

        /**
         * Into a lease buffer of the pool, lent as it is until its holders close it (the pool takes it back); only
         * through {@link ResidentFilter#leased}, which gives the buffer back when the filter fails.
         */
        private static HostTarget<ResultLease> lease(LeaseBuffers pool, LeaseBuffers.Buffer buffer) {
            return new HostTarget<>() {
                @Override
                public Pointer pointer(ResidentImage r) {
                    return buffer.pointer();
                }

                @Override
                public ResultLease finish(ResidentImage r, LaunchPlan ran, Supplier<Timings> timings) {
                    return new ResultLease(r.width(), r.height(), buffer.ints(), null, ran, timings.get(), () -> pool.giveBack(buffer));
                }
            };
        }
    }

    /**
     * A filter whose result is downloaded into a buffer of the session's lease pool and lent as it is: {@code filter}
     * runs into a buffer taken for a {@code width x height} result, and when it fails the buffer goes back to the pool
     * before the failure goes on, so a failed filter leaves none lent. On the CUDA thread.
     */
    ResultLease leased(int width, int height, Function<HostTarget<ResultLease>, ResultLease> filter) {
        LeaseBuffers pool = session.leaseBuffers();
        LeaseBuffers.Buffer buffer = pool.take(4L * width * height);
        try {
            return filter.apply(HostTarget.lease(pool, buffer));
        } catch (RuntimeException e) {
            pool.giveBack(buffer);
            throw e;
        }
    }

    /** One filter of {@code image}: every phase, timed. */
    <T> T run(RgbaImage image, FilterSpec spec, CudaPlanner.Decision decision, ChannelLauncher launcher, HostTarget<T> target) {
        long t0 = System.nanoTime();
        ResidentImage r = session.resident();
        if (r != null && r.image() == image) {
            return run(r, Upload.NONE, spec, decision, launcher, target, t0);
        }
        r = residentFor(image.width(), image.height());
        r.setImage(image);
        return run(r, Upload.of(image.pixels()), spec, decision, launcher, target, t0);
    }

    /**
     * One filter of the image written into the resident image's page-locked input ({@link ResidentImage#hostIn}, a
     * decoder's output: {@link CudaStagedInput}): uploaded from there as it is, no copy on the host; every phase timed.
     */
    <T> T runStaged(ResidentImage r, FilterSpec spec, CudaPlanner.Decision decision, ChannelLauncher launcher, HostTarget<T> target) {
        long t0 = System.nanoTime();
        r.setImage(null); // the device's copy stands for no Java image: the next filter of one uploads it
        return run(r, Upload.STAGED, spec, decision, launcher, target, t0);
    }

    /** A run's upload phase: what goes up into the resident image's ARGB input before the filter. */
    private interface Upload {
        /** Nothing goes up, and nothing is unpacked: the planes on the device are filtered as they are. */
        Upload NONE = new Upload() {
            @Override
            public boolean sends() {
                return false;
            }

            @Override
            public void enqueue(ResidentImage r, CUstream stream) {
                // the device's copy is current
            }
        };

        /** The page-locked input as a decoder wrote it ({@link ResidentFilter#runStaged}): one copy up, none on the host. */
        Upload STAGED = (r, stream) -> cuMemcpyHtoDAsync(r.argbIn().ptr(), r.hostIn().pointer(), 4L * r.width() * r.height(),
                stream);

        /** A Java array's pixels, through the page-locked input in chunks ({@link ResidentFilter#upload}). */
        static Upload of(int[] pixels) {
            return (r, stream) -> upload(pixels, r, stream);
        }

        /** Whether anything goes up (then it is unpacked, and both phases are timed). */
        default boolean sends() {
            return true;
        }

        /** Enqueues the copy up on the stream. */
        void enqueue(ResidentImage r, CUstream stream);
    }

    /**
     * The phases of a filter of the resident image {@code r}: {@code upload}, then as {@link #run(RgbaImage, FilterSpec,
     * CudaPlanner.Decision, ChannelLauncher, HostTarget)} says.
     */
    private <T> T run(ResidentImage r, Upload upload, FilterSpec spec, CudaPlanner.Decision decision, ChannelLauncher launcher,
                      HostTarget<T> target, long t0) {
        int w = r.width();
        int h = r.height();
        boolean sends = upload.sends();
        CUstream stream = session.stream();
        LaunchContext ctx = context(r, spec);
        launcher.prepare(ctx);
        List<KernelStep> steps = steps(decision, r);
        long bytes = (long) w * h * 4;

        cuEventRecord(session.event(START), stream);
        upload.enqueue(r, stream);
        cuEventRecord(session.event(UPLOADED), stream);
        if (sends) {
            unpack(ctx, r);
        }
        cuEventRecord(session.event(UNPACKED), stream);
        session.module().startLaunchLog();
        launchFilter(ctx, decision, steps, launcher, r, true);
        LaunchPlan ran = decision.plan().withLaunches(session.module().takeLaunchLog());
        if (!decision.fused()) {
            pack(ctx, r);
        }
        cuEventRecord(session.event(PACKED), stream);
        cuMemcpyDtoHAsync(target.pointer(r), r.argbOut().ptr(), bytes, stream);
        cuEventRecord(session.event(DOWNLOADED), stream);
        try {
            cuStreamSynchronize(stream);
        } catch (CudaException e) {
            throw new CudaFault("CUDA error while filtering with " + decision.plan().runs().id() + " on a " + w + "x" + h
                    + " image (" + e.getMessage() + ")", e);
        }
        List<Double> channels = decision.variant().allChannels() ? List.of(session.elapsed(UNPACKED, FILTERED))
                : List.of(session.elapsed(UNPACKED, RED), session.elapsed(RED, GREEN), session.elapsed(GREEN, FILTERED));
        double uploadMs = sends ? session.elapsed(START, UPLOADED) : 0;
        double unpackMs = sends ? session.elapsed(UPLOADED, UNPACKED) : 0;
        double packMs = session.elapsed(FILTERED, PACKED);
        double downloadMs = session.elapsed(PACKED, DOWNLOADED);
        double resultMs = session.elapsed(START, DOWNLOADED);
        return target.finish(r, ran, () -> new Timings(uploadMs, unpackMs, channels, packMs, downloadMs,
                (System.nanoTime() - t0) / 1e6, resultMs, decision.cost(w, h, spec.mask())));
    }

    /**
     * Makes ready for filters of {@code r}'s size on the CUDA thread: the upload's page-locked buffer and its copying
     * threads, the plan's kernels loaded, and the whole filter path run once on the resident buffers, all but the
     * upload: the kernels, their events, the download into a lent result's page-locked buffer, the timings. So a first
     * launch's costs and the first run's class loading go here, not into the filter (they took about 8 ms of a 24 MP
     * image's first filter on an H100 host when only the kernels ran here). Done once for a resident image, module,
     * spec and plan: again only when one of them changes.
     */
    void prepare(ResidentImage r, FilterSpec spec, CudaPlanner.Decision decision, ChannelLauncher launcher) {
        List<Object> key = List.of(r, session.module(), spec, decision.plan().kernels());
        if (key.equals(warmed)) { // a batch's files of one size and spec: made ready once, not once a file
            return;
        }
        r.hostIn().warmCopies();
        List<String> kernels = new java.util.ArrayList<>(decision.plan().kernels());
        kernels.addAll(CONVERSIONS);
        session.module().preload(kernels);
        r.setImage(null); // the result buffers are overwritten: the device's copy stands for no Java image now
        long bytes = 4L * r.width() * r.height();
        if (bytes <= LeaseBuffers.MAX_BYTES) {
            leased(r.width(), r.height(), into -> run(r, Upload.NONE, spec, decision, launcher, into, System.nanoTime()))
                    .close();
        } else {
            filterResident(r, spec, decision, launcher); // past 2 GB the result comes in a Java array: the kernels only
        }
        warmed = key;
    }

    /** The resident image, module (a rebuilt context has a new one), spec and kernels of the last warm-up. */
    private List<Object> warmed;

    /** Pixels the smallest chunk of a chunked upload (4 MB); an image of over two chunks goes up in eighths of at least this. */
    static final int UPLOAD_CHUNK = 1 << 20;

    /**
     * Copies the pixels into the pinned buffer and up to the device, in chunks: while the DMA engine takes chunk k
     * up, the host copies chunk k+1 in (on all cores), so the copy and the upload overlap instead of adding up.
     */
    private static void upload(int[] pixels, ResidentImage r, CUstream stream) {
        PinnedBuffer host = r.hostIn();
        int n = pixels.length;
        int chunk = n <= 2 * UPLOAD_CHUNK ? n : Math.max(UPLOAD_CHUNK, n / 8);
        for (int from = 0; from < n; from += chunk) {
            int to = Math.min(n, from + chunk);
            host.put(pixels, from, to);
            cuMemcpyHtoDAsync(r.argbIn().ptr().withByteOffset(4L * from), host.pointer().withByteOffset(4L * from),
                    4L * (to - from), stream);
        }
    }

    /** The resident image's buffers for a {@code w x h} image: the current ones, or new ones of that size. */
    ResidentImage residentFor(int w, int h) {
        ResidentImage r = session.resident();
        if (r != null && (r.width() != w || r.height() != h)) {
            session.releaseResident();
            r = null;
        }
        if (r == null) {
            r = ResidentImage.allocate(w, h);
            session.resident(r);
        }
        return r;
    }

    /**
     * Filters the ARGB input already in the resident image into its ARGB result as the plan says: the fused
     * kernel, or unpack, the planes' kernels and pack; no transfers, no events (the device JPEG path).
     *
     * @return the plan with the kernels that ran
     */
    LaunchPlan filterResident(ResidentImage r, FilterSpec spec, CudaPlanner.Decision decision, ChannelLauncher launcher) {
        r.setImage(null); // its content no longer stands for any host image
        LaunchContext ctx = context(r, spec);
        launcher.prepare(ctx);
        if (!decision.fused()) {
            unpack(ctx, r);
        }
        session.module().startLaunchLog();
        launchFilter(ctx, decision, steps(decision, r), launcher, r, false);
        LaunchPlan ran = decision.plan().withLaunches(session.module().takeLaunchLog());
        if (!decision.fused()) {
            pack(ctx, r);
        }
        return ran;
    }

    /**
     * The mean time of the resident image's filter kernels (the plan's, {@code argbPath} false) or of its
     * whole ARGB-to-ARGB path (the filter kernels and, after the planes' kernels, the pack kernel), over
     * {@code launches} back-to-back runs between two events, after one to warm the launch path.
     */
    double timeBackToBack(RgbaImage image, FilterSpec spec, CudaPlanner.Decision decision, ChannelLauncher launcher, int launches,
                          boolean argbPath) {
        ResidentImage r = session.resident();
        CUstream stream = session.stream();
        LaunchContext ctx = context(r, spec);
        launcher.prepare(ctx);
        List<KernelStep> steps = steps(decision, r);
        Runnable once = () -> {
            launchFilter(ctx, decision, steps, launcher, r, false);
            if (argbPath && !decision.fused()) {
                pack(ctx, r);
            }
        };
        once.run();
        cuEventRecord(session.event(BATCH_START), stream);
        for (int i = 0; i < launches; i++) {
            once.run();
        }
        cuEventRecord(session.event(BATCH_END), stream);
        cuStreamSynchronize(stream);
        return session.elapsed(BATCH_START, BATCH_END) / launches;
    }

    private LaunchContext context(ResidentImage r, FilterSpec spec) {
        return new LaunchContext(session.module(), session.stream(), r.width(), r.height(), spec, session.globalMask().ptr(),
                r.scratch().ptr(), LaunchContext.RGB);
    }

    private List<KernelStep> steps(CudaPlanner.Decision decision, ResidentImage r) {
        return decision.variant().steps(r.width(), r.height(), LaunchContext.RGB, session.module());
    }

    /**
     * The plan's filter kernels on the resident image: the fused kernel (packed in, packed out) or the
     * planes' kernels, all channels a launch or one channel at a time. With events, records FILTERED after
     * them (and RED, GREEN after the first two channels).
     */
    private void launchFilter(LaunchContext ctx, CudaPlanner.Decision decision, List<KernelStep> steps, ChannelLauncher launcher,
                              ResidentImage r, boolean events) {
        if (decision.fused()) {
            launcher.launchArgb(ctx, steps.get(0), r.argbIn().ptr(), r.argbOut().ptr());
        } else if (decision.variant().allChannels()) {
            CUdeviceptr[] ins = {r.plane(0).ptr(), r.plane(1).ptr(), r.plane(2).ptr()};
            CUdeviceptr[] outs = {r.outPlane(0).ptr(), r.outPlane(1).ptr(), r.outPlane(2).ptr()};
            launcher.launchAll(ctx, steps, ins, outs);
        } else {
            CudaSession.Mark[] after = {RED, GREEN};
            for (int c = 0; c < LaunchContext.RGB; c++) {
                launcher.launch(ctx, steps, r.plane(c).ptr(), r.outPlane(c).ptr());
                if (events && c < after.length) {
                    cuEventRecord(session.event(after[c]), ctx.stream());
                }
            }
        }
        if (events) {
            cuEventRecord(session.event(FILTERED), ctx.stream());
        }
    }

    /** The resident ARGB input into three float planes (R, G, B). */
    private static void unpack(LaunchContext ctx, ResidentImage r) {
        int n = ctx.width() * ctx.height();
        new KernelLaunch(UNPACK).grid(KernelLaunch.ceilDiv(n, 256), 1).block(256, 1)
                .ptr(r.argbIn().ptr()).ptr(r.plane(0).ptr()).ptr(r.plane(1).ptr()).ptr(r.plane(2).ptr()).i(n)
                .run(ctx.module(), ctx.stream());
    }

    /** Packs the filtered planes into the resident image's ARGB result (output mapping, alpha passed through). */
    private static void pack(LaunchContext ctx, ResidentImage r) {
        FilterSpec spec = ctx.spec();
        int n = ctx.width() * ctx.height();
        new KernelLaunch(PACK).grid(KernelLaunch.ceilDiv(n, 256), 1).block(256, 1)
                .ptr(r.outPlane(0).ptr()).ptr(r.outPlane(1).ptr()).ptr(r.outPlane(2).ptr()).ptr(r.argbIn().ptr())
                .ptr(r.argbOut().ptr()).i(n).f(spec.divisor()).f(spec.offset()).i(spec.abs() ? 1 : 0)
                .run(ctx.module(), ctx.stream());
    }
}
