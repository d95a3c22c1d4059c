package org.convolab.ui;

import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.OutputDepth;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;

/**
 * Everything the user edits, as one immutable value: the unit of undo and redo, and the input of a
 * filter run.
 *
 * @param mask     the weights as edited (normalise and flip act on them directly)
 * @param border   ghost-cell policy
 * @param divisor  output divisor (not 0)
 * @param offset   output offset
 * @param abs      absolute value of the sum first
 * @param strategy how to run
 * @param backend  CUDA or CPU (auto: CUDA when usable)
 * @param depth    the output's sample format ({@code --depth}): the input's, 8 or 16 bits, or float (exact, signed)
 */
public record EditState(Mask mask, BorderPolicy border, float divisor, float offset, boolean abs, Strategy strategy,
                        Backend backend, OutputDepth depth) {

    /** Settings whose output has the input's depth. */
    public EditState(Mask mask, BorderPolicy border, float divisor, float offset, boolean abs, Strategy strategy,
                     Backend backend) {
        this(mask, border, divisor, offset, abs, strategy, backend, OutputDepth.SAME);
    }

    /** A Gaussian blur with mirror ghost cells, the strategy and backend chosen automatically. */
    public static EditState initial() {
        return new EditState(org.convolab.core.MaskPresets.parse(MainModel.INITIAL_PRESET), BorderPolicy.parse("mirror"), 1f, 0f, false,
                Strategy.AUTO, Backend.AUTO);
    }

    public FilterSpec spec() {
        return new FilterSpec(mask, border, divisor, offset, abs);
    }

    public EditState withMask(Mask m) {
        return new EditState(m, border, divisor, offset, abs, strategy, backend, depth);
    }

    public EditState withBorder(BorderPolicy b) {
        return new EditState(mask, b, divisor, offset, abs, strategy, backend, depth);
    }

    public EditState withDivisor(float d) {
        return new EditState(mask, border, d, offset, abs, strategy, backend, depth);
    }

    public EditState withOffset(float o) {
        return new EditState(mask, border, divisor, o, abs, strategy, backend, depth);
    }

    public EditState withAbs(boolean a) {
        return new EditState(mask, border, divisor, offset, a, strategy, backend, depth);
    }

    public EditState withStrategy(Strategy s) {
        return new EditState(mask, border, divisor, offset, abs, s, backend, depth);
    }

    public EditState withBackend(Backend b) {
        return new EditState(mask, border, divisor, offset, abs, strategy, b, depth);
    }

    public EditState withDepth(OutputDepth d) {
        return new EditState(mask, border, divisor, offset, abs, strategy, backend, d);
    }
}
