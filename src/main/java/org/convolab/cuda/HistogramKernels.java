package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuCtxGetDevice;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuOccupancyMaxActiveBlocksPerMultiprocessor;

import java.util.HashMap;
import java.util.Map;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import org.convolab.core.HistogramStrategy;

/**
 * The launch of each histogram strategy's kernel in cuda-kernels/histogram.cu: its name, block, grid
 * and dynamic shared memory. The grid-stride kernels get as many blocks as the device holds at once
 * (more would only add private histograms to merge), fewer for small images; global-atomics gets one
 * thread per pixel. Use on the CUDA thread.
 */
final class HistogramKernels {

    /** Channels counted: R, G, B, alpha, luminance. */
    static final int CHANNELS = KernelGeometry.HIST_CHANNELS;

    private final Map<String, Integer> resident = new HashMap<>();

    /** The kernel's name in the fatbin. */
    static String kernel(HistogramStrategy s) {
        return switch (s) {
            case GLOBAL_ATOMICS -> "convolab_hist_global";
            case SECTIONED -> "convolab_hist_sectioned";
            case INTERLEAVED -> "convolab_hist_interleaved";
            case PRIVATIZED -> "convolab_hist_privatized";
            case AGGREGATED -> "convolab_hist_aggregated";
            case FAST -> "convolab_hist_fast";
        };
    }

    /** Threads per block of the strategy's kernel. */
    static int threads(HistogramStrategy s) {
        return s == HistogramStrategy.FAST ? KernelGeometry.HIST_FAST_THREADS : KernelGeometry.HIST_THREADS;
    }

    /** Dynamic shared memory of the strategy's kernel for a bin count. */
    static int sharedBytes(HistogramStrategy s, int bins) {
        return switch (s) {
            case PRIVATIZED, AGGREGATED -> CHANNELS * bins * 4;
            case FAST -> CHANNELS * bins * KernelGeometry.HIST_FAST_COPIES * 4;
            default -> 0;
        };
    }

    /** Threads the kernel would want for n pixels (the fast kernel reads four a thread). */
    static long wantedThreads(HistogramStrategy s, int n) {
        return s == HistogramStrategy.FAST ? Math.max(1, (n + 3L) / 4) : Math.max(1, n);
    }

    /** The launch that counts n pixels at {@code argb} into {@code counts} (5 * bins words, zeroed). */
    KernelLaunch launch(CudaModule module, HistogramStrategy s, CUdeviceptr argb, int n, int bins, CUdeviceptr counts) {
        int threads = threads(s);
        int shared = sharedBytes(s, bins);
        long blocks = (wantedThreads(s, n) + threads - 1) / threads;
        if (s != HistogramStrategy.GLOBAL_ATOMICS) {
            blocks = Math.min(blocks, residentBlocks(module, s, threads, shared));
        }
        return new KernelLaunch(kernel(s)).grid((int) blocks, 1).block(threads, 1).sharedBytes(shared)
                .ptr(argb).i(n).i(bins).ptr(counts);
    }

    /** Blocks of the kernel the whole device holds at once, with its dynamic shared memory. */
    private int residentBlocks(CudaModule module, HistogramStrategy s, int threads, int shared) {
        return resident.computeIfAbsent(kernel(s) + "/" + shared, key -> {
            int[] perSm = {0};
            cuOccupancyMaxActiveBlocksPerMultiprocessor(perSm, module.function(kernel(s)), threads, shared);
            CUdevice dev = new CUdevice();
            cuCtxGetDevice(dev);
            int[] sms = {0};
            cuDeviceGetAttribute(sms, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
            return Math.max(1, perSm[0] * sms[0]);
        });
    }
}
