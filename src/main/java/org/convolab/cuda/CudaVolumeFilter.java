package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.util.List;
import java.util.Locale;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUevent;
import org.convolab.core.BorderPolicy;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask3D;
import org.convolab.core.VolumeFilter;
import org.convolab.core.VolumeStrategy;

/**
 * The CUDA engine's {@link VolumeFilter}: the volume goes up as floats, the kernels of cuda-kernels/volume.cu
 * that {@link VolumePlanner} picks for the strategy run over it (ghost cells along x, y and z from border.cuh),
 * and the raw sums come back. All work runs on the engine's CUDA thread with the engine's retry after a fault
 * ({@link CudaEngine#onGpu}); a CUDA error names the strategy, the volume and the launches with their geometry.
 * The device buffers stay while volumes of at most their size come and the context lives; {@link #close} frees
 * them.
 */
public final class CudaVolumeFilter implements VolumeFilter {

    private final CudaEngine engine;
    private final VolumeFft fft = new VolumeFft();
    /** The device buffers of the last volume; the CUDA thread's. */
    private final KeptBuffers<Buffers> buffers;

    CudaVolumeFilter(CudaEngine engine) {
        this.engine = engine;
        this.buffers = new KeptBuffers<>(engine);
    }

    /** Kernel times of {@link #time}: the plan (with its launches) and one time a run, in milliseconds. */
    public record KernelTimes(LaunchPlan plan, double[] ms) {
    }

    @Override
    public LaunchPlan correlate(float[] voxels, int width, int height, int depth, Mask3D mask, BorderPolicy border,
                                VolumeStrategy strategy, float[] sums) {
        check(voxels, width, height, depth, sums);
        LaunchPlan plan = VolumePlanner.plan(strategy, mask);
        return engine.onGpu(() -> run(voxels, width, height, depth, mask, border, plan, sums, 0).plan());
    }

    /**
     * Times the strategy's kernels on the device, without the transfers: the volume goes up once, one filter
     * warms up (plans, mask spectrum), then each of {@code runs} filters is timed between two CUDA events.
     * For the benchmarks ({@link VolumeBench}); the sums are not downloaded. Runs stop once three are done and
     * they took {@value #TIMING_BUDGET_MS} ms in all.
     */
    public KernelTimes time(float[] voxels, int width, int height, int depth, Mask3D mask, BorderPolicy border,
                            VolumeStrategy strategy, int runs) {
        check(voxels, width, height, depth, null);
        LaunchPlan plan = VolumePlanner.plan(strategy, mask);
        return engine.onGpu(() -> run(voxels, width, height, depth, mask, border, plan, null, Math.max(1, runs)));
    }

    private static void check(float[] voxels, int w, int h, int d, float[] sums) {
        long n = (long) w * h * d;
        if (w < 1 || h < 1 || d < 1 || voxels.length != n || (sums != null && sums.length < n)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "a %dx%dx%d volume needs %d voxels and room for as many sums (got %d voxels, %s sums)", w, h, d, n,
                    voxels.length, sums == null ? "no" : String.valueOf(sums.length)));
        }
    }

    /** One attempt on the CUDA thread: upload, prepare, launch (and time {@code runs} more), download into sums. */
    private KernelTimes run(float[] voxels, int w, int h, int d, Mask3D mask, BorderPolicy border, LaunchPlan plan,
                            float[] sums, int runs) {
        engine.beforeGpuWork();
        CudaSession session = engine.session();
        CudaModule module = session.module();
        VolumeStrategy s = VolumeStrategy.valueOf(plan.runs().name());
        long n = (long) w * h * d;
        Buffers b = buffersFor(module, n, VolumeKernels.needsScratch(s, mask), mask, w + "x" + h + "x" + d);
        VolumeRun r = new VolumeRun(module, session.stream(), b.in.ptr(), b.out.ptr(), b.scratch == null ? null : b.scratch.ptr(),
                b.mask.ptr(), w, h, d, mask, border.code(), border.constant());
        List<String> launches = List.of();
        double[] ms = new double[runs];
        try {
            cuMemcpyHtoD(b.in.ptr(), Pointer.to(voxels), 4L * n);
            cuMemcpyHtoD(b.mask.ptr(), Pointer.to(mask.weights()), 4L * mask.width() * mask.height() * mask.depth());
            if (s == VolumeStrategy.FFT) {
                fft.prepare(r, engine);
            } else {
                VolumeKernels.prepare(s, r);
            }
            module.startLaunchLog();
            try {
                launch(s, r);
            } finally {
                launches = module.takeLaunchLog();
            }
            cuStreamSynchronize(r.stream());
            if (sums != null) {
                cuMemcpyDtoH(Pointer.to(sums), b.out.ptr(), 4L * n);
            }
            if (runs > 0) {
                ms = java.util.Arrays.copyOf(ms, timeRuns(s, r, ms));
            }
        } catch (CudaException e) {
            throw new CudaFault("CUDA error while filtering " + r.describe() + " with the 3D strategy " + s.cliName()
                    + (launches.isEmpty() ? "" : " (" + String.join(", ", launches) + ")") + ": " + e.getMessage(), e);
        }
        return new KernelTimes(plan.withLaunches(launches), ms);
    }

    private void launch(VolumeStrategy s, VolumeRun r) {
        if (s == VolumeStrategy.FFT) {
            fft.launch(r);
        } else {
            VolumeKernels.launch(s, r);
        }
    }

    /** Runs past this many milliseconds in all stop the timing once three are done (naive on large masks). */
    static final double TIMING_BUDGET_MS = 3000;

    /**
     * Each run's kernels between two events of their own, into ms; returns how many ran (see TIMING_BUDGET_MS).
     * The first run is timed alone; when all runs fit the budget at its time, the others are queued back to back
     * and read after one wait, so that each run's start event is reached while the run before it still works and
     * the host's launch of the next run (through JCuda, about 0.05 ms) is not counted in it; the board's peers are
     * timed back to back too ({@code bench/board.py}'s cuda_median). Slower runs wait for each other.
     */
    private int timeRuns(VolumeStrategy s, VolumeRun r, double[] ms) {
        CUevent[] start = new CUevent[ms.length];
        CUevent[] stop = new CUevent[ms.length];
        try {
            for (int i = 0; i < ms.length; i++) {
                start[i] = created();
                stop[i] = created();
            }
            double total = timeOne(s, r, start[0], stop[0], 0, ms);
            boolean queue = total * ms.length <= TIMING_BUDGET_MS;
            for (int i = 1; i < ms.length; i++) {
                cuEventRecord(start[i], r.stream());
                launch(s, r);
                cuEventRecord(stop[i], r.stream());
                if (!queue) {
                    total += elapsed(start[i], stop[i], i, ms);
                    if (i >= 2 && total > TIMING_BUDGET_MS) {
                        return i + 1;
                    }
                }
            }
            if (queue) {
                for (int i = 1; i < ms.length; i++) {
                    elapsed(start[i], stop[i], i, ms);
                }
            }
            return ms.length;
        } finally {
            for (int i = 0; i < ms.length; i++) {
                destroy(start[i]);
                destroy(stop[i]);
            }
        }
    }

    private double timeOne(VolumeStrategy s, VolumeRun r, CUevent start, CUevent stop, int i, double[] ms) {
        cuEventRecord(start, r.stream());
        launch(s, r);
        cuEventRecord(stop, r.stream());
        return elapsed(start, stop, i, ms);
    }

    /** Waits for the stop event and puts the time between the two into ms[i]. */
    private static double elapsed(CUevent start, CUevent stop, int i, double[] ms) {
        cuEventSynchronize(stop);
        float[] t = {0};
        cuEventElapsedTime(t, start, stop);
        ms[i] = t[0];
        return t[0];
    }

    /** A new event (null in the arrays until it exists, so that the clean-up destroys only made ones). */
    private static CUevent created() {
        CUevent e = new CUevent();
        cuEventCreate(e, 0);
        return e;
    }

    private static void destroy(CUevent e) {
        if (e != null) {
            cuEventDestroy(e);
        }
    }

    /** Buffers for n voxels (and a scratch volume when asked, and the mask's weights): the last ones when they do. */
    private Buffers buffersFor(CudaModule module, long n, boolean scratch, Mask3D mask, String size) {
        long weights = (long) mask.width() * mask.height() * mask.depth();
        return buffers.reuseOrMake(module, b -> b.voxels >= n && (!scratch || b.scratch != null) && b.weights >= weights,
                4 * ((scratch ? 3 : 2) * n + weights), "a " + size + " volume", () -> new Buffers(module, n, scratch, weights));
    }

    /** Frees the device buffers and cuFFT plans (nothing to do once the engine is closed: its context took them). */
    @Override
    public void close() {
        engine.onThreadWhileOpen(() -> {
            try {
                buffers.free();
                fft.release(engine.session().module());
            } catch (CudaException e) {
                // a broken context frees everything at its teardown
            }
        });
    }

    /** Input, output, scratch (separable's middle pass; null when not needed) and the mask's weights. */
    private static final class Buffers extends BufferSet {
        final long voxels;
        final long weights;
        final DeviceBuffer in;
        final DeviceBuffer out;
        final DeviceBuffer scratch;
        final DeviceBuffer mask;

        Buffers(CudaModule module, long voxels, boolean withScratch, long weights) {
            super(module, 4 * voxels, 4 * voxels, 4 * weights, withScratch ? 4 * voxels : -1);
            this.voxels = voxels;
            this.weights = weights;
            in = buffer(0);
            out = buffer(1);
            mask = buffer(2);
            scratch = buffer(3);
        }
    }
}
