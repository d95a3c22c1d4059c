package org.convolab.selftest;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.StrategyRefusedException;

/**
 * The counts of one part of the self-test, and its one rule for what passes:
 * <ul>
 * <li>a check whose strategy applies passes when its output matches, and fails when it differs or throws;</li>
 * <li>a check whose strategy does not apply must throw {@link StrategyRefusedException}: that is a refusal,
 *     counted apart (not a pass); accepting the work, or failing in another way, fails;</li>
 * <li>a fall-back to the CPU during the run fails it once (the checks after it test the CPU, not the GPU), and
 *     so do faults the engine survived by rebuilding its context and retrying.</li>
 * </ul>
 * Failures go to the consumer as one line each, starting "FAIL ".
 */
final class Tally {

    private final String part;
    private final String prefix;
    private final ConvolutionEngine engine;
    private final Consumer<String> failures;
    private final int faultsAtStart;
    private final Map<String, Integer> substituted = new TreeMap<>();
    private int passed;
    private int failed;
    private int refused;
    private boolean fallbackReported;

    /**
     * @param part   "" for the filter matrix, else the part's name in its closing line ("histograms")
     * @param prefix what names a check's kind in a failure line ("histogram ", "plane ", or "")
     */
    Tally(String part, String prefix, ConvolutionEngine engine, Consumer<String> failures) {
        this.part = part;
        this.prefix = prefix;
        this.engine = engine;
        this.failures = failures;
        this.faultsAtStart = engine.diagnostics().faultsSurvived();
    }

    /**
     * One check.
     *
     * @param name  names the check in a failure line
     * @param why   null when the strategy takes the work, else the sentence of the refusal it owes
     * @param check runs the work and returns null when the output matched, else the problem
     */
    void check(String name, String why, Supplier<String> check) {
        String problem;
        try {
            problem = check.get();
        } catch (StrategyRefusedException e) {
            if (why != null) {
                refused++;
            } else {
                fail(name, "refused: " + e.getMessage());
            }
            return;
        } catch (ConvolabException e) {
            fail(name, "error: " + e.getMessage());
            return;
        } finally {
            noteFallback();
        }
        if (why != null) {
            fail(name, "accepted what it should have refused (" + why + ")");
        } else if (problem == null) {
            passed++;
        } else {
            fail(name, problem);
        }
    }

    /** Counts a check where {@code asked} ran as {@code ran}. */
    void substituted(String asked, String ran) {
        substituted.merge(asked + " that ran " + ran, 1, Integer::sum);
    }

    private void noteFallback() {
        String fallback = engine.diagnostics().fallbackReason();
        if (fallback != null && !fallbackReported) {
            fallbackReported = true;
            failed++;
            failures.accept("FAIL " + label() + "the engine went over to the CPU during the run (" + fallback
                    + "); the checks from here on test the CPU engine, not the GPU");
        }
    }

    private void fail(String name, String problem) {
        failed++;
        failures.accept("FAIL " + prefix + name + ": " + problem);
    }

    private String label() {
        return part.isEmpty() ? "" : part + ": ";
    }

    /** The summary, after counting the faults the engine survived since the tally began. */
    Summary finish() {
        int faults = engine.diagnostics().faultsSurvived() - faultsAtStart;
        if (faults > 0) {
            failed++;
            failures.accept("FAIL " + label() + "the GPU faulted " + faults + (faults == 1 ? " time" : " times")
                    + " during the run; the engine rebuilt its context and retried, so those results came from a second try");
        }
        return new Summary(part, passed, failed, refused, substituted);
    }
}
