package org.convolab.core;

/**
 * The one definition in Java of the output mapping, from a channel's sum to an output sample:
 * {@code |sum|} first when {@code abs} is set, divided by the divisor, plus the offset ({@link #map}); then,
 * for an integer output of 0 to {@code max}, rounded half up and clamped: {@code clamp(floor(v + 0.5), 0, max)}
 * ({@link #round}). In float, evaluated as written (the division, then + offset, then + 0.5), as every engine and
 * {@code cuda-kernels/pack.cuh} computes it, so every path gives the same bits; {@link #toSample(double, int)} is
 * the double-precision reference's. One table holds both languages ({@code OutputMappingTable} in the tests).
 *
 * @param divisor divides the sum; not 0
 * @param offset  added after dividing
 * @param abs     take the absolute value of the sum first
 */
public record OutputMapping(float divisor, float offset, boolean abs) {

    /** True for divisor 1, offset 0 and no {@code abs} (every normalised mask): the mapped value is the sum. */
    public boolean identity() {
        return divisor == 1f && offset == 0f && !abs;
    }

    /** The mapped value before rounding, in float: a float output keeps it as it is. */
    public float map(float sum) {
        float a = abs ? Math.abs(sum) : sum;
        return a / divisor + offset;
    }

    /** The exact mapped value before rounding, in double (the reference's). */
    public double map(double sum) {
        double a = abs ? Math.abs(sum) : sum;
        return a / divisor + offset;
    }

    /** The output sample of 0 to {@code max} for a sum, in float as the engines compute it. */
    public int toSample(float sum, int max) {
        return round(map(sum), max);
    }

    /** The output sample of 0 to {@code max} for a sum, in double (the reference's). */
    public int toSample(double sum, int max) {
        double v = Math.floor(map(sum) + 0.5);
        return v <= 0 ? 0 : (v >= max ? max : (int) v);
    }

    /**
     * A mapped value rounded half up and clamped to 0..max, in float: {@code clamp(floor(v + 0.5f), 0, max)};
     * NaN gives 0. Inside (1, max) the cast truncates a positive value, which is its floor.
     */
    public static int round(float mapped, int max) {
        float v = mapped + 0.5f;
        return v < 1f || Float.isNaN(v) ? 0 : (v >= max ? max : (int) v);
    }
}
