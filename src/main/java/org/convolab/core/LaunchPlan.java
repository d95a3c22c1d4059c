package org.convolab.core;

import java.util.Objects;

/**
 * What a backend decided to run for one filter, decided once from the requested strategy and the
 * mask: the strategy asked for, the one that runs, and why they differ when they do (for the
 * timing overlay and the CLI). Free of backend types.
 *
 * @param requested the strategy asked for (may be {@link Strategy#AUTO})
 * @param runs      the concrete strategy that runs
 * @param reason    why {@code runs} was chosen when it is not {@code requested}, one step after another
 *                  ("tiled → tiled-out: no input tile ... fits a 41x41 mask"); empty otherwise
 */
public record LaunchPlan(Strategy requested, Strategy runs, String reason) {

    public LaunchPlan {
        Objects.requireNonNull(requested, "requested");
        Objects.requireNonNull(runs, "runs");
        Objects.requireNonNull(reason, "reason");
        if (runs == Strategy.AUTO) {
            throw new IllegalArgumentException("a plan runs a concrete strategy, not auto");
        }
    }

    /** A plan that runs exactly what was asked for. */
    public static LaunchPlan exactly(Strategy strategy) {
        return new LaunchPlan(strategy, strategy, "");
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
