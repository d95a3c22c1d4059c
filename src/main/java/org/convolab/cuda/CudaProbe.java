package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuDriverGetVersion;
import static jcuda.driver.JCudaDriver.cuInit;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import jcuda.CudaException;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.JCudaDriver;

/**
 * Finds out whether the GPU engine can run here: the JCuda native library and the NVIDIA driver load,
 * there is a device, and the jar holds kernels. Never throws: a reason says why not.
 */
public final class CudaProbe {

    /**
     * What the probe found.
     *
     * @param devices the CUDA devices (possibly found even when unusable, e.g. without kernels)
     * @param problem null when the GPU engine can run, else one sentence why not
     */
    public record Result(List<CudaDeviceInfo> devices, String problem) {
        public boolean usable() {
            return problem == null;
        }
    }

    private static Result cached;

    private CudaProbe() {
    }

    /** Probes once per process and remembers the answer. */
    public static synchronized Result probe() {
        if (cached == null) {
            cached = run();
        }
        return cached;
    }

    private static Result run() {
        List<CudaDeviceInfo> devices = new ArrayList<>();
        if (Boolean.getBoolean("convolab.noCuda")) {
            return new Result(devices, "CUDA is switched off (convolab.noCuda is set)");
        }
        try {
            JCudaDriver.setExceptionsEnabled(true);
            cuInit(0);
        } catch (LinkageError e) {
            return new Result(devices, "no NVIDIA driver: the CUDA driver library (libcuda.so.1) could not be loaded");
        } catch (CudaException e) {
            return new Result(devices, "the CUDA driver did not initialise (" + e.getMessage() + ")");
        } catch (RuntimeException e) {
            return new Result(devices, "JCuda could not start: " + e.getMessage());
        }
        try {
            int[] count = {0};
            cuDeviceGetCount(count);
            int[] version = {0};
            cuDriverGetVersion(version);
            for (int i = 0; i < count[0]; i++) {
                CUdevice dev = new CUdevice();
                cuDeviceGet(dev, i);
                byte[] name = new byte[256];
                cuDeviceGetName(name, name.length, dev);
                long[] mem = {0};
                cuDeviceTotalMem(mem, dev);
                devices.add(new CudaDeviceInfo(i, cString(name), attr(dev, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                        attr(dev, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR), mem[0],
                        attr(dev, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), version[0]));
            }
        } catch (CudaException e) {
            return new Result(devices, "the CUDA driver could not list devices (" + e.getMessage() + ")");
        }
        if (devices.isEmpty()) {
            return new Result(devices, "the NVIDIA driver is installed but reports no CUDA device");
        }
        if (!KernelImage.present()) {
            return new Result(devices, KernelImage.MISSING);
        }
        return new Result(devices, null);
    }

    private static int attr(CUdevice dev, int attribute) {
        int[] v = {0};
        cuDeviceGetAttribute(v, attribute, dev);
        return v[0];
    }

    private static String cString(byte[] b) {
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }
}
