/**
 * The compare window (Tools › Compare strategies): runs every strategy that applies to the mask on
 * the current image, off the FX thread as a cancellable task with immutable inputs, and shows the
 * timings, the difference from the CPU reference and the amplified difference of two outputs.
 *
 * <p>May import {@code core}, {@code engine}, {@code io} and {@code ui}; never {@code cuda} or
 * {@code cpu}.
 */
package org.convolab.ui.compare;
