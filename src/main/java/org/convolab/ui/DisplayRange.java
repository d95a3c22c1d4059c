package org.convolab.ui;

import java.util.Locale;
import org.convolab.core.SampleFormat;

/**
 * The sample values shown from black to white, as ImageJ's Brightness &amp; Contrast sets them: {@code min} and
 * below are black, {@code max} and above white, linear between. Only the screen changes; the samples, the values
 * under the cursor and what Save writes stay as they are.
 */
record DisplayRange(double min, double max) {

    /** ImageJ's Auto: this share of the samples saturated, half at each end (its Enhance Contrast default). */
    static final double AUTO_SATURATED = 0.0035;

    DisplayRange {
        if (!(min < max) || !Double.isFinite(min) || !Double.isFinite(max)) {
            throw new IllegalArgumentException("a display range needs finite min < max, not " + min + ".." + max);
        }
    }

    /** A value on screen: 0 to 255 (NaN black). */
    int toByte(float v) {
        double t = (v - min) / (max - min) * 255 + 0.5;
        return t < 1 || Double.isNaN(t) ? 0 : t >= 255 ? 255 : (int) t;
    }

    /** "-3.5 .. 1000", for the status bar. */
    @Override
    public String toString() {
        return format(min) + " .. " + format(max);
    }

    /** A bound as the dialog shows it: integers without a fraction, others as the float they are. */
    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%d", (long) v) : Float.toString((float) v);
    }

    /**
     * The range an image opens with: 8-bit samples 0..255; 16-bit colour at its full range (a photo); float,
     * 32-bit integer and 16-bit grey images from their smallest to their largest value, as ImageJ shows them.
     */
    static DisplayRange initial(SampleImage image) {
        SampleFormat f = image.format();
        if (f.narrowInteger() && (f.bitDepth() == 8 || !f.grey())) {
            return new DisplayRange(0, f.maxValue());
        }
        return minMax(image);
    }

    /** The range a stack opens with: as {@link #initial(SampleImage)}, from min to max over every page. */
    static DisplayRange initial(SampleImage[] pages) {
        SampleFormat f = pages[0].format();
        if (f.narrowInteger() && (f.bitDepth() == 8 || !f.grey())) {
            return initial(pages[0]);
        }
        double lo = Double.NaN;
        double hi = Double.NaN;
        for (SampleImage p : pages) {
            double[] mm = extremes(p);
            lo = Double.isNaN(lo) || mm[0] < lo ? mm[0] : lo;
            hi = Double.isNaN(hi) || mm[1] > hi ? mm[1] : hi;
        }
        return around(lo, hi);
    }

    /** The image's smallest to largest colour sample (finite ones); a flat image gets a range of one around it. */
    static DisplayRange minMax(SampleImage image) {
        double[] mm = extremes(image);
        return around(mm[0], mm[1]);
    }

    /** min..max, widened to one unit around a single value (or 0..1 for an image without finite values). */
    private static DisplayRange around(double lo, double hi) {
        if (!(lo <= hi)) {
            return new DisplayRange(0, 1);
        }
        if (lo == hi) {
            return new DisplayRange(lo - 0.5, hi + 0.5);
        }
        return new DisplayRange(lo, hi);
    }

    /** {smallest, largest} finite colour sample, or {NaN, NaN} when there is none. */
    static double[] extremes(SampleImage image) {
        SampleFormat f = image.format();
        int ch = f.channels();
        int colours = f.colourChannels();
        int[] s = image.samples();
        float lo = Float.POSITIVE_INFINITY;
        float hi = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < s.length; i += ch) {
            for (int c = 0; c < colours; c++) {
                float v = f.toFloat(s[i + c]);
                if (v < lo && v != Float.NEGATIVE_INFINITY) {
                    lo = v;
                }
                if (v > hi && v != Float.POSITIVE_INFINITY) {
                    hi = v;
                }
            }
        }
        return lo <= hi ? new double[] {lo, hi} : new double[] {Double.NaN, Double.NaN};
    }

    /**
     * Counts of the colour samples in {@code bins} equal steps from {@code over.min} to {@code over.max} (the
     * ends included in the first and last bins; values outside, and NaN, not counted).
     */
    static long[] histogram(SampleImage image, DisplayRange over, int bins) {
        long[] counts = new long[bins];
        SampleFormat f = image.format();
        int ch = f.channels();
        int colours = f.colourChannels();
        int[] s = image.samples();
        double scale = bins / (over.max - over.min);
        for (int i = 0; i < s.length; i += ch) {
            for (int c = 0; c < colours; c++) {
                double v = f.toFloat(s[i + c]);
                if (v >= over.min && v <= over.max) {
                    counts[Math.min(bins - 1, (int) ((v - over.min) * scale))]++;
                }
            }
        }
        return counts;
    }

    /**
     * ImageJ's Auto: the range that leaves {@link #AUTO_SATURATED} of the samples outside it, half below and half
     * above (from a 4096-bin histogram of min..max).
     */
    static DisplayRange auto(SampleImage image) {
        DisplayRange all = minMax(image);
        int bins = 4096;
        long[] counts = histogram(image, all, bins);
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        long limit = (long) (total * AUTO_SATURATED / 2);
        int lo = 0;
        for (long sum = 0; lo < bins - 1 && (sum += counts[lo]) <= limit; lo++) {
            // up to the first bin that the cumulative count passes the limit in
        }
        int hi = bins - 1;
        for (long sum = 0; hi > 0 && (sum += counts[hi]) <= limit; hi--) {
            // down likewise
        }
        double step = (all.max - all.min) / bins;
        return hi < lo ? all : around(all.min + lo * step, all.min + (hi + 1) * step);
    }
}
