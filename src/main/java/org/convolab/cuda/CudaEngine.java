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
     * fast-separable was faster from radius 2 up (4096² and 8192²), fast at radius 0 and 1.
     */
    public static Strategy autoStrategy(Mask mask) {
        boolean separable = mask.separable().isPresent();
        return separable && Math.max(mask.radiusX(), mask.radiusY()) >= AUTO_SEPARABLE_FROM_RADIUS ? Strategy.FAST_SEPARABLE
                : Strategy.FAST;
    }

    /** Smallest radius at which auto prefers fast-separable for a separable mask (measured). */
    static final int AUTO_SEPARABLE_FROM_RADIUS = 2;

    @Override
    public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
        strategy.checkApplicable(spec.mask());
        Strategy chosen = strategy == Strategy.AUTO ? autoStrategy(spec.mask()) : strategy;
        return thread.call(() -> {
            if (closed) {
                throw new ConvolabException("the CUDA engine is closed");
            }
            try {
                ensureContext();
                return run(image, spec, launchers.get(chosen));
            } catch (CudaException e) {
                teardown();
                throw new CudaFault("CUDA error: " + e.getMessage() + "; the GPU context was reset", e);
            } catch (CudaFault e) {
                teardown();
                throw e;
            }
        });
    }

    private FilterResult run(RgbaImage image, FilterSpec spec, ChannelLauncher launcher) {
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
            throw new CudaFault("CUDA error while filtering with " + launcher.resolve(spec.mask()).id() + " on a " + w + "x" + h
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
        return new FilterResult(new RgbaImage(w, h, out), launcher.resolve(spec.mask()), t);
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
        Strategy chosen = strategy == Strategy.AUTO ? autoStrategy(spec.mask()) : strategy;
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
