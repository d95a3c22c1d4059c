package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.util.List;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.PlaneFilter;
import org.convolab.core.Strategy;

/**
 * The CUDA engine's {@link PlaneFilter}, for grey and 16-bit images (a band and a channel at a time when a
 * file streams): the rows go up as floats, through the kernels that {@link CudaPlanner} picks for the
 * strategy, and the sums come back.
 *
 * <p>The kernels are the image path's, run on one plane instead of three (grid z = 1, fft in a batch of
 * one). They see the rows as a plane of {@code outRows + mask height - 1} rows and would apply the policy
 * above and below it too, but the rows kept ({@code ry} to {@code ry + outRows - 1}) read only rows that
 * are there: the caller's rows stand for the vertical ghost cells, and only the columns come from the
 * policy, as the contract says. This is how {@link CudaStrips} filters a strip with its halo rows.
 *
 * <p>All work runs on the engine's CUDA thread with the engine's retry after a fault ({@link CudaEngine#onGpu}).
 * The device buffers stay while planes of at most their size come (the bands of a file) and the context
 * lives; {@link #close} frees them.
 */
public final class CudaPlaneFilter implements PlaneFilter {

    private final CudaEngine engine;
    /** The device buffers of the last plane; the CUDA thread's. */
    private final KeptBuffers<Buffers> buffers;
    /** Whole images of interleaved samples, made when first asked for. */
    private CudaSampleFilter samples;

    CudaPlaneFilter(CudaEngine engine) {
        this.engine = engine;
        this.buffers = new KeptBuffers<>(engine);
    }

    @Override
    public LaunchPlan correlate(float[] rows, int width, int outRows, FilterSpec spec, Strategy strategy, float[] sums) {
        Mask mask = spec.mask();
        strategy.checkApplicable(mask);
        int inRows = outRows + mask.height() - 1;
        if (width < 1 || outRows < 0 || rows.length < (long) width * inRows || sums.length < (long) width * outRows) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "%d output rows of width %d with a %d-row mask need %d input rows (%d values) and room for %d sums"
                            + " (got %d values, %d sums)", outRows, width, mask.height(), inRows, (long) width * inRows,
                    (long) width * outRows, rows.length, sums.length));
        }
        LaunchPlan plan = CudaPlanner.plan(strategy, mask, engine.capability());
        if (outRows == 0) {
            return plan;
        }
        return engine.onGpu(() -> run(rows, width, outRows, inRows, spec, plan, sums));
    }

    /** One attempt, on the CUDA thread in the context the engine made sure of. */
    private LaunchPlan run(float[] rows, int w, int outRows, int inRows, FilterSpec spec, LaunchPlan plan, float[] sums) {
        engine.beforeGpuWork();
        CudaSession session = engine.session();
        CudaModule module = session.module();
        CUstream stream = session.stream();
        Buffers b = buffersFor(module, w, inRows);
        ChannelLauncher launcher = engine.launcher(plan.runs());
        LaunchContext ctx = new LaunchContext(module, stream, w, inRows, spec, session.globalMask().ptr(), b.scratch.ptr(), 1);
        List<String> launches = List.of();
        try {
            cuMemcpyHtoD(b.in.ptr(), Pointer.to(rows), 4L * w * inRows);
            launcher.prepare(ctx);
            module.startLaunchLog();
            try {
                if (launcher.allChannels(ctx)) {
                    // one plane: only the first of the three the kernels take is read (grid z = 1)
                    CUdeviceptr[] in = {b.in.ptr(), b.in.ptr(), b.in.ptr()};
                    CUdeviceptr[] out = {b.out.ptr(), b.out.ptr(), b.out.ptr()};
                    launcher.launchAll(ctx, in, out);
                } else {
                    launcher.launch(ctx, b.in.ptr(), b.out.ptr());
                }
            } finally {
                launches = module.takeLaunchLog();
            }
            cuStreamSynchronize(stream);
            long first = 4L * spec.mask().radiusY() * w; // the first row kept
            cuMemcpyDtoH(Pointer.to(sums), b.out.ptr().withByteOffset(first), 4L * w * outRows);
        } catch (CudaException e) {
            throw new CudaFault("CUDA error while filtering a " + w + "x" + inRows + " plane with " + plan.runs().id()
                    + (launches.isEmpty() ? "" : " (" + String.join(", ", launches) + ")") + ": " + e.getMessage(), e);
        }
        return plan.withLaunches(launches);
    }

    /** Buffers for a w x h plane: the last ones when they are of this context and large enough, else new ones. */
    private Buffers buffersFor(CudaModule module, int w, int h) {
        long floats = (long) w * h;
        return buffers.reuseOrMake(module, b -> b.floats >= floats, Buffers.bytes(floats), "a " + w + "x" + h + " plane",
                () -> new Buffers(module, floats));
    }

    /** Whole grey, 16-bit and float images in one call ({@link CudaSampleFilter}). */
    @Override
    public synchronized java.util.Optional<org.convolab.core.SampleImageFilter> sampleImages() {
        if (samples == null) {
            samples = new CudaSampleFilter(engine);
        }
        return java.util.Optional.of(samples);
    }

    /** Frees the device buffers (nothing to do once the engine is closed: its context took them). */
    @Override
    public void close() {
        synchronized (this) {
            if (samples != null) {
                samples.close();
                samples = null;
            }
        }
        engine.onThreadWhileOpen(() -> {
            try {
                buffers.free();
            } catch (CudaException e) {
                // a broken context frees everything at its teardown
            }
        });
    }

    /** Input, output and scratch (the separable strategies' row pass) planes, all {@code floats} long. */
    private static final class Buffers extends BufferSet {
        final long floats;
        final DeviceBuffer in;
        final DeviceBuffer out;
        final DeviceBuffer scratch;

        Buffers(CudaModule module, long floats) {
            super(module, 4 * floats, 4 * floats, 4 * floats);
            this.floats = floats;
            in = buffer(0);
            out = buffer(1);
            scratch = buffer(2);
        }

        static long bytes(long floats) {
            return 3 * 4 * floats;
        }
    }
}
