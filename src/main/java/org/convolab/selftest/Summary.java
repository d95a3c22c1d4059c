package org.convolab.selftest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The outcome of one part of the self-test ({@link Tally#finish}).
 *
 * @param part        "" for the filter matrix, "histograms" or "planes": the prefix of {@link #line}
 * @param passed      checks whose output matched the reference
 * @param failed      checks that did not (or threw, or accepted what they must refuse), and engine events that
 *                    make the run untrustworthy: a fall-back to the CPU, a fault the engine survived by retrying
 * @param refused     checks a strategy refused as it must (a mask or bin count it does not take): not passes
 * @param substituted checks where another strategy ran than the one asked for, by "asked that ran ran"
 */
public record Summary(String part, int passed, int failed, int refused, Map<String, Integer> substituted) {

    public Summary {
        substituted = Map.copyOf(substituted);
    }

    /** "N passed, M failed", after "part: " for the histograms and planes. */
    public String line() {
        return (part.isEmpty() ? "" : part + ": ") + passed + " passed, " + failed + " failed";
    }

    /** What else happened: refusals and substitutions, one line, or "" when nothing did. */
    public String notes() {
        List<String> parts = new ArrayList<>();
        if (refused > 0) {
            parts.add(refused + " refusals of what the strategy does not take (expected; not counted as passed)");
        }
        new TreeMap<>(substituted).forEach((k, v) -> parts.add(v + " checks of " + k));
        return parts.isEmpty() ? "" : (part.isEmpty() ? "" : part + ": ") + String.join("; ", parts);
    }
}
