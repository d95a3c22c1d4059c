package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuCtxGetDevice;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuFuncSetAttribute;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleGetGlobal;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;
import static jcuda.driver.JCudaDriver.cuOccupancyMaxActiveBlocksPerMultiprocessor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUmodule;
import org.convolab.core.ConvolabException;

/** The loaded fatbin: kernels by name and {@code __constant__} symbols. Use on the CUDA thread. */
final class CudaModule implements AutoCloseable, DeviceShape {
    private final CUmodule module = new CUmodule();
    private final Map<String, CUfunction> functions = new HashMap<>();
    private final Map<String, Integer> sharedAllowed = new HashMap<>();
    private final Map<String, Integer> resident = new HashMap<>();
    private boolean loaded;
    /** The compute capability's major number of the context's device. */
    private final int computeMajor;
    /** The launches noted since {@link #startLaunchLog}, or null when none is being kept. */
    private List<String> launchLog;

    /**
     * Loads the fatbin into the current context.
     *
     * @param computeMajor the compute capability's major number of the context's device (the session's
     *                     {@link CudaDeviceInfo#major()}), which picks the kernels that need Hopper
     */
    CudaModule(byte[] fatbin, int computeMajor) {
        this.computeMajor = computeMajor;
        try {
            cuModuleLoadData(module, fatbin);
        } catch (CudaException e) {
            throw new CudaFault("could not load the GPU kernels (" + e.getMessage()
                    + "); the fatbin holds sm_75 to sm_90 and compute_75 PTX", e);
        }
        loaded = true;
    }

    CUfunction function(String name) {
        return functions.computeIfAbsent(name, n -> {
            CUfunction f = new CUfunction();
            try {
                cuModuleGetFunction(f, module, n);
            } catch (CudaException e) {
                throw new ConvolabException("kernel " + n + " is missing from the fatbin (" + e.getMessage() + ")");
            }
            return f;
        });
    }

    /**
     * Looks up the named kernels now, so that CUDA loads them here rather than at their first launch (with lazy
     * module loading, CUDA's default since 12.2, the driver loads a kernel at {@code cuModuleGetFunction}): a filter's
     * set-up calls this, so its filter phase does not pay the loading. Names that are no kernel of the module (a
     * library call such as "cufft R2C", a kernel family whose variant the launcher picks later) are skipped.
     */
    void preload(java.util.Collection<String> kernels) {
        for (String k : kernels) {
            if (k.startsWith("convolab_") && !functions.containsKey(k)) {
                CUfunction f = new CUfunction();
                try {
                    cuModuleGetFunction(f, module, k);
                    functions.put(k, f);
                } catch (CudaException e) {
                    // not a kernel of its own: it loads when it first runs, as before
                }
            }
        }
    }

    /** Dynamic shared memory a kernel may take without opting in (48 KB on every architecture). */
    static final int DEFAULT_DYNAMIC_SHARED_BYTES = 48 * 1024;

    /**
     * Lets the kernel take {@code bytes} of dynamic shared memory where that is more than
     * {@link #DEFAULT_DYNAMIC_SHARED_BYTES}: the driver wants the opt-in on the function first
     * (once a size; a device that cannot give that much refuses the launch, as any bad geometry).
     */
    void allowDynamicShared(String kernel, int bytes) {
        Integer allowed = sharedAllowed.get(kernel);
        if (allowed != null && allowed >= bytes) {
            return;
        }
        cuFuncSetAttribute(function(kernel), CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
        sharedAllowed.put(kernel, bytes);
    }

    /**
     * How many blocks of the kernel (static shared memory only) the whole device holds at once:
     * blocks per SM by the driver's occupancy calculator, times the SMs.
     */
    @Override
    public int residentBlocks(String kernel, int threadsPerBlock) {
        return residentBlocks(kernel, threadsPerBlock, 0);
    }

    /**
     * How many blocks of the kernel with this much dynamic shared memory the whole device holds at once (the
     * kernel's dynamic shared memory limit raised first, as a launch would).
     */
    int residentBlocks(String kernel, int threadsPerBlock, int dynamicShared) {
        if (dynamicShared > DEFAULT_DYNAMIC_SHARED_BYTES) {
            allowDynamicShared(kernel, dynamicShared);
        }
        return resident.computeIfAbsent(kernel + "/" + threadsPerBlock + "/" + dynamicShared, key -> {
            int[] perSm = {0};
            cuOccupancyMaxActiveBlocksPerMultiprocessor(perSm, function(kernel), threadsPerBlock, dynamicShared);
            CUdevice dev = new CUdevice();
            cuCtxGetDevice(dev);
            int[] sms = {0};
            cuDeviceGetAttribute(sms, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
            return Math.max(1, perSm[0] * sms[0]);
        });
    }

    /** The compute capability's major number of the context's device (9 on Hopper). */
    int computeMajor() {
        return computeMajor;
    }

    /** From now on, keep a line per kernel launch (name and geometry) until {@link #takeLaunchLog}. */
    void startLaunchLog() {
        launchLog = new ArrayList<>();
    }

    /** The launches since {@link #startLaunchLog}; stops keeping them. */
    List<String> takeLaunchLog() {
        List<String> log = launchLog == null ? List.of() : launchLog;
        launchLog = null;
        return log;
    }

    /** Called by {@link KernelLaunch#run} for every launch. */
    void noteLaunch(String description) {
        if (launchLog != null) {
            launchLog.add(description);
        }
    }

    /** Copies floats into a {@code __constant__} array of the module. */
    void setConstant(String symbol, float[] values) {
        CUdeviceptr p = new CUdeviceptr();
        long[] size = {0};
        cuModuleGetGlobal(p, size, module, symbol);
        if (values.length * 4L > size[0]) {
            throw new ConvolabException("__constant__ " + symbol + " holds " + size[0] / 4 + " floats, not " + values.length);
        }
        cuMemcpyHtoD(p, Pointer.to(values), values.length * 4L);
    }

    @Override
    public void close() {
        if (loaded) {
            loaded = false;
            cuModuleUnload(module);
        }
    }
}
