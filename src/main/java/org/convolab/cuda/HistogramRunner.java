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
import org.convolab.core.Rgba16Image;
import org.convolab.core.RgbaImage;

/**
 * Counts histograms on the GPU: the image's packed ARGB (or, for a 16-bit image, its RGBA samples)
 * goes up once (or is read where the engine already holds it), the counts are zeroed, the strategy's
 * kernel runs between two events, and the 5 x bins counts come back. Holds its device and pinned
 * buffers between calls, so counting the same image again costs the kernel alone; freed on close.
 * Create, use and close on the CUDA thread, inside the context it allocated in.
 */
final class HistogramRunner implements AutoCloseable {

    private final HistogramKernels kernels = new HistogramKernels();
    private final DeviceBuffer counts = new DeviceBuffer(HistogramKernels.CHANNELS * Histogram.MAX_WIDE_BINS * 4L);
    private final CUevent start = new CUevent();
    private final CUevent stop = new CUevent();
    private DeviceBuffer argb;
    private PinnedBuffer host;
    /** The image (RgbaImage or Rgba16Image) whose pixels are in {@link #argb}, or null. */
    private Object uploaded;
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
        return run(module, stream, pixels, image.size(), image.width() + "x" + image.height(), 8, bins, strategy, t0);
    }

    /** Counts a 16-bit image: its samples go up (unless they are the last ones counted), then as above. */
    HistogramResult count(CudaModule module, CUstream stream, Rgba16Image image, int bins, HistogramStrategy strategy) {
        Histogram.checkBins(bins, 16);
        long t0 = System.nanoTime();
        CUdeviceptr pixels = upload(image, stream);
        return run(module, stream, pixels, image.size(), image.width() + "x" + image.height() + " 16-bit", 16, bins, strategy, t0);
    }

    private HistogramResult run(CudaModule module, CUstream stream, CUdeviceptr pixels, int n, String size, int depth, int bins,
                                HistogramStrategy strategy, long t0) {
        KernelLaunch launch = kernels.launch(module, strategy, depth, pixels, n, bins, counts.ptr());
        cuMemsetD32Async(counts.ptr(), 0, (long) HistogramKernels.CHANNELS * bins, stream);
        cuEventRecord(start, stream);
        launch.run(module, stream);
        cuEventRecord(stop, stream);
        synchronize(stream, launch, size);
        int[] flat = new int[HistogramKernels.CHANNELS * bins];
        cuMemcpyDtoH(Pointer.to(flat), counts.ptr(), flat.length * 4L);
        double kernelMs = elapsed();
        Histogram h = Histogram.fromFlat(depth, bins, flat);
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
        KernelLaunch launch = kernels.launch(module, strategy, 8, pixels, image.size(), bins, counts.ptr());
        cuEventRecord(start, stream);
        for (int i = 0; i < launches; i++) {
            cuMemsetD32Async(counts.ptr(), 0, (long) HistogramKernels.CHANNELS * bins, stream);
            launch.run(module, stream);
        }
        cuEventRecord(stop, stream);
        synchronize(stream, launch, image.width() + "x" + image.height());
        return elapsed() / Math.max(1, launches);
    }

    /** Copies the image up unless it is the one uploaded last; grows the buffers when it is larger. */
    private CUdeviceptr upload(RgbaImage image, CUstream stream) {
        if (image != uploaded) {
            room(image.size() * 4L);
            host.put(image.pixels());
            cuMemcpyHtoDAsync(argb.ptr(), host.pointer(), image.size() * 4L, stream);
            uploaded = image;
        }
        return argb.ptr();
    }

    /** Copies a 16-bit image's samples up (8 bytes a pixel) unless it is the one uploaded last. */
    private CUdeviceptr upload(Rgba16Image image, CUstream stream) {
        if (image != uploaded) {
            long bytes = image.samples().length * 2L;
            room(bytes);
            host.put(image.samples());
            cuMemcpyHtoDAsync(argb.ptr(), host.pointer(), bytes, stream);
            uploaded = image;
        }
        return argb.ptr();
    }

    /** Buffers of at least this many bytes, grown when smaller; forgets what was uploaded. */
    private void room(long bytes) {
        uploaded = null;
        if (argb == null || argb.bytes() < bytes) {
            release();
            host = new PinnedBuffer(bytes);
            argb = new DeviceBuffer(bytes);
        }
    }

    private void synchronize(CUstream stream, KernelLaunch launch, String size) {
        try {
            cuStreamSynchronize(stream);
        } catch (CudaException e) {
            uploaded = null;
            throw new CudaFault("CUDA error while counting a histogram with " + launch.describe() + " on a " + size
                    + " image (" + e.getMessage() + ")", e);
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
