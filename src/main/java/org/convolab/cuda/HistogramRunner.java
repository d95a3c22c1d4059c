package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import org.convolab.core.Histogram;
import org.convolab.core.HistogramResult;
import org.convolab.core.HistogramStrategy;
import org.convolab.core.RgbaImage;

/**
 * Counts histograms on the GPU: the image's packed ARGB goes up once (or is read where the engine
 * already holds it), the counts are zeroed, the strategy's kernel runs between two events, and the
 * 5 x bins counts come back. Holds its device and pinned buffers between calls, so counting the same
 * image again costs the kernel alone; freed on close. Create, use and close on the CUDA thread, inside
 * the context it allocated in.
 */
final class HistogramRunner implements AutoCloseable {

    private final HistogramKernels kernels = new HistogramKernels();
    private final DeviceBuffer counts = new DeviceBuffer(HistogramKernels.CHANNELS * Histogram.MAX_BINS * 4L);
    private final CUevent start = new CUevent();
    private final CUevent stop = new CUevent();
    private DeviceBuffer argb;
    private PinnedBuffer host;
    private RgbaImage uploaded;
    private boolean open;

    HistogramRunner() {
        cuEventCreate(start, 0);
        cuEventCreate(stop, 0);
        open = true;
    }

    /**
     * Counts the image.
     *
     * @param onDevice the image's packed ARGB where the engine already holds exactly this image on
     *                 the device, else null (the runner uploads it)
     */
    HistogramResult count(CudaModule module, CUstream stream, RgbaImage image, CUdeviceptr onDevice, int bins,
                          HistogramStrategy strategy) {
        Histogram.checkBins(bins);
        long t0 = System.nanoTime();
        CUdeviceptr pixels = onDevice != null ? onDevice : upload(image, stream);
        KernelLaunch launch = kernels.launch(module, strategy, pixels, image.size(), bins, counts.ptr());
        cuMemsetD32Async(counts.ptr(), 0, (long) HistogramKernels.CHANNELS * bins, stream);
        cuEventRecord(start, stream);
        launch.run(module, stream);
        cuEventRecord(stop, stream);
        synchronize(stream, launch, image);
        int[] flat = new int[HistogramKernels.CHANNELS * bins];
        cuMemcpyDtoH(Pointer.to(flat), counts.ptr(), flat.length * 4L);
        double kernelMs = elapsed();
        Histogram h = Histogram.fromFlat(bins, flat);
        return new HistogramResult(h, "cuda " + strategy.id(), kernelMs, (System.nanoTime() - t0) / 1e6);
    }

    /**
     * The time of one count (zeroing and kernel) over {@code launches} back-to-back ones, in ms: a single
     * launch's events include its latency, a batch overlaps it with the work.
     */
    double batchedMs(CudaModule module, CUstream stream, RgbaImage image, CUdeviceptr onDevice, int bins,
                     HistogramStrategy strategy, int launches) {
        Histogram.checkBins(bins);
        CUdeviceptr pixels = onDevice != null ? onDevice : upload(image, stream);
        KernelLaunch launch = kernels.launch(module, strategy, pixels, image.size(), bins, counts.ptr());
        cuEventRecord(start, stream);
        for (int i = 0; i < launches; i++) {
            cuMemsetD32Async(counts.ptr(), 0, (long) HistogramKernels.CHANNELS * bins, stream);
            launch.run(module, stream);
        }
        cuEventRecord(stop, stream);
        synchronize(stream, launch, image);
        return elapsed() / Math.max(1, launches);
    }

    /** Copies the image up unless it is the one uploaded last; grows the buffers when it is larger. */
    private CUdeviceptr upload(RgbaImage image, CUstream stream) {
        if (image == uploaded) {
            return argb.ptr();
        }
        long bytes = image.size() * 4L;
        if (argb == null || argb.bytes() < bytes) {
            release();
            host = new PinnedBuffer(bytes);
            argb = new DeviceBuffer(bytes);
        }
        uploaded = null;
        host.put(image.pixels());
        cuMemcpyHtoDAsync(argb.ptr(), host.pointer(), bytes, stream);
        uploaded = image;
        return argb.ptr();
    }

    private void synchronize(CUstream stream, KernelLaunch launch, RgbaImage image) {
        try {
            cuStreamSynchronize(stream);
        } catch (CudaException e) {
            uploaded = null;
            throw new CudaFault("CUDA error while counting a histogram with " + launch.describe() + " on a " + image.width()
                    + "x" + image.height() + " image (" + e.getMessage() + ")", e);
        }
    }

    private double elapsed() {
        float[] ms = {0};
        cuEventElapsedTime(ms, start, stop);
        return ms[0];
    }

    /** Frees the image buffers (the next count uploads again); keeps the counts and events. */
    void release() {
        uploaded = null;
        if (argb != null) {
            argb.close();
            argb = null;
        }
        if (host != null) {
            host.close();
            host = null;
        }
    }

    @Override
    public void close() {
        if (!open) {
            return;
        }
        open = false;
        try {
            release();
        } finally {
            counts.close();
            cuEventDestroy(start);
            cuEventDestroy(stop);
        }
    }
}
