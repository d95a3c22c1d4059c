package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** cuda-kernels/geometry.cuh and {@link KernelGeometry} define the same constants with the same values. */
class KernelGeometryTest {
    private static final Pattern DEFINE = Pattern.compile("^#define\\s+(\\w+)\\s+([^/]+?)\\s*(//.*)?$");

    @Test
    void everyHeaderConstantHasTheSameValueInJava() throws Exception {
        Map<String, Integer> header = headerConstants();
        Map<String, Integer> java = javaConstants();
        assertTrue(header.size() >= 20, "too few constants parsed from geometry.cuh: " + header.keySet());
        assertEquals(new TreeSet<>(header.keySet()), new TreeSet<>(java.keySet()), "the same names on both sides");
        header.forEach((name, value) -> assertEquals(value, java.get(name), name));
    }

    @Test
    void derivedConstantsAreEvaluated() throws Exception {
        Map<String, Integer> header = headerConstants();
        assertEquals(header.get("FANY_BY") * header.get("FANY_PY"), header.get("FANY_OH"));
        assertEquals(header.get("FANY_PX") * header.get("FANY_BX"), header.get("FANY_OW"));
        assertEquals(4 * header.get("FASTS_BX") + 2 * header.get("FASTS_LEAD"), header.get("FASTS_SW"));
    }

    @Test
    void maskLimitsMatchTheLargestMask() {
        assertEquals(org.convolab.core.Mask.DIRECT_MAX_SIZE, KernelGeometry.CONVOLAB_MAX_MASK);
        assertEquals(org.convolab.core.Mask.DIRECT_MAX_SIZE, KernelGeometry.CONVOLAB_MAX_1D);
    }

    static Map<String, Integer> headerConstants() throws Exception {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("cuda-kernels", "geometry.cuh"))) {
            Matcher m = DEFINE.matcher(line.strip());
            if (m.matches()) {
                out.put(m.group(1), new Expression(m.group(2), out).value());
            }
        }
        return out;
    }

    private static Map<String, Integer> javaConstants() throws IllegalAccessException {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Field f : KernelGeometry.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == int.class) {
                out.put(f.getName(), f.getInt(null));
            }
        }
        return out;
    }

    /** Integers, earlier names, +, * and parentheses: all geometry.cuh uses. */
    private static final class Expression {
        private final String text;
        private final Map<String, Integer> names;
        private int pos;

        Expression(String text, Map<String, Integer> names) {
            this.text = text.replace(" ", "");
            this.names = names;
        }

        int value() {
            int v = sum();
            if (pos != text.length()) {
                throw new IllegalArgumentException("cannot read '" + text + "' at " + pos);
            }
            return v;
        }

        private int sum() {
            int v = product();
            while (pos < text.length() && text.charAt(pos) == '+') {
                pos++;
                v += product();
            }
            return v;
        }

        private int product() {
            int v = atom();
            while (pos < text.length() && text.charAt(pos) == '*') {
                pos++;
                v *= atom();
            }
            return v;
        }

        private int atom() {
            if (text.charAt(pos) == '(') {
                pos++;
                int v = sum();
                pos++; // ')'
                return v;
            }
            int start = pos;
            while (pos < text.length() && Character.isLetterOrDigit(text.charAt(pos)) || pos < text.length() && text.charAt(pos) == '_') {
                pos++;
            }
            String token = text.substring(start, pos);
            if (Character.isDigit(token.charAt(0))) {
                return Integer.parseInt(token);
            }
            Integer v = names.get(token);
            if (v == null) {
                throw new IllegalArgumentException("unknown name " + token + " in '" + text + "'");
            }
            return v;
        }
    }
}
