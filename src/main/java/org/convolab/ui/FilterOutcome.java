package org.convolab.ui;

import javafx.scene.image.Image;
import org.convolab.core.FilterResult;

/**
 * A finished filter run as the window shows it.
 *
 * @param result   the engine's result
 * @param backend  "cuda" or "cpu"
 * @param device   what ran it
 * @param state    the settings it ran with
 * @param sequence the request number (newer requests have larger numbers)
 * @param image    the result as a JavaFX image, made on the filter thread
 */
public record FilterOutcome(FilterResult result, String backend, String device, EditState state, long sequence, Image image) {
}
