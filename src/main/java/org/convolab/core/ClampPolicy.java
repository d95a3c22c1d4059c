package org.convolab.core;

/**
 * The edge pixel is replicated: {@code aa|abcd|dd}. OpenCV BORDER_REPLICATE, SciPy nearest.
 */
public record ClampPolicy() implements BorderPolicy {

    @Override
    public int index(int i, int n) {
        return i < 0 ? 0 : (i >= n ? n - 1 : i);
    }

    @Override
    public String name() {
        return "clamp";
    }

    @Override
    public int code() {
        return 1;
    }

    @Override
    public String openCvName() {
        return "BORDER_REPLICATE";
    }

    @Override
    public String scipyName() {
        return "nearest";
    }

    @Override
    public String description() {
        return "edge pixel replicated:  aa|abcd|dd";
    }
}
