package org.convolab.core;

/**
 * What to compute: the mask, the ghost-cell policy and the output mapping. A {@link Strategy} says
 * how. Immutable.
 *
 * <p>Each of R, G and B is correlated with the mask (alpha passes through), then mapped to 8 bits:
 * {@code out = clamp(round(acc / divisor + offset), 0, 255)}, with {@code |acc|} first when
 * {@code abs} is set. Rounding is half up.
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
        float a = abs ? Math.abs(sum) : sum;
        return a / divisor + offset;
    }

    /** The exact output mapping before rounding, in double (the reference's). */
    public double map(double sum) {
        double a = abs ? Math.abs(sum) : sum;
        return a / divisor + offset;
    }

    /** Maps one channel's sum to a sample of 0 to {@code max} (255, or 65535 for 16 bits), in double. */
    public int toSample(double acc, int max) {
        double a = abs ? Math.abs(acc) : acc;
        double v = Math.floor(a / divisor + offset + 0.5);
        return v <= 0 ? 0 : (v >= max ? max : (int) v);
    }
}
