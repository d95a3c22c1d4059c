package org.convolab.core;

/**
 * What to compute: the mask, the ghost-cell policy and the output mapping. A {@link Strategy} says
 * how. Immutable.
 *
 * <p>Each of R, G and B is correlated with the mask (alpha passes through), then mapped to 8 bits:
 * {@code out = clamp(round(acc / divisor + offset), 0, 255)}, with {@code |acc|} first when
 * {@code abs} is set. Rounding is half up. {@link OutputMapping} defines it ({@link #mapping()}).
 *
 * @param mask    the weights, applied as a correlation (already normalised or flipped if asked)
 * @param border  the ghost-cell policy
 * @param divisor divides the sum (default 1); not 0
 * @param offset  added after dividing (default 0)
 * @param abs     take the absolute value of the sum first (edge detectors)
 */
public record FilterSpec(Mask mask, BorderPolicy border, float divisor, float offset, boolean abs) {

    public FilterSpec {
        if (mask == null || border == null) {
            throw new ConvolabException("a filter needs a mask and a border policy");
        }
        if (divisor == 0f || !Float.isFinite(divisor)) {
            throw new ConvolabException("divisor must be a finite number other than 0, not " + divisor);
        }
        if (!Float.isFinite(offset)) {
            throw new ConvolabException("offset must be a finite number, not " + offset);
        }
        checkSumsFit(mask, border);
    }

    /** The largest sample any image has: 16-bit. */
    private static final double MAX_SAMPLE = 65535;

    /**
     * Engines sum in float; weights whose magnitudes, times the largest sample, pass {@link Float#MAX_VALUE} could
     * overflow to infinity on some pixels and give silently wrong values (a 63x63 mask of 1e38 with divisor
     * 1e38), so they are refused here, once, for every engine.
     */
    private static void checkSumsFit(Mask mask, BorderPolicy border) {
        double magnitude = 0;
        for (float w : mask.weights()) {
            magnitude += Math.abs(w);
        }
        double sample = border instanceof ConstantPolicy c ? Math.max(MAX_SAMPLE, Math.abs(c.value())) : MAX_SAMPLE;
        if (magnitude * sample > Float.MAX_VALUE) {
            throw new ConvolabException(String.format(java.util.Locale.ROOT,
                    "the mask's weights are too large: their magnitudes add up to %.3g, and that times a sample of %.0f "
                            + "overflows the float sums (at most %.3g); scale the weights down",
                    magnitude, sample, (double) Float.MAX_VALUE));
        }
    }

    /** The mask with the default mapping: divisor 1, offset 0, no absolute value. */
    public static FilterSpec of(Mask mask, BorderPolicy border) {
        return new FilterSpec(mask, border, 1f, 0f, false);
    }

    public FilterSpec withMask(Mask m) {
        return new FilterSpec(m, border, divisor, offset, abs);
    }

    public FilterSpec withBorder(BorderPolicy b) {
        return new FilterSpec(mask, b, divisor, offset, abs);
    }

    /** Maps one channel's sum to an 8-bit value, as every engine must. */
    public int toByte(double acc) {
        return toSample(acc, 255);
    }

    /**
     * The output mapping before rounding, in float as the engines compute it: {@code |sum|} when asked,
     * divided by the divisor, plus the offset. A float output keeps this value as it is.
     */
    public float map(float sum) {
        return mapping().map(sum);
    }

    /** The exact output mapping before rounding, in double (the reference's). */
    public double map(double sum) {
        return mapping().map(sum);
    }

    /** Maps one channel's sum to a sample of 0 to {@code max} (255, or 65535 for 16 bits), in double. */
    public int toSample(double acc, int max) {
        return mapping().toSample(acc, max);
    }

    /** The output mapping: divisor, offset and abs. */
    public OutputMapping mapping() {
        return new OutputMapping(divisor, offset, abs);
    }
}
