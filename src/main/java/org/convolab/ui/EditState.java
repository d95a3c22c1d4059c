package org.convolab.ui;

import org.convolab.core.BorderPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.Mask3D;
import org.convolab.core.OutputDepth;
import org.convolab.core.Strategy;
import org.convolab.core.VolumeStrategy;
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
 * @param volume   a 3D mask, applied over the slices of a stack (a single image is a stack of one); null for the 2D
 *                 {@code mask}. With a 3D mask, {@code mask} is its middle slice (what 2D views such as Compare use)
 */
public record EditState(Mask mask, BorderPolicy border, float divisor, float offset, boolean abs, Strategy strategy,
                        Backend backend, OutputDepth depth, Mask3D volume) {

    /** 2D settings. */
    public EditState(Mask mask, BorderPolicy border, float divisor, float offset, boolean abs, Strategy strategy,
                     Backend backend, OutputDepth depth) {
        this(mask, border, divisor, offset, abs, strategy, backend, depth, null);
    }

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

    /** These settings with a 2D mask (a 3D one is dropped). */
    public EditState withMask(Mask m) {
        return new EditState(m, border, divisor, offset, abs, strategy, backend, depth, null);
    }

    public EditState withBorder(BorderPolicy b) {
        return new EditState(mask, b, divisor, offset, abs, strategy, backend, depth, volume);
    }

    public EditState withDivisor(float d) {
        return new EditState(mask, border, d, offset, abs, strategy, backend, depth, volume);
    }

    public EditState withOffset(float o) {
        return new EditState(mask, border, divisor, o, abs, strategy, backend, depth, volume);
    }

    public EditState withAbs(boolean a) {
        return new EditState(mask, border, divisor, offset, a, strategy, backend, depth, volume);
    }

    public EditState withStrategy(Strategy s) {
        return new EditState(mask, border, divisor, offset, abs, s, backend, depth, volume);
    }

    public EditState withBackend(Backend b) {
        return new EditState(mask, border, divisor, offset, abs, strategy, b, depth, volume);
    }

    public EditState withDepth(OutputDepth d) {
        return new EditState(mask, border, divisor, offset, abs, strategy, backend, d, volume);
    }

    /** These settings with a 3D mask (its middle slice as {@link #mask}), or back to 2D with the middle slice when null. */
    public EditState withVolume(Mask3D v) {
        if (v == null) {
            return withMask(mask);
        }
        return new EditState(v.slice(v.depth() / 2), border, divisor, offset, abs, strategy, backend, depth, v);
    }

    /** Whether the mask is 3D. */
    public boolean is3d() {
        return volume != null;
    }

    /** The 3D mask the filter applies: the 3D one, or the 2D mask as one slice. */
    public Mask3D mask3d() {
        return volume != null ? volume : Mask3D.of(mask);
    }

    /** The 3D strategy of the strategy's name, or null when it has none (tiled-register, tensor...). */
    public VolumeStrategy volumeStrategy() {
        try {
            return VolumeStrategy.parse(strategy.id());
        } catch (ConvolabException e) {
            return null;
        }
    }

    /** Why these settings cannot be filtered (a strategy that does not apply to the mask), or null. */
    public String whyNotApplicable() {
        if (volume == null) {
            return strategy.whyNotApplicable(mask);
        }
        return volumeStrategy() == null ? "Strategy " + strategy.id() + " has no 3D form; with a 3D mask use naive, constant,"
                + " tiled, separable, fast, fft or auto" : null;
    }
}
