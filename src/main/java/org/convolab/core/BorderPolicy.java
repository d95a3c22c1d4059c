package org.convolab.core;

import java.util.List;
import java.util.Locale;

/**
 * A ghost-cell policy: what the convolution reads outside the image.
 *
 * <p>{@link #index(int, int)} maps any coordinate onto {@code 0..n-1}, or returns
 * {@link #GHOST_CONSTANT} where the policy supplies {@link #constant()} instead of a pixel. Each
 * policy folds again and again, so it holds for masks larger than the image, and on an image one
 * pixel wide every policy but the constant one gives that pixel.
 *
 * <p>The same definitions are written once in CUDA, in {@code cuda-kernels/border.cuh}, with the
 * same {@link #code() codes}; both are tested against one table.
 */
public sealed interface BorderPolicy
        permits ConstantPolicy, ClampPolicy, ReflectPolicy, MirrorPolicy, WrapPolicy {

    /** Returned by {@link #index} where the ghost cell takes the constant value. */
    int GHOST_CONSTANT = -1;

    /**
     * The pixel index a coordinate reads under this policy.
     *
     * @param i any coordinate, inside or outside the image
     * @param n the image's size along this axis, at least 1
     * @return an index in {@code 0..n-1}, or {@link #GHOST_CONSTANT}
     */
    int index(int i, int n);

    /** The name used on the command line and in files: zero, constant:V, clamp, reflect, mirror, wrap. */
    String name();

    /** The code shared with {@code border.cuh} (CONVOLAB_BORDER_*). */
    int code();

    /** The value of constant ghost cells (0 for every policy but {@link ConstantPolicy}). */
    default float constant() {
        return 0f;
    }

    /** The matching OpenCV border type. */
    String openCvName();

    /** The matching {@code scipy.ndimage} mode. */
    String scipyName();

    /** One line for help texts: what the ghost cells hold, with a picture of a row abcd. */
    String description();

    /** The five policies a user picks from (zero standing for the constant family). */
    static List<BorderPolicy> standard() {
        return List.of(ConstantPolicy.ZERO, new ClampPolicy(), new ReflectPolicy(), new MirrorPolicy(),
                new WrapPolicy());
    }

    /**
     * Parses zero, constant:V, clamp, reflect, mirror or wrap (case-insensitive; the OpenCV and SciPy
     * names replicate, nearest, reflect_101 and periodic are accepted too).
     *
     * @throws ConvolabException naming the accepted values
     */
    static BorderPolicy parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (s.startsWith("constant:")) {
            String v = s.substring("constant:".length());
            try {
                float value = Float.parseFloat(v);
                if (!Float.isFinite(value)) {
                    throw new NumberFormatException();
                }
                return new ConstantPolicy(value);
            } catch (NumberFormatException e) {
                throw new ConvolabException("constant border value '" + v + "' is not a number (use constant:V, e.g. constant:128)");
            }
        }
        switch (s) {
            case "zero", "constant":
                return ConstantPolicy.ZERO;
            case "clamp", "replicate", "nearest", "edge":
                return new ClampPolicy();
            case "reflect", "symmetric":
                return new ReflectPolicy();
            case "mirror", "reflect_101", "reflect101":
                return new MirrorPolicy();
            case "wrap", "periodic", "circular":
                return new WrapPolicy();
            default:
                throw new ConvolabException("unknown border policy '" + text
                        + "' (use zero, constant:V, clamp, reflect, mirror or wrap)");
        }
    }
}
