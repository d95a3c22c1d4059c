package org.convolab.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The ImageJ-style text form of a mask: one row per line (or per ';' inline), numbers separated by
 * white space or commas, lines starting with {@code #} ignored. Errors name the line and column.
 */
public final class MaskText {

    private MaskText() {
    }

    /**
     * Parses rows of weights.
     *
     * @param text   the rows, separated by newlines or ';'
     * @param source where the text came from, for error messages (a file name, or "mask")
     * @throws ConvolabException naming the line and column of the first problem
     */
    public static Mask parse(String text, String source) {
        List<float[]> rows = new ArrayList<>();
        String[] lines = text.split("\\r?\\n|\\r|;", -1);
        boolean inline = !text.contains("\n") && text.contains(";");
        for (int ln = 0; ln < lines.length; ln++) {
            String line = lines[ln].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            // one comma (with spaces around it) or spaces separate two numbers: "1,,1" is a missing number
            String[] tokens = line.split("\\s*,\\s*|\\s+", -1);
            float[] row = new float[tokens.length];
            for (int c = 0; c < tokens.length; c++) {
                String where = source + (inline ? " row " : " line ") + (ln + 1) + ", column " + (c + 1);
                if (tokens[c].isEmpty()) {
                    throw new ConvolabException(where + ": a number is missing (two commas in a row, or a comma at an end)");
                }
                try {
                    row[c] = Float.parseFloat(tokens[c]);
                } catch (NumberFormatException e) {
                    throw new ConvolabException(where + ": " + UserText.quote(tokens[c]) + " is not a number");
                }
                if (!Float.isFinite(row[c])) {
                    throw new ConvolabException(where + ": " + UserText.quote(tokens[c]) + " is not a finite number");
                }
            }
            if (!rows.isEmpty() && row.length != rows.get(0).length) {
                throw new ConvolabException(source + (inline ? " row " : " line ") + (ln + 1) + " has "
                        + row.length + " numbers but the first row has " + rows.get(0).length
                        + "; all rows must have the same length");
            }
            rows.add(row);
        }
        if (rows.isEmpty()) {
            throw new ConvolabException(source + " holds no weights");
        }
        return Mask.ofRows(rows.toArray(new float[0][]));
    }

    /** The mask as text: a comment line, then one row per line, weights separated by spaces. */
    public static String format(Mask mask) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Convolab mask ").append(mask.width()).append('x').append(mask.height())
                .append(" (correlation, anchor at the centre)\n");
        for (int y = 0; y < mask.height(); y++) {
            for (int x = 0; x < mask.width(); x++) {
                if (x > 0) {
                    sb.append(' ');
                }
                sb.append(formatWeight(mask.get(x, y)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** A weight in the shortest form that reads back to the same float. */
    public static String formatWeight(float w) {
        if (w == Math.rint(w) && Math.abs(w) < 1e7) {
            return String.valueOf((long) w);
        }
        return Float.toString(w).toLowerCase(Locale.ROOT);
    }
}
