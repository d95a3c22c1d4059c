package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.nio.ByteBuffer;
import java.util.List;

import jcuda.CudaException;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.SampleImageFilter;
import org.convolab.core.Strategy;

/**
 * The CUDA engine's {@link SampleImageFilter}: a whole grey, 16-bit or float image in one call. The interleaved
 * samples go up from pinned memory in one copy, {@code convolab_u16_to_planes} (or {@code _f32_}) splits them into
 * float planes, the strategy's kernels filter every colour plane (one launch over all where the launcher has one),
 * {@code convolab_planes_to_u16} (or {@code _f32}) maps the sums into interleaved output samples with alpha passed
 * through, and they come down in one copy. All on the engine's CUDA thread, with its retry after a fault.
 *
 * <p>Device and pinned buffers stay for the next image of at most their size (a batch), and go on {@link #close}.
 */
final class CudaSampleFilter implements SampleImageFilter, AutoCloseable {

    private static final int BLOCK = 256;
    /** Samples to planes (16-bit, float) and planes to samples (16-bit, float): the kernels of cuda-kernels/samples.cu. */
    static final String U16_IN = "convolab_u16_to_planes";
    static final String F32_IN = "convolab_f32_to_planes";
    static final String U16_OUT = "convolab_planes_to_u16";
    static final String F32_OUT = "convolab_planes_to_f32";
    static final List<String> KERNELS = List.of(U16_IN, F32_IN, U16_OUT, F32_OUT);
    private static final boolean TRACE = Boolean.getBoolean("convolab.trace.whole");
    /** -Dconvolab.prepare.warmLaunch=false leaves the first launches to the first filter (to measure what they cost). */
    /** {@link #run}'s {@code called} for prepare's warm-up launch. */
    private static final long WARM_UP = Long.MIN_VALUE;
    private static final boolean WARM_LAUNCH = !"false".equals(System.getProperty("convolab.prepare.warmLaunch"));

    private final CudaEngine engine;
    /** Pinned host buffers; touched by the caller's thread (filling, reading) and the CUDA thread (copies), never at once. */
    private PinnedBuffer hostIn;
    private PinnedBuffer hostOut;
    /** Device buffers of the last image; the CUDA thread's. */
    private final KeptBuffers<Buffers> buffers;
    /** The module (context) the pinned buffers were made in: a reset context freed them. */
    private CudaModule pinnedIn;
    /** The pinned buffers' views for the last {@link #prepare}. */
    private ByteBuffer inView;
    private ByteBuffer outView;

    CudaSampleFilter(CudaEngine engine) {
        this.engine = engine;
        this.buffers = new KeptBuffers<>(engine);
    }

    @Override
    public void prepare(int width, int height, int channels, Samples in, Samples out, FilterSpec spec, Strategy strategy) {
        if (channels < 1 || channels > 4 || width < 1 || height < 1) {
            throw new IllegalArgumentException(width + "x" + height + " with " + channels + " channels");
        }
        if ((long) width * height * channels > Integer.MAX_VALUE) {
            throw new ConvolabException("a " + width + "x" + height + " image is too large for one GPU call");
        }
        strategy.checkApplicable(spec.mask());
        LaunchPlan plan = CudaPlanner.plan(strategy, spec.mask());
        int n = width * height;
        int colour = colourOf(channels);
        long inBytes = (long) n * channels * in.bytes();
        long outBytes = (long) n * channels * out.bytes();
        engine.onGpu(() -> {
            if (pinnedIn != engine.session().module()) { // made in a context since reset, and freed with it
                hostIn = null;
                hostOut = null;
            }
            hostIn = PinnedBuffer.atLeast(hostIn, inBytes);
            hostOut = PinnedBuffer.atLeast(hostOut, outBytes);
            pinnedIn = engine.session().module();
            Buffers b = buffersFor(engine.session().module(), n, channels, colour, in, out, width, height);
            engine.launcher(plan.runs()).prepare(context(b, width, height, colour, spec));
            List<String> kernels = new java.util.ArrayList<>(plan.kernels()); // loaded now, not at their first launch
            kernels.add(in == Samples.U16 ? U16_IN : F32_IN);
            kernels.add(out == Samples.U16 ? U16_OUT : F32_OUT);
            engine.session().module().preload(kernels);
            if (WARM_LAUNCH && plan.runs() != Strategy.FFT) { // an FFT's plan is made for one size: not for a corner
                // the whole chain once on a corner: first launches' costs (JCuda's, the driver's) go here, not in the filter
                run(Math.min(width, 64), Math.min(height, 64), channels, in, out, 65535, spec, plan, WARM_UP);
            }
            return null;
        });
        inView = hostIn.bytes(inBytes);
        outView = hostOut.bytes(outBytes);
    }

    @Override
    public String covers() {
        return "one copy of the samples up, the kernels, one copy down";
    }

    @Override
    public ByteBuffer input() {
        return inView;
    }

    @Override
    public ByteBuffer output() {
        return outView;
    }

    private LaunchContext context(Buffers b, int w, int h, int colour, FilterSpec spec) {
        CudaSession session = engine.session();
        return new LaunchContext(session.module(), session.stream(), w, h, spec, session.globalMask().ptr(), b.scratch.ptr(),
                colour);
    }

    /** Device bytes an image takes: samples in and out, colour planes in and out, and a scratch plane. */
    static long deviceBytes(long pixels, int channels, int colour, Samples in, Samples out) {
        return pixels * channels * (in.bytes() + out.bytes()) + 4L * (2 * colour * stride(pixels) + pixels);
    }

    @Override
    public boolean holds(int width, int height, int channels, Samples in, Samples out) {
        long bytes = deviceBytes((long) width * height, channels, colourOf(channels), in, out);
        return engine.onGpu(() -> engine.roomFor(bytes));
    }

    /** Floats a plane takes in the planes buffer: a multiple of 64, so every plane starts 256-byte aligned (vector loads). */
    static long stride(long pixels) {
        return (pixels + 63) / 64 * 64;
    }

    private static int colourOf(int channels) {
        return channels >= 3 ? 3 : 1;
    }

    @Override
    public LaunchPlan filter(int width, int height, int channels, Samples in, Samples out, int max, FilterSpec spec,
                             Strategy strategy) {
        strategy.checkApplicable(spec.mask());
        LaunchPlan plan = CudaPlanner.plan(strategy, spec.mask());
        long called = System.nanoTime();
        return engine.onGpu(() -> run(width, height, channels, in, out, max, spec, plan, called));
    }

    /** One attempt, on the CUDA thread. */
    private LaunchPlan run(int w, int h, int channels, Samples inKind, Samples outKind, int max, FilterSpec spec,
                           LaunchPlan plan, long called) {
        long taken = System.nanoTime();
        if (called != WARM_UP) { // a warm-up is no filter the fault-injection tests count
            engine.beforeGpuWork();
        }
        CudaSession session = engine.session();
        CudaModule module = session.module();
        CUstream stream = session.stream();
        int n = w * h;
        int colour = colourOf(channels);
        long inBytes = (long) n * channels * inKind.bytes();
        long outBytes = (long) n * channels * outKind.bytes();
        if (hostIn == null || hostIn.bytes() < inBytes || hostOut == null || hostOut.bytes() < outBytes) {
            throw new IllegalStateException("prepare for a " + w + "x" + h + " image before filtering it");
        }
        if (pinnedIn != module) {
            throw new ConvolabException("the GPU's context was reset after a fault, and the image's samples went with it;"
                    + " run again");
        }
        // after a fault the context is new: the buffers are made again (prepare's cost, here only then)
        Buffers b = buffersFor(module, n, channels, colour, inKind, outKind, w, h);
        ChannelLauncher launcher = engine.launcher(plan.runs());
        LaunchContext ctx = context(b, w, h, colour, spec);
        List<String> launches = List.of();
        long t0 = System.nanoTime();
        int grid = KernelLaunch.ceilDiv(n, BLOCK);
        try {
            cuMemcpyHtoDAsync(b.samplesIn.ptr(), hostIn.pointer(), inBytes, stream);
            launcher.prepare(ctx);
            module.startLaunchLog(); // the launches named are all the kernels: samples to planes, filter, planes to samples
            new KernelLaunch(inKind == Samples.U16 ? U16_IN : F32_IN)
                    .grid(grid, 1).block(BLOCK, 1).ptr(b.samplesIn.ptr()).ptr(b.plane(0)).ptr(b.plane(1)).ptr(b.plane(2))
                    .i(n).i(channels).i(colour).run(module, stream);
            if (launcher.allChannels(ctx)) {
                CUdeviceptr[] ins = {b.plane(0), b.plane(1), b.plane(2)};
                CUdeviceptr[] outs = {b.sum(0), b.sum(1), b.sum(2)};
                launcher.launchAll(ctx, ins, outs);
            } else {
                for (int c = 0; c < colour; c++) {
                    launcher.launch(ctx, b.plane(c), b.sum(c));
                }
            }
            if (outKind == Samples.U16) {
                new KernelLaunch(U16_OUT).grid(grid, 1).block(BLOCK, 1)
                        .ptr(b.sum(0)).ptr(b.sum(1)).ptr(b.sum(2)).ptr(b.samplesIn.ptr()).ptr(b.samplesOut.ptr())
                        .i(n).i(channels).i(colour).f(spec.divisor()).f(spec.offset()).i(spec.abs() ? 1 : 0).f(max)
                        .run(module, stream);
            } else {
                new KernelLaunch(F32_OUT).grid(grid, 1).block(BLOCK, 1)
                        .ptr(b.sum(0)).ptr(b.sum(1)).ptr(b.sum(2)).ptr(b.samplesIn.ptr()).i(inKind == Samples.F32 ? 1 : 0)
                        .ptr(b.samplesOut.ptr()).i(n).i(channels).i(colour).f(spec.divisor()).f(spec.offset())
                        .i(spec.abs() ? 1 : 0).run(module, stream);
            }
            launches = module.takeLaunchLog();
            cuMemcpyDtoHAsync(hostOut.pointer(), b.samplesOut.ptr(), outBytes, stream);
            cuStreamSynchronize(stream);
            if (TRACE && called != WARM_UP) {
                System.err.printf(java.util.Locale.ROOT, "sample filter: %.1f ms before the CUDA thread took it, %.1f ms of"
                        + " checks and buffers there, %.1f ms copies and kernels%n", (taken - called) / 1e6, (t0 - taken) / 1e6,
                        (System.nanoTime() - t0) / 1e6);
            }
        } catch (CudaException e) {
            if (launches.isEmpty()) {
                launches = module.takeLaunchLog();
            }
            throw new CudaFault("CUDA error while filtering a " + w + "x" + h + " image of " + channels + " channels with "
                    + plan.runs().id() + (launches.isEmpty() ? "" : " (" + String.join(", ", launches) + ")") + ": "
                    + e.getMessage(), e);
        }
        return plan.withLaunches(launches);
    }

    private Buffers buffersFor(CudaModule module, int n, int channels, int colour, Samples in, Samples out, int w, int h) {
        long samplesIn = (long) n * channels * in.bytes();
        long samplesOut = (long) n * channels * out.bytes();
        return buffers.reuseOrMake(module, b -> b.samplesIn.bytes() >= samplesIn && b.samplesOut.bytes() >= samplesOut
                        && b.pixels >= n && b.colour >= colour, deviceBytes(n, channels, colour, in, out),
                "a " + w + "x" + h + " image", () -> new Buffers(module, n, colour, samplesIn, samplesOut)).sized(n);
    }

    /** Frees the device and pinned buffers. */
    @Override
    public void close() {
        engine.onThreadWhileOpen(() -> {
            try {
                buffers.free();
                if (hostIn != null) {
                    hostIn.close();
                }
                if (hostOut != null) {
                    hostOut.close();
                }
            } catch (CudaException e) {
                // a broken context frees everything at its teardown
            } finally {
                hostIn = null;
                hostOut = null;
            }
        });
    }

    /** Samples in and out, {@code colour} planes in and out and a scratch plane, each {@code pixels} floats. */
    private static final class Buffers extends BufferSet {
        final int pixels;
        final int colour;
        final DeviceBuffer samplesIn;
        final DeviceBuffer samplesOut;
        final DeviceBuffer planes;
        final DeviceBuffer scratch;
        /** Floats a plane of the current image: the planes are packed for it. */
        private int stride;

        Buffers(CudaModule module, int pixels, int colour, long samplesInBytes, long samplesOutBytes) {
            super(module, samplesInBytes, samplesOutBytes, 4L * stride(pixels) * 2 * colour, 4L * pixels);
            this.pixels = pixels;
            this.colour = colour;
            this.stride = (int) stride(pixels);
            samplesIn = buffer(0);
            samplesOut = buffer(1);
            planes = buffer(2);
            scratch = buffer(3);
        }

        Buffers sized(int n) {
            stride = (int) stride(n);
            return this;
        }

        /** Input plane c (grey images: every c is plane 0). */
        CUdeviceptr plane(int c) {
            return planes.ptr().withByteOffset(4L * stride * Math.min(c, colour - 1));
        }

        /** Sum plane c. */
        CUdeviceptr sum(int c) {
            return planes.ptr().withByteOffset(4L * stride * (colour + Math.min(c, colour - 1)));
        }

    }
}
