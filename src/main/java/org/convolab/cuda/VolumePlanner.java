package org.convolab.cuda;

import java.util.ArrayList;
import java.util.List;
import org.convolab.core.ConvolabException;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.Mask3D;
import org.convolab.core.SeparableMask3D;
import org.convolab.core.VolumeStrategy;

/**
 * Decides which 3D kernels run for a mask on the GPU ({@link CudaVolumeFilter}), or refuses a strategy with the
 * reason. The plan's strategies are the {@code Strategy} constants of the same names ({@link VolumeStrategy#asStrategy}).
 *
 * <p>auto's rule (to be replaced by the H100 table of {@code bench/volume_peers.py} and {@code VolumeBench}):
 * masks past {@value Mask#DIRECT_MAX_SIZE} in a dimension and non-rank-1 masks of more than
 * {@value #AUTO_FFT_TAPS} taps that have no compiled cube kernel go to fft (a direct 3D filter costs a multiply
 * per tap and voxel, 3375 for a 15x15x15 mask; the FFT's cost hardly grows with the mask); everything else runs
 * fast: rank-1 cubes of radius 1 to {@value KernelGeometry#VOL_SEP3_MAX_R} in one sweep down z with the z window in
 * registers (on an H100 faster than the compiled cube kernels and the other fused rank-1 pass), other rank-1 masks
 * in the fused x-y-z pass, other cubes of radius 1 to {@value KernelGeometry#VOL_FAST_MAX_R} in their compiled kernels.
 * Without cuFFT, auto runs fast for any direct mask.
 */
final class VolumePlanner {

    /** Taps above which auto takes fft for a non-rank-1 mask without a compiled cube kernel (7x7x7 has 343). */
    static final int AUTO_FFT_TAPS = 343;

    private VolumePlanner() {
    }

    /**
     * The plan for a mask.
     *
     * @throws ConvolabException when the strategy does not apply (the message says why and what does)
     */
    static LaunchPlan plan(VolumeStrategy requested, Mask3D mask) {
        VolumeStrategy runs = requested;
        String reason = "";
        if (requested == VolumeStrategy.AUTO) {
            runs = autoStrategy(mask);
            reason = "auto: " + autoReason(mask, runs);
        } else {
            String why = whyNot(requested, mask);
            if (why != null) {
                throw new ConvolabException(why);
            }
        }
        return new LaunchPlan(requested.asStrategy(), runs.asStrategy(), kernels(runs, mask), reason);
    }

    /** Null when the strategy applies to the mask on this GPU, else why not. */
    static String whyNot(VolumeStrategy s, Mask3D mask) {
        String size = mask.width() + "x" + mask.height() + "x" + mask.depth();
        if (s == VolumeStrategy.FFT) {
            return CuFft.problem() == null ? null : "3D strategy fft needs cuFFT: " + CuFft.problem();
        }
        if (s == VolumeStrategy.AUTO) {
            return null;
        }
        if (!mask.direct()) {
            return "3D strategy " + s.cliName() + " takes masks up to " + Mask.DIRECT_MAX_SIZE + " in each dimension; this "
                    + size + " mask runs through fft (use --strategy fft or auto)";
        }
        long taps = (long) mask.width() * mask.height() * mask.depth();
        if (s == VolumeStrategy.CONSTANT && taps > KernelGeometry.VOL_CONST_MAX) {
            return "3D strategy constant holds up to " + KernelGeometry.VOL_CONST_MAX + " weights in __constant__ memory"
                    + " (19x19x19; the 64 KiB bank is shared with the 2D masks), and this " + size + " mask has " + taps
                    + "; use naive, tiled, fast or fft";
        }
        if (s == VolumeStrategy.SEPARABLE && SeparableMask3D.of(mask).isEmpty()) {
            return "3D strategy separable needs a rank-1 mask (a product of three 1D masks); this " + size
                    + " mask is not; use fast or fft";
        }
        return null;
    }

    /** What auto runs (see the class comment). */
    static VolumeStrategy autoStrategy(Mask3D mask) {
        boolean fft = CuFft.problem() == null;
        if (!mask.direct()) {
            return VolumeStrategy.FFT;
        }
        if (SeparableMask3D.of(mask).isPresent() || cubeRadius(mask) > 0) {
            return VolumeStrategy.FAST;
        }
        long taps = (long) mask.width() * mask.height() * mask.depth();
        return fft && taps > AUTO_FFT_TAPS ? VolumeStrategy.FFT : VolumeStrategy.FAST;
    }

    private static String autoReason(Mask3D mask, VolumeStrategy runs) {
        if (!mask.direct()) {
            return "larger than " + Mask.DIRECT_MAX_SIZE + " in a dimension, fft only";
        }
        if (sep3Radius(mask) > 0) {
            return "rank-1 cube of radius " + sep3Radius(mask) + ", fast (x, y and z in one sweep down z)";
        }
        if (SeparableMask3D.of(mask).isPresent()) {
            return "rank-1 mask, fast (one fused x-y-z pass)";
        }
        if (cubeRadius(mask) > 0) {
            return "cube of radius " + cubeRadius(mask) + ", fast (compiled kernel)";
        }
        long taps = (long) mask.width() * mask.height() * mask.depth();
        return taps + " taps, " + runs.cliName() + " (fft above " + AUTO_FFT_TAPS + " taps"
                + (CuFft.problem() == null ? "" : "; no cuFFT here") + ")";
    }

    /** The radius of a cube mask with its own fast kernel (1..VOL_FAST_MAX_R), else 0. */
    static int cubeRadius(Mask3D m) {
        int r = m.radiusX();
        return r >= 1 && r <= KernelGeometry.VOL_FAST_MAX_R && m.radiusY() == r && m.radiusZ() == r ? r : 0;
    }

    /**
     * The radius of a rank-1 cube with its own one-sweep kernel (convolab_vol_sep3_rN, radius 1..VOL_SEP3_MAX_R),
     * else 0. fast and separable both run it: on an H100 it beat the compiled cube kernel at radius 1 and the
     * other rank-1 kernels at every radius (bench/results/h100-2026-11-27-h25b).
     */
    static int sep3Radius(Mask3D m) {
        int r = m.radiusX();
        boolean cube = r >= 1 && r <= KernelGeometry.VOL_SEP3_MAX_R && m.radiusY() == r && m.radiusZ() == r;
        return cube && SeparableMask3D.of(m).isPresent() ? r : 0;
    }

    /** The kernels a strategy runs for the mask, one entry a pass. */
    static List<String> kernels(VolumeStrategy s, Mask3D mask) {
        return switch (s) {
            case NAIVE -> List.of("convolab_vol_naive");
            case CONSTANT -> List.of("convolab_vol_constant");
            case TILED -> List.of("convolab_vol_tiled");
            case SEPARABLE -> sep3Radius(mask) > 0 ? List.of("convolab_vol_sep3_r" + sep3Radius(mask))
                    : List.of("convolab_vol_line (x)", "convolab_vol_line (y)", "convolab_vol_line (z)");
            case FAST -> fastKernels(mask);
            case FFT -> List.of("convolab_vol_fft_pad", "cufftExecR2C", "convolab_fft_multiply", "cufftExecC2R",
                    "convolab_vol_fft_crop");
            case AUTO -> throw new IllegalArgumentException("auto is not a kernel");
        };
    }

    private static List<String> fastKernels(Mask3D mask) {
        if (sep3Radius(mask) > 0) {
            return List.of("convolab_vol_sep3_r" + sep3Radius(mask));
        }
        if (SeparableMask3D.of(mask).isPresent()) {
            return List.of("convolab_vol_fast_sep");
        }
        int r = cubeRadius(mask);
        if (r > 0) {
            return List.of("convolab_vol_fast_r" + r);
        }
        List<String> passes = new ArrayList<>();
        for (int k0 = 0; k0 < mask.depth(); k0 += KernelGeometry.VOL_FAST_KC) {
            passes.add("convolab_vol_fast_any (mask slices " + (k0 + 1) + ".." + Math.min(mask.depth(), k0 + KernelGeometry.VOL_FAST_KC) + ")");
        }
        return passes;
    }
}
