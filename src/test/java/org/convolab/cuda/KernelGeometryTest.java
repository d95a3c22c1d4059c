package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
    private static final Pattern FORMULA = Pattern.compile("^#define\\s+(\\w+)\\(R\\)\\s+(.+?)\\s*(//.*)?$");

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

    /** Each policy's fields are the header's constants of its variant, as the kernels are compiled. */
    @Test
    void everyPolicyIsTheHeadersTuning() throws Exception {
        Map<String, Integer> h = headerConstants();
        Map<KernelPolicy, String[]> names = new LinkedHashMap<>();
        names.put(KernelGeometry.FAST_VEC, new String[] {"FASTV_BX", "FASTV_BY", "FASTV_PX", "FASTV_PY", "FASTV_MINB"});
        names.put(KernelGeometry.FAST_STREAM, new String[] {"FASTS_BX", "FASTS_BY", "FASTS_PX", "FASTS_PY", "FASTS_MINB"});
        names.put(KernelGeometry.FAST_TILE, new String[] {"FAST_BX", "FAST_BY", "FAST_PX", "FAST_TILE_PY", "FAST_MINB"});
        names.put(KernelGeometry.FAST_ANY, new String[] {"FANY_BX", "FANY_BY", "FANY_PX", "FANY_PY", "FANY_MINB"});
        names.put(KernelGeometry.FASTSEP_SMALL, new String[] {"FSEPT_BX", "FSEPT_BY", "FSEPT_PX", "FSEPT_PY_SMALL", "FSEPT_MINB_SMALL"});
        names.put(KernelGeometry.FASTSEP_LARGE, new String[] {"FSEPT_BX", "FSEPT_BY", "FSEPT_PX", "FSEPT_PY_LARGE", "FSEPT_MINB_LARGE"});
        names.put(KernelGeometry.ARGB_REGISTER, new String[] {"ARGB2D_BX", "ARGB2D_BY", "ARGB2D_PX", "ARGB2D_PY", "ARGB2D_MINB"});
        names.put(KernelGeometry.ARGB_SHARED, new String[] {"ARGBS_BX", "ARGBS_BY", "ARGBS_PX", "ARGBS_PY", "ARGBS_MINB"});
        names.put(KernelGeometry.ARGB_SHARED_MAP, new String[] {"ARGBS_BX", "ARGBS_BY", "ARGBS_PX", "ARGBS_PY", "ARGBS_MAP_MINB"});
        names.put(KernelGeometry.ARGB_SHARED_WIDE, new String[] {"ARGBS_BX", "ARGBS_BY", "ARGBS_PX", "ARGBS_PY", "ARGBS_WIDE_MINB"});
        names.put(KernelGeometry.WIDE_ROWS, new String[] {"WSR_BX", "WSR_BY", "WSR_PX", "WSR_PY", "WSR_MINB"});
        names.put(KernelGeometry.WIDE_COLS, new String[] {"WSC_BX", "WSC_BY", "WSC_PX", "WSC_PY", "WSC_MINB"});
        assertEquals(new TreeSet<>(KernelGeometry.POLICIES.stream().map(KernelPolicy::kernels).toList()),
                new TreeSet<>(names.keySet().stream().map(KernelPolicy::kernels).toList()), "every policy is checked");
        names.forEach((p, n) -> {
            int[] java = {p.bx(), p.by(), p.px(), p.py(), p.minBlocksPerSm()};
            for (int i = 0; i < n.length; i++) {
                assertEquals(h.get(n[i]), java[i], p.kernels() + ": " + n[i]);
            }
        });
    }

    /** No fast kernel's blocks per SM is a number in its .cu file: each names its policy's constant of the header. */
    @Test
    void launchBoundsOfTheFastKernelsComeFromTheHeader() throws Exception {
        Pattern literal = Pattern.compile("__launch_bounds__\\([^,()]*,\\s*\\d");
        Pattern instance = Pattern.compile("^CONVOLAB_\\w+_KERNEL\\((\\d+)((,[^,()]+)*),\\s*(\\d+)\\s*[,)]");
        int files = 0;
        try (var dir = Files.newDirectoryStream(Path.of("cuda-kernels"), "fast_*.cu")) {
            for (Path file : dir) {
                files++;
                String text = Files.readString(file);
                assertTrue(!literal.matcher(text).find(), file + ": a literal blocks-per-SM bound");
                for (String line : text.split("\n")) {
                    assertTrue(!instance.matcher(line.strip()).find(), file + ": " + line);
                }
            }
        }
        assertTrue(files >= 6, "the fast families: " + files + " files");
    }

    /** ARGBS_SMEM(R) of the header (which fast_argb.cu asserts is its tile's size) is what the launcher passes. */
    @Test
    void argbSharedMemoryIsTheHeadersFormula() throws Exception {
        for (int r = KernelGeometry.ARGBS_MIN_R; r <= KernelGeometry.ARGBS_MAX_R; r++) {
            assertEquals(formula("ARGBS_LEAD4", r), KernelGeometry.argbsLead4(r), "ARGBS_LEAD4(" + r + ")");
            assertEquals(formula("ARGBS_SMEM", r), KernelGeometry.argbsSharedBytes(r), "ARGBS_SMEM(" + r + ")");
            int bytes = KernelGeometry.argbsSharedBytes(r);
            org.convolab.core.Mask m = org.convolab.core.MaskPresets.parse("box:" + (2 * r + 1));
            KernelPolicy p = r < KernelGeometry.ARGBS_WIDE_MIN_R ? KernelGeometry.ARGB_SHARED : KernelGeometry.ARGB_SHARED_WIDE;
            assertEquals(bytes, p.sharedBytes(m));
        }
        // as the kernels were measured: 44 to 52 KB from radius 5, above 48 KB (the launch opts in) at 7
        assertTrue(KernelGeometry.argbsSharedBytes(7) > 48 * 1024 && KernelGeometry.argbsSharedBytes(6) <= 48 * 1024);
    }

    /**
     * VOL_SEP3_S_SMEM(R) below VOL_SEP3_M_FROM, VOL_SEP3_M_SMEM(R) below VOL_SEP3_L_FROM and VOL_SEP3_L_SMEM(R) from it
     * (volume.cu asserts each is its kernel's
     * layout) is what the launcher passes, with the block of that shape.
     */
    @Test
    void oneSweepVolumeSharedMemoryIsTheHeadersFormula() throws Exception {
        Map<String, Integer> h = headerConstants();
        for (int r = 1; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            String shape = r < h.get("VOL_SEP3_M_FROM") ? "S" : r < h.get("VOL_SEP3_L_FROM") ? "M" : "L";
            assertEquals(formula("VOL_SEP3_LEAD", r), KernelGeometry.volSep3Lead(r), "VOL_SEP3_LEAD(" + r + ")");
            assertEquals(formula("VOL_SEP3_" + shape + "_SMEM", r), KernelGeometry.volSep3SharedBytes(r), "VOL_SEP3_SMEM(" + r + ")");
            int[] block = {h.get("VOL_SEP3_" + shape + "_BX"), h.get("VOL_SEP3_" + shape + "_BY"), h.get("VOL_SEP3_" + shape + "_PY")};
            assertArrayEquals(block, KernelGeometry.volSep3Shape(r), "shape of r " + r);
            assertEquals(h.get("VOL_SEP3_" + shape + "_STAGES"), KernelGeometry.volSep3Stages(r), "stages of r " + r);
            if (r <= h.get("VOL_SEP3_TMA_MAX_R")) {
                assertEquals(formula("VOL_SEP3_" + shape + "_TMA_SMEM", r), KernelGeometry.volSep3TmaSharedBytes(r),
                        "VOL_SEP3_TMA_SMEM(" + r + ")");
                assertEquals(h.get("VOL_SEP3_" + shape + "_TMA_STAGES"), KernelGeometry.volSep3TmaStages(r), "TMA stages of r " + r);
            }
        }
        // the tensor copies' boxes: whole 16-byte rows, at most 256 elements a side (cuTensorMapEncodeTiled's limits)
        for (int r = 1; r <= KernelGeometry.VOL_SEP3_TMA_MAX_R; r++) {
            int[] box = KernelGeometry.volSep3Slab(r);
            assertEquals(0, box[0] * 4 % 16, "box row of r " + r);
            assertTrue(box[0] <= 256 && box[1] <= 256, "box of r " + r);
        }
        // the y-first sweep: its formula, and boxes the driver takes
        for (int r = KernelGeometry.VOL_SEP3Y_MIN_R; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            assertEquals(formula("VOL_SEP3Y_SMEM", r), KernelGeometry.volSep3ySharedBytes(r), "VOL_SEP3Y_SMEM(" + r + ")");
            int[] box = KernelGeometry.volSep3ySlab(r);
            assertEquals(0, box[0] * 4 % 16, "y-first box row of r " + r);
            assertTrue(box[0] <= 256 && box[1] <= 256, "y-first box of r " + r);
        }
        // the wide sweep: its formula, and boxes the driver takes
        for (int r = KernelGeometry.VOL_SEP3W_MIN_R; r <= KernelGeometry.VOL_SEP3_MAX_R; r++) {
            assertEquals(formula("VOL_SEP3W_SMEM", r), KernelGeometry.volSep3wSharedBytes(r), "VOL_SEP3W_SMEM(" + r + ")");
            int[] box = KernelGeometry.volSep3wSlab(r);
            assertEquals(0, box[0] * 4 % 16, "wide box row of r " + r);
            assertTrue(box[0] <= 256 && box[1] <= 256, "wide box of r " + r);
        }
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

    /** A function-like macro of the header, "#define NAME(R) expression", at radius r. */
    static int formula(String name, int r) throws Exception {
        Map<String, Integer> names = headerConstants();
        Map<String, String> formulas = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("cuda-kernels", "geometry.cuh"))) {
            Matcher m = FORMULA.matcher(line.strip());
            if (m.matches()) {
                formulas.put(m.group(1), m.group(2));
            }
        }
        String text = formulas.get(name);
        if (text == null) {
            throw new IllegalArgumentException("geometry.cuh has no " + name + "(R)");
        }
        // earlier formulas first, then the radius
        for (Map.Entry<String, String> f : formulas.entrySet()) {
            text = text.replace(f.getKey() + "(R)", "(" + f.getValue() + ")");
        }
        return new Expression(text.replaceAll("\\bR\\b", Integer.toString(r)), names).value();
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

    /** Integers, earlier names, +, -, *, / (integer division, as in C) and parentheses: all geometry.cuh uses. */
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
            while (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                boolean plus = text.charAt(pos++) == '+';
                int b = product();
                v = plus ? v + b : v - b;
            }
            return v;
        }

        private int product() {
            int v = atom();
            while (pos < text.length() && (text.charAt(pos) == '*' || text.charAt(pos) == '/')) {
                boolean times = text.charAt(pos++) == '*';
                int b = atom();
                v = times ? v * b : v / b;
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
