package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;

import jcuda.driver.CUdeviceptr;

/** A block of device memory, freed on close. Create and close on the CUDA thread. */
final class DeviceBuffer implements AutoCloseable {
    private final CUdeviceptr ptr = new CUdeviceptr();
    private final long bytes;
    private boolean open;

    DeviceBuffer(long bytes) {
        this.bytes = bytes;
        cuMemAlloc(ptr, Math.max(1, bytes));
        open = true;
    }

    CUdeviceptr ptr() {
        return ptr;
    }

    long bytes() {
        return bytes;
    }

    @Override
    public void close() {
        if (open) {
            open = false;
            cuMemFree(ptr);
        }
    }
}
