package org.convolab.core;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The 3D mask presets of the command line: {@code box3d:N} and {@code gaussian3d:SIGMA[:SIZE]}, or an anisotropic
 * {@code gaussian3d:SX,SY,SZ} (z spacing often differs from x and y in microscopy). The Gaussians are products of
 * three normalised 1D Gaussians, so they are rank-1 and take the separable path.
 */
public final class VolumeMaskPresets {

    /** Each preset with one line about it, for help texts. */
    public static final Map<String, String> PRESETS;

    static {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("box3d:N", "N x N x N mean (N odd)");
        p.put("gaussian3d:SIGMA[:SIZE]", "normalised 3D Gaussian; SIZE defaults to 2*ceil(3*SIGMA)+1");
        p.put("gaussian3d:SX,SY,SZ", "anisotropic 3D Gaussian, each size 2*ceil(3*S)+1");
        PRESETS = java.util.Collections.unmodifiableMap(p);
    }

    private static final double MIN_SIGMA = 0.01;
    private static final double MAX_SIGMA = 1000;

    private VolumeMaskPresets() {
    }

    /** Whether the spec names a 3D preset (box3d or gaussian3d). */
    public static boolean isVolume(String spec) {
        String s = spec == null ? "" : spec.strip().toLowerCase(Locale.ROOT);
        return s.equals("box3d") || s.startsWith("box3d:") || s.equals("gaussian3d") || s.startsWith("gaussian3d:");
    }

    /**
     * The 3D mask a spec names, or empty when it names no 3D preset (a 2D mask, for {@link MaskPresets}).
     *
     * @throws ConvolabException for a 3D preset with bad arguments, naming them
     */
    public static Optional<Mask3D> parse(String spec) {
        if (!isVolume(spec)) {
            return Optional.empty();
        }
        String s = spec.strip();
        String[] parts = s.toLowerCase(Locale.ROOT).split(":", -1);
        if (parts[0].equals("box3d")) {
            if (parts.length != 2) {
                throw new ConvolabException("box3d takes one size, e.g. box3d:3 (in " + UserText.quote(s) + ")");
            }
            int n = size(parts[1], s);
            float[] w = new float[n * n * n];
            Arrays.fill(w, 1f / ((float) n * n * n));
            return Optional.of(Mask3D.of(n, n, n, w));
        }
        if (parts.length < 2 || parts.length > 3) {
            throw new ConvolabException("gaussian3d takes a sigma (gaussian3d:1.5, gaussian3d:1.5:9) or three"
                    + " (gaussian3d:1,1,3), not " + UserText.quote(s));
        }
        String[] sig = parts[1].split(",", -1);
        if (sig.length != 1 && sig.length != 3) {
            throw new ConvolabException("gaussian3d takes one sigma or three (x,y,z), not " + UserText.quote(parts[1]));
        }
        if (sig.length == 3 && parts.length == 3) {
            throw new ConvolabException("gaussian3d:SX,SY,SZ takes no size (each axis is 2*ceil(3*S)+1): " + UserText.quote(s));
        }
        double[] sigma = new double[3];
        for (int a = 0; a < 3; a++) {
            String t = sig[sig.length == 1 ? 0 : a].strip();
            try {
                sigma[a] = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                sigma[a] = Double.NaN;
            }
            if (!(sigma[a] >= MIN_SIGMA && sigma[a] <= MAX_SIGMA)) {
                throw new ConvolabException("gaussian3d sigma must be from " + MIN_SIGMA + " to " + (int) MAX_SIGMA + ", not "
                        + UserText.quote(t));
            }
        }
        int[] n = new int[3];
        for (int a = 0; a < 3; a++) {
            if (parts.length == 3) {
                n[a] = size(parts[2], s);
            } else {
                n[a] = 2 * (int) Math.ceil(3 * sigma[a]) + 1;
                if (n[a] > Mask.MAX_SIZE) {
                    throw new ConvolabException(String.format(Locale.ROOT, "%s needs %d taps along %s (2·ceil(3σ)+1), more than the"
                            + " largest mask, %d", s, n[a], "xyz".charAt(a), Mask.MAX_SIZE));
                }
            }
        }
        double[] gx = gaussian(sigma[0], n[0]);
        double[] gy = gaussian(sigma[1], n[1]);
        double[] gz = gaussian(sigma[2], n[2]);
        float[] w = new float[n[0] * n[1] * n[2]];
        for (int k = 0; k < n[2]; k++) {
            for (int j = 0; j < n[1]; j++) {
                for (int i = 0; i < n[0]; i++) {
                    w[(k * n[1] + j) * n[0] + i] = (float) (gx[i] * gy[j] * gz[k]);
                }
            }
        }
        return Optional.of(Mask3D.of(n[0], n[1], n[2], w));
    }

    /** A normalised 1D Gaussian of {@code size} taps. */
    private static double[] gaussian(double sigma, int size) {
        double[] g = new double[size];
        int r = size / 2;
        double sum = 0;
        for (int i = 0; i < size; i++) {
            g[i] = Math.exp(-0.5 * (i - r) * (i - r) / (sigma * sigma));
            sum += g[i];
        }
        for (int i = 0; i < size; i++) {
            g[i] /= sum;
        }
        return g;
    }

    private static int size(String t, String spec) {
        int n;
        try {
            n = Integer.parseInt(t.strip());
        } catch (NumberFormatException e) {
            throw new ConvolabException("the size " + UserText.quote(t) + " in " + UserText.quote(spec) + " is not a whole number");
        }
        if (n < 1 || n > Mask.MAX_SIZE || n % 2 == 0) {
            throw new ConvolabException("the size in " + UserText.quote(spec) + " must be odd, 1.." + Mask.MAX_SIZE + ", not " + n);
        }
        return n;
    }
}
