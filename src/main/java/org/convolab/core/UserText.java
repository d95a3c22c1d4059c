package org.convolab.core;

/**
 * Puts text the user gave (a mask token, a file name, an option value) into a message safely: control
 * characters are escaped so they cannot move the cursor or hide text, and long tokens are cut so a
 * 500 KB argument does not become a 500 KB error line.
 */
public final class UserText {

    /** Longest token {@link #quote} shows before cutting it with an ellipsis. */
    public static final int MAX_SHOWN = 40;

    private UserText() {
    }

    /** The token in single quotes, escaped and cut to {@value #MAX_SHOWN} characters plus "…". */
    public static String quote(String token) {
        String t = token.length() > MAX_SHOWN ? token.substring(0, MAX_SHOWN) + "…" : token;
        return "'" + escape(t) + "'";
    }

    /** The text with control characters (and the BOM) escaped as {@code \n}, {@code \t} or {@code \u001b}. */
    public static String escape(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = Character.isISOControl(c) || c == '\uFEFF' || c == '\u2028' || c == '\u2029';
            if (control && sb == null) {
                sb = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (sb == null) {
                continue;
            }
            if (!control) {
                sb.append(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
        return sb == null ? text : sb.toString();
    }
}
