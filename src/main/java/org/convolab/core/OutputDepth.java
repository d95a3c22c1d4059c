package org.convolab.core;

/**
 * The sample format of a filter's output ({@code --depth}): the input's, 8- or 16-bit integers, or 32-bit
 * float, which keeps the exact {@code sum / divisor + offset} (no rounding, no clamping; signed results kept).
 */
public enum OutputDepth {
    /** The input's format (the default). */
    SAME,
    /** 8-bit unsigned integers. */
    EIGHT,
    /** 16-bit unsigned integers. */
    SIXTEEN,
    /** 32-bit float. */
    FLOAT;

    /** The output format for an input of {@code in}: its layout (grey or colour, alpha) at this depth. */
    public SampleFormat of(SampleFormat in) {
        return switch (this) {
            case SAME -> in;
            case EIGHT -> in.withDepth(8, SampleFormat.Kind.UNSIGNED);
            case SIXTEEN -> in.withDepth(16, SampleFormat.Kind.UNSIGNED);
            case FLOAT -> in.withDepth(32, SampleFormat.Kind.FLOAT);
        };
    }

    /** The option's value: same, 8, 16, float. */
    @Override
    public String toString() {
        return switch (this) {
            case SAME -> "same";
            case EIGHT -> "8";
            case SIXTEEN -> "16";
            case FLOAT -> "float";
        };
    }

    /**
     * The depth named by {@code same}, {@code 8}, {@code 16} or {@code float}.
     *
     * @throws ConvolabException for any other text
     */
    public static OutputDepth parse(String text) {
        for (OutputDepth d : values()) {
            if (d.toString().equalsIgnoreCase(text.strip())) {
                return d;
            }
        }
        throw new ConvolabException("depth " + UserText.quote(text) + " is not one of same, 8, 16, float");
    }
}
