package org.convolab.ui;

import org.convolab.core.Mask;
import org.convolab.core.MaskPresets;

/**
 * A new size for the mask that keeps what the user meant: a preset with a size (box, Gaussian) is made
 * again at the new size, so a blur still sums to 1; any other mask is padded with zeros or cropped
 * about its centre, and the note says so (with the sum when cropping changed it).
 *
 * @param mask   the mask at the new size
 * @param preset the preset SPEC that made it, or null for a hand-made one
 * @param note   one line for the status bar
 */
record MaskResize(Mask mask, String preset, String note) {

    /** Resizes {@code mask}, made by {@code preset} (null when hand-made), to {@code w} x {@code h}. */
    static MaskResize of(Mask mask, String preset, int w, int h) {
        Mask again = remade(preset, w, h);
        if (again != null) {
            String spec = w == h ? atSize(preset, w) : preset;
            return new MaskResize(again, spec, preset.split(":")[0] + " made again at " + w + "x" + h + " ("
                    + (w == h ? spec : "sigma " + preset.split(":")[1]) + "): the weights sum to "
                    + MaskWeightText.plain(again.sum()));
        }
        Mask m = padOrCrop(mask, w, h);
        boolean cropped = w < mask.width() || h < mask.height();
        String what = preset == null ? "The mask" : "The " + preset + " mask";
        String note = cropped
                ? what + " was cropped to " + w + "x" + h + " about its centre: the weights now sum to "
                        + MaskWeightText.plain(m.sum()) + " (were " + MaskWeightText.plain(mask.sum()) + ")"
                : what + " was padded with zeros to " + w + "x" + h + " (the same filter)";
        return new MaskResize(m, null, note);
    }

    /** The preset made at w x h (a box, or a Gaussian of the same sigma), or null when it has no size. */
    static Mask remade(String preset, int w, int h) {
        String square = atSize(preset, Math.max(w, h));
        if (square == null) {
            return null;
        }
        if (w == h) {
            return MaskPresets.parse(square);
        }
        if (preset.startsWith("box")) {
            float[] v = new float[w * h];
            java.util.Arrays.fill(v, 1f / (w * h));
            return Mask.of(w, h, v);
        }
        // a Gaussian is the product of a row and a column of the same sigma, each summing to 1
        float[] row = unit(MaskPresets.parse(atSize(preset, w)).separable().orElseThrow().row());
        float[] col = unit(MaskPresets.parse(atSize(preset, h)).separable().orElseThrow().column());
        float[] v = new float[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                v[y * w + x] = col[y] * row[x];
            }
        }
        return Mask.of(w, h, v);
    }

    private static float[] unit(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += x;
        }
        float[] out = v.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] = (float) (out[i] / sum);
        }
        return out;
    }

    /** The preset at another size, or null when the preset has no size (or is not one). */
    static String atSize(String preset, int n) {
        if (preset == null) {
            return null;
        }
        String[] p = preset.split(":");
        return switch (p[0]) {
            case "box" -> "box:" + n;
            case "gaussian" -> p.length >= 2 ? "gaussian:" + p[1] + ":" + n : null;
            default -> null;
        };
    }

    /** The mask grown with zeros or cropped to w x h, about its centre. */
    static Mask padOrCrop(Mask mask, int w, int h) {
        float[] out = new float[w * h];
        int dx = (w - mask.width()) / 2;
        int dy = (h - mask.height()) / 2;
        for (int y = 0; y < mask.height(); y++) {
            for (int x = 0; x < mask.width(); x++) {
                int tx = x + dx;
                int ty = y + dy;
                if (tx >= 0 && ty >= 0 && tx < w && ty < h) {
                    out[ty * w + tx] = mask.get(x, y);
                }
            }
        }
        return Mask.of(w, h, out);
    }
}
