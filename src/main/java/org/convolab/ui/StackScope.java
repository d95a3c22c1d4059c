package org.convolab.ui;

/**
 * Where a filter outcome sits in a stack: which slice it shows, and the whole filtered stack when the run filtered
 * every page.
 *
 * @param label "slice z 3/5" or "whole stack (5 slices), z 3/5 shown": what the overlay and the status bar name
 * @param index the page shown (ImageJ's order: {@code io.Hyperstack#page})
 * @param whole the filtered stack, or null for a run of the shown slice alone
 */
record StackScope(String label, int index, FilteredStack whole) {
}
