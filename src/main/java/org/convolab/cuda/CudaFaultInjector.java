package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;

/**
 * Fault injection for the reliability tests: with -Dconvolab.cuda.faultEvery=N every Nth filter
 * first fails. -Dconvolab.cuda.faultKind=launch (the default) makes a launch the driver refuses (a
 * block of 2048 threads: CUDA_ERROR_INVALID_VALUE), after which the engine rebuilds its context and
 * goes on; =sticky runs a kernel that writes through a null pointer (CUDA_ERROR_ILLEGAL_ADDRESS),
 * which CUDA cannot recover from inside the process: the auto backend then goes on with the CPU
 * engine.
 */
final class CudaFaultInjector {
    private long filters;

    /** Counts a filter and, when the properties ask for it, makes it fail. */
    void beforeFilter(CudaModule module, CUstream stream) {
        int every = Integer.getInteger("convolab.cuda.faultEvery", 0);
        if (every > 0 && ++filters % every == 0) {
            if ("sticky".equals(System.getProperty("convolab.cuda.faultKind"))) {
                new KernelLaunch("convolab_fault").grid(1, 1).block(32, 1).ptr(new CUdeviceptr()).run(module, stream);
                cuStreamSynchronize(stream);
            } else {
                JCudaDriver.cuLaunchKernel(module.function("convolab_fault"), 1, 1, 1, 2048, 1, 1, 0, stream,
                        Pointer.to(Pointer.to(new CUdeviceptr())), null);
            }
        }
    }
}
