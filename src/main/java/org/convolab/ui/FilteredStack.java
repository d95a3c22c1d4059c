package org.convolab.ui;

import org.convolab.core.Backend;
import org.convolab.core.FilterResult;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Timings;

/**
 * A whole stack filtered with one set of settings: its pages, and what ran (the plan of the last page or volume,
 * the time of the whole run), so that browsing it shows each page as the outcome of that run.
 */
record FilteredStack(ImageStack stack, EditState state, LaunchPlan plan, Timings timings, Backend backend, String device) {

    /** Page {@code index} as the outcome of request {@code sequence}, named by {@code label}. */
    FilterOutcome outcome(int index, long sequence, String label) {
        SampleImage page = stack.pages()[index];
        FilterResult shown = new FilterResult(page.render(DisplayRange.initial(page)), plan, timings);
        return FilterOutcome.ofSamples(page, shown, backend, device, state, sequence).withStack(new StackScope(label, index, this));
    }
}
