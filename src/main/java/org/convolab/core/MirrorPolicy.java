package org.convolab.core;

/**
 * Reflection about the edge pixel's centre, the edge not repeated: {@code cb|abcd|cb}; period
 * 2n-2 (and every index maps to 0 when n is 1). OpenCV BORDER_REFLECT_101, SciPy mirror.
 */
public record MirrorPolicy() implements BorderPolicy {

    @Override
    public int index(int i, int n) {
        if (i >= 0 && i < n) {
            return i;
        }
        if (n == 1) {
            return 0;
        }
        int p = 2 * n - 2;
        int m = Math.floorMod(i, p);
        return m < n ? m : p - m;
    }

    @Override
    public String name() {
        return "mirror";
    }

    @Override
    public int code() {
        return 3;
    }

    @Override
    public String openCvName() {
        return "BORDER_REFLECT_101";
    }

    @Override
    public String scipyName() {
        return "mirror";
    }

    @Override
    public String description() {
        return "mirrored, edge not repeated:  dcb|abcd|cba";
    }
}
