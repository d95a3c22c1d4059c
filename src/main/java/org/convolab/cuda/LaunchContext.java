package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;

/**
 * What a launcher needs for one filter: the module and stream, the image size, the spec, a global
 * copy of the mask, a scratch plane, and how many planes a launch over all channels takes
 * ({@link #RGB} for an image, 1 for a plane of {@link CudaPlaneFilter}).
 */
record LaunchContext(CudaModule module, CUstream stream, int width, int height, FilterSpec spec,
                     CUdeviceptr globalMask, CUdeviceptr scratch, int channels) {

    /** The planes of an image: red, green and blue. */
    static final int RGB = 3;

    Mask mask() {
        return spec.mask();
    }

    int policy() {
        return spec.border().code();
    }

    float constant() {
        return spec.border().constant();
    }

    /**
     * Adds the arguments every 2D kernel takes first: {@code (in, out, w, h, mw, mh, policy, cval)}.
     */
    KernelLaunch planeArgs(KernelLaunch launch, CUdeviceptr in, CUdeviceptr out) {
        return launch.ptr(in).ptr(out).i(width).i(height).i(mask().width()).i(mask().height()).i(policy()).f(constant());
    }
}
