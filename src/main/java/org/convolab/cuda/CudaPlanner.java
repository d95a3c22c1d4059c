package org.convolab.cuda;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * Decides once per filter everything that runs on the GPU: which strategy (auto picks from
 * measurements; a strategy whose kernels cannot take the mask hands over to a fall-back that can, and
 * the plan says why), then which kernels, from the variant table ({@link KernelTable}: fused ARGB or
 * planes, register or shared memory, streamed, run-time size, separable, FFT) for the sample layout,
 * with their geometry. The plan names exactly the filter kernels that run; launchers run the
 * {@link KernelStep}s as given and choose nothing.
 */
final class CudaPlanner {
    private CudaPlanner() {
    }

    /** Smallest radius at which auto prefers fast-separable for a separable mask (measured). */
    static final int AUTO_SEPARABLE_FROM_RADIUS = 3;

    /** The passes of fft on the GPU: three kernels of fft.cu around cuFFT's two transforms. */
    static final List<String> FFT_PASSES = KernelTable.FFT_PASSES;

    /**
     * Whether 8-bit images take the fused ARGB kernels where the table has one (true unless
     * -Dconvolab.cuda.fuseArgb=false, which runs the planes and the pack kernel instead, for comparing).
     */
    static final boolean FUSE_ARGB = !"false".equals(System.getProperty("convolab.cuda.fuseArgb"));

    /** The plan of one filter and the variant of the table that runs it. */
    record Decision(LaunchPlan plan, KernelVariant variant) {

        /** Whether one fused kernel reads the packed ARGB and writes the result (no planes, no pack kernel). */
        boolean fused() {
            return variant.fused();
        }

        /**
         * The work of the filter kernels for a {@code width x height} image of three channels: the bytes
         * they move ({@link KernelVariant#bytesMoved}: 8 a pixel for a fused kernel) and the FLOPs of the
         * mask as the strategy applies it.
         */
        FilterCost cost(int width, int height, Mask mask) {
            FilterCost planes = FilterCost.of(width, height, mask, plan);
            return new FilterCost(variant.bytesMoved(width, height, FilterCost.CHANNELS), planes.flops());
        }
    }

    /** A strategy that cannot take some masks, and the one that runs instead. */
    private record Fallback(Strategy strategy, Strategy instead, Function<Mask, Optional<String>> whyNot) {
    }

    private static final List<Fallback> FALLBACKS = List.of(
            new Fallback(Strategy.TILED, Strategy.TILED_OUT, CudaPlanner::whyNotTiled),
            new Fallback(Strategy.FAST_SEPARABLE, Strategy.SEPARABLE_TILED, m -> compiled(m) || large(m) ? Optional.empty()
                    : Optional.of("its kernels are compiled for square masks of radius 0 to " + KernelGeometry.FAST_MAX_COMPILED_R
                            + " (and wide ones past " + Mask.DIRECT_MAX_SIZE + "x" + Mask.DIRECT_MAX_SIZE + "), not " + size(m))),
            // cuFFT comes from the host's CUDA libraries; without it the direct kernels run.
            new Fallback(Strategy.FFT, Strategy.FAST, m -> Optional.ofNullable(CuFft.problem())));


    /**
     * The plan for {@code requested} (auto or concrete) and the mask on float planes; the caller has checked
     * that the strategy applies to the mask (separable strategies need a separable one).
     */
    static LaunchPlan plan(Strategy requested, Mask mask) {
        return decide(requested, mask, SampleLayout.PLANES, true, false).plan();
    }

    /**
     * The plan and variant of a filter of the spec in the layout: on {@link SampleLayout#ARGB8} with
     * {@code fuse} on, a fused kernel where the table has one for the mask and the spec's output mapping.
     */
    static Decision decide(Strategy requested, FilterSpec spec, SampleLayout layout, boolean fuse) {
        return decide(requested, spec.mask(), layout, identityMapping(spec), fuse);
    }

    /** True where the spec's output mapping is the identity (divisor 1, offset 0, no abs), as the kernels test it. */
    static boolean identityMapping(FilterSpec spec) {
        return spec.divisor() == 1f && spec.offset() == 0f && !spec.abs();
    }

    /** The variant of the table for a concrete strategy (tests and the plane filter's launchers). */
    static KernelVariant variant(Strategy runs, Mask mask, SampleLayout layout, boolean identityMapping, boolean fuse) {
        return KernelTable.variant(new KernelTable.Request(runs, mask, layout, identityMapping, fuse));
    }

    private static Decision decide(Strategy requested, Mask mask, SampleLayout layout, boolean identityMapping, boolean fuse) {
        Strategy runs = requested;
        String reason = "";
        if (requested == Strategy.AUTO) {
            runs = autoStrategy(mask);
            reason = autoReason(mask, runs);
        }
        for (Fallback f : FALLBACKS) {
            if (f.strategy() == runs) {
                Optional<String> why = f.whyNot().apply(mask);
                if (why.isPresent() && large(mask)) {
                    // no direct kernel takes it: nothing to fall back to
                    throw new ConvolabException("a " + size(mask) + " mask runs only through fft on the GPU (direct kernels take"
                            + " up to " + Mask.DIRECT_MAX_SIZE + "x" + Mask.DIRECT_MAX_SIZE + "), and " + runs.id() + " cannot run: "
                            + why.get() + "; use --backend cpu");
                }
                if (why.isPresent()) {
                    String step = runs.id() + " → " + f.instead().id() + ": " + why.get();
                    reason = reason.isEmpty() ? step : reason + "; " + step;
                    runs = f.instead();
                }
            }
        }
        KernelVariant variant = variant(runs, mask, layout, identityMapping, fuse);
        return new Decision(new LaunchPlan(requested, runs, variant.kernels(), reason), variant);
    }

    /** A square mask whose radius has kernels compiled for it (fast, fast-separable). */
    private static boolean compiled(Mask m) {
        return m.width() == m.height() && m.radiusX() <= KernelGeometry.FAST_MAX_COMPILED_R;
    }

    /**
     * The strategy auto picks for a mask on the GPU, from the board's measurements on an H200
     * (docs/BENCHMARKS.md): fast was the fastest 2D strategy at every radius; for separable masks
     * fast-separable was faster from radius 3 up (4096² and 8192²), fast at radius 0 to 2. Masks
     * that are not separable take fft from {@link #AUTO_FFT_FROM_TAPS} taps where cuFFT loads. Separable
     * masks past 63x63 take fast-separable's wide kernels (wide_separable.cu): 2(2r+1) taps a pixel, where
     * fft paid for the transforms and cuFFT's first-use loading.
     */
    static Strategy autoStrategy(Mask mask) {
        if (large(mask)) {
            // past 63x63: a separable mask through the wide rows-then-columns kernels, any other through fft
            return mask.separable().isPresent() ? Strategy.FAST_SEPARABLE : Strategy.FFT;
        }
        if (separableFromRadius(mask)) {
            return Strategy.FAST_SEPARABLE;
        }
        return fftByTaps(mask) ? Strategy.FFT : Strategy.FAST;
    }

    /**
     * Taps (width x height) of a mask that is not separable from which auto runs fft. Measured on an
     * H100 at 4096² RGB, mirror (bench/results/h100-2026-11-22/perf.csv): fft took 2.12 ms at 15x15 and
     * 2.48 ms from 31x31 to 63x63; fast took 3.36 ms at 31x31 (961 taps, about 3.5 µs a tap), 1.53 ms at
     * 63x5 (315 taps). Their times cross at about 700 taps.
     */
    static final int AUTO_FFT_FROM_TAPS = 700;

    private static boolean fftByTaps(Mask mask) {
        return mask.separable().isEmpty() && mask.width() * mask.height() >= AUTO_FFT_FROM_TAPS && CuFft.problem() == null;
    }

    /** Wider or taller than the direct kernels take. */
    static boolean large(Mask mask) {
        return mask.width() > Mask.DIRECT_MAX_SIZE || mask.height() > Mask.DIRECT_MAX_SIZE;
    }

    private static boolean separableFromRadius(Mask mask) {
        return mask.separable().isPresent() && Math.max(mask.radiusX(), mask.radiusY()) >= AUTO_SEPARABLE_FROM_RADIUS;
    }

    private static String autoReason(Mask mask, Strategy runs) {
        if (large(mask) && runs == Strategy.FAST_SEPARABLE) {
            return "auto: a separable " + size(mask) + " mask, past the 2D kernels' " + Mask.DIRECT_MAX_SIZE + "x"
                    + Mask.DIRECT_MAX_SIZE + ": wide rows then columns";
        }
        if (large(mask)) {
            return "auto: a " + size(mask) + " mask, past the direct kernels' " + Mask.DIRECT_MAX_SIZE + "x" + Mask.DIRECT_MAX_SIZE;
        }
        if (runs == Strategy.FAST_SEPARABLE) {
            return "auto: separable mask of radius " + AUTO_SEPARABLE_FROM_RADIUS + " or more";
        }
        if (runs == Strategy.FFT) {
            return "auto: mask not separable, " + mask.width() * mask.height() + " taps (fft from " + AUTO_FFT_FROM_TAPS + ")";
        }
        return mask.separable().isPresent() ? "auto: separable mask of radius below " + AUTO_SEPARABLE_FROM_RADIUS
                : "auto: mask not separable";
    }

    /** The filter kernels a concrete strategy runs for the mask on float planes, one a pass. */
    static List<String> kernels(Strategy runs, Mask mask) {
        if (runs == Strategy.AUTO) {
            throw new IllegalArgumentException("auto has no kernels of its own");
        }
        return variant(runs, mask, SampleLayout.PLANES, true, false).kernels();
    }

    /** Why tiled does not run the mask: no input tile fits a block, or too few of its threads would compute. */
    private static Optional<String> whyNotTiled(Mask m) {
        int[] tile = TiledLauncher.inputTile(m);
        if (tile == null) {
            return Optional.of("no input tile of at most " + TiledLauncher.MAX_THREADS + " threads fits a " + size(m) + " mask");
        }
        int computing = TiledLauncher.computingThreads(m);
        if (computing < TiledLauncher.MIN_COMPUTING_THREADS) {
            return Optional.of("a " + size(m) + " mask leaves a " + tile[0] + "x" + tile[1] + " input tile " + computing
                    + " computing threads of " + tile[0] * tile[1] + " (the rest is halo)");
        }
        return Optional.empty();
    }

    private static String size(Mask m) {
        return m.width() + "x" + m.height();
    }
}
