package org.convolab.engine;

import java.util.List;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Timings;
import org.convolab.cpu.ReferenceConvolver;

/**
 * A quick look at a big image's result at the scale the window shows it: every {@code step}-th pixel of
 * a region's output along both axes, each computed in full from the input (the reference's sum, the
 * spec's output mapping), so the window can show the newest edit in a fraction of a second while the
 * whole image is still being filtered. The pixels are those of the whole result at those positions,
 * to within the one level that float and double sums may differ by.
 */
public final class SampledPreview {

    private SampledPreview() {
    }

    /** The power-of-two step that keeps a region of this many pixels at or under {@code samples} samples. */
    public static int step(long pixels, long samples) {
        int step = 1;
        while (pixels > samples * step * step && step < (1 << 15)) {
            step *= 2;
        }
        return step;
    }

    /**
     * Every {@code step}-th output pixel of the region (x, y, w, h) of the image, along both axes from
     * (x, y): a ceil(w / step) x ceil(h / step) result, timed on the host clock.
     */
    public static FilterResult filter(RgbaImage image, FilterSpec spec, int x, int y, int w, int h, int step) {
        long t0 = System.nanoTime();
        RgbaImage out = ReferenceConvolver.filterSampled(image, spec, x, y, w, h, step);
        double ms = (System.nanoTime() - t0) / 1e6;
        LaunchPlan plan = LaunchPlan.exactly(Strategy.NAIVE); // a direct loop over the taps, as naive
        Timings t = new Timings(0, 0, List.of(ms), 0, 0, ms, ms, FilterCost.of(out.width(), out.height(), spec.mask(), plan));
        return new FilterResult(out, plan, t);
    }
}
