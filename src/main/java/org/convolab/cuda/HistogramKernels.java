package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuCtxGetDevice;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuOccupancyMaxActiveBlocksPerMultiprocessor;

import java.util.HashMap;
import java.util.Map;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import org.convolab.core.StrategyRefusedException;
import org.convolab.core.HistogramStrategy;

/**
 * The launch of each histogram strategy's kernel in cuda-kernels/histogram.cu, for 8-bit packed ARGB
 * (convolab_hist_*) or 16-bit RGBA samples (convolab_hist16_*): its name, block, grid and dynamic
 * shared memory. The grid-stride kernels get as many blocks as the device holds at once (more would
 * only add private histograms to merge; fast at most {@code HIST_FAST_BLOCKS_PER_SM} a multiprocessor
 * when that is set), fewer for small images; global-atomics gets one thread per pixel. Use on the
 * CUDA thread.
 */
final class HistogramKernels {

    /** Channels counted: R, G, B, alpha, luminance. */
    static final int CHANNELS = KernelGeometry.HIST_CHANNELS;

    private final Map<String, Integer> resident = new HashMap<>();
    private int sms;

    /** The kernel's name in the fatbin, for values of 8 or 16 bits. */
    static String kernel(HistogramStrategy s, int depth) {
        String name = switch (s) {
            case GLOBAL_ATOMICS -> "global";
            case SECTIONED -> "sectioned";
            case INTERLEAVED -> "interleaved";
            case PRIVATIZED -> "privatized";
            case AGGREGATED -> "aggregated";
            case FAST -> "fast";
        };
        return (depth == 16 ? "convolab_hist16_" : "convolab_hist_") + name;
    }

    /** Threads per block of the strategy's kernel. */
    static int threads(HistogramStrategy s) {
        return s == HistogramStrategy.FAST ? KernelGeometry.HIST_FAST_THREADS : KernelGeometry.HIST_THREADS;
    }

    /**
     * Dynamic shared memory of the strategy's kernel for a bin count: the 16-bit fast kernel keeps its
     * histogram in shared memory up to HIST16_SHARED_BINS bins and counts into global memory past that.
     */
    static int sharedBytes(HistogramStrategy s, int bins, int depth) {
        return switch (s) {
            case PRIVATIZED, AGGREGATED -> CHANNELS * bins * 4;
            case FAST -> depth == 16 ? (bins <= KernelGeometry.HIST16_SHARED_BINS ? CHANNELS * bins * 4 : 0)
                    : CHANNELS * bins * KernelGeometry.HIST_FAST_COPIES * 4;
            default -> 0;
        };
    }

    /** Threads the kernel would want for n pixels (the fast kernels read 16 bytes a thread: 4 or 2 pixels). */
    static long wantedThreads(HistogramStrategy s, int n, int depth) {
        int bytesPerPixel = depth == 16 ? 8 : 4;
        int per = s != HistogramStrategy.FAST ? 1 : 16 / bytesPerPixel;
        return Math.max(1, (n + per - 1L) / per);
    }

    /**
     * The launch that counts n pixels of the given depth at {@code pixels} into {@code counts} (5 * bins
     * words, zeroed).
     *
     * @throws StrategyRefusedException when the strategy cannot count that many bins of that depth
     */
    KernelLaunch launch(CudaModule module, HistogramStrategy s, int depth, CUdeviceptr pixels, int n, int bins,
                        CUdeviceptr counts) {
        String why = s.whyNotApplicable(bins, depth);
        if (why != null) {
            throw new StrategyRefusedException(why);
        }
        int threads = threads(s);
        int shared = sharedBytes(s, bins, depth);
        long blocks = (wantedThreads(s, n, depth) + threads - 1) / threads;
        if (s != HistogramStrategy.GLOBAL_ATOMICS) {
            int perSm = residentPerSm(module, kernel(s, depth), threads, shared);
            if (s == HistogramStrategy.FAST && KernelGeometry.HIST_FAST_BLOCKS_PER_SM > 0) {
                perSm = Math.min(perSm, KernelGeometry.HIST_FAST_BLOCKS_PER_SM);
            }
            blocks = Math.min(blocks, (long) perSm * multiprocessors());
        }
        return new KernelLaunch(kernel(s, depth)).grid((int) blocks, 1).block(threads, 1).sharedBytes(shared)
                .ptr(pixels).i(n).i(bins).ptr(counts);
    }

    /** Blocks of the kernel one multiprocessor holds at once, with its dynamic shared memory (at least 1). */
    private int residentPerSm(CudaModule module, String kernel, int threads, int shared) {
        return resident.computeIfAbsent(kernel + "/" + shared, key -> {
            int[] perSm = {0};
            cuOccupancyMaxActiveBlocksPerMultiprocessor(perSm, module.function(kernel), threads, shared);
            return Math.max(1, perSm[0]);
        });
    }

    private int multiprocessors() {
        if (sms == 0) {
            CUdevice dev = new CUdevice();
            cuCtxGetDevice(dev);
            int[] count = {0};
            cuDeviceGetAttribute(count, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
            sms = Math.max(1, count[0]);
        }
        return sms;
    }
}
