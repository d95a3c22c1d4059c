package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuMemGetInfo;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import jcuda.CudaException;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.PlaneFilter;
import org.convolab.core.ResultLease;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Timings;

/**
 * The GPU engine. All CUDA work runs on one thread that owns the context ({@link CudaThread}); the
 * context and module are created on first use.
 *
 * <p>An image goes up once as packed ARGB from pinned memory and is unpacked on the GPU into three
 * float planes; it stays there until another image is filtered, so a new mask costs only the
 * kernels, the pack and one download. Every phase is timed with CUDA events. A CUDA error tears the
 * context down; the next filter builds it again. Grey and 16-bit images go through the same kernels one
 * float plane at a time ({@link #planeFilter}).
 */
public final class CudaEngine implements ConvolutionEngine {

    private final CudaDeviceInfo device;
    private final CudaThread thread = new CudaThread();
    private final Map<Strategy, ChannelLauncher> launchers = new EnumMap<>(Strategy.class);

    // Everything below belongs to the CUDA thread.
    private final CudaSession session;
    private final CudaFaultInjector faults = new CudaFaultInjector();
    private final CudaHistograms histograms = new CudaHistograms();
    private boolean closed;

    /** Opens the engine on a device; the context is created on the CUDA thread at once. */
    public CudaEngine(CudaDeviceInfo device) {
        this.device = device;
        this.session = new CudaSession(device);
        launchers.put(Strategy.NAIVE, new SimpleLauncher(Strategy.NAIVE));
        launchers.put(Strategy.CONSTANT, new SimpleLauncher(Strategy.CONSTANT));
        launchers.put(Strategy.TILED, new TiledLauncher());
        launchers.put(Strategy.TILED_OUT, new SimpleLauncher(Strategy.TILED_OUT));
        launchers.put(Strategy.CACHED, new SimpleLauncher(Strategy.CACHED));
        launchers.put(Strategy.SEPARABLE, new SeparableLauncher(false));
        launchers.put(Strategy.SEPARABLE_TILED, new SeparableLauncher(true));
        launchers.put(Strategy.FAST, new FastLauncher());
        launchers.put(Strategy.FAST_SEPARABLE, new FastSeparableLauncher());
        launchers.put(Strategy.FFT, new FftLauncher());
        launchers.put(Strategy.TENSOR, new TensorLauncher());
        thread.run(session::ensure);
    }

    @Override
    public String backend() {
        return "cuda";
    }

    @Override
    public String device() {
        return device.label();
    }

    /**
     * The strategy auto picks for a mask on the GPU, from the board's measurements on an H200
     * (docs/BENCHMARKS.md): fast was the fastest 2D strategy at every radius; for separable masks
     * fast-separable was faster from radius 3 up (4096² and 8192²), fast at radius 0 to 2 (a tie at 4096²,
     * radius 2; 6% faster at 8192²).
     */
    public static Strategy autoStrategy(Mask mask) {
        return CudaPlanner.autoStrategy(mask);
    }

    @Override
    public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
        return planned(image, spec, strategy, this::filterOnce);
    }

    /** One attempt of a filter with its plan and launcher. */
    @FunctionalInterface
    private interface Attempt<T> {
        T run(RgbaImage image, FilterSpec spec, LaunchPlan plan, ChannelLauncher launcher);
    }

    /** Plans the filter (refusing a strategy that does not apply) and runs the attempt through {@link #onGpu}. */
    private <T> T planned(RgbaImage image, FilterSpec spec, Strategy strategy, Attempt<T> attempt) {
        LaunchPlan plan = plan(spec, strategy);
        ChannelLauncher launcher = launchers.get(plan.runs());
        return onGpu(() -> attempt.run(image, spec, plan, launcher));
    }

    /** One attempt, in the context {@link #onGpu} made sure of. */
    private FilterResult filterOnce(RgbaImage image, FilterSpec spec, LaunchPlan plan, ChannelLauncher launcher) {
        beforeGpuWork();
        long limit = imageBytesLimit();
        if (residentBytes(image.width(), image.height()) > limit) {
            session.releaseResident();
            FilterResult result = CudaStrips.filter(image, spec, plan, limit,
                    strip -> run(strip, spec, plan, launcher, INTO_ARRAY));
            session.releaseResident();
            return result;
        }
        return run(image, spec, plan, launcher, INTO_ARRAY);
    }

    /**
     * Filters as {@link #filter} does and lends the result where it was downloaded: a page-locked Java direct
     * buffer ({@link LeaseBuffers}), with no copy into a Java array. While a lease is open the next result
     * goes into another buffer. An image filtered in strips (larger than the device's free memory), or one past
     * {@link LeaseBuffers#MAX_BYTES} (a direct buffer's 2 GB), comes in a Java array, lent as it is.
     */
    @Override
    public ResultLease filterLeased(RgbaImage image, FilterSpec spec, Strategy strategy) {
        return planned(image, spec, strategy, this::leaseOnce);
    }

    /** One attempt of {@link #filterLeased}: a buffer is taken, and given back if the filter fails. */
    private ResultLease leaseOnce(RgbaImage image, FilterSpec spec, LaunchPlan plan, ChannelLauncher launcher) {
        if (residentBytes(image.width(), image.height()) > imageBytesLimit()
                || (long) image.width() * image.height() * 4 > LeaseBuffers.MAX_BYTES) {
            return ResultLease.of(filterOnce(image, spec, plan, launcher));
        }
        beforeGpuWork();
        LeaseBuffers pool = session.leaseBuffers();
        LeaseBuffers.Buffer buffer = pool.take((long) image.width() * image.height() * 4);
        try {
            return run(image, spec, plan, launcher, new HostTarget<>() {
                @Override
                public jcuda.Pointer pointer(ResidentImage r) {
                    return buffer.pointer();
                }

                @Override
                public ResultLease finish(ResidentImage r, LaunchPlan ran, java.util.function.Supplier<Timings> timings) {
                    return new ResultLease(r.width(), r.height(), buffer.ints(), null, ran, timings.get(),
                            () -> pool.giveBack(buffer));
                }
            });
        } catch (RuntimeException e) {
            pool.giveBack(buffer);
            throw e;
        }
    }

    /** Where a run downloads its result, and what it makes of it; on the CUDA thread. */
    private interface HostTarget<T> {
        /** The host memory the result is downloaded into (page-locked). */
        jcuda.Pointer pointer(ResidentImage r);

        /** The result, once the download is done; {@code timings} measures the total when asked. */
        T finish(ResidentImage r, LaunchPlan ran, java.util.function.Supplier<Timings> timings);
    }

    /** Into the resident image's pinned buffer, then copied into a new Java array (the result of {@link #filter}). */
    private static final HostTarget<FilterResult> INTO_ARRAY = new HostTarget<>() {
        @Override
        public jcuda.Pointer pointer(ResidentImage r) {
            return r.hostOut().pointer();
        }

        @Override
        public FilterResult finish(ResidentImage r, LaunchPlan ran, java.util.function.Supplier<Timings> timings) {
            int[] out = new int[r.width() * r.height()];
            r.hostOut().get(out);
            return new FilterResult(new RgbaImage(r.width(), r.height(), out), ran, timings.get());
        }
    };

    /**
     * The GPU's own plane filter for grey and 16-bit images ({@link CudaPlaneFilter}): the same kernels, on
     * this engine's CUDA thread, with the same retry after a fault as {@link #filter}.
     */
    @Override
    public java.util.Optional<PlaneFilter> planeFilter() {
        return java.util.Optional.of(new CudaPlaneFilter(this));
    }

    /** nvJPEG on this engine's GPU, where the host has the library ({@link CudaJpeg}). */
    @Override
    public java.util.Optional<org.convolab.core.DeviceJpeg> deviceJpeg() {
        return NvJpeg.problem() == null ? java.util.Optional.of(jpeg) : java.util.Optional.empty();
    }

    private final CudaJpeg jpeg = new CudaJpeg(this);

    /** The plan of a filter (refusing a strategy that does not apply), as every filter of this engine makes it. */
    LaunchPlan plan(FilterSpec spec, Strategy strategy) {
        strategy.checkApplicable(spec.mask());
        return CudaPlanner.plan(strategy, spec.mask());
    }

    /**
     * Runs GPU work (a filter, a plane, a histogram) on the CUDA thread: a CUDA error tears the context
     * down, and the work is tried once more on a rebuilt one before the fault goes to the caller.
     */
    <T> T onGpu(java.util.function.Supplier<T> work) {
        return thread.call(() -> {
            if (closed) {
                throw new ConvolabException("the CUDA engine is closed");
            }
            try {
                return onGpuOnce(work);
            } catch (CudaFault first) {
                // The context is gone (teardown ran); build it again and try once more.
                faultsSurvived++;
                try {
                    return onGpuOnce(work);
                } catch (CudaFault second) {
                    throw new CudaFault("the GPU failed again after its context was rebuilt: " + second.getMessage(), second);
                }
            }
        });
    }

    /** One attempt: a CUDA error tears the context down and becomes a {@link CudaFault}. */
    private <T> T onGpuOnce(java.util.function.Supplier<T> work) {
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

    /**
     * Runs {@code work} on the CUDA thread unless the engine is closed (its context, and all device
     * memory in it, went with it); for releasing what an object of this engine holds on the device.
     */
    void onThreadWhileOpen(Runnable work) {
        try {
            thread.run(() -> {
                if (!closed) {
                    work.run();
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // the engine is closed and its thread gone
        }
    }

    /** The session (context, module, stream); on the CUDA thread only. */
    CudaSession session() {
        return session;
    }

    /** The launcher of a concrete strategy; on the CUDA thread only (launchers keep state between calls). */
    ChannelLauncher launcher(Strategy runs) {
        return launchers.get(runs);
    }

    /** Counts GPU work for the fault-injection tests and fails it when they ask; on the CUDA thread. */
    void beforeGpuWork() {
        faults.beforeFilter(session.module(), session.stream());
    }

    /**
     * Makes room for {@code bytes} of device memory for {@code what} (a plane), on the CUDA thread: frees the
     * resident image when it stands in the way (the next image filter uploads again), or says in one line
     * that the device cannot hold them.
     */
    void makeRoomFor(long bytes, String what) {
        long limit = imageBytesLimit();
        if (bytes > limit) {
            throw new ConvolabException(String.format(java.util.Locale.ROOT,
                    "the GPU has too little free memory for %s (%.0f MiB needed, %.0f MiB free); use the CPU backend", what,
                    bytes / 1048576.0, Math.max(0, limit) / 1048576.0));
        }
        ResidentImage r = session.resident();
        if (r != null && bytes > limit - residentBytes(r.width(), r.height())) {
            session.releaseResident();
        }
    }

    /** Faults the engine recovered from by rebuilding its context (for reports). */
    public int faultsSurvived() {
        return faultsSurvived;
    }

    /** Faults this engine has survived. */
    private int faultsSurvived;

    /** Device bytes a resident image of this size takes: ARGB in and out, seven float planes. */
    static long residentBytes(int w, int h) {
        return 11L * 4 * w * h;
    }

    /**
     * How many bytes a resident image may take: the device's free memory (plus what the current image
     * holds), less a 64 MiB margin; -Dconvolab.cuda.maxImageBytes lowers it (to test the strips).
     */
    private long imageBytesLimit() {
        long[] free = {0};
        long[] total = {0};
        cuMemGetInfo(free, total);
        ResidentImage resident = session.resident();
        long limit = free[0] + (resident == null ? 0 : residentBytes(resident.width(), resident.height())) - (64L << 20);
        long forced = Long.getLong("convolab.cuda.maxImageBytes", Long.MAX_VALUE);
        return Math.min(limit, forced);
    }

    private <T> T run(RgbaImage image, FilterSpec spec, LaunchPlan plan, ChannelLauncher launcher, HostTarget<T> target) {
        long t0 = System.nanoTime();
        int w = image.width();
        int h = image.height();
        ResidentImage r = session.resident();
        boolean upload = r == null || r.image() != image;
        if (upload) {
            r = residentFor(w, h);
            r.setImage(image);
            r.hostIn().put(image.pixels());
        }
        CudaModule module = session.module();
        CUstream stream = session.stream();
        LaunchContext ctx = new LaunchContext(module, stream, w, h, spec, session.globalMask().ptr(), r.scratch().ptr(),
                LaunchContext.RGB);
        launcher.prepare(ctx);
        long bytes = (long) w * h * 4;

        cuEventRecord(session.event(0), stream);
        if (upload) {
            cuMemcpyHtoDAsync(r.argbIn().ptr(), r.hostIn().pointer(), bytes, stream);
        }
        cuEventRecord(session.event(1), stream);
        if (upload) {
            new KernelLaunch("convolab_unpack_argb").grid(KernelLaunch.ceilDiv(w * h, 256), 1).block(256, 1)
                    .ptr(r.argbIn().ptr()).ptr(r.plane(0).ptr()).ptr(r.plane(1).ptr()).ptr(r.plane(2).ptr()).i(w * h)
                    .run(module, stream);
        }
        cuEventRecord(session.event(2), stream);
        module.startLaunchLog();
        boolean fused = launchFilter(ctx, launcher, r, true);
        boolean oneLaunch = fused || launcher.allChannels();
        // The plan names the strategy's kernels; its launches say what ran (the fused kernel, if any).
        LaunchPlan ran = plan.withLaunches(module.takeLaunchLog());
        if (!fused) {
            pack(ctx, r);
        }
        cuEventRecord(session.event(6), stream);
        cuMemcpyDtoHAsync(target.pointer(r), r.argbOut().ptr(), bytes, stream);
        cuEventRecord(session.event(7), stream);
        try {
            cuStreamSynchronize(stream);
        } catch (CudaException e) {
            throw new CudaFault("CUDA error while filtering with " + plan.runs().id() + " on a " + w + "x" + h
                    + " image (" + e.getMessage() + ")", e);
        }
        List<Double> channels = new ArrayList<>(3);
        if (oneLaunch) {
            channels.add(session.elapsed(2, 5));
        } else {
            for (int c = 0; c < 3; c++) {
                channels.add(session.elapsed(2 + c, 3 + c));
            }
        }
        double uploadMs = upload ? session.elapsed(0, 1) : 0;
        double unpackMs = upload ? session.elapsed(1, 2) : 0;
        double packMs = session.elapsed(5, 6);
        double downloadMs = session.elapsed(6, 7);
        double resultMs = session.elapsed(0, 7);
        ResidentImage done = r;
        return target.finish(done, ran, () -> new Timings(uploadMs, unpackMs, channels, packMs, downloadMs,
                (System.nanoTime() - t0) / 1e6, resultMs, FilterCost.of(w, h, spec.mask(), plan)));
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

    /** Whether a {@code w x h} image fits the device's free memory whole (else it goes in strips). */
    boolean fitsWhole(int w, int h) {
        return residentBytes(w, h) <= imageBytesLimit();
    }

    /**
     * Filters the ARGB input already in the resident image on the device into its ARGB result: the fused
     * kernel, or unpack, the planes' kernels and pack; no transfers, no events (the device JPEG path).
     *
     * @return the plan with the kernels that ran
     */
    LaunchPlan filterResident(ResidentImage r, FilterSpec spec, LaunchPlan plan, ChannelLauncher launcher) {
        r.setImage(null); // its content no longer stands for any host image
        int w = r.width();
        int h = r.height();
        CudaModule module = session.module();
        LaunchContext ctx = new LaunchContext(module, session.stream(), w, h, spec, session.globalMask().ptr(), r.scratch().ptr(),
                LaunchContext.RGB);
        launcher.prepare(ctx);
        if (!fused(launcher, spec)) {
            new KernelLaunch("convolab_unpack_argb").grid(KernelLaunch.ceilDiv(w * h, 256), 1).block(256, 1)
                    .ptr(r.argbIn().ptr()).ptr(r.plane(0).ptr()).ptr(r.plane(1).ptr()).ptr(r.plane(2).ptr()).i(w * h)
                    .run(module, session.stream());
        }
        module.startLaunchLog();
        boolean fused = launchFilter(ctx, launcher, r, false);
        LaunchPlan ran = plan.withLaunches(module.takeLaunchLog());
        if (!fused) {
            pack(ctx, r);
        }
        return ran;
    }

    /** Whether the image path runs the launcher's fused ARGB kernel for this spec (see {@link #fuseArgb}). */
    private boolean fused(ChannelLauncher launcher, FilterSpec spec) {
        return fuseArgb && launcher.argbKernel(spec.mask()) != null;
    }

    /**
     * The filter of the resident image: the launcher's fused ARGB kernel where it has one (true: the
     * packed result is written), else the filter kernels on the planes (false: {@link #pack} is next).
     * With events, records events[3..5] after the filter.
     */
    private boolean launchFilter(LaunchContext ctx, ChannelLauncher launcher, ResidentImage r, boolean events) {
        if (!fused(launcher, ctx.spec())) {
            launchKernels(ctx, launcher, r, events);
            return false;
        }
        launcher.launchArgb(ctx, r.argbIn().ptr(), r.argbOut().ptr());
        if (events) {
            cuEventRecord(session.event(5), ctx.stream());
        }
        return true;
    }

    /** Packs the filtered planes into the resident image's ARGB result (output mapping, alpha passed through). */
    private void pack(LaunchContext ctx, ResidentImage r) {
        FilterSpec spec = ctx.spec();
        int n = ctx.width() * ctx.height();
        new KernelLaunch("convolab_pack_argb").grid(KernelLaunch.ceilDiv(n, 256), 1).block(256, 1)
                .ptr(r.outPlane(0).ptr()).ptr(r.outPlane(1).ptr()).ptr(r.outPlane(2).ptr()).ptr(r.argbIn().ptr())
                .ptr(r.argbOut().ptr()).i(n).f(spec.divisor()).f(spec.offset()).i(spec.abs() ? 1 : 0)
                .run(ctx.module(), ctx.stream());
    }

    /**
     * False makes the image path run the planes and the pack kernel even where a fused ARGB kernel
     * exists (tests compare the two; -Dconvolab.cuda.fuseArgb=false does the same for a run).
     */
    void fuseArgb(boolean on) {
        fuseArgb = on;
    }

    private volatile boolean fuseArgb = !"false".equals(System.getProperty("convolab.cuda.fuseArgb"));

    /** The filter kernels of all channels; with events, records events[3..5] after each channel. */
    private void launchKernels(LaunchContext ctx, ChannelLauncher launcher, ResidentImage r, boolean events) {
        if (launcher.allChannels()) {
            CUdeviceptr[] ins = {r.plane(0).ptr(), r.plane(1).ptr(), r.plane(2).ptr()};
            CUdeviceptr[] outs = {r.outPlane(0).ptr(), r.outPlane(1).ptr(), r.outPlane(2).ptr()};
            launcher.launchAll(ctx, ins, outs);
            if (events) {
                cuEventRecord(session.event(5), ctx.stream());
            }
        } else {
            for (int c = 0; c < 3; c++) {
                launcher.launch(ctx, r.plane(c).ptr(), r.outPlane(c).ptr());
                if (events) {
                    cuEventRecord(session.event(3 + c), ctx.stream());
                }
            }
        }
    }

    /**
     * The kernel time of one filter (all channels) without the host's launch latency: the kernels run
     * {@code launches} times back to back between two events, and the mean is returned. A single
     * filter's events also count the time the GPU waits for the launch call (about 0.1 ms through
     * JCuda), which hides the speed of kernels that take a fraction of a millisecond.
     */
    @Override
    public java.util.OptionalDouble batchedKernelMs(RgbaImage image, FilterSpec spec, Strategy strategy, int launches) {
        return batched(image, spec, strategy, launches, false);
    }


    /**
     * The app's own path timed like {@link #batchedKernelMs}: packed ARGB of the resident image to its
     * packed result (the fused kernel, or the filter kernels and the pack kernel), {@code launches}
     * times back to back between two events, the mean.
     */
    @Override
    public java.util.OptionalDouble batchedArgbMs(RgbaImage image, FilterSpec spec, Strategy strategy, int launches) {
        return batched(image, spec, strategy, launches, true);
    }

    /** Makes the image resident with one filter of the planned strategy, then times it back to back. */
    private java.util.OptionalDouble batched(RgbaImage image, FilterSpec spec, Strategy strategy, int launches, boolean argbPath) {
        strategy.checkApplicable(spec.mask());
        Strategy chosen = CudaPlanner.plan(strategy, spec.mask()).runs();
        filter(image, spec, chosen); // makes the image resident and checks the result path
        return java.util.OptionalDouble.of(thread.call(() -> timeBackToBack(image, spec, chosen, launches, argbPath)));
    }

    /** Back-to-back launches of the filter kernels (or the whole ARGB path) on the resident image, mean ms. */
    private double timeBackToBack(RgbaImage image, FilterSpec spec, Strategy chosen, int launches, boolean argbPath) {
        ChannelLauncher launcher = launchers.get(chosen);
        ResidentImage r = session.resident();
        CUstream stream = session.stream();
        LaunchContext ctx = new LaunchContext(session.module(), stream, image.width(), image.height(), spec,
                session.globalMask().ptr(), r.scratch().ptr(), LaunchContext.RGB);
        launcher.prepare(ctx);
        Runnable once = argbPath
                ? () -> {
                    if (!launchFilter(ctx, launcher, r, false)) {
                        pack(ctx, r);
                    }
                }
                : () -> launchKernels(ctx, launcher, r, false);
        once.run(); // warm the launch path
        cuEventRecord(session.event(0), stream);
        for (int i = 0; i < launches; i++) {
            once.run();
        }
        cuEventRecord(session.event(1), stream);
        cuStreamSynchronize(stream);
        return session.elapsed(0, 1) / launches;
    }

    @Override
    public org.convolab.core.EngineDiagnostics diagnostics() {
        return new org.convolab.core.EngineDiagnostics() {
            @Override
            public java.util.OptionalLong deviceFreeBytes() {
                return java.util.OptionalLong.of(memoryInfo()[0]);
            }

            @Override
            public int faultsSurvived() {
                return CudaEngine.this.faultsSurvived();
            }

            @Override
            public void releaseImage() {
                CudaEngine.this.releaseImage();
            }
        };
    }

    /** Counts on the GPU with the strategy's kernel (cuda-kernels/histogram.cu), on the CUDA thread. */
    @Override
    public HistogramResult histogram(RgbaImage image, int bins, HistogramStrategy strategy) {
        Histogram.checkBins(bins);
        return onGpu(() -> histograms.count(session, image, bins, strategy));
    }

    /** Counts a 16-bit image on the GPU with the strategy's 16-bit kernel, on the CUDA thread. */
    @Override
    public HistogramResult histogram(Rgba16Image image, int bins, HistogramStrategy strategy) {
        Histogram.checkBins(bins, 16);
        String why = strategy.whyNotApplicable(bins, 16);
        if (why != null) {
            throw new ConvolabException(why);
        }
        return onGpu(() -> histograms.count(session, image, bins, strategy));
    }

    @Override
    public java.util.OptionalDouble batchedHistogramMs(RgbaImage image, int bins, HistogramStrategy strategy, int launches) {
        Histogram.checkBins(bins);
        return java.util.OptionalDouble.of(onGpu(() -> histograms.batchedMs(session, image, bins, strategy, launches)));
    }

    /** Free and total device memory in bytes, as the driver reports them. */
    public long[] memoryInfo() {
        return thread.call(() -> {
            session.ensure();
            long[] free = {0};
            long[] total = {0};
            cuMemGetInfo(free, total);
            return new long[] {free[0], total[0]};
        });
    }

    /**
     * Runs the border-table kernel: {@code convolab_border_index(first + k, n, policy)} for k below
     * count, as border.cuh computes it, for checking the header against the Java policies.
     */
    int[] borderTable(int policy, int n, int first, int count) {
        return thread.call(() -> {
            session.ensure();
            CUstream stream = session.stream();
            try (DeviceBuffer out = new DeviceBuffer(count * 4L)) {
                new KernelLaunch("convolab_border_table").grid(KernelLaunch.ceilDiv(count, 128), 1).block(128, 1)
                        .i(policy).i(n).i(first).i(count).ptr(out.ptr()).run(session.module(), stream);
                cuStreamSynchronize(stream);
                int[] table = new int[count];
                jcuda.driver.JCudaDriver.cuMemcpyDtoH(jcuda.Pointer.to(table), out.ptr(), count * 4L);
                return table;
            }
        });
    }

    /** Frees the resident image (the next filter uploads again). */
    public void releaseImage() {
        thread.run(() -> {
            session.releaseResident();
            session.leaseBuffers().releaseFree();
            histograms.releaseImage(session);
            launchers.values().forEach(l -> l.release(session.module()));
        });
    }

    @Override
    public void close() {
        try {
            thread.run(() -> {
                closed = true;
                try {
                    launchers.values().forEach(l -> l.release(session.module())); // cuFFT plans are not context memory
                } catch (RuntimeException e) {
                    // a broken context frees everything at teardown anyway
                }
                session.teardown();
            });
        } finally {
            thread.close();
        }
    }
}
