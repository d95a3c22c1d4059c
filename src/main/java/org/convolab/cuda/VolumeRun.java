package org.convolab.cuda;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.convolab.core.Mask3D;

/**
 * One 3D filter on the device, as the volume launchers see it: where the voxels are, where the sums go, the
 * scratch volume (separable's middle pass; null when none), the mask's weights in global memory, the sizes and
 * the policy.
 */
record VolumeRun(CudaModule module, CUstream stream, CUdeviceptr in, CUdeviceptr out, CUdeviceptr scratch,
                 CUdeviceptr maskWeights, int width, int height, int depth, Mask3D mask, int policy, float constant) {

    /** "a 512x512x512 volume". */
    String describe() {
        return "a " + width + "x" + height + "x" + depth + " volume";
    }
}
