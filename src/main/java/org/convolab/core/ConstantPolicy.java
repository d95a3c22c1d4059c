package org.convolab.core;

/**
 * Ghost cells hold a constant: {@code VV|abcd|VV}. With 0 this is the "zero" policy.
 * OpenCV BORDER_CONSTANT, SciPy constant (cval).
 *
 * @param value the ghost cells' value, in pixel units (0 to 255 for 8-bit images)
 */
public record ConstantPolicy(float value) implements BorderPolicy {

    /** Zero ghost cells. */
    public static final ConstantPolicy ZERO = new ConstantPolicy(0f);

    @Override
    public int index(int i, int n) {
        return i >= 0 && i < n ? i : GHOST_CONSTANT;
    }

    @Override
    public String name() {
        if (value == 0f) {
            return "zero";
        }
        return "constant:" + (value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value));
    }

    @Override
    public int code() {
        return 0;
    }

    @Override
    public float constant() {
        return value;
    }

    @Override
    public String openCvName() {
        return "BORDER_CONSTANT";
    }

    @Override
    public String scipyName() {
        return "constant";
    }

    @Override
    public String description() {
        return value == 0f ? "ghost cells are 0:  00|abcd|00" : "ghost cells are " + name().substring(9) + ":  VV|abcd|VV";
    }
}
