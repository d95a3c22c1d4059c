package org.convolab.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The named masks and the mask SPEC of the command line: a preset ({@code gaussian:1.5},
 * {@code box:5}, {@code sobel-x}) or rows written inline ({@code "1 2 1; 2 4 2; 1 2 1"}).
 */
public final class MaskPresets {

    /** Preset syntax and one line of description, in menu order. */
    public static final Map<String, String> PRESETS;

    static {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("identity", "the 1x1 mask [1]: output = input");
        p.put("box:N", "N x N mean (N odd)");
        p.put("gaussian:SIGMA[:SIZE]", "normalised Gaussian; SIZE defaults to 2*ceil(3*SIGMA)+1");
        p.put("sharpen", "3x3: 5 at the centre, -1 at the four neighbours");
        p.put("laplacian[:4|:8]", "3x3 Laplacian, 4- (default) or 8-neighbour");
        p.put("sobel-x", "3x3 Sobel, horizontal gradient (use --abs)");
        p.put("sobel-y", "3x3 Sobel, vertical gradient (use --abs)");
        p.put("prewitt-x", "3x3 Prewitt, horizontal gradient (use --abs)");
        p.put("prewitt-y", "3x3 Prewitt, vertical gradient (use --abs)");
        p.put("emboss", "3x3 emboss, light from the top-left");
        p.put("unsharp", "5x5 unsharp mask (2 x identity - binomial blur)");
        p.put("motion:LENGTH[:ANGLE]", "normalised line of LENGTH pixels at ANGLE degrees (default 0)");
        PRESETS = java.util.Collections.unmodifiableMap(p);
    }

    /** Example specs, one per preset, e.g. for a menu. */
    public static final List<String> EXAMPLES = List.of("identity", "box:3", "box:5", "gaussian:1", "gaussian:2",
            "sharpen", "laplacian:4", "laplacian:8", "sobel-x", "sobel-y", "prewitt-x", "prewitt-y", "emboss",
            "unsharp", "motion:9", "motion:9:45");

    private MaskPresets() {
    }

    /**
     * Parses a mask SPEC: a preset, or rows of weights separated by ';' or newlines.
     *
     * @throws ConvolabException for an unknown preset, bad parameters or bad rows
     */
    public static Mask parse(String spec) {
        String s = spec == null ? "" : spec.strip();
        if (s.isEmpty()) {
            throw new ConvolabException("the mask is empty (give a preset such as box:3 or rows such as \"1 2 1; 2 4 2; 1 2 1\")");
        }
        char c0 = s.charAt(0);
        if (Character.isDigit(c0) || c0 == '-' || c0 == '+' || c0 == '.') {
            return MaskText.parse(s, "mask");
        }
        String[] parts = s.toLowerCase(Locale.ROOT).split(":", -1);
        String name = parts[0];
        switch (name) {
            case "identity":
                noArgs(parts, s);
                return Mask.of(1, 1, 1f);
            case "box": {
                int n = sizeArg(parts, 1, s, "N");
                argCount(parts, 2, s);
                float[] w = new float[n * n];
                java.util.Arrays.fill(w, 1f / (n * n));
                return Mask.of(n, n, w);
            }
            case "gaussian":
                return gaussian(parts, s);
            case "sharpen":
                noArgs(parts, s);
                return Mask.of(3, 3, 0, -1, 0, -1, 5, -1, 0, -1, 0);
            case "laplacian": {
                argCount(parts, 2, s);
                int k = parts.length > 1 ? intArg(parts, 1, s, "4 or 8") : 4;
                if (k == 4) {
                    return Mask.of(3, 3, 0, 1, 0, 1, -4, 1, 0, 1, 0);
                }
                if (k == 8) {
                    return Mask.of(3, 3, 1, 1, 1, 1, -8, 1, 1, 1, 1);
                }
                throw new ConvolabException("laplacian takes 4 or 8 neighbours, not " + k + " (in " + UserText.quote(s) + ")");
            }
            case "sobel-x":
                noArgs(parts, s);
                return Mask.of(3, 3, -1, 0, 1, -2, 0, 2, -1, 0, 1);
            case "sobel-y":
                noArgs(parts, s);
                return Mask.of(3, 3, -1, -2, -1, 0, 0, 0, 1, 2, 1);
            case "prewitt-x":
                noArgs(parts, s);
                return Mask.of(3, 3, -1, 0, 1, -1, 0, 1, -1, 0, 1);
            case "prewitt-y":
                noArgs(parts, s);
                return Mask.of(3, 3, -1, -1, -1, 0, 0, 0, 1, 1, 1);
            case "emboss":
                noArgs(parts, s);
                return Mask.of(3, 3, -2, -1, 0, -1, 1, 1, 0, 1, 2);
            case "unsharp":
                noArgs(parts, s);
                return unsharp();
            case "motion":
                return motion(parts, s);
            default:
                throw new ConvolabException("unknown mask preset " + UserText.quote(parts[0]) + " (known: "
                        + String.join(", ", PRESETS.keySet()) + "; or give rows such as \"1 2 1; 2 4 2; 1 2 1\")");
        }
    }

    /** Largest Gaussian sigma taken at all (with a SIZE, the mask is cut there; without, 170 is the largest that fits). */
    private static final double MAX_SIGMA = 1000;

    /** Smallest Gaussian sigma: already the identity mask to float precision. */
    private static final double MIN_SIGMA = 0.01;

    private static Mask gaussian(String[] parts, String spec) {
        argCount(parts, 3, spec);
        if (parts.length < 2) {
            throw new ConvolabException("gaussian needs a sigma, e.g. gaussian:1.5 (in " + UserText.quote(spec) + ")");
        }
        double sigma = doubleArg(parts, 1, spec, "SIGMA");
        if (!(sigma >= MIN_SIGMA && sigma <= MAX_SIGMA)) {
            // below MIN_SIGMA the weights underflow to 0/0; the mask is the identity long before that
            throw new ConvolabException("gaussian sigma must be from " + MIN_SIGMA + " to " + (int) MAX_SIGMA + ", not "
                    + UserText.quote(parts[1]));
        }
        int size;
        if (parts.length > 2) {
            size = sizeArg(parts, 2, spec, "SIZE");
        } else {
            // 2·ceil(3σ)+1 taps, as documented, never cut short: past the largest mask, an error
            size = 2 * (int) Math.ceil(3 * sigma) + 1;
            if (size > Mask.MAX_SIZE) {
                throw new ConvolabException(String.format(java.util.Locale.ROOT, "gaussian:%s needs %d taps (2·ceil(3σ)+1), more than"
                        + " the largest mask, %d; sigma up to %.0f fits, or give a size (gaussian:%s:%d cuts it at ±%.2fσ)",
                        parts[1].strip(), size, Mask.MAX_SIZE, Math.floor((Mask.MAX_SIZE - 1) / 6.0), parts[1].strip(), Mask.MAX_SIZE,
                        (Mask.MAX_SIZE / 2) / sigma));
            }
        }
        double[] g = new double[size];
        int r = size / 2;
        double sum = 0;
        for (int i = 0; i < size; i++) {
            g[i] = Math.exp(-0.5 * (i - r) * (i - r) / (sigma * sigma));
            sum += g[i];
        }
        float[] w = new float[size * size];
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                w[y * size + x] = (float) (g[y] * g[x] / (sum * sum));
            }
        }
        return Mask.of(size, size, w);
    }

    private static Mask unsharp() {
        int[] b = {1, 4, 6, 4, 1};
        float[] w = new float[25];
        for (int y = 0; y < 5; y++) {
            for (int x = 0; x < 5; x++) {
                w[y * 5 + x] = -b[y] * b[x] / 256f;
            }
        }
        w[12] += 2f;
        return Mask.of(5, 5, w);
    }

    private static Mask motion(String[] parts, String spec) {
        argCount(parts, 3, spec);
        if (parts.length < 2) {
            throw new ConvolabException("motion needs a length, e.g. motion:9 or motion:9:45 (in " + UserText.quote(spec) + ")");
        }
        int length = intArg(parts, 1, spec, "LENGTH");
        double angle = parts.length > 2 ? doubleArg(parts, 2, spec, "ANGLE") : 0;
        if (length < 1 || length > Mask.MAX_SIZE) {
            throw new ConvolabException("motion length must be from 1 to " + Mask.MAX_SIZE + ", not " + length);
        }
        int size = length | 1;
        int c = size / 2;
        double a = Math.toRadians(angle);
        double ux = Math.cos(a);
        double uy = -Math.sin(a); // image rows grow downwards; positive angles turn anticlockwise on screen
        double half = (length - 1) / 2.0 + 0.5;
        float[] w = new float[size * size];
        double sum = 0;
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                double dx = x - c;
                double dy = y - c;
                double along = dx * ux + dy * uy;
                double across = Math.abs(dx * uy - dy * ux);
                double v = Math.abs(along) <= half ? Math.max(0, 1 - across) : 0;
                w[y * size + x] = (float) v;
                sum += v;
            }
        }
        for (int k = 0; k < w.length; k++) {
            w[k] = (float) (w[k] / sum);
        }
        return Mask.of(size, size, w);
    }

    private static void noArgs(String[] parts, String spec) {
        argCount(parts, 1, spec);
    }

    private static void argCount(String[] parts, int max, String spec) {
        if (parts.length > max) {
            throw new ConvolabException("too many parameters in mask preset " + UserText.quote(spec) + "");
        }
    }

    private static int intArg(String[] parts, int i, String spec, String what) {
        if (parts.length <= i || parts[i].isEmpty()) {
            throw new ConvolabException("mask preset " + UserText.quote(spec) + " needs " + what);
        }
        try {
            return Integer.parseInt(parts[i].strip());
        } catch (NumberFormatException e) {
            throw new ConvolabException(what + " in mask preset " + UserText.quote(spec) + " must be a whole number, not " + UserText.quote(parts[i]) + "");
        }
    }

    /** A mask size parameter: odd, 1 to 63, checked before anything is allocated. */
    private static int sizeArg(String[] parts, int i, String spec, String what) {
        int n = intArg(parts, i, spec, what);
        if (n < 1 || n > Mask.MAX_SIZE) {
            throw new ConvolabException(what + " in mask preset " + UserText.quote(spec) + " is " + n + ": it must be odd, from 1 to " + Mask.MAX_SIZE);
        }
        if (n % 2 == 0) {
            throw new ConvolabException(what + " in mask preset " + UserText.quote(spec) + " is " + n + ", which is even: masks have odd sizes");
        }
        return n;
    }

    private static double doubleArg(String[] parts, int i, String spec, String what) {
        try {
            double v = Double.parseDouble(parts[i]);
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new ConvolabException(what + " in mask preset " + UserText.quote(spec) + " must be a number, not " + UserText.quote(parts[i]) + "");
        }
    }
}
