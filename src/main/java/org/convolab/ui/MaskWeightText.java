package org.convolab.ui;

import java.util.Locale;
import java.util.function.Consumer;
import org.convolab.core.Mask;
import org.convolab.core.MaskText;
import org.convolab.core.SeparableMask;

/**
 * The text of a mask's weights in the {@link MaskEditor} and its neighbours: weights shortened for the cells,
 * plain sums, the width of a cell, the sum and separability lines, and a typed weight read back.
 */
final class MaskWeightText {

    private MaskWeightText() {
    }

    /** A number with up to six decimals and no exponent, for sums. */
    static String plain(double v) {
        String s = String.format(Locale.ROOT, "%.6f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
        return s.equals("-0") ? "0" : s;
    }

    /**
     * A weight in at most four significant digits and never in scientific notation, for the cells
     * (the tooltip has it exactly); weights too small for four decimals read "~0" (or "-~0").
     */
    static String shortWeight(float w) {
        if (w == Math.rint(w) && Math.abs(w) < 1e6) {
            return String.valueOf((long) w);
        }
        double a = Math.abs(w);
        if (a < 5e-5) {
            return w < 0 ? "-~0" : "~0";
        }
        int decimals = a >= 100 ? 1 : a >= 10 ? 2 : a >= 1 ? 3 : 4;
        String s = String.format(Locale.ROOT, "%." + decimals + "f", w);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /** Whether the mask is separable, and into how many weights a pixel, for the editor's line under the sum. */
    static String separability(Mask mask) {
        return mask.separable().map(MaskWeightText::describe)
                .orElse("Not separable (rank > 1): only the 2D strategies apply");
    }

    private static String describe(SeparableMask s) {
        return "Separable: column x row (" + s.column().length + " + " + s.row().length + " weights per pixel)";
    }

    /** The sum of the weights, with the size of a mask larger than the editor's size choices edit. */
    static String sumLine(Mask mask) {
        boolean large = mask.width() > Mask.DIRECT_MAX_SIZE || mask.height() > Mask.DIRECT_MAX_SIZE;
        return (large ? mask.width() + "x" + mask.height() + " mask from a file or preset (the sizes above edit up to "
                + Mask.DIRECT_MAX_SIZE + "x" + Mask.DIRECT_MAX_SIZE + "). " : "") + "Sum of weights: " + plain(mask.sum());
    }

    /** Weight k of the mask in full ({@link MaskText#formatWeight}); "" for no mask or no such cell (the cells' tooltip). */
    static String exactWeight(Mask shown, int k) {
        return k < 0 || shown == null || k >= shown.weights().length ? "" : MaskText.formatWeight(shown.weights()[k]);
    }

    /** Characters per cell: the longest short weight, 4 to 9. */
    static int columnCount(Mask shown) {
        int width = 4;
        for (float v : shown.weights()) {
            width = Math.max(width, shortWeight(v).length());
        }
        return Math.min(9, width);
    }

    /**
     * The weight typed for cell k of a mask {@code width} columns wide, or null after telling
     * {@code onError} which row and column does not hold a number.
     */
    static Float parse(String t, int k, int width, Consumer<String> onError) {
        try {
            float v = Float.parseFloat(t);
            if (!Float.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            onError.accept("Weight at row " + (k / width + 1) + ", column " + (k % width + 1) + ": '" + t
                    + "' is not a number");
            return null;
        }
    }
}
