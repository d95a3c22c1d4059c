package org.convolab.cpu;

import java.util.List;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * Decides once per filter which path the CPU engine takes: rows then columns for strategies that
 * need a rank-1 mask, the 2D loop for the others. The CPU has one implementation of each path, so a
 * GPU strategy name only selects the path; auto takes the separable path whenever the mask allows.
 */
final class CpuPlanner {
    /** The CPU engine's passes, named in the plan. */
    static final String ROWS = "cpu-rows";
    static final String COLUMNS = "cpu-columns";
    static final String TWO_D = "cpu-2d";

    private CpuPlanner() {
    }

    /** The plan for {@code requested} on the mask; the caller has checked that the strategy applies. */
    static LaunchPlan plan(Strategy requested, Mask mask) {
        boolean separable = mask.separable().isPresent();
        Strategy runs = requested;
        String reason = "";
        if (requested == Strategy.AUTO) {
            runs = separable ? Strategy.FAST_SEPARABLE : Strategy.FAST;
            reason = separable ? "auto: separable mask, rows then columns" : "auto: mask not separable, 2D";
        }
        List<String> passes = runs.needsSeparable() ? List.of(ROWS, COLUMNS) : List.of(TWO_D);
        return new LaunchPlan(requested, runs, passes, reason);
    }
}
