package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleGetGlobal;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;

import java.util.HashMap;
import java.util.Map;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import org.convolab.core.ConvolabException;

/** The loaded fatbin: kernels by name and {@code __constant__} symbols. Use on the CUDA thread. */
final class CudaModule implements AutoCloseable {
    private final CUmodule module = new CUmodule();
    private final Map<String, CUfunction> functions = new HashMap<>();
    private boolean loaded;

    CudaModule(byte[] fatbin) {
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
