package org.convolab.core;

/**
 * Correlates a volume (a stack of slices) with a {@link Mask3D}, ghost cells from the policy along x, y and z
 * alike. The CPU implementation is {@code cpu.CpuVolumeFilter}; an engine that has its own (the CUDA engine's
 * {@code cuda.CudaVolumeFilter}) offers it through {@link ConvolutionEngine#volumeFilter}. The double-precision
 * {@code cpu.VolumeReference} is the ground truth every implementation is tested against.
 *
 * <p>The plan's strategies are {@link Strategy} constants of the same name as the {@link VolumeStrategy} asked
 * for and run ({@link VolumeStrategy#asStrategy}).
 */
public interface VolumeFilter extends AutoCloseable {

    /**
     * Correlates a volume with the mask.
     *
     * @param voxels   {@code width * height * depth} values, slice after slice, each slice row-major
     * @param mask     the 3D mask (a 2D mask is one slice deep)
     * @param border   the ghost-cell policy, along x, y and z
     * @param strategy how to compute; {@link VolumeStrategy#AUTO} picks
     * @param sums     receives the raw sums (no divisor, offset or abs), same layout as {@code voxels}
     * @return what ran: the strategy asked for, the one that ran and why, the passes
     * @throws ConvolabException when the strategy does not apply (saying why), or the backend fails
     */
    LaunchPlan correlate(float[] voxels, int width, int height, int depth, Mask3D mask, BorderPolicy border,
                         VolumeStrategy strategy, float[] sums);

    @Override
    void close();
}
