package org.convolab.cuda;

import java.util.function.ToIntFunction;
import org.convolab.core.Mask;

/**
 * The tuning of one compiled kernel variant, as geometry.cuh compiles it (as CUB's tuning policies
 * are records of block size, items per thread and the like): its block, the outputs a thread
 * computes along x and down a column, the blocks per SM its {@code __launch_bounds__} asks for (0:
 * none; Turing gets at most {@link KernelGeometry#TURING_MAX_MINB}) and its dynamic shared memory
 * for a mask. {@link CudaPlanner} sizes every launch from these.
 *
 * @param kernels        the kernels it tunes, for people ("convolab_fast2d_r0..r2")
 * @param bx             threads a block along x
 * @param by             threads a block along y
 * @param px             outputs a thread along x
 * @param py             outputs a thread down a column
 * @param minBlocksPerSm blocks an SM the kernel is compiled for; 0 where it has no such bound
 * @param sharedBytes    dynamic shared memory of a block for the mask, bytes
 */
record KernelPolicy(String kernels, int bx, int by, int px, int py, int minBlocksPerSm, ToIntFunction<Mask> sharedBytes) {

    /** For kernels with static shared memory only. */
    static final ToIntFunction<Mask> NO_SHARED = m -> 0;

    /** Outputs a block computes along x. */
    int outputsX() {
        return bx * px;
    }

    /** Outputs a block computes down a column. */
    int outputsY() {
        return by * py;
    }

    int sharedBytes(Mask m) {
        return sharedBytes.applyAsInt(m);
    }
}
