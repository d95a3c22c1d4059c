package org.convolab.core;

/**
 * Reflection about the image edge, the edge pixel repeated: {@code ba|abcd|dc}; period 2n.
 * OpenCV BORDER_REFLECT, SciPy reflect.
 */
public record ReflectPolicy() implements BorderPolicy {

    @Override
    public int index(int i, int n) {
        if (i >= 0 && i < n) {
            return i;
        }
        int p = 2 * n;
        int m = Math.floorMod(i, p);
        return m < n ? m : p - 1 - m;
    }

    @Override
    public String name() {
        return "reflect";
    }

    @Override
    public int code() {
        return 2;
    }

    @Override
    public String openCvName() {
        return "BORDER_REFLECT";
    }

    @Override
    public String scipyName() {
        return "reflect";
    }

    @Override
    public String description() {
        return "reflected, edge repeated:  dcba|abcd|dcba";
    }
}
