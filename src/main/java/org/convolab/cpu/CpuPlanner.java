package org.convolab.cpu;

import java.util.List;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Mask;
import org.convolab.core.Strategy;

/**
 * Decides once per filter which path the CPU engine takes. The CPU has three: rows then columns
 * (strategies that need a rank-1 mask), the direct 2D loop, and FFT correlation ({@link FftConvolver},
 * strategy fft). A GPU strategy name only selects one of them. auto takes rows then columns whenever
 * the mask is separable, the FFT for other masks of at least {@link FftConvolver#CROSSOVER_TAPS}
 * taps (where it measured faster), else the 2D loop.
 */
final class CpuPlanner {
    /** The CPU engine's passes, named in the plan. */
    static final String ROWS = "cpu-rows";
    static final String COLUMNS = "cpu-columns";
    static final String TWO_D = "cpu-2d";
    static final String FFT = "cpu-fft";

    private CpuPlanner() {
    }

    /** The plan for {@code requested} on the mask; the caller has checked that the strategy applies. */
    static LaunchPlan plan(Strategy requested, Mask mask) {
        Strategy runs = requested;
        String reason = "";
        if (requested == Strategy.AUTO) {
            int taps = mask.width() * mask.height();
            if (mask.separable().isPresent()) {
                runs = Strategy.FAST_SEPARABLE;
                reason = "auto: separable mask, rows then columns";
            } else if (taps >= FftConvolver.CROSSOVER_TAPS) {
                runs = Strategy.FFT;
                reason = "auto: mask not separable, " + taps + " taps (FFT from " + FftConvolver.CROSSOVER_TAPS + ")";
            } else {
                runs = Strategy.FAST;
                reason = "auto: mask not separable, 2D";
            }
        }
        return new LaunchPlan(requested, runs, passes(runs), reason);
    }

    /**
     * The plan of {@link CpuPlaneFilter}: the engine's ({@link #plan}), with the same three paths (rows then
     * columns, the 2D loop, the FFT).
     */
    static LaunchPlan planePlan(Strategy requested, Mask mask) {
        return plan(requested, mask);
    }

    /** The CPU paths a concrete strategy runs, one a pass. */
    static List<String> passes(Strategy runs) {
        if (runs == Strategy.FFT) {
            return List.of(FFT);
        }
        return runs.needsSeparable() ? List.of(ROWS, COLUMNS) : List.of(TWO_D);
    }
}
