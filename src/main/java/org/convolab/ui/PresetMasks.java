package org.convolab.ui;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.convolab.core.Mask;

/**
 * The masks that presets made, with their SPECs: the very objects the settings hold (so undo and redo keep them), so
 * that a new size makes such a mask again rather than cropping it ({@link MaskResize}). A hand-made mask, or one edited
 * since, has no SPEC here.
 */
final class PresetMasks {
    /** Presets whose sums are signed gradients: they are shown as |sum| (edges either way). */
    static final Set<String> GRADIENT_PRESETS = Set.of("sobel-x", "sobel-y", "prewitt-x", "prewitt-y");

    private final Map<Mask, String> made = new IdentityHashMap<>();

    /** Remembers that {@code spec} made {@code mask} (nothing when {@code spec} is null). */
    void remember(Mask mask, String spec) {
        if (spec != null) {
            made.put(mask, spec);
        }
    }

    /** The preset that made this very mask, or null. */
    String specOf(Mask mask) {
        return made.get(mask);
    }

    /** {@code mask} at a new size: its preset made again there (and remembered), any other mask padded or cropped. */
    MaskResize resize(Mask mask, int width, int height) {
        MaskResize r = MaskResize.of(mask, specOf(mask), width, height);
        remember(r.mask(), r.preset());
        return r;
    }
}
