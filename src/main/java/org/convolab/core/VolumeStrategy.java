package org.convolab.core;

import java.util.Locale;

/**
 * How a 3D mask is applied to a volume (a stack of slices): the course's 2D strategies carried into three
 * dimensions. The CPU engine and the CUDA engine each run the strategies they have and refuse the others with
 * the reason. A strategy says <em>how</em>; the mask, policy and output mapping say <em>what</em>.
 */
public enum VolumeStrategy {
    NAIVE("naive", "one thread per voxel, mask in global memory"),
    CONSTANT("constant", "one thread per voxel, mask in __constant__ memory"),
    TILED("tiled", "a shared-memory brick with its halo, one output per thread"),
    SEPARABLE("separable", "three 1D passes (x, y, z) for rank-1 masks"),
    FAST("fast", "a slab in shared memory per z step, outputs slide along z in registers (register blocking)"),
    FFT("fft", "3D FFT correlation: pad with the ghost cells, transform, multiply, transform back"),
    AUTO("auto", "the fastest strategy for the mask, by measurement");

    private final String cliName;
    private final String description;

    VolumeStrategy(String cliName, String description) {
        this.cliName = cliName;
        this.description = description;
    }

    /** The name on the command line. */
    public String cliName() {
        return cliName;
    }

    /** One line: how this strategy computes. */
    public String description() {
        return description;
    }

    /** The 2D {@link Strategy} of the same name, as a {@link LaunchPlan} records it. */
    public Strategy asStrategy() {
        return Strategy.valueOf(name());
    }

    /**
     * Parses a command-line name.
     *
     * @throws ConvolabException naming the accepted values
     */
    public static VolumeStrategy parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (VolumeStrategy v : values()) {
            if (v.cliName.equals(s)) {
                return v;
            }
        }
        throw new ConvolabException("unknown 3D strategy '" + text
                + "' (use naive, constant, tiled, separable, fast, fft or auto)");
    }
}
