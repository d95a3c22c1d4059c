package org.convolab.cuda;

/**
 * One launch the planner decided: the kernel and its geometry ({@code grid} x, y, z; {@code block}
 * x, y; dynamic shared memory), and for the streamed kernel the rows a block walks. A library call
 * (cuFFT's transforms) has no geometry: {@link #library} is true and the launch log does not list it.
 *
 * @param kernel      the kernel's name in the fatbin, or the library call ("cufft R2C")
 * @param rowsPerBlock rows a block walks down (the streamed kernel's {@code chunk} argument), else 0
 */
record KernelStep(String kernel, int gx, int gy, int gz, int bx, int by, int sharedBytes, int rowsPerBlock) {

    /** A kernel launch of this geometry. */
    static KernelStep of(String kernel, int gx, int gy, int gz, int bx, int by, int sharedBytes) {
        return new KernelStep(kernel, gx, gy, gz, bx, by, sharedBytes, 0);
    }

    /** A library call: no geometry of ours. */
    static KernelStep library(String call) {
        return new KernelStep(call, 0, 0, 0, 0, 0, 0, 0);
    }

    boolean library() {
        return bx == 0;
    }

    /** As the launch log and {@code LaunchPlan.launches} write it: "convolab_tiled (grid 128x128, block 32x32, 4096 B shared)". */
    String describe() {
        if (library()) {
            return kernel;
        }
        return kernel + " (grid " + gx + "x" + gy + (gz > 1 ? "x" + gz : "") + ", block " + bx + "x" + by + ", " + sharedBytes
                + " B shared)";
    }

    /** The launch of this step, its arguments still to add. */
    KernelLaunch launch() {
        if (library()) {
            throw new IllegalStateException(kernel + " is a library call, not a kernel launch");
        }
        return new KernelLaunch(kernel).grid(gx, gy, gz).block(bx, by).sharedBytes(sharedBytes);
    }
}
