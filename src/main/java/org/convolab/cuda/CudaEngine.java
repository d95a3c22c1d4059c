package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;
import jcuda.Pointer;
import jcuda.driver.CUstream;
import org.convolab.core.Backend;
import org.convolab.core.ConvolabException;
import org.convolab.core.StrategyRefusedException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.DeviceJpeg;
import org.convolab.core.EngineDiagnostics;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.LaunchPlan;
import org.convolab.core.PlaneFilter;
import org.convolab.core.ResultLease;
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cuda.ResidentFilter.HostTarget;

/**
 * The GPU engine. All CUDA work runs on one thread that owns the context ({@link CudaThread}); the
 * context and module are created on first use.
 *
 * <p>An image goes up once as packed ARGB from pinned memory and is unpacked on the GPU into three
 * float planes; it stays there until another image is filtered, so a new mask costs only the
 * kernels, the pack and one download. Every phase is timed with CUDA events. A CUDA error tears the
 * context down; the next filter builds it again. Grey and 16-bit images go through the same kernels one
 * float plane at a time ({@link #planeFilter}). What runs is decided by {@link CudaPlanner} alone; the
 * resident image's phases run in {@link ResidentFilter}.
 */
public final class CudaEngine implements ConvolutionEngine {

    private final CudaDeviceInfo device;
    private final Map<Strategy, ChannelLauncher> launchers = new EnumMap<>(Strategy.class);

    // Everything below belongs to the CUDA thread.
    private final CudaSession session;
    private final CudaFaultInjector faults = new CudaFaultInjector();
    private final CudaHistograms histograms = new CudaHistograms();
    private final ResidentFilter resident;
    private final DeviceMemory memory;
    private final GpuWork work;

    /** Opens the engine on a device; the context is created on the CUDA thread at once. */
    public CudaEngine(CudaDeviceInfo device) {
        this.device = device;
        this.session = new CudaSession(device);
        this.resident = new ResidentFilter(session);
        this.memory = new DeviceMemory(session);
        this.work = new GpuWork(session);
        for (Strategy s : new Strategy[] {Strategy.NAIVE, Strategy.CONSTANT, Strategy.TILED_OUT, Strategy.CACHED}) {
            launchers.put(s, new SimpleLauncher(s));
        }
        launchers.put(Strategy.TILED, new TiledLauncher());
        launchers.put(Strategy.SEPARABLE, new SeparableLauncher(false));
        launchers.put(Strategy.SEPARABLE_TILED, new SeparableLauncher(true));
        launchers.put(Strategy.FAST, new FastLauncher());
        launchers.put(Strategy.FAST_SEPARABLE, new FastSeparableLauncher());
        launchers.put(Strategy.FFT, new FftLauncher());
        launchers.put(Strategy.TENSOR, new TensorLauncher());
        work.run(session::ensure);
    }

    @Override
    public Backend backend() {
        return Backend.CUDA;
    }

    @Override
    public boolean wholeImageFftIsCheap() {
        return true; // cuFFT transforms a whole 24 MP image in milliseconds
    }

    @Override
    public String device() {
        return device.label();
    }

    /** The device this engine runs on (its compute capability decides which kernels some launchers take). */
    CudaDeviceInfo deviceInfo() {
        return device;
    }

    @Override
    public FilterResult filter(RgbaImage image, FilterSpec spec, Strategy strategy) {
        return planned(image, spec, strategy, this::filterOnce);
    }

    /** One attempt of a filter with its decision and launcher. */
    @FunctionalInterface
    private interface Attempt<T> {
        T run(RgbaImage image, FilterSpec spec, CudaPlanner.Decision decision, ChannelLauncher launcher);
    }

    /** Plans the filter (refusing a strategy that does not apply) and runs the attempt through {@link #onGpu}. */
    private <T> T planned(RgbaImage image, FilterSpec spec, Strategy strategy, Attempt<T> attempt) {
        CudaPlanner.Decision decision = decide(spec, strategy);
        ChannelLauncher launcher = launchers.get(decision.plan().runs());
        return onGpu(() -> attempt.run(image, spec, decision, launcher));
    }

    /** One attempt, in the context {@link #onGpu} made sure of. */
    private FilterResult filterOnce(RgbaImage image, FilterSpec spec, CudaPlanner.Decision decision, ChannelLauncher launcher) {
        beforeGpuWork();
        long limit = memory.imageBytesLimit();
        if (residentBytes(image.width(), image.height()) > limit) {
            session.releaseResident();
            FilterResult result = CudaStrips.filter(image, spec, decision, limit,
                    strip -> resident.run(strip, spec, decision, launcher, HostTarget.INTO_ARRAY));
            session.releaseResident();
            return result;
        }
        return resident.run(image, spec, decision, launcher, HostTarget.INTO_ARRAY);
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

    /** One attempt of {@link #filterLeased}: into a lease buffer given back if the filter fails ({@link ResidentFilter#leased}). */
    private ResultLease leaseOnce(RgbaImage image, FilterSpec spec, CudaPlanner.Decision decision, ChannelLauncher launcher) {
        if (!memory.fitsWhole(image.width(), image.height())
                || (long) image.width() * image.height() * 4 > LeaseBuffers.MAX_BYTES) {
            return ResultLease.of(filterOnce(image, spec, decision, launcher));
        }
        beforeGpuWork();
        return resident.leased(image.width(), image.height(), into -> resident.run(image, spec, decision, launcher, into));
    }

    /**
     * The GPU's own plane filter for grey and 16-bit images ({@link CudaPlaneFilter}): the same kernels, on
     * this engine's CUDA thread, with the same retry after a fault as {@link #filter}.
     */
    @Override
    public Optional<PlaneFilter> planeFilter() {
        return Optional.of(new CudaPlaneFilter(this));
    }

    /**
     * The GPU's own volume filter for stacks filtered with 3D masks ({@link CudaVolumeFilter}): the kernels of
     * cuda-kernels/volume.cu on this engine's CUDA thread, with the same retry after a fault as {@link #filter}.
     * The caller closes it before the engine.
     */
    @Override
    public java.util.Optional<org.convolab.core.VolumeFilter> volumeFilter() {
        return java.util.Optional.of(new CudaVolumeFilter(this));
    }

    /** nvJPEG on this engine's GPU, where the host has the library ({@link CudaJpeg}). */
    @Override
    public Optional<DeviceJpeg> deviceJpeg() {
        return NvJpeg.problem() == null ? Optional.of(jpeg) : Optional.empty();
    }

    private final CudaJpeg jpeg = new CudaJpeg(this);

    /**
     * The decision for a filter of an 8-bit image (refusing a strategy that does not apply), as every filter
     * of this engine makes it: the plan and the variant of the kernel table that runs it.
     */
    CudaPlanner.Decision decide(FilterSpec spec, Strategy strategy) {
        strategy.checkApplicable(spec.mask());
        return CudaPlanner.decide(strategy, spec, SampleLayout.ARGB8, fuseArgb, capability());
    }

    /** The device's compute capability, as the planner weighs it (tensor needs 7.5 or newer). */
    CudaPlanner.Capability capability() {
        return CudaPlanner.Capability.of(device);
    }

    /**
     * Runs GPU work (a filter, a plane, a histogram) on the CUDA thread: a CUDA error tears the context
     * down, and the work is tried once more on a rebuilt one before the fault goes to the caller.
     */
    <T> T onGpu(Supplier<T> gpuWork) {
        return work.call(gpuWork);
    }

    /** Runs GPU work once on the CUDA thread, no retry ({@link GpuWork#callOnce}). */
    <T> T onGpuOnce(Supplier<T> gpuWork) {
        return work.callOnce(gpuWork);
    }

    /** The resident image's phases; on the CUDA thread only. */
    ResidentFilter residentFilter() {
        return resident;
    }

    /**
     * The resident image's page-locked input as the buffer a decoder writes into ({@link CudaStagedInput}): no copy of
     * a decoded image on the host before the upload.
     */
    @Override
    public Optional<org.convolab.core.StagedInput> stagedInput() {
        return Optional.of(staged);
    }

    private final CudaStagedInput staged = new CudaStagedInput(this);

    /**
     * Runs {@code work} on the CUDA thread unless the engine is closed (its context, and all device
     * memory in it, went with it); for releasing what an object of this engine holds on the device.
     */
    void onThreadWhileOpen(Runnable release) {
        work.whileOpen(release);
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

    /** Makes room for {@code bytes} of device memory for {@code what} ({@link DeviceMemory#makeRoomFor}); on the CUDA thread. */
    void makeRoomFor(long bytes, String what) {
        memory.makeRoomFor(bytes, what);
    }

    /** Faults the engine recovered from by rebuilding its context (for reports). */
    public int faultsSurvived() {
        return work.faultsSurvived();
    }

    /**
     * The resident image's buffers for the size and what {@link ResidentFilter#prepare} makes ready (page-locked
     * buffers, the launcher's set-up such as an FFT plan, the kernels loaded and run once), on the CUDA thread.
     */
    @Override
    public void prepare(int width, int height, FilterSpec spec, Strategy strategy) {
        CudaPlanner.Decision decision = decide(spec, strategy);
        ChannelLauncher launcher = launchers.get(decision.plan().runs());
        onGpu(() -> {
            if (!fitsWhole(width, height)) {
                return null; // it goes in strips, each prepared as it comes
            }
            resident.prepare(residentFor(width, height), spec, decision, launcher);
            return null;
        });
    }

    /** Whether {@code bytes} of device memory can be had for an image (the resident one freed if need be); on the CUDA thread. */
    boolean roomFor(long bytes) {
        return bytes <= memory.imageBytesLimit();
    }

    /** Device bytes a resident image of this size takes ({@link DeviceMemory#residentBytes}). */
    static long residentBytes(int w, int h) {
        return DeviceMemory.residentBytes(w, h);
    }

    /** The resident image's buffers for a {@code w x h} image: the current ones, or new ones of that size. */
    ResidentImage residentFor(int w, int h) {
        return resident.residentFor(w, h);
    }

    /** Whether a {@code w x h} image fits the device's free memory whole (else it goes in strips). */
    boolean fitsWhole(int w, int h) {
        return memory.fitsWhole(w, h);
    }

    /**
     * Filters the ARGB input already in the resident image on the device into its ARGB result as decided
     * (the device JPEG path; {@link ResidentFilter#filterResident}).
     *
     * @return the plan with the kernels that ran
     */
    LaunchPlan filterResident(ResidentImage r, FilterSpec spec, CudaPlanner.Decision decision) {
        return resident.filterResident(r, spec, decision, launchers.get(decision.plan().runs()));
    }

    /**
     * False makes 8-bit images run the planes and the pack kernel even where a fused ARGB kernel exists:
     * the planner is asked without fusing (tests compare the two; -Dconvolab.cuda.fuseArgb=false sets the
     * default, {@link CudaPlanner#FUSE_ARGB}).
     */
    void fuseArgb(boolean on) {
        fuseArgb = on;
    }

    private volatile boolean fuseArgb = CudaPlanner.FUSE_ARGB;

    /**
     * The kernel time of one filter without the host's launch latency: the plan's filter kernels (those
     * {@link LaunchPlan#kernels} names: the fused kernel on an 8-bit image where the plan has one, else the
     * kernels of all three planes) run {@code launches} times back to back between two events, and the mean
     * is returned. A single filter's events also count the time the GPU waits for the launch call (about
     * 0.1 ms through JCuda), which hides the speed of kernels that take a fraction of a millisecond.
     */
    @Override
    public OptionalDouble batchedKernelMs(RgbaImage image, FilterSpec spec, Strategy strategy, int launches) {
        return batched(image, spec, strategy, launches, false);
    }

    /**
     * The app's own path timed like {@link #batchedKernelMs}: packed ARGB of the resident image to its
     * packed result (the fused kernel, or the filter kernels and the pack kernel), {@code launches}
     * times back to back between two events, the mean.
     */
    @Override
    public OptionalDouble batchedArgbMs(RgbaImage image, FilterSpec spec, Strategy strategy, int launches) {
        return batched(image, spec, strategy, launches, true);
    }

    /** Makes the image resident with one filter of the planned strategy, then times it back to back. */
    private OptionalDouble batched(RgbaImage image, FilterSpec spec, Strategy strategy, int launches, boolean argbPath) {
        CudaPlanner.Decision decision = decide(spec, strategy);
        filter(image, spec, decision.plan().runs()); // makes the image resident and checks the result path
        ChannelLauncher launcher = launchers.get(decision.plan().runs());
        return OptionalDouble.of(work.plain(() -> resident.timeBackToBack(image, spec, decision, launcher, launches, argbPath)));
    }

    @Override
    public EngineDiagnostics diagnostics() {
        return new CudaDiagnostics(this);
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
            throw new StrategyRefusedException(why);
        }
        return onGpu(() -> histograms.count(session, image, bins, strategy));
    }

    @Override
    public OptionalDouble batchedHistogramMs(RgbaImage image, int bins, HistogramStrategy strategy, int launches) {
        Histogram.checkBins(bins);
        return OptionalDouble.of(onGpu(() -> histograms.batchedMs(session, image, bins, strategy, launches)));
    }

    /** Free and total device memory in bytes, as the driver reports them. */
    public long[] memoryInfo() {
        return work.plain(() -> {
            session.ensure();
            return DeviceMemory.info();
        });
    }

    /**
     * Runs the border-table kernel: {@code convolab_border_index(first + k, n, policy)} for k below
     * count, as border.cuh computes it, for checking the header against the Java policies.
     */
    int[] borderTable(int policy, int n, int first, int count) {
        return work.plain(() -> {
            session.ensure();
            CUstream stream = session.stream();
            try (DeviceBuffer out = new DeviceBuffer(count * 4L)) {
                new KernelLaunch("convolab_border_table").grid(KernelLaunch.ceilDiv(count, 128), 1).block(128, 1)
                        .i(policy).i(n).i(first).i(count).ptr(out.ptr()).run(session.module(), stream);
                cuStreamSynchronize(stream);
                int[] table = new int[count];
                cuMemcpyDtoH(Pointer.to(table), out.ptr(), count * 4L);
                return table;
            }
        });
    }

    /** Frees the resident image (the next filter uploads again). */
    public void releaseImage() {
        work.run(() -> {
            session.releaseResident();
            session.leaseBuffers().releaseFree();
            histograms.releaseImage(session);
            launchers.values().forEach(l -> l.release(session.module()));
        });
    }

    @Override
    public void close() {
        work.close(() -> {
            try {
                launchers.values().forEach(l -> l.release(session.module())); // cuFFT plans are not context memory
            } catch (RuntimeException e) {
                // a broken context frees everything at teardown anyway
            }
        });
    }
}
