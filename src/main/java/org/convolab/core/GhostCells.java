package org.convolab.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the ghost-cell view shows: the value each cell around an edge takes under a policy, the real
 * pixel a ghost cell copies, and a filter's weighted sum term by term. Built on
 * {@link BorderPolicy#index}, the same function every engine uses.
 */
public final class GhostCells {

    private GhostCells() {
    }

    /**
     * One cell of the extended grid.
     *
     * @param x       column (may be outside the image)
     * @param y       row (may be outside the image)
     * @param ghost   true outside the image
     * @param sourceX the column of the pixel read, or -1 for the constant
     * @param sourceY the row of the pixel read, or -1 for the constant
     * @param value   the value read (the channel's 0..255, or the constant)
     */
    public record Cell(int x, int y, boolean ghost, int sourceX, int sourceY, double value) {

        /** True when the cell takes the policy's constant rather than a pixel. */
        public boolean constant() {
            return sourceX < 0 || sourceY < 0;
        }

        /** "ghost (-1, -2) copies pixel (0, 1): 37" or "ghost (-1, 0) is the constant 0". */
        public String describe() {
            String v = MaskText.formatWeight((float) value);
            if (!ghost) {
                return String.format(Locale.ROOT, "pixel (%d, %d): %s", x, y, v);
            }
            if (constant()) {
                return String.format(Locale.ROOT, "ghost (%d, %d) is the constant %s", x, y, v);
            }
            return String.format(Locale.ROOT, "ghost (%d, %d) copies pixel (%d, %d): %s", x, y, sourceX, sourceY, v);
        }
    }

    /**
     * A term of the weighted sum.
     *
     * @param i      mask column
     * @param j      mask row
     * @param weight the weight
     * @param cell   the cell it multiplies
     */
    public record Term(int i, int j, float weight, Cell cell) {
        public double product() {
            return weight * cell.value();
        }
    }

    /** The cell at (x, y) for one channel (0 red, 1 green, 2 blue) under a policy. */
    public static Cell cell(RgbaImage image, int channel, BorderPolicy border, int x, int y) {
        boolean ghost = x < 0 || y < 0 || x >= image.width() || y >= image.height();
        int sx = border.index(x, image.width());
        int sy = border.index(y, image.height());
        if (sx < 0 || sy < 0) {
            return new Cell(x, y, ghost, -1, -1, border.constant());
        }
        return new Cell(x, y, ghost, sx, sy, image.channel(sx, sy, channel));
    }

    /** The terms of the sum at output (x, y), in mask order (row by row). */
    public static List<Term> terms(RgbaImage image, int channel, Mask mask, BorderPolicy border, int x, int y) {
        List<Term> terms = new ArrayList<>(mask.width() * mask.height());
        for (int j = 0; j < mask.height(); j++) {
            for (int i = 0; i < mask.width(); i++) {
                Cell c = cell(image, channel, border, x + i - mask.radiusX(), y + j - mask.radiusY());
                terms.add(new Term(i, j, mask.get(i, j), c));
            }
        }
        return terms;
    }

    /** The sum of the terms, in double (as the reference computes it). */
    public static double sum(List<Term> terms) {
        double s = 0;
        for (Term t : terms) {
            s += t.product();
        }
        return s;
    }
}
