package org.convolab.ui;

import org.convolab.core.FilterResult;

/**
 * A finished filter run as the window shows it: the whole image, or (on a big image, while the whole
 * is still being filtered) the preview of the visible region, whose pixels are those of the whole result.
 *
 * @param result   the engine's result: the whole image, or the region when {@code complete} is false
 * @param backend  "cuda" or "cpu"
 * @param device   what ran it
 * @param state    the settings it ran with
 * @param sequence the request number (newer requests have larger numbers)
 * @param x        the region's left edge in the image (0 for the whole image)
 * @param y        the region's top edge in the image (0 for the whole image)
 * @param complete whether the result is the whole image
 */
public record FilterOutcome(FilterResult result, String backend, String device, EditState state, long sequence, int x,
                            int y, boolean complete) {

    /** A whole-image outcome. */
    static FilterOutcome whole(FilterResult result, String backend, String device, EditState state, long sequence) {
        return new FilterOutcome(result, backend, device, state, sequence, 0, 0, true);
    }
}
