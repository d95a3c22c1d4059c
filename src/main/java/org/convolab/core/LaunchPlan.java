package org.convolab.core;

import java.util.List;
import java.util.Objects;

/**
 * What a backend decided to run for one filter, decided once from the requested strategy and the
 * mask: the strategy asked for, the one that runs, the kernels (or CPU paths) it runs one pass
 * each, and why the strategy differs from the one asked for when it does (for the timing overlay
 * and the CLI). Free of backend types.
 *
 * @param requested the strategy asked for (may be {@link Strategy#AUTO})
 * @param runs      the concrete strategy that runs
 * @param kernels   what runs, in order, one entry a pass: CUDA kernel names, or the CPU engine's
 *                  paths; empty where the backend does not say
 * @param fused     true where the kernels read the packed 8-bit ARGB words and write the packed result
 *                  themselves (one fused kernel: no float planes, no pack kernel), as the planner decided;
 *                  {@link FilterCost} counts their bytes from it
 * @param reason    why {@code runs} was chosen when it is not {@code requested}, one step after another
 *                  ("tiled → tiled-out: no input tile ... fits a 41x41 mask"); empty otherwise
 * @param launches  the launches as they ran, with their geometry ("convolab_fast2d_r3 (grid 32x171x3,
 *                  block 32x8, 0 B shared)"), each distinct launch once; empty until the filter ran
 *                  (the geometry depends on the image size and, for some kernels, the device)
 */
public record LaunchPlan(Strategy requested, Strategy runs, List<String> kernels, boolean fused, String reason,
                         List<String> launches) {

    public LaunchPlan {
        Objects.requireNonNull(requested, "requested");
        Objects.requireNonNull(runs, "runs");
        Objects.requireNonNull(reason, "reason");
        kernels = List.copyOf(kernels);
        launches = List.copyOf(launches);
        if (runs == Strategy.AUTO) {
            throw new IllegalArgumentException("a plan runs a concrete strategy, not auto");
        }
    }

    /** A plan decided before the filter runs: no launch geometry yet. */
    public LaunchPlan(Strategy requested, Strategy runs, List<String> kernels, boolean fused, String reason) {
        this(requested, runs, kernels, fused, reason, List.of());
    }

    /** A plan of kernels that read and write float planes (or CPU paths), decided before the filter runs. */
    public LaunchPlan(Strategy requested, Strategy runs, List<String> kernels, String reason) {
        this(requested, runs, kernels, false, reason);
    }

    /** This plan with the launches as they ran. */
    public LaunchPlan withLaunches(List<String> ran) {
        return new LaunchPlan(requested, runs, kernels, fused, reason, ran.stream().distinct().toList());
    }

    /** A plan that runs exactly what was asked for. */
    public static LaunchPlan exactly(Strategy strategy) {
        return new LaunchPlan(strategy, strategy, List.of(), "");
    }

    /** How many passes over the image the filter makes (one a kernel). */
    public int passes() {
        return kernels.size();
    }

    /** True when a concrete strategy was asked for and another one runs. */
    public boolean fellBack() {
        return requested != Strategy.AUTO && requested != runs;
    }

    /**
     * What ran, as every report names it (bench's runs column, the overlay, Compare's "What ran", {@code --timings}):
     * the kernels or CPU paths joined by " + ", or the strategy where the backend names none.
     */
    public String describeKernels() {
        return kernels.isEmpty() ? runs.id() : String.join(" + ", kernels);
    }

    /** One line for people: "fast", or "tiled-out (tiled → tiled-out: why)". */
    public String describe() {
        return reason.isEmpty() ? runs.id() : runs.id() + " (" + reason + ")";
    }
}
