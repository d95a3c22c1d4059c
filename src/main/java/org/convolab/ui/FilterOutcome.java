package org.convolab.ui;

import org.convolab.core.Backend;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.ResultLease;

/**
 * A finished filter run as the window shows it: the whole image, or (on a big image, while the whole
 * is still being filtered) the preview of the visible region, whose pixels are those of the whole result.
 *
 * @param result   the engine's result, lent ({@link ConvolutionEngine#filterLeased}: on the GPU the pixels stay
 *                 in the pinned buffer they were downloaded into): the whole image, or the region when
 *                 {@code complete} is false; the model closes it when another result takes its place
 * @param backend  CUDA or CPU
 * @param device   what ran it
 * @param state    the settings it ran with
 * @param sequence the request number (newer requests have larger numbers)
 * @param x        the region's left edge in the image (0 for the whole image)
 * @param y        the region's top edge in the image (0 for the whole image)
 * @param complete whether the result is the whole image
 * @param step     image pixels between two of the result's pixels along each axis: 1, or for a preview of a
 *                 region shown zoomed out, every step-th output pixel ({@code org.convolab.engine.SampledPreview})
 * @param samples  the whole result's samples in its own format (16-bit, 32-bit, float) when the input or the output
 *                 depth is not 8-bit, {@code result} then holding them as first shown; null for 8-bit results
 * @param stack    for a slice of a stack (or a run with a 3D mask): which slice, and the whole filtered stack when the run
 *                 filtered it; null for a plain image
 */
public record FilterOutcome(ResultLease result, Backend backend, String device, EditState state, long sequence, int x,
                            int y, boolean complete, int step, SampleImage samples, StackScope stack) {

    /** An outcome of a plain image (no stack). */
    FilterOutcome(ResultLease result, Backend backend, String device, EditState state, long sequence, int x, int y,
                  boolean complete, int step, SampleImage samples) {
        this(result, backend, device, state, sequence, x, y, complete, step, samples, null);
    }

    /** This outcome as a slice of a stack. */
    FilterOutcome withStack(StackScope scope) {
        return new FilterOutcome(result, backend, device, state, sequence, x, y, complete, step, samples, scope);
    }

    /** A whole-image outcome. */
    static FilterOutcome whole(ResultLease result, Backend backend, String device, EditState state, long sequence) {
        return new FilterOutcome(result, backend, device, state, sequence, 0, 0, true, 1, null);
    }

    /** A whole-image outcome of samples, {@code result} showing them. */
    static FilterOutcome ofSamples(SampleImage samples, FilterResult result, Backend backend, String device, EditState state,
            long sequence) {
        return new FilterOutcome(ResultLease.of(result), backend, device, state, sequence, 0, 0, true, 1, samples);
    }

    /** An outcome of a result in a Java array (a preview, or a big image filtered in bands). */
    static FilterOutcome of(FilterResult result, Backend backend, String device, EditState state, long sequence, int x, int y,
            boolean complete) {
        return new FilterOutcome(ResultLease.of(result), backend, device, state, sequence, x, y, complete, 1, null);
    }

    /** A preview of every step-th output pixel of a region from (x, y). */
    static FilterOutcome sampled(FilterResult result, Backend backend, String device, EditState state, long sequence, int x,
            int y, int step) {
        return new FilterOutcome(ResultLease.of(result), backend, device, state, sequence, x, y, false, step, null);
    }
}
