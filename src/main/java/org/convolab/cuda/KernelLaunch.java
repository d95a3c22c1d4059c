package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuLaunchKernel;

import java.util.ArrayList;
import java.util.List;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUstream;
import org.convolab.core.ConvolabException;

/**
 * One kernel launch: its name, geometry and arguments. {@link #run} turns a CUDA error into a
 * {@link CudaFault} that names the kernel and its launch geometry.
 */
final class KernelLaunch {
    private final String kernel;
    private int gx = 1;
    private int gy = 1;
    private int gz = 1;
    private int bx = 1;
    private int by = 1;
    private int shared;
    private final List<Pointer> args = new ArrayList<>();

    KernelLaunch(String kernel) {
        this.kernel = kernel;
    }

    KernelLaunch grid(int x, int y) {
        gx = x;
        gy = y;
        return this;
    }

    KernelLaunch grid(int x, int y, int z) {
        gx = x;
        gy = y;
        gz = z;
        return this;
    }

    KernelLaunch block(int x, int y) {
        bx = x;
        by = y;
        return this;
    }

    KernelLaunch sharedBytes(int bytes) {
        shared = bytes;
        return this;
    }

    KernelLaunch ptr(CUdeviceptr p) {
        args.add(Pointer.to(p));
        return this;
    }

    KernelLaunch i(int v) {
        args.add(Pointer.to(new int[] {v}));
        return this;
    }

    KernelLaunch f(float v) {
        args.add(Pointer.to(new float[] {v}));
        return this;
    }

    /** A struct passed by value (a tensor map's 128 bytes): the driver copies as many bytes as the kernel's parameter has. */
    KernelLaunch bytes(byte[] v) {
        args.add(Pointer.to(v.clone()));
        return this;
    }

    /** "convolab_tiled (grid 128x128, block 32x32, 4096 B shared)". */
    String describe() {
        return kernel + " (grid " + gx + "x" + gy + (gz > 1 ? "x" + gz : "") + ", block " + bx + "x" + by + ", " + shared + " B shared)";
    }

    void run(CudaModule module, CUstream stream) {
        if (bx * by > 1024 || bx < 1 || by < 1 || gx < 1 || gy < 1 || gy > 65535) {
            throw new ConvolabException("bad launch geometry for " + describe());
        }
        CUfunction f = module.function(kernel);
        try {
            if (shared > CudaModule.DEFAULT_DYNAMIC_SHARED_BYTES) {
                module.allowDynamicShared(kernel, shared);
            }
            cuLaunchKernel(f, gx, gy, gz, bx, by, 1, shared, stream, Pointer.to(args.toArray(new Pointer[0])), null);
            module.noteLaunch(describe());
        } catch (CudaException e) {
            throw new CudaFault("CUDA kernel " + describe() + " failed to launch: " + e.getMessage(), e);
        }
    }

    static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
