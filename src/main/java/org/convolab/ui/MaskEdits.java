package org.convolab.ui;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import org.convolab.core.Mask;
import org.convolab.core.Mask3D;
import org.convolab.core.MaskPresets;
import org.convolab.core.VolumeMaskPresets;

/**
 * What the user does to the mask, as edits of the {@link MainModel}: presets (2D and 3D), a new size or depth,
 * normalise, flip, and the weights of the slice the editor shows. A 3D mask is edited slice by slice: {@link #slice}
 * is the z index (from 0) of the slice the editor shows and edits. No JavaFX toolkit needed.
 */
final class MaskEdits {
    private final MainModel model;
    /** The masks presets made, for a new size. */
    private final PresetMasks presets = new PresetMasks();
    /** The z slice of a 3D mask the editor shows (from 0); 0 for a 2D mask. */
    final IntegerProperty slice = new SimpleIntegerProperty(0);
    /** A line the next "Filtered with..." status carries on (what a new mask size did), or null. */
    private String note;

    MaskEdits(MainModel model, EditState initial) {
        this.model = model;
        if (initial.mask().equals(EditState.initial().mask())) {
            presets.remember(initial.mask(), MainModel.INITIAL_PRESET);
        }
    }

    /** The 2D weights the editor shows: the 2D mask, or the shown slice of a 3D one. */
    Mask shown() {
        EditState s = model.current();
        return s.is3d() ? s.volume().slice(shownSlice(s.volume())) : s.mask();
    }

    /** The slice shown of {@code v}: {@link #slice}, kept within its depth. */
    int shownSlice(Mask3D v) {
        return Math.max(0, Math.min(v.depth() - 1, slice.get()));
    }

    /** Puts a preset in the editor; the gradient presets tick |sum| as well; box3d and gaussian3d make a 3D mask. */
    void applyPreset(String spec) {
        if (VolumeMaskPresets.isVolume(spec)) {
            Mask3D v = VolumeMaskPresets.parse(spec).orElseThrow();
            slice.set(v.depth() / 2);
            model.edit(model.current().withVolume(v));
            return;
        }
        Mask m = MaskPresets.parse(spec);
        presets.remember(m, spec);
        EditState s = model.current().withMask(m);
        model.edit(PresetMasks.GRADIENT_PRESETS.contains(spec) ? s.withAbs(true) : s);
    }

    /** Puts a mask a preset dialog made in the editor; {@code spec} (or null) is the preset that made it. */
    void applyPreset(Mask m, String spec) {
        presets.remember(m, spec);
        model.edit(model.current().withMask(m));
    }

    /** The preset that made the current mask, or null when it is hand-made (or edited since). */
    String presetOfMask() {
        return presets.specOf(model.current().mask());
    }

    /** New weights in the editor: the 2D mask, or the shown slice of a 3D mask. */
    void edited(Mask m) {
        EditState s = model.current();
        model.edit(s.is3d() ? s.withVolume(VolumeMaskEdit.withSlice(s.volume(), shownSlice(s.volume()), m)) : s.withMask(m));
    }

    /** A new mask size: a preset made again at that size, any other mask (and every slice of a 3D one) padded or cropped. */
    void resize(int width, int height) {
        EditState s = model.current();
        Mask m = s.mask();
        if (m.width() == width && m.height() == height) {
            return;
        }
        if (s.is3d()) {
            model.edit(s.withVolume(VolumeMaskEdit.resized(s.volume(), width, height)));
            say("Every slice of the 3D mask was padded or cropped to " + width + "x" + height + " about its centre");
            return;
        }
        MaskResize r = presets.resize(m, width, height);
        model.edit(s.withMask(r.mask()));
        say(r.note());
    }

    /** A new depth: 1 makes the mask 2D (the shown slice kept); more adds slices of zeros, or cuts, about the middle. */
    void setDepth(int depth) {
        EditState s = model.current();
        Mask3D v = s.mask3d();
        if (depth == v.depth()) {
            return;
        }
        if (depth == 1) {
            model.edit(s.withMask(shown()));
            say("The mask is 2D again: its slice " + (shownSlice(v) + 1) + " of " + v.depth() + " is kept");
            slice.set(0);
            return;
        }
        Mask3D d = VolumeMaskEdit.withDepth(v, depth);
        slice.set(depth / 2);
        model.edit(s.withVolume(d));
        say(v.depth() == 1 ? "The mask is 3D, " + depth + " slices deep: the 2D mask is its middle slice, the others zeros"
                + " (the same filter until you edit them)" : "The 3D mask is " + depth + " slices deep now");
    }

    void normalise() {
        EditState s = model.current();
        if (s.mask3d().sum() == 0) {
            model.say("Cannot normalise: the weights sum to 0 (use the divisor instead)");
            return;
        }
        model.edit(s.is3d() ? s.withVolume(s.volume().normalized()) : s.withMask(s.mask().normalized()));
    }

    void flip() {
        EditState s = model.current();
        model.edit(s.is3d() ? s.withVolume(s.volume().flipped()) : s.withMask(s.mask().flipped()));
    }

    /** Says a line now and after the filter's own line, which replaces it moments later. */
    private void say(String line) {
        model.say(line);
        note = line;
    }

    /** {@code line} with the pending note, once. */
    String withNote(String line) {
        String n = note;
        note = null;
        return n == null ? line : line + " \u2014 " + n;
    }
}
