package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuMemGetInfo;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import jcuda.CudaException;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUdevice;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
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
 * context down; the next filter builds it again.
 */
public final class CudaEngine implements ConvolutionEngine {

    private static final int MAX_MASK_FLOATS = Mask.MAX_SIZE * Mask.MAX_SIZE;

    private final CudaDeviceInfo device;
    private final CudaThread thread = new CudaThread();
    private final Map<Strategy, ChannelLauncher> launchers = new EnumMap<>(Strategy.class);

    // Everything below belongs to the CUDA thread.
    private CUcontext context;
    private CudaModule module;
    private CUstream stream;
    private final CUevent[] events = new CUevent[8];
    private DeviceBuffer globalMask;
    private ResidentImage resident;
    private boolean closed;

    /** Opens the engine on a device; the context is created on the CUDA thread at once. */
    public CudaEngine(CudaDeviceInfo device) {
        this.device = device;
        launchers.put(Strategy.NAIVE, new NaiveLauncher());
        launchers.put(Strategy.CONSTANT, new ConstantLauncher());
        launchers.put(Strategy.TILED, new TiledLauncher());
        launchers.put(Strategy.TILED_OUT, new TiledOutLauncher());
        launchers.put(Strategy.CACHED, new CachedLauncher());
        launchers.put(Strategy.SEPARABLE, new SeparableLauncher(false));
        launchers.put(Strategy.SEPARABLE_TILED, new SeparableLauncher(true));
        launchers.put(Strategy.FAST, new FastLauncher());
        launchers.put(Strategy.FAST_SEPARABLE, new FastSeparableLauncher());
        thread.run(this::ensureContext);
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
        strategy.checkApplicable(spec.mask());
        LaunchPlan plan = CudaPlanner.plan(strategy, spec.mask());
        ChannelLauncher launcher = launchers.get(plan.runs());
        return thread.call(() -> {
            if (closed) {
                throw new ConvolabException("the CUDA engine is closed");
            }
            try {
                return filterOnce(image, spec, plan, launcher);
            } catch (CudaFault first) {
                // The context is gone (teardown ran); build it again and try once more.
                faultsSurvived++;
                try {
                    return filterOnce(image, spec, plan, launcher);
                } catch (CudaFault second) {
                    throw new CudaFault("the GPU failed again after its context was rebuilt: " + second.getMessage(), second);
                }
            }
        });
    }

    /** One attempt: a CUDA error tears the context down and becomes a {@link CudaFault}. */
    private FilterResult filterOnce(RgbaImage image, FilterSpec spec, LaunchPlan plan, ChannelLauncher launcher) {
        try {
            ensureContext();
            injectFaultIfAsked();
            long limit = imageBytesLimit();
            if (residentBytes(image.width(), image.height()) > limit) {
                return filterInStrips(image, spec, plan, launcher, limit);
            }
            return run(image, spec, plan, launcher);
        } catch (CudaException e) {
            teardown();
            throw new CudaFault("CUDA error: " + e.getMessage() + "; the GPU context was reset", e);
        } catch (CudaFault e) {
            teardown();
            throw e;
        }
    }

    /** Faults the engine recovered from by rebuilding its context (for reports). */
    public int faultsSurvived() {
        return faultsSurvived;
    }

    /** Filters a GPU has survived in this engine, and how many filters ran. */
    private int faultsSurvived;
    private long filters;

    /**
     * Fault injection for the reliability tests: with -Dconvolab.cuda.faultEvery=N every Nth filter
     * first fails. -Dconvolab.cuda.faultKind=launch (the default) makes a launch the driver refuses
     * (a block of 2048 threads: CUDA_ERROR_INVALID_VALUE), after which the engine rebuilds its context
     * and goes on; =sticky runs a kernel that writes through a null pointer
     * (CUDA_ERROR_ILLEGAL_ADDRESS), which CUDA cannot recover from inside the process: the auto backend
     * then goes on with the CPU engine.
     */
    private void injectFaultIfAsked() {
        int every = Integer.getInteger("convolab.cuda.faultEvery", 0);
        if (every > 0 && ++filters % every == 0) {
            if ("sticky".equals(System.getProperty("convolab.cuda.faultKind"))) {
                new KernelLaunch("convolab_fault").grid(1, 1).block(32, 1).ptr(new CUdeviceptr()).run(module, stream);
                cuStreamSynchronize(stream);
            } else {
                jcuda.driver.JCudaDriver.cuLaunchKernel(module.function("convolab_fault"), 1, 1, 1, 2048, 1, 1, 0, stream,
                        jcuda.Pointer.to(jcuda.Pointer.to(new CUdeviceptr())), null);
            }
        }
    }

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
        long limit = free[0] + (resident == null ? 0 : residentBytes(resident.width(), resident.height())) - (64L << 20);
        long forced = Long.getLong("convolab.cuda.maxImageBytes", Long.MAX_VALUE);
        return Math.min(limit, forced);
    }

    /**
     * An image too large for the GPU: horizontal strips, each with ry halo rows above and below taken
     * through the ghost-cell policy, so every output row sees exactly the rows a single pass would.
     */
    private FilterResult filterInStrips(RgbaImage image, FilterSpec spec, LaunchPlan plan, ChannelLauncher launcher, long limit) {
        long t0 = System.nanoTime();
        int w = image.width();
        int h = image.height();
        int ry = spec.mask().radiusY();
        int rowsPerStrip = (int) Math.min(h, limit / (11L * 4 * w) - 2L * ry);
        if (rowsPerStrip < 1) {
            throw new ConvolabException(String.format(java.util.Locale.ROOT,
                    "the GPU has too little free memory even for one row of this %dx%d image; use the CPU backend", w, h));
        }
        if (resident != null) {
            resident.close();
            resident = null;
        }
        int[] src = image.pixels();
        int[] out = new int[src.length];
        double up = 0;
        double unpack = 0;
        double kernel = 0;
        double pack = 0;
        double down = 0;
        double result = 0;
        for (int y0 = 0; y0 < h; y0 += rowsPerStrip) {
            int rows = Math.min(rowsPerStrip, h - y0);
            int[] strip = new int[(rows + 2 * ry) * w];
            for (int k = 0; k < rows + 2 * ry; k++) {
                int sy = spec.border().index(y0 - ry + k, h);
                if (sy >= 0) {
                    System.arraycopy(src, sy * w, strip, k * w, w);
                } else {
                    java.util.Arrays.fill(strip, k * w, (k + 1) * w, constantPixel(spec));
                }
            }
            FilterResult r = run(new RgbaImage(w, rows + 2 * ry, strip), spec, plan, launcher);
            System.arraycopy(r.image().pixels(), ry * w, out, y0 * w, rows * w);
            Timings t = r.timings();
            up += t.uploadMs();
            unpack += t.unpackMs();
            kernel += t.kernelMs();
            pack += t.packMs();
            down += t.downloadMs();
            result += t.resultMs();
        }
        if (resident != null) {
            resident.close();
            resident = null;
        }
        double total = (System.nanoTime() - t0) / 1e6;
        Timings t = new Timings(up, unpack, List.of(kernel), pack, down, total, result,
                FilterCost.of(w, h, spec.mask(), launcher.twoPasses()));
        return new FilterResult(new RgbaImage(w, h, out), plan, t);
    }

    /** A ghost row's pixel under a constant policy; strips need the constant as an exact 8-bit value. */
    private static int constantPixel(FilterSpec spec) {
        float v = spec.border().constant();
        if (v != Math.rint(v) || v < 0 || v > 255) {
            throw new ConvolabException("this image is too large for the GPU's free memory, and a constant border of " + v
                    + " cannot be split into strips exactly; use the CPU backend or an integer constant from 0 to 255");
        }
        int c = (int) v;
        return 0xff000000 | c << 16 | c << 8 | c;
    }

    private FilterResult run(RgbaImage image, FilterSpec spec, LaunchPlan plan, ChannelLauncher launcher) {
        long t0 = System.nanoTime();
        int w = image.width();
        int h = image.height();
        boolean upload = resident == null || resident.image() != image;
        if (upload) {
            if (resident != null && (resident.width() != w || resident.height() != h)) {
                resident.close();
                resident = null;
            }
            if (resident == null) {
                resident = ResidentImage.allocate(w, h);
            }
            resident.setImage(image);
            resident.hostIn().put(image.pixels());
        }
        ResidentImage r = resident;
        LaunchContext ctx = new LaunchContext(module, stream, w, h, spec, globalMask.ptr(), r.scratch().ptr());
        launcher.prepare(ctx);
        long bytes = (long) w * h * 4;

        cuEventRecord(events[0], stream);
        if (upload) {
            cuMemcpyHtoDAsync(r.argbIn().ptr(), r.hostIn().pointer(), bytes, stream);
        }
        cuEventRecord(events[1], stream);
        if (upload) {
            new KernelLaunch("convolab_unpack_argb").grid(KernelLaunch.ceilDiv(w * h, 256), 1).block(256, 1)
                    .ptr(r.argbIn().ptr()).ptr(r.plane(0).ptr()).ptr(r.plane(1).ptr()).ptr(r.plane(2).ptr()).i(w * h)
                    .run(module, stream);
        }
        cuEventRecord(events[2], stream);
        boolean oneLaunch = launcher.allChannels();
        launchKernels(ctx, launcher, r, true);
        KernelLaunch pack = new KernelLaunch("convolab_pack_argb").grid(KernelLaunch.ceilDiv(w * h, 256), 1).block(256, 1)
                .ptr(r.outPlane(0).ptr()).ptr(r.outPlane(1).ptr()).ptr(r.outPlane(2).ptr()).ptr(r.argbIn().ptr())
                .ptr(r.argbOut().ptr()).i(w * h).f(spec.divisor()).f(spec.offset()).i(spec.abs() ? 1 : 0);
        pack.run(module, stream);
        cuEventRecord(events[6], stream);
        cuMemcpyDtoHAsync(r.hostOut().pointer(), r.argbOut().ptr(), bytes, stream);
        cuEventRecord(events[7], stream);
        try {
            cuStreamSynchronize(stream);
        } catch (CudaException e) {
            throw new CudaFault("CUDA error while filtering with " + plan.runs().id() + " on a " + w + "x" + h
                    + " image (" + e.getMessage() + ")", e);
        }
        int[] out = new int[w * h];
        r.hostOut().get(out);
        double total = (System.nanoTime() - t0) / 1e6;
        List<Double> channels = new ArrayList<>(3);
        if (oneLaunch) {
            channels.add(elapsed(events[2], events[5]));
        } else {
            for (int c = 0; c < 3; c++) {
                channels.add(elapsed(events[2 + c], events[3 + c]));
            }
        }
        Timings t = new Timings(upload ? elapsed(events[0], events[1]) : 0, upload ? elapsed(events[1], events[2]) : 0, channels,
                elapsed(events[5], events[6]), elapsed(events[6], events[7]), total, elapsed(events[0], events[7]),
                FilterCost.of(w, h, spec.mask(), launcher.twoPasses()));
        return new FilterResult(new RgbaImage(w, h, out), plan, t);
    }

    /** The filter kernels of all channels; with events, records events[3..5] after each channel. */
    private void launchKernels(LaunchContext ctx, ChannelLauncher launcher, ResidentImage r, boolean events) {
        if (launcher.allChannels()) {
            CUdeviceptr[] ins = {r.plane(0).ptr(), r.plane(1).ptr(), r.plane(2).ptr()};
            CUdeviceptr[] outs = {r.outPlane(0).ptr(), r.outPlane(1).ptr(), r.outPlane(2).ptr()};
            launcher.launchAll(ctx, ins, outs);
            if (events) {
                cuEventRecord(this.events[5], stream);
            }
        } else {
            for (int c = 0; c < 3; c++) {
                launcher.launch(ctx, r.plane(c).ptr(), r.outPlane(c).ptr());
                if (events) {
                    cuEventRecord(this.events[3 + c], stream);
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
        strategy.checkApplicable(spec.mask());
        Strategy chosen = CudaPlanner.plan(strategy, spec.mask()).runs();
        filter(image, spec, chosen); // makes the image resident and checks the result path
        return java.util.OptionalDouble.of(thread.call(() -> {
            ChannelLauncher launcher = launchers.get(chosen);
            ResidentImage r = resident;
            LaunchContext ctx = new LaunchContext(module, stream, image.width(), image.height(), spec, globalMask.ptr(),
                    r.scratch().ptr());
            launcher.prepare(ctx);
            launchKernels(ctx, launcher, r, false); // warm the launch path
            cuEventRecord(events[0], stream);
            for (int i = 0; i < launches; i++) {
                launchKernels(ctx, launcher, r, false);
            }
            cuEventRecord(events[1], stream);
            cuStreamSynchronize(stream);
            return elapsed(events[0], events[1]) / launches;
        }));
    }

    private static double elapsed(CUevent a, CUevent b) {
        float[] ms = {0};
        cuEventElapsedTime(ms, a, b);
        return ms[0];
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

    /** Free and total device memory in bytes, as the driver reports them. */
    public long[] memoryInfo() {
        return thread.call(() -> {
            ensureContext();
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
            ensureContext();
            try (DeviceBuffer out = new DeviceBuffer(count * 4L)) {
                new KernelLaunch("convolab_border_table").grid(KernelLaunch.ceilDiv(count, 128), 1).block(128, 1)
                        .i(policy).i(n).i(first).i(count).ptr(out.ptr()).run(module, stream);
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
            if (resident != null) {
                resident.close();
                resident = null;
            }
        });
    }

    private void ensureContext() {
        if (context != null) {
            return;
        }
        byte[] fatbin = KernelImage.load().orElseThrow(() -> new ConvolabException(KernelImage.MISSING));
        try {
            JCudaDriver.setExceptionsEnabled(true);
            cuInit(0);
            CUdevice dev = new CUdevice();
            cuDeviceGet(dev, device.ordinal());
            CUcontext ctx = new CUcontext();
            cuCtxCreate(ctx, 0, dev);
            context = ctx;
            module = new CudaModule(fatbin);
            stream = new CUstream();
            cuStreamCreate(stream, 0);
            for (int i = 0; i < events.length; i++) {
                events[i] = new CUevent();
                cuEventCreate(events[i], 0);
            }
            globalMask = new DeviceBuffer(MAX_MASK_FLOATS * 4L);
        } catch (CudaException e) {
            teardown();
            throw new CudaFault("could not set up the GPU (" + e.getMessage() + ")", e);
        }
    }

    /** Frees everything and destroys the context; safe after a sticky error. */
    private void teardown() {
        if (context == null) {
            return;
        }
        try {
            cuCtxSetCurrent(context);
            if (resident != null) {
                resident.close();
            }
            if (globalMask != null) {
                globalMask.close();
            }
            for (int i = 0; i < events.length; i++) {
                if (events[i] != null) {
                    cuEventDestroy(events[i]);
                    events[i] = null;
                }
            }
            if (stream != null) {
                cuStreamDestroy(stream);
            }
            if (module != null) {
                module.close();
            }
        } catch (CudaException e) {
            // after a sticky error the frees fail too; destroying the context releases everything
        } finally {
            resident = null;
            globalMask = null;
            stream = null;
            module = null;
            try {
                cuCtxDestroy(context);
            } catch (CudaException e) {
                // nothing more can be released
            }
            context = null;
        }
    }

    @Override
    public void close() {
        try {
            thread.run(() -> {
                closed = true;
                teardown();
            });
        } finally {
            thread.close();
        }
    }
}
