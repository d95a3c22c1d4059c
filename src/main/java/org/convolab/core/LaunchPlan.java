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
 * @param reason    why {@code runs} was chosen when it is not {@code requested}, one step after another
 *                  ("tiled → tiled-out: no input tile ... fits a 41x41 mask"); empty otherwise
 */
public record LaunchPlan(Strategy requested, Strategy runs, List<String> kernels, String reason) {

    public LaunchPlan {
        Objects.requireNonNull(requested, "requested");
        Objects.requireNonNull(runs, "runs");
        Objects.requireNonNull(reason, "reason");
        kernels = List.copyOf(kernels);
        if (runs == Strategy.AUTO) {
            throw new IllegalArgumentException("a plan runs a concrete strategy, not auto");
        }
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

    /** One line for people: "fast", or "tiled-out (tiled → tiled-out: why)". */
    public String describe() {
        return reason.isEmpty() ? runs.id() : runs.id() + " (" + reason + ")";
    }
}
