package org.convolab.core;

/**
 * Periodic: the image repeats, {@code cd|abcd|ab}. OpenCV BORDER_WRAP, SciPy wrap (grid-wrap).
 */
public record WrapPolicy() implements BorderPolicy {

    @Override
    public int index(int i, int n) {
        return i >= 0 && i < n ? i : Math.floorMod(i, n);
    }

    @Override
    public String name() {
        return "wrap";
    }

    @Override
    public int code() {
        return 4;
    }

    @Override
    public String openCvName() {
        return "BORDER_WRAP";
    }

    @Override
    public String scipyName() {
        return "grid-wrap";
    }

    @Override
    public String description() {
        return "periodic:  abcd|abcd|abcd";
    }
}
