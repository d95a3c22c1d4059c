package org.convolab.cuda;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * Decides once per filter everything that runs on the GPU: which strategy (auto picks from
 * measurements, {@link AutoTable}; a strategy whose kernels cannot take the mask, or that the device
 * cannot run, hands over to a fall-back that can, and the plan says why), then which kernels, from the
 * variant table ({@link KernelTable}: fused ARGB or
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
         * The work of the filter kernels for a {@code width x height} image of three channels, as
         * {@link FilterCost#of(int, int, Mask, LaunchPlan)} counts it from the plan (8 bytes a pixel for a fused kernel).
         */
        FilterCost cost(int width, int height, Mask mask) {
            return FilterCost.of(width, height, mask, plan);
        }
    }

    /**
     * What the planner knows of the GPU: its compute capability, or {@link #UNKNOWN} (a plan made without a device:
     * auto then never picks tensor, and an explicit tensor is left to its launcher, which says why a device cannot).
     */
    record Capability(int major, int minor) {
        static final Capability UNKNOWN = new Capability(-1, -1);

        static Capability of(CudaDeviceInfo device) {
            return new Capability(device.major(), device.minor());
        }

        /** Why tensor cannot run on this device; empty where it can, or where the device is not known. */
        Optional<String> whyNotTensor() {
            return major < 0 ? Optional.empty() : Optional.ofNullable(TensorLauncher.whyNotDevice(major, minor));
        }

        /** Whether the device is known to run tensor (mma.sync and ldmatrix: compute capability 7.5 or newer). */
        boolean runsTensor() {
            return major >= 0 && whyNotTensor().isEmpty();
        }
    }

    /** A strategy that cannot take some masks (or devices), and the one that runs instead. */
    private record Fallback(Strategy strategy, Strategy instead, BiFunction<Mask, Capability, Optional<String>> whyNot) {
    }

    private static final List<Fallback> FALLBACKS = List.of(
            new Fallback(Strategy.TILED, Strategy.TILED_OUT, (m, gpu) -> whyNotTiled(m)),
            new Fallback(Strategy.FAST_SEPARABLE, Strategy.SEPARABLE_TILED, (m, gpu) -> compiled(m) || large(m) ? Optional.empty()
                    : Optional.of("its kernels are compiled for square masks of radius 0 to " + KernelGeometry.FAST_MAX_COMPILED_R
                            + " (and wide ones past " + Mask.DIRECT_MAX_SIZE + "x" + Mask.DIRECT_MAX_SIZE + "), not " + size(m))),
            // mma.sync and ldmatrix need a Turing or newer GPU; older ones run fast
            new Fallback(Strategy.TENSOR, Strategy.FAST, (m, gpu) -> gpu.whyNotTensor()),
            // cuFFT comes from the host's CUDA libraries; without it the direct kernels run.
            new Fallback(Strategy.FFT, Strategy.FAST, (m, gpu) -> Optional.ofNullable(CuFft.problem())));


    /**
     * The plan for {@code requested} (auto or concrete) and the mask on float planes; the caller has checked
     * that the strategy applies to the mask (separable strategies need a separable one).
     */
    static LaunchPlan plan(Strategy requested, Mask mask) {
        return plan(requested, mask, Capability.UNKNOWN);
    }

    /** The plan on float planes for a device of the capability. */
    static LaunchPlan plan(Strategy requested, Mask mask, Capability gpu) {
        return decide(requested, mask, SampleLayout.PLANES, true, false, gpu, false).plan(); // planes: one tensor kernel
    }

    /**
     * The plan and variant of a filter of the spec in the layout: on {@link SampleLayout#ARGB8} with
     * {@code fuse} on, a fused kernel where the table has one for the mask and the spec's output mapping.
     */
    static Decision decide(Strategy requested, FilterSpec spec, SampleLayout layout, boolean fuse) {
        return decide(requested, spec, layout, fuse, Capability.UNKNOWN);
    }

    /** As {@link #decide(Strategy, FilterSpec, SampleLayout, boolean)}, for a device of the capability. */
    static Decision decide(Strategy requested, FilterSpec spec, SampleLayout layout, boolean fuse, Capability gpu) {
        return decide(requested, spec.mask(), layout, identityMapping(spec), fuse, gpu, !TensorLauncher.highHalvesSuffice(spec));
    }

    /**
     * What tensor's ARGB kernels cost against the table's time where the spec needs the weights' low halves too (two
     * MMAs a block: {@link TensorLauncher#highHalvesSuffice} false, e.g. a strong sharpen whose sum |w| is over about 4
     * times the divisor, with weights that are not FP16 numbers). The board's random masks (positive weights) ran one
     * MMA a block; bench/tensor_check.cu measured the two-MMA kernels 1.44x (r = 3), 1.46x (4), 1.54x (7) and 1.58x
     * (10) their time (H100, 4096² mirror: bench/results/h100-2026-11-27-round8/tc-minb.txt). Auto takes the smallest.
     */
    static final double TENSOR_TWO_MMA_COST = 1.44;

    /** True where the spec's output mapping is the identity (divisor 1, offset 0, no abs), as the kernels test it. */
    static boolean identityMapping(FilterSpec spec) {
        return spec.divisor() == 1f && spec.offset() == 0f && !spec.abs();
    }

    /** The variant of the table for a concrete strategy (tests and the plane filter's launchers). */
    static KernelVariant variant(Strategy runs, Mask mask, SampleLayout layout, boolean identityMapping, boolean fuse) {
        return KernelTable.variant(new KernelTable.Request(runs, mask, layout, identityMapping, fuse));
    }

    private static Decision decide(Strategy requested, Mask mask, SampleLayout layout, boolean identityMapping, boolean fuse,
                                   Capability gpu, boolean tensorTwoMma) {
        Strategy runs = requested;
        String reason = "";
        if (requested == Strategy.AUTO) {
            Auto auto = auto(mask, measuredLayout(layout, fuse), gpu, tensorTwoMma);
            runs = auto.runs();
            reason = auto.reason();
        }
        for (Fallback f : FALLBACKS) {
            if (f.strategy() == runs) {
                Optional<String> why = f.whyNot().apply(mask, gpu);
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
        return new Decision(new LaunchPlan(requested, runs, variant.kernels(), variant.fused(), reason), variant);
    }

    /** A square mask whose radius has kernels compiled for it (fast, fast-separable). */
    private static boolean compiled(Mask m) {
        return m.width() == m.height() && m.radiusX() <= KernelGeometry.FAST_MAX_COMPILED_R;
    }

    /**
     * The strategy auto picks for a mask on float planes of a device not known (tensor not among them): see
     * {@link #auto}.
     */
    static Strategy autoStrategy(Mask mask) {
        return auto(mask, SampleLayout.PLANES, Capability.UNKNOWN).runs();
    }

    /** What auto runs and why. */
    record Auto(Strategy runs, String reason) {
    }

    /** The layout whose measurements apply: the fused kernels' for packed ARGB with fusing on, else the planes'. */
    static SampleLayout measuredLayout(SampleLayout layout, boolean fuse) {
        return layout == SampleLayout.ARGB8 && fuse ? SampleLayout.ARGB8 : SampleLayout.PLANES;
    }

    /**
     * Auto's pick for a mask on the GPU. Past 63x63 a separable mask takes fast-separable's wide kernels, any other fft.
     * Separable masks: fast-separable from radius
     * {@value #AUTO_SEPARABLE_FROM_RADIUS} (the board: faster there at 4096² and 8192²), fast below. Any other mask:
     * the fastest strategy measured on the nearest mask of the layout's rows in {@link AutoTable} that can run here
     * (tensor where the device is known to have mma.sync, fft where cuFFT loads; fast always).
     */
    static Auto auto(Mask mask, SampleLayout layout, Capability gpu) {
        return auto(mask, layout, gpu, false);
    }

    /**
     * As {@link #auto(Mask, SampleLayout, Capability)}; {@code tensorTwoMma}: on the ARGB rows, tensor's time counts
     * {@link #TENSOR_TWO_MMA_COST} times (the spec needs two MMAs a block, the board measured one).
     */
    static Auto auto(Mask mask, SampleLayout layout, Capability gpu, boolean tensorTwoMma) {
        if (large(mask) && mask.separable().isPresent()) {
            // wide_separable.cu: 2(2r+1) taps a pixel, where fft paid for the transforms and cuFFT's first-use loading
            return new Auto(Strategy.FAST_SEPARABLE, "auto: a separable " + size(mask) + " mask, past the 2D kernels' "
                    + Mask.DIRECT_MAX_SIZE + "x" + Mask.DIRECT_MAX_SIZE + ": wide rows then columns");
        }
        if (large(mask)) {
            return new Auto(Strategy.FFT, "auto: a " + size(mask) + " mask, past the direct kernels' " + Mask.DIRECT_MAX_SIZE + "x"
                    + Mask.DIRECT_MAX_SIZE);
        }
        if (mask.separable().isPresent()) {
            return separableFromRadius(mask)
                    ? new Auto(Strategy.FAST_SEPARABLE, "auto: separable mask of radius " + AUTO_SEPARABLE_FROM_RADIUS + " or more")
                    : new Auto(Strategy.FAST, "auto: separable mask of radius below " + AUTO_SEPARABLE_FROM_RADIUS);
        }
        Predicate<Strategy> runnable = s -> s == Strategy.FAST || (s == Strategy.TENSOR && gpu.runsTensor())
                || (s == Strategy.FFT && CuFft.problem() == null);
        boolean scaled = tensorTwoMma && layout == SampleLayout.ARGB8;
        Optional<AutoTable.Row> row = AutoTable.measured().nearest(layout, mask)
                .map(r -> scaled ? r.scaled(Strategy.TENSOR, TENSOR_TWO_MMA_COST) : r);
        Strategy runs = row.flatMap(r -> r.fastest(runnable)).orElse(Strategy.FAST);
        return new Auto(runs, "auto: mask not separable; " + row.map(r -> "fastest here of those measured on " + r.describe()
                + " (" + layout.name().toLowerCase(Locale.ROOT) + (scaled ? "; tensor's time x" + TENSOR_TWO_MMA_COST
                        + ": these weights take two MMAs a block" : "") + ")").orElse("no measurement, fast"));
    }

    /** Wider or taller than the direct kernels take. */
    static boolean large(Mask mask) {
        return mask.width() > Mask.DIRECT_MAX_SIZE || mask.height() > Mask.DIRECT_MAX_SIZE;
    }

    private static boolean separableFromRadius(Mask mask) {
        return mask.separable().isPresent() && Math.max(mask.radiusX(), mask.radiusY()) >= AUTO_SEPARABLE_FROM_RADIUS;
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
